#pragma once
// Does a language model remember? Next-token accuracy on exactly the tokens that repeat a name or a number from
// more than a segment before (core/data/long_range_corpus.h), each predicted as generate predicts it: from the
// document so far, read segment after segment from its start with a memory (M > 0: the document read once,
// core/inference/causal_lm_stream.h), or from its last S tokens without one. Without memory the first mention is out of sight, and only a guess remains.
#include <cstddef>
#include <span>

#include "core/data/long_range_corpus.h"
#include "core/inference/causal_lm_inference.h"

namespace al::teaching {

struct LongRangeRecall {
  size_t tokens = 0, correct = 0;            // every repeated character of a name or number
  size_t firstTokens = 0, firstCorrect = 0;  // the first character of each (nothing before it in the frame says which)
  double accuracy() const { return tokens ? static_cast<double>(correct) / static_cast<double>(tokens) : 0.0; }
  double firstAccuracy() const {
    return firstTokens ? static_cast<double>(firstCorrect) / static_cast<double>(firstTokens) : 0.0;
  }
};

// InputError for a model whose tokenizer is not "chars" (the dependent positions are characters). In parallel over
// the documents of the current arena; the counts do not depend on the schedule.
LongRangeRecall longRangeRecall(const CausalLmModel& model, std::span<const LongRangeDocument> documents);

}  // namespace al::teaching
