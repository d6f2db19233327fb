#include "core/data/review_generator.h"

#include <utility>

#include "core/data/builtin_reviews.h"
#include "core/error.h"

namespace al::reviews {

namespace {

struct Slot {
  size_t begin, end;  // [begin, end) in the pattern, braces included
  std::string name;   // "c+", "n-", "filler", ...
};

std::vector<Slot> slotsOf(std::string_view pattern) {
  std::vector<Slot> slots;
  size_t pos = 0;
  while ((pos = pattern.find('{', pos)) != std::string_view::npos) {
    const size_t close = pattern.find('}', pos);
    if (close == std::string_view::npos)
      throw InputError(ErrorKind::Internal, {},
                       "review template \"" + std::string(pattern) + "\": a '{' is never closed");
    const std::string name(pattern.substr(pos + 1, close - pos - 1));
    if (name != "c+" && name != "c-" && name != "n+" && name != "n-" && name != "filler") {
      throw InputError(ErrorKind::Internal, {},
                       "review template \"" + std::string(pattern) + "\": unknown slot {" + name +
                       "} (expected {c+}, {c-}, {n+}, {n-} or {filler})");
    }
    slots.push_back({pos, close + 1, name});
    pos = close + 1;
  }
  return slots;
}

bool followsContrast(const Language& language, const std::string& text) {
  for (const std::string& marker : language.contrastMarkers)
    if (text.ends_with(marker)) return true;
  return false;
}

// Kinds of a split, in fixed shares, then labels alternating over the whole list: labels are balanced in
// the split and within each kind (to within one). The list is then shuffled.
std::vector<std::pair<Kind, bool>> planSplit(size_t count, Rng& rng) {
  const auto share = [count](double s) { return static_cast<size_t>(static_cast<double>(count) * s + 0.5); };
  const size_t negated = share(kBuiltinNegatedOnlyShare);
  const size_t contrast = share(kBuiltinContrastOnlyShare);
  const size_t both = share(kBuiltinNegatedContrastShare);
  std::vector<std::pair<Kind, bool>> plan;
  plan.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    Kind kind = Kind::Plain;
    if (i < negated) kind = Kind::Negated;
    else if (i < negated + contrast) kind = Kind::Contrast;
    else if (i < negated + contrast + both) kind = Kind::NegatedContrast;
    plan.emplace_back(kind, i % 2 == 0);
  }
  for (size_t i = count; i > 1; --i) std::swap(plan[i - 1], plan[static_cast<size_t>(rng.below(i))]);  // Fisher-Yates
  return plan;
}

const char* pickTemplate(const Language& language, Kind kind, bool positive, Rng& rng) {
  std::vector<const char*> fitting;
  for (const Template& t : language.templates)
    if (t.kind == kind && (labelOfTemplate(language, t.pattern) == 1.0f) == positive) fitting.push_back(t.pattern);
  return fitting[static_cast<size_t>(rng.below(fitting.size()))];
}

// The verdict, with neutral sentences before (0 to 2) and after (0 or 1) it, kept within the language's
// minWords to maxWords.
std::string writeReview(const Language& language, Kind kind, bool positive, Rng& rng) {
  const std::string verdict = fillTemplate(language, pickTemplate(language, kind, positive, rng), rng);
  const std::string& gap = language.fillerSeparator;
  std::string before, after;
  size_t words = language.wordCount(verdict);
  std::vector<std::string> unused = language.fillers;  // no sentence twice in one review
  const auto takeFiller = [&] {
    const size_t i = static_cast<size_t>(rng.below(unused.size()));
    std::string filler = std::move(unused[i]);
    unused.erase(unused.begin() + static_cast<std::ptrdiff_t>(i));
    return filler;
  };
  const auto fits = [&](const std::string& sentence) { return words + language.wordCount(sentence) <= language.maxWords; };
  for (uint64_t n = rng.below(3); n > 0; --n) {
    const std::string filler = takeFiller();
    if (fits(filler)) before += filler + gap, words += language.wordCount(filler);
  }
  if (rng.below(2) == 1) {
    const std::string filler = takeFiller();
    if (fits(filler)) after += gap + filler, words += language.wordCount(filler);
  }
  // Every verdict and filler is long enough that a verdict with one filler stays under the maximum.
  while (words < language.minWords) {
    const std::string filler = takeFiller();
    before += filler + gap, words += language.wordCount(filler);
  }
  return before + verdict + after;
}

std::vector<LabeledText> generateSplit(const Language& language, uint64_t seed, uint64_t splitKey,
                                       const std::string& splitName, size_t count) {
  Rng planRng = Rng::derive(seed, splitKey);
  const auto plan = planSplit(count, planRng);
  std::vector<LabeledText> reviews;
  reviews.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    // Each review has its own generator: review i does not depend on how many words review i-1 drew.
    Rng rng = Rng::derive(seed, splitKey, i + 1);
    const auto [kind, positive] = plan[i];
    reviews.push_back({writeReview(language, kind, positive, rng), positive ? 1.0f : 0.0f,
                       language.sourceName + ":" + splitName + ":" + std::to_string(i)});
  }
  return reviews;
}

}  // namespace

const std::string& pick(const std::vector<std::string>& options, Rng& rng) {
  return options[static_cast<size_t>(rng.below(options.size()))];
}

float labelOfTemplate(const Language& language, std::string_view pattern) {
  const std::vector<Slot> slots = slotsOf(pattern);
  const size_t decidingStart = language.decidingPartStart(pattern);
  int score = 0;  // +1 per positive slot, -1 per negative slot in the deciding part
  for (const Slot& slot : slots) {
    if (slot.begin < decidingStart || slot.name == "filler") continue;
    score += slot.name.back() == '+' ? 1 : -1;
  }
  if (score == 0) {
    throw InputError(ErrorKind::Internal, {},
                     "review template \"" + std::string(pattern) +
                     "\": its deciding part (after the last contrast word) carries no sentiment, or as much "
                     "positive as negative");
  }
  return score > 0 ? 1.0f : 0.0f;
}

std::string fillTemplate(const Language& language, std::string_view pattern, Rng& rng) {
  std::string text;
  size_t copied = 0;
  for (const Slot& slot : slotsOf(pattern)) {
    text.append(pattern.substr(copied, slot.begin - copied));
    const bool positive = slot.name.back() == '+';
    // "..., but in the end the plot was dull": a neutral phrase, drawn the same way for either label.
    if (followsContrast(language, text) && slot.name != "filler") text += pick(language.afterContrast, rng);
    if (slot.name == "filler") text += pick(language.fillers, rng);
    else if (slot.name[0] == 'c') text += language.plainClause(positive, rng);
    else text += language.negatedClause(positive, rng);
    copied = slot.end;
  }
  text.append(pattern.substr(copied));
  return language.writeAsSentences(text);
}

LabeledDataset generate(const Language& language, uint64_t seed, size_t trainCount, size_t testCount) {
  LabeledDataset data;
  data.name = language.sourceName;
  data.train = generateSplit(language, seed, 1, "train", trainCount);
  data.test = generateSplit(language, seed, 2, "test", testCount);
  data.hasTestSplit = true;
  return data;
}

}  // namespace al::reviews
