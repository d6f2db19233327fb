#pragma once
// A seeded two-layer encoder-decoder Transformer with random weights over nine words, for the tests that walk or
// show a decoder (its greedy answer runs to max_target_length: nothing teaches it to stop).
#include <memory>
#include <string>
#include <vector>

#include "core/inference/seq2seq_transformer_inference.h"
#include "core/text/seq2seq_text.h"

namespace al::test {

inline std::shared_ptr<Seq2SeqTransformerModel> seededTransformer() {
  const std::vector<std::string> words = {kStartToken, kEndToken, "the", "red", "car", "sees", "a", "small", "house"};
  auto m = std::make_shared<Seq2SeqTransformerModel>();
  m->source = Vocabulary::build({words}, 0);
  m->target = m->source;
  Seq2SeqTransformerConfig c;
  c.sourceVocabSize = c.targetVocabSize = static_cast<Index>(m->source.size());
  c.embedDim = 8;
  c.numHeads = 2;
  c.keyDim = 4;
  c.denseDim = 12;
  c.numLayers = 2;
  c.maxSourceLength = 12;
  c.maxTargetLength = 6;
  m->model = std::make_unique<Seq2SeqTransformer>(c);
  m->model->initialize(5);
  return m;
}

}  // namespace al::test
