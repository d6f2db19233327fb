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

// `chunks` chunks of consecutive samples with about the same work each (work[s]: sample s's, e.g. its FLOPs):
// chunk k ends where the running total of work comes closest to k/chunks of the whole.
inline SampleChunks balancedChunks(std::span<const double> work, size_t chunks) {
  double total = 0;
  for (double w : work) total += w;
  SampleChunks c;
  c.first.push_back(0);
  size_t s = 0;
  double done = 0;  // work of samples 0..s-1
  for (size_t k = 1; k < chunks; ++k) {
    const double target = total * static_cast<double>(k) / static_cast<double>(chunks);
    while (s < work.size() && done + work[s] / 2 < target) done += work[s++];  // take s if most of it falls before
    c.first.push_back(s);
  }
  c.first.push_back(work.size());
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
