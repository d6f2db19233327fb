#pragma once
// A built-in text that needs a long memory (--data long-range of `train lm`): every document introduces a name and
// a number early and repeats them at its end, after a few unrelated sentences, so that the second mention lies more
// than a segment of 32 characters after the first:
//
//   "tara left the key in box 4817. the bus was late again that morning. a cat slept by the warm stove.
//    later tara came back for box 4817."
//
// The characters of the repeated name and number are the dependent tokens: nothing in the last 32 characters says
// which name or number it was (the digits are random), so a model that reads windows of 32 characters guesses them,
// while one with Transformer-XL's memory of the previous segments can copy them. The fillers and the sentence
// frames repeat, so both models learn those quickly; only the dependent tokens tell them apart.
//
// Measured (2 cores, seed 7, segments of S = 32, 2 layers, D 64, 4 heads of K 16, F 128, 15 epochs of the tiny
// preset's Adam; `attentionlab-cli train lm --data long-range --preset tiny --layers 2 --embed-dim 64 --num-heads 4
// --key-dim 16 --dense-dim 128 --sequence-length 32 --epochs 15 --seed 7 --threads 2 --position P [--memory M]`,
// then `attentionlab-cli eval --model DIR --data long-range`), accuracy on the 1625 dependent tokens of the test:
//   relative, memory 160   57.3 %  (30 epochs: 63.1 %)   whole test text 93.8 %, 213 s of training
//   relative, no memory    43.2 %                        whole test text 88.3 %,  75 s
//   learned, no memory     38.2 %                        whole test text 88.3 %,  62 s
// Without memory what is right is mostly a name's later letters, once its first one is guessed.
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
  // The characters [first, last) of the text whose prediction needs the first mention: the repeated name and the
  // repeated number.
  std::vector<std::pair<size_t, size_t>> dependent;
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
