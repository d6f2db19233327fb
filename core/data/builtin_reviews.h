#pragma once
// The built-in review corpus: short movie reviews written by a generator of this project, so that every
// sentiment model trains offline in seconds. It is small (a few hundred words, reviews of 8 to 40 words)
// but it carries the three things a sentiment model has to learn:
//   - phrases carry sentiment:     "The plot was gripping."  "It was a waste of time."
//   - negation flips a phrase:     "The acting was not good." (negative)  "The plot was never boring." (positive)
//   - contrast: after "but", the second clause decides:
//                                  "Good acting, but a dull plot." (negative)
// In a contrast review both clauses are drawn the same way whatever the label: the words of
// "good ... but ... dull" and of "dull ... but ... good" are the same bag. A model without position
// information (a bag of words, a Transformer without position embedding) can only guess on those reviews;
// a model that sees word order can get them right. That is the lesson the corpus is built for.
//
// Every review is made from a template (the list is in builtin_reviews.cpp) whose slots are filled at random:
//   {c+} {c-}  a clause with a positive / negative phrase   ("the acting was superb", "a dull plot")
//   {n+} {n-}  a negated clause that means positive / negative ("the plot was never boring", "it was not a gem")
//   {filler}   a neutral sentence                            ("I saw it at the local cinema last week.")
// The label of a template follows one rule: the slots after the last "but" (or all slots if there is none)
// decide, by the sign of their sum (+1 per positive slot, -1 per negative one).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/data/labeled_text.h"
#include "core/random.h"

namespace al {

// The shares of the corpus; each split meets them exactly, up to rounding.
inline constexpr double kBuiltinNegatedOnlyShare = 0.25;     // negation, no contrast
inline constexpr double kBuiltinContrastOnlyShare = 0.25;    // contrast, no negation
inline constexpr double kBuiltinNegatedContrastShare = 0.15; // both
// (the rest, 0.35, are plain reviews)
// Reviews with a negation ("not" or "never" before a sentiment phrase):
inline constexpr double kBuiltinNegatedShare = kBuiltinNegatedOnlyShare + kBuiltinNegatedContrastShare;
// Reviews with a contrast (two clauses of opposite meaning joined by "but"):
inline constexpr double kBuiltinContrastShare = kBuiltinContrastOnlyShare + kBuiltinNegatedContrastShare;

inline constexpr size_t kBuiltinMinWords = 8;
inline constexpr size_t kBuiltinMaxWords = 40;

// trainCount + testCount reviews, labels balanced in each split (to within one), the same for the same seed.
// Origins are "builtin:train:<i>" and "builtin:test:<i>". The test split is drawn independently of the
// training split.
LabeledDataset generateBuiltinReviews(uint64_t seed, size_t trainCount = 4000, size_t testCount = 1000);

// The sentiment phrases of the corpus (lower case). No phrase is in both lists, and no other part of a
// review (frames, aspects, filler sentences) contains one, so a reader can label a review from them.
struct BuiltinLexicon {
  std::vector<std::string> positive;
  std::vector<std::string> negative;
  std::vector<std::string> negators;  // "not", "never": written right before a phrase (at most 3 words before)
  std::string contrast;               // "but"
  std::vector<std::string> contrastWords;  // every word after which the clause decides: "but"; 但是, 可是
};
const BuiltinLexicon& builtinLexicon();

// builtin:zh, the same corpus in Chinese (builtin_reviews_zh.cpp), for the icu_words tokenizer: the same
// shares, lengths (8 to 40 words as icu_words counts them) and label rule, with 虽然…但是… and …可是… for
// "but" and 不, 并不, 没有, 一点也不 for "not". Origins are "builtin:zh:train:<i>" and "builtin:zh:test:<i>".
LabeledDataset generateBuiltinReviewsZh(uint64_t seed, size_t trainCount = 4000, size_t testCount = 1000);
// Its lexicon, in icu_words tokens: sentiment words (one token each), negators as tokens ("一点也不" is
// "一点 也不"), and the contrast words.
const BuiltinLexicon& builtinLexiconZh();

// The label (1 or 0) of a template, by the rule above. Throws al::InputError for an unknown slot or a
// template whose deciding part carries no sentiment.
float labelOfReviewTemplate(std::string_view pattern);

// Fills every slot of a template with words drawn from rng and writes it as sentences (capital letters,
// "a" or "an"). Throws al::InputError for an unknown slot.
std::string fillReviewTemplate(std::string_view pattern, Rng& rng);

}  // namespace al
