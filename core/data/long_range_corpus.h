#pragma once
// A built-in text that needs a long memory (--data long-range of `train lm`): every document introduces a name and
// a number early and repeats them at its end, after one or two unrelated sentences, so that the second mention lies
// more than a segment of 32 characters after the first (and at most 117, within a memory of 128); the number then
// comes once more, a few characters on:
//
//   "tara left the key in box 4817. the tea went cold on the table. later tara came back for box 4817, but box
//    4817 was empty."
//
// The dependent tokens are those that only the first mention can tell: the repeated name's first letter (one of 24
// names) and the repeated number's four digits (random). Nothing in the last 32 characters says which they are, so
// a model that reads windows of 32 characters guesses them (1 time in 24, 1 in 10), while one with Transformer-XL's
// memory of the previous segments can copy them. The name's later letters are repeated too but not dependent: every
// name has a first letter of its own, so they follow from it (counting them, as this text once did, gave a model
// without memory 43 % for knowing nothing). The last copy of the number is within a window's reach and not counted
// either: it is where a model learns to copy (find the earlier "box ", read what followed) inside one segment, where
// the gradient reaches every layer; the fillers and the sentence frames repeat, so both models learn those quickly.
//
// Measured (2 cores shared, seed 7, the long-range preset: `attentionlab-cli train lm --data long-range --seed 7
// --threads 2 [--memory 0]`, then `attentionlab-cli eval --model DIR --data long-range`), accuracy on the 1000
// dependent tokens of the test (name's first letter; digits), three seeds in the README:
//   relative, memory 128   84.2 %  (21.0 %; 100 %)   whole test text 95.5 %, 266 s of training
//   relative, no memory     7.9 %  ( 5.5 %; 8.5 %)   whole test text 87.8 %, 137 s
// The digits are copied; the name's first letter follows no repeated context (the first mention opens the
// document), so the copying that finds the number does not find it.
//
// Characters are ASCII: a character is a byte, and an index into the text is a token's position (tokenizer chars).
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/data/text_corpus.h"

namespace al {

inline constexpr const char* kLongRangeSource = "long-range";

struct LongRangeDocument {
  std::string text;
  // The characters [first, last) of the text whose prediction needs the first mention: the repeated name's first
  // letter, then the repeated number's four digits (in that order).
  std::vector<std::pair<size_t, size_t>> dependent;
  // The repeated name's later letters: repeated too, but every name has a first letter of its own, so they follow
  // from it without the first mention.
  std::pair<size_t, size_t> nameRest;
  size_t distance = 0;  // characters from the first mention of the number to its repetition
};

struct LongRangeCorpus {
  std::vector<LongRangeDocument> train, test;
};

// The same documents for the same seed; the test documents are drawn after (and apart from) the training ones.
LongRangeCorpus generateLongRangeCorpus(uint64_t seed, size_t trainDocuments, size_t testDocuments);
// The corpus a run reads for --data long-range: 2000 training and 200 test documents.
LongRangeCorpus builtinLongRangeCorpus(uint64_t seed);
// Its texts only, as loadTextCorpus gives them.
TextCorpus loadLongRangeCorpus(uint64_t seed);

}  // namespace al
