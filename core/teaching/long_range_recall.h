#pragma once
// Does a language model remember? Next-token accuracy on the tokens of core/data/long_range_corpus.h that repeat a
// name or a number from more than a segment before, each predicted as generate predicts it: from the document so
// far, read segment after segment from its start with a memory (M > 0: the document read once,
// core/inference/causal_lm_stream.h), or from its last S tokens without one. Without memory the first mention is
// out of sight, and only a guess remains.
//
// Counted by kind, because the kinds need the first mention to different degrees:
//   name's first letter   needs it (one of 24 names: a guess is right 1 time in 24)
//   number's digits       need it (random: a guess is right 1 time in 10)
//   name's later letters  do not: they follow from the first letter, memory or not
// The dependent tokens are the first two kinds; "repeated" adds the third (every repeated character).
#include <cstddef>
#include <span>

#include "core/data/long_range_corpus.h"
#include "core/inference/causal_lm_inference.h"

namespace al::teaching {

struct RecallCount {
  size_t tokens = 0, correct = 0;
  double accuracy() const { return tokens ? static_cast<double>(correct) / static_cast<double>(tokens) : 0.0; }
  RecallCount& operator+=(const RecallCount& o) {
    tokens += o.tokens, correct += o.correct;
    return *this;
  }
  friend RecallCount operator+(RecallCount a, const RecallCount& b) { return a += b; }
};

struct LongRangeRecall {
  RecallCount nameFirst, digits, nameRest;
  RecallCount dependent() const { return nameFirst + digits; }            // what only a memory can recall
  RecallCount repeated() const { return nameFirst + digits + nameRest; }  // every repeated character
};

// InputError for a model whose tokenizer is not "chars" (the dependent positions are characters). In parallel over
// the documents of the current arena; the counts do not depend on the schedule.
LongRangeRecall longRangeRecall(const CausalLmModel& model, std::span<const LongRangeDocument> documents);

}  // namespace al::teaching
