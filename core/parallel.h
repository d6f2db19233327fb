#pragma once
// Parallel loops over the samples of a batch that give the same bits every time.
//
// A batch of B samples is cut into fixed chunks of consecutive samples, one per worker thread of the current
// oneTBB arena. Each chunk adds its gradients into its own buffer and the buffers are summed in chunk order, so
// a seed and a thread count give bit-identical training however the scheduler runs the chunks.
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <cstddef>

namespace al {

// How many chunks a batch of `samples` is cut into: the arena's thread count, at most one per sample.
inline size_t chunkCount(size_t samples) {
  return std::max<size_t>(1, std::min<size_t>(samples, static_cast<size_t>(tbb::this_task_arena::max_concurrency())));
}

// Runs fn(sample, chunk) for every sample, in parallel over `chunks` fixed chunks of consecutive samples. The
// chunks depend only on the batch size and the chunk count, which makes reductions reproducible.
template <typename F>
void forEachSampleInChunks(size_t samples, size_t chunks, F&& fn) {
  tbb::parallel_for(size_t{0}, chunks, [&](size_t chunk) {
    const size_t first = chunk * samples / chunks, last = (chunk + 1) * samples / chunks;
    for (size_t s = first; s < last; ++s) fn(s, chunk);
  });
}

}  // namespace al
