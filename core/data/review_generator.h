#pragma once
// The machinery behind the built-in review corpora (English: builtin_reviews.cpp, Chinese:
// builtin_reviews_zh.cpp): templates with slots, the label rule, the plan of a split, the neutral sentences
// around a verdict. A language supplies its words and how its clauses are written; the rest is shared, so
// that both corpora teach the same lesson in the same shares (builtin_reviews.h explains it).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/data/labeled_text.h"
#include "core/random.h"

namespace al::reviews {

enum class Kind { Plain, Negated, Contrast, NegatedContrast };

struct Template {
  Kind kind;
  const char* pattern;  // slots {c+} {c-} {n+} {n-} {filler}, see builtin_reviews.h
};

struct Language {
  std::string sourceName;                   // "builtin", "builtin:zh": origins are "<sourceName>:train:<i>"
  std::vector<Template> templates;          // for each kind, at least one template of either label
  std::vector<std::string> contrastMarkers; // a slot right after one of these starts the deciding part ("but ", "但是")
  std::vector<std::string> afterContrast;   // neutral words drawn after a contrast marker ("in the end ")
  std::vector<std::string> fillers;         // neutral sentences
  std::string fillerSeparator;              // between sentences: " " in English, nothing in Chinese
  size_t minWords = 8, maxWords = 40;       // words as wordCount counts them
  std::string (*plainClause)(bool positive, Rng& rng);    // says positive directly
  std::string (*negatedClause)(bool positive, Rng& rng);  // says positive by negating the opposite
  size_t (*decidingPartStart)(std::string_view text);     // after the last contrast word, or 0
  std::string (*writeAsSentences)(std::string text);      // capitals, articles: whatever the language needs
  size_t (*wordCount)(std::string_view text);
};

const std::string& pick(const std::vector<std::string>& options, Rng& rng);

// The label (1 or 0) of a template: the sign of the slots in its deciding part (+1 per positive slot, -1 per
// negative one). Throws al::InputError for an unknown slot or a deciding part without sentiment.
float labelOfTemplate(const Language& language, std::string_view pattern);

// Fills every slot with words drawn from rng and writes the result as sentences.
std::string fillTemplate(const Language& language, std::string_view pattern, Rng& rng);

// trainCount + testCount reviews, in the shares of builtin_reviews.h, labels balanced in each split (to
// within one), the same for the same seed; the test split is drawn independently of the training split.
LabeledDataset generate(const Language& language, uint64_t seed, size_t trainCount, size_t testCount);

}  // namespace al::reviews
