#pragma once
// Timing training steps for the `bench` commands: one warm-up step first (allocations, caches), then the steps
// that count, on a steady clock.
#include <chrono>

namespace al::cli {

// Seconds taken by `steps` calls of step, after one warm-up call.
template <class Step>
double timeSteps(Step&& step, int steps) {
  step();  // warm-up: allocations, caches
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < steps; ++i) step();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace al::cli
