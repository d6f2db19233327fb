#pragma once
// Choosing the next token from a language model's logits (generate; the app's Generate page): greedy, or
// sampled after temperature, top-k and top-p, with a seed so that a run can be repeated.
//
//   p = softmax(logits / T)                       T = temperature; T = 0: greedy, p the plain softmax
//   top-k: keep the k most probable tokens        (0: all)
//   top-p: keep the fewest most probable tokens whose probabilities reach p   (1: all)
//   renormalise what is kept; draw one token with the seeded generator (greedy: the most probable, lowest id
//   first on a tie)
//
// The filters run in that order (as Hugging Face's generate does): top-p looks at the distribution top-k left.
//
// Use:
//   Sampler sampler({.temperature = 0.8f, .topK = 40, .topP = 0.95f, .seed = 7});
//   std::vector<float> p = sampler.distribution(logits);   // V probabilities, 0 outside what is kept
//   int64_t next = sampler.choose(p);
#include <cstdint>
#include <random>
#include <vector>

#include "core/tensor.h"

namespace al::pretrained {

struct SamplingSettings {
  float temperature = 0;  // 0: greedy; otherwise > 0
  int topK = 0;           // 0: no limit
  float topP = 1;         // in (0, 1]; 1: no limit
  uint64_t seed = 1;
};

class Sampler {
 public:
  // al::InputError for a negative temperature, a negative top-k or a top-p outside (0, 1].
  explicit Sampler(const SamplingSettings& settings);

  // The probabilities the next token is drawn from (V entries summing to 1; 0 for every token filtered out).
  // Greedy: the plain softmax of the logits, nothing filtered.
  std::vector<float> distribution(const RowVector& logits) const;
  // The token to append: greedy the most probable; else a draw from probabilities (advances the generator).
  int64_t choose(const std::vector<float>& probabilities);

  bool greedy() const { return settings_.temperature == 0; }

 private:
  SamplingSettings settings_;
  std::mt19937_64 generator_;
};

// The plain softmax of logits (V probabilities), computed stably.
std::vector<float> softmaxOf(const RowVector& logits);

}  // namespace al::pretrained
