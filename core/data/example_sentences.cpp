#include "core/data/example_sentences.h"

#include <algorithm>

#include "core/data/builtin_dialogs.h"
#include "core/data/builtin_reviews.h"
#include "core/error.h"
#include "core/random.h"

namespace al {

namespace {

// The `count` shortest of a few times as many generated reviews: short enough to read in a heatmap.
std::vector<std::string> shortestReviews(const LabeledDataset& generated, size_t count) {
  std::vector<std::string> texts;
  for (const LabeledText& review : generated.train) texts.push_back(review.text);
  std::stable_sort(texts.begin(), texts.end(), [](const std::string& a, const std::string& b) { return a.size() < b.size(); });
  texts.resize(std::min(count, texts.size()));
  return texts;
}

// `count` distinct questions drawn from a fixed list of conversations.
std::vector<std::string> drawQuestions(const std::vector<DialogPair>& pairs, uint64_t seed, size_t count) {
  std::vector<std::string> questions;
  for (const DialogPair& pair : pairs)
    if (std::find(questions.begin(), questions.end(), pair.question) == questions.end()) questions.push_back(pair.question);
  Rng rng(seed);
  for (size_t i = questions.size(); i > 1; --i) std::swap(questions[i - 1], questions[rng.below(i)]);  // Fisher-Yates
  questions.resize(std::min(count, questions.size()));
  return questions;
}

std::vector<std::string> sourceSentences(const TranslationSplit& split) {
  std::vector<std::string> sentences;
  for (const DialogPair& pair : split.test) sentences.push_back(pair.question);
  return sentences;
}

}  // namespace

std::vector<std::string> builtinCorpora(TextTask task) {
  if (task == TextTask::Classifier) return {"builtin", "builtin:zh"};
  return {"builtin", "builtin:translate", "builtin:zh", "builtin:translate-zh"};
}

std::vector<std::string> builtinExampleSentences(TextTask task, const std::string& corpus, uint64_t seed, size_t count) {
  const size_t candidates = 5 * count;
  if (task == TextTask::Classifier) {
    if (corpus == "builtin") return shortestReviews(generateBuiltinReviews(seed, candidates, 0), count);
    if (corpus == "builtin:zh") return shortestReviews(generateBuiltinReviewsZh(seed, candidates, 0), count);
  } else {
    // Translations: sentences drawn as a held-out part (testPairs), the way the corpus holds out its test part.
    const TranslationTaskOptions options{.trainPairs = 0, .testPairs = count, .seed = seed};
    if (corpus == "builtin") return drawQuestions(builtinDialogs(), seed, count);
    if (corpus == "builtin:zh") return drawQuestions(builtinDialogsZh(), seed, count);
    if (corpus == "builtin:translate") return sourceSentences(generateTranslationTask(options));
    if (corpus == "builtin:translate-zh") return sourceSentences(generateTranslationTaskZh(options));
  }
  throw InputError(ErrorKind::OptionInvalid, {.name = "corpus", .found = corpus},
                   "no built-in corpus '" + corpus + "' for this kind of task");
}

}  // namespace al
