// Google Benchmark of the layers that dominate a training step (attention at the book's shapes).
//   build/bench/attentionlab-bench --benchmark_filter=Attention
#include <benchmark/benchmark.h>

#include "core/layers/layer_norm.h"
#include "core/layers/multi_head_attention.h"
#include "core/train/allocator.h"

namespace {

al::Matrix randomMatrix(al::Index rows, al::Index cols, al::Rng& rng) {
  al::Matrix m(rows, cols);
  for (al::Index i = 0; i < m.size(); ++i) m.data()[i] = rng.uniform(-1.0f, 1.0f);
  return m;
}

// Arguments: T tokens, D width, H heads, K key dim.
void AttentionForwardBackward(benchmark::State& state) {
  const al::Index T = state.range(0), D = state.range(1), H = state.range(2), K = state.range(3);
  al::ParameterSet params;
  al::MultiHeadAttention attention(params, "attention", D, H, K);
  al::Rng rng(1);
  attention.initialize(params, rng);
  const al::Matrix x = randomMatrix(T, D, rng);   // T x D
  const al::Matrix dy = randomMatrix(T, D, rng);  // T x D
  al::Gradients grads(params);
  for (auto _ : state) {
    al::MultiHeadAttention::Cache cache;
    benchmark::DoNotOptimize(attention.forward(params, x, cache));
    benchmark::DoNotOptimize(attention.backward(params, cache, dy, grads));
  }
  // forward: 3 projections + scores + weighted values + output projection; backward about twice that
  const double flops = 2.0 * (3.0 * T * D * H * K + 2.0 * T * T * H * K + T * H * K * D) * 3.0;
  state.counters["GFLOP/s"] = benchmark::Counter(flops * static_cast<double>(state.iterations()) / 1e9,
                                                 benchmark::Counter::kIsRate);
}
BENCHMARK(AttentionForwardBackward)->Args({600, 256, 2, 256})->Args({300, 256, 2, 256})->Args({100, 256, 2, 256})->Args({200, 64, 2, 32})->Args({64, 32, 2, 16})->Unit(benchmark::kMillisecond);

void LayerNormForwardBackward(benchmark::State& state) {
  const al::Index T = state.range(0), D = state.range(1);
  al::ParameterSet params;
  al::LayerNorm norm(params, "norm", D, 1e-3f);
  norm.initialize(params);
  al::Rng rng(2);
  const al::Matrix x = randomMatrix(T, D, rng), dy = randomMatrix(T, D, rng);
  al::Gradients grads(params);
  for (auto _ : state) {
    al::LayerNorm::Cache cache;
    benchmark::DoNotOptimize(norm.forward(params, x, cache));
    benchmark::DoNotOptimize(norm.backward(params, cache, dy, grads));
  }
}
BENCHMARK(LayerNormForwardBackward)->Args({600, 256})->Unit(benchmark::kMicrosecond);

}  // namespace

// Training's memory policy (core/train/allocator.h), set before Google Benchmark starts.
int main(int argc, char** argv) {
  al::keepFreedMemoryForReuse();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
