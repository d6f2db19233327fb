#pragma once
// The machine's own limits, measured in the same run as what a bench command times, so that a speed can be stated
// as a share of what this machine can do at this moment (another program beside it slows both alike):
//   SgemmRig   the matrix-product limit: a 2048 x 2048 x 2048 single-precision product (what numpy's `a @ b` of two
//              2048² float32 arrays measures) through the core's product library, computed the way the core uses
//              its threads: one single-threaded library product per thread, each on its own block of columns
//              (core/matrix_product.h keeps every product on one thread).
//   CopyRig    the memory limit: a float32 buffer far larger than any cache copied into another, split over the
//              same threads; its bandwidth counts the bytes read plus the bytes written, as STREAM's "copy" does.
// Both are what `bench imdb --vs-sgemm` and `bench pretrained --vs-limits` set a step or a pass beside.
#include <oneapi/tbb/task_arena.h>

#include <string>
#include <vector>

#include "core/tensor.h"

namespace al::cli {

constexpr Index kSgemmSize = 2048;

struct SgemmRig {
  explicit SgemmRig(int threads);
  double timedProduct();  // seconds of one C = A·B
  static double flops() { return 2.0 * kSgemmSize * kSgemmSize * kSgemmSize; }
  // GFLOP/s of as many products as do `flops` of arithmetic (at least one), and how many that was.
  struct Result {
    double gflops = 0;
    int products = 0;
  };
  Result timedProductsLike(double flops);
  tbb::task_arena arena;
  int parts;
  Matrix a, b, c;  // 2048 x 2048 each
};

struct CopyRig {
  explicit CopyRig(int threads);
  double timedCopy();  // seconds of one copy of the buffer
  static constexpr size_t kFloats = size_t{64} << 20;  // 256 MB a buffer: far beyond any processor's caches
  static double bytes() { return 2.0 * static_cast<double>(kFloats) * sizeof(float); }  // read + written
  // GB/s of as many copies as move `bytes` (at least one).
  double timedCopiesLike(double bytes);
  tbb::task_arena arena;
  int parts;
  std::vector<float> from, to;  // 256 MB each
};

// The processor's name as the system reports it ("AMD EPYC 9R14", "Intel(R) Core(TM) i7-1165G7 ..."), or "unknown".
std::string processorName();
// The operating system's kernel and its release as uname reports them ("Linux 6.1.0-28-amd64"), or "unknown".
std::string kernelName();
// The median of values (the mean of the middle two for an even count); values must not be empty.
double median(std::vector<double> values);

// One round of a measure beside its limit: work() and limit() each return a speed, and which runs first alternates
// from round to round, so that a drift of the machine (other programs starting, the clock changing) slows both alike.
struct RoundSpeeds {
  double work = 0, limit = 0;
};
template <class Work, class Limit>
RoundSpeeds alternately(int round, Work&& work, Limit&& limit) {
  RoundSpeeds r;
  if (round % 2 == 0) r.work = work(), r.limit = limit();
  else r.limit = limit(), r.work = work();
  return r;
}

}  // namespace al::cli
