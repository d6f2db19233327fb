#pragma once
// An untrained language model (task causal-lm) with seeded weights over the printable ASCII characters, for the
// tests that read, walk or stream a text through one (its predictions are noise, its arithmetic the real thing).
#include <memory>
#include <string>
#include <vector>

#include "core/inference/causal_lm_inference.h"

namespace al::test {

// The characters ' ' .. 'z' after the three reserved ids (padding, [UNK], [EOS]).
inline Vocabulary printableCharacters() {
  std::vector<std::string> tokens = {"", "[UNK]", kEndOfTextToken};
  for (char c = ' '; c <= 'z'; ++c) tokens.push_back(std::string(1, c));
  return Vocabulary::fromTokens(tokens);
}

// Segments of 12, width 16, 2 heads of 8, feed-forward 24, 2 layers, unless `sizes` says otherwise; the
// vocabulary size is the characters'.
inline CausalLmConfig smallCharacterLmConfig(CausalPosition position, int memory) {
  CausalLmConfig config;
  config.sequenceLength = 12, config.memoryLength = memory, config.position = position;
  config.embedDim = 16, config.numHeads = 2, config.keyDim = 8, config.denseDim = 24, config.numLayers = 2;
  return config;
}

inline std::shared_ptr<CausalLmModel> seededCharacterLm(CausalLmConfig config, uint64_t seed) {
  auto model = std::make_shared<CausalLmModel>();
  model->vocabulary = printableCharacters();
  config.vocabSize = static_cast<int>(model->vocabulary.size());
  model->model = std::make_unique<CausalLanguageModel>(config);
  model->model->initialize(seed);
  return model;
}

}  // namespace al::test
