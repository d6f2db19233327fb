#pragma once
// Parallel loops over the samples of a batch that give the same bits every time.
//
// Work in which samples add nothing into shared sums (a forward pass, or a backward pass in which every sample
// keeps its own part of the gradients: Gradients::addSamples) takes the samples one by one, each on whichever
// thread is free, the longest first: a review has 10 to 600 tokens and attention costs T², so a share fixed in
// advance would leave one thread waiting for the other. Work that adds into shared buffers cuts the batch into
// fixed chunks of consecutive samples, one per thread, each adding into its own buffer; the buffers are summed in
// chunk order, so a seed and a thread count give bit-identical training however the scheduler runs the chunks.
#include "core/sample_chunks.h"

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <span>

namespace al {

// How many chunks a batch of `samples` is cut into: the arena's thread count, at most one per sample.
inline size_t chunkCount(size_t samples) {
  return std::max<size_t>(1, std::min<size_t>(samples, static_cast<size_t>(tbb::this_task_arena::max_concurrency())));
}

// Runs fn(sample, chunk) for every sample, in parallel over the chunks (one task each). The chunks depend only on
// the batch, which makes reductions reproducible.
template <typename F>
void forEachSampleInChunks(const SampleChunks& chunks, F&& fn) {
  tbb::parallel_for(size_t{0}, chunks.count(), [&](size_t chunk) {
    for (size_t s = chunks.first[chunk]; s < chunks.first[chunk + 1]; ++s) fn(s, chunk);
  });
}

// Runs fn(sample) for every sample of `order`, in that order, each on whichever thread of the current arena is
// free next. Only for work in which samples add nothing into shared sums (a forward pass): there the schedule
// cannot change a bit, and a thread that finishes early takes the next sample instead of waiting for the other
// (a cut fixed in advance left a thread idle for 6 to 12 % of the attention stage).
template <typename F>
void forEachSampleAsThreadsFree(std::span<const size_t> order, F&& fn) {
  std::atomic<size_t> next{0};
  const size_t workers = chunkCount(order.size());
  tbb::parallel_for(size_t{0}, workers, [&](size_t) {
    for (size_t i = next++; i < order.size(); i = next++) fn(order[i]);
  });
}

// The same over `chunks` chunks of equal numbers of samples.
template <typename F>
void forEachSampleInChunks(size_t samples, size_t chunks, F&& fn) {
  forEachSampleInChunks(evenChunks(samples, chunks), fn);
}

// Runs fn(first, last) over blocks of the elements 0..n-1, in parallel in the current arena. Only for work in which
// every element is computed on its own (no sums across elements): then the blocks do not change a single bit.
template <typename F>
void forEachElementBlock(size_t n, F&& fn) {
  constexpr size_t kBlock = 1 << 15;  // 32 K floats: big enough to amortize a task, small enough to share
  tbb::parallel_for(tbb::blocked_range<size_t>(0, n, kBlock),
                    [&](const tbb::blocked_range<size_t>& r) { fn(r.begin(), r.end()); });
}

}  // namespace al
