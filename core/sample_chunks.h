#pragma once
// How a batch is cut into chunks of consecutive samples, one per worker thread (core/parallel.h runs them).
// Apart from oneTBB, so that a model's header can keep a cut without pulling in the thread library.
#include <algorithm>
#include <cstddef>
#include <span>
#include <vector>

namespace al {

// The chunks of a batch: chunk k holds the consecutive samples first[k] .. first[k + 1] - 1.
struct SampleChunks {
  std::vector<size_t> first;  // chunk count + 1 entries; the last is the number of samples
  size_t count() const { return first.size() - 1; }
};

// `chunks` chunks of (nearly) equal numbers of samples.
inline SampleChunks evenChunks(size_t samples, size_t chunks) {
  SampleChunks c;
  for (size_t k = 0; k <= chunks; ++k) c.first.push_back(k * samples / chunks);
  return c;
}

// The samples ordered by decreasing work (ties: by index). Handing out the longest first leaves short ones for the
// end, when a thread that finished early can fill the gap with them.
inline std::vector<size_t> longestFirst(std::span<const double> work) {
  std::vector<size_t> order(work.size());
  for (size_t s = 0; s < order.size(); ++s) order[s] = s;
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return work[a] > work[b]; });
  return order;
}

}  // namespace al
