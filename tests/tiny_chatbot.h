#pragma once
// A GRU chatbot with additive attention of tiny sizes (seven question words, six answer words) and pairs of
// different lengths on both sides, so that the sorted groups differ between encoder and decoder: for the tests
// that compute its losses and gradients by hand.
#include <vector>

#include "core/models/seq2seq_attention.h"

namespace al::test {

inline Seq2SeqConfig tinyChatbotConfig() {
  return {.sourceVocabSize = 7, .targetVocabSize = 6, .embedDim = 3, .units = 4, .attentionUnits = 3,
          .maxSourceLength = 8, .maxTargetLength = 5};
}

inline std::vector<Seq2SeqExample> tinyChatbotPairs() {
  return {{{2, 4, 5, 3}, {2, 4, 3}},
          {{2, 6, 3}, {2, 5, 1, 4, 3}},
          {{2, 1, 4, 4, 6, 3}, {2, 3}}};
}

}  // namespace al::test
