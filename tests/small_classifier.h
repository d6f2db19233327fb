#pragma once
// A seeded two-layer imdb-transformer whose vocabulary is the words of one sentence, for the tests that read
// that sentence on the Attention page and its tabs.
#include <memory>

#include "core/inference/imdb_transformer_inference.h"

namespace al::test {

inline ImdbTransformerModel smallClassifierOver(const char* text) {
  ImdbTransformerModel m;
  TransformerConfig c;
  c.vocabSize = 40, c.sequenceLength = 16, c.embedDim = 8, c.numHeads = 2, c.keyDim = 4, c.denseDim = 8;
  c.numLayers = 2, c.dropout = 0;
  m.model = std::make_unique<TransformerClassifier>(c);
  m.model->initialize(9);
  m.vocabulary = Vocabulary::build({tokenizeImdb(text)}, 40);
  return m;
}

}  // namespace al::test
