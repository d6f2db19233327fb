#include "core/data/builtin_reviews.h"

#include <cctype>
#include <string_view>
#include <utility>

#include "core/error.h"

namespace al {

namespace {

// ---------------------------------------------------------------------------------------------------------
// The words. Sentiment lives only in the phrase lists; everything else is neutral.

const std::vector<std::string> kPositiveAdjectives = {
    "good",     "great",   "brilliant", "superb",   "excellent", "wonderful", "charming", "clever",    "moving",
    "gripping", "delightful", "beautiful", "fresh", "funny",     "touching",  "stunning", "solid",     "smart",
    "powerful", "memorable", "engaging", "thrilling", "witty",   "lovely",    "fantastic", "original", "inspired"};
const std::vector<std::string> kNegativeAdjectives = {
    "bad",      "awful",   "terrible", "dull",       "boring",  "weak",     "clumsy",    "silly",   "predictable",
    "tedious",  "bland",   "lazy",     "messy",      "forgettable", "painful", "lifeless", "stiff",  "confusing",
    "poor",     "dreadful", "sloppy",  "cheap",      "pointless", "annoying", "horrible", "stale",  "wooden"};
// Said of the whole film: "it was a gem".
const std::vector<std::string> kPositiveVerdicts = {"a masterpiece", "a gem",      "a delight",   "a joy to watch",
                                                    "a triumph",     "a real treat", "a pleasure", "worth every minute",
                                                    "a must see"};
const std::vector<std::string> kNegativeVerdicts = {"a mess",         "a disaster", "a waste of time", "a letdown",
                                                    "a bore",         "a chore to sit through", "a disappointment",
                                                    "a failure",      "a sleeping pill"};
// Said of one aspect, as a whole clause: "the music kept me hooked". These are never negated.
const std::vector<std::string> kPositiveActions = {"kept me hooked", "made me smile", "won me over",
                                                   "stayed with me", "drew me in",    "made me laugh"};
const std::vector<std::string> kNegativeActions = {"fell apart",  "put me to sleep", "made me cringe",
                                                   "dragged on",  "lost me",         "wore me out"};

// What a clause talks about. Singular, so that "was" always fits.
const std::vector<std::string> kAspects = {
    "acting",   "plot",      "story",         "script",     "dialogue",       "ending",      "soundtrack",
    "music",    "cast",      "direction",     "pacing",     "camera work",    "lead performance", "villain",
    "humor",    "editing",   "cinematography", "screenplay", "score",         "finale",      "premise",
    "set design", "costume design"};
// "a" before the aspects that are counted ("a dull plot"), nothing before the others ("good acting").
bool takesArticle(const std::string& aspect) {
  static const std::vector<std::string> uncountable = {"acting",  "dialogue", "music",    "direction",
                                                       "pacing",  "camera work", "humor", "editing",
                                                       "cinematography", "set design", "costume design"};
  for (const auto& word : uncountable)
    if (word == aspect) return false;
  return true;
}

// Frames: the words around a phrase. "{a}" is an aspect.
const std::vector<std::string> kPredicateFrames = {"the {a} was", "the {a} is",    "I thought the {a} was",
                                                   "I found the {a}", "the {a} felt", "the {a} seemed",
                                                   "to me the {a} was"};
// A negator fits only after "was" or "is".
const std::vector<std::string> kNegatablePredicateFrames = {"the {a} was", "the {a} is", "I thought the {a} was",
                                                            "to me the {a} was"};
const std::vector<std::string> kVerdictFrames = {"it was", "this film is", "the movie was", "the whole thing was",
                                                 "this one is"};
const std::vector<std::string> kAttributePrefixes = {"", "", "it has ", "the film has "};
const std::vector<std::string> kIntensifiers = {"", "", "", "really ", "very ", "truly ", "quite ", "pretty "};
// "not very good" sounds right, "not very boring" does not: each direction has its own negators.
const std::vector<std::string> kPositiveAdjectiveNegators = {"not ", "not very ", "not really ", "never "};
const std::vector<std::string> kNegativeAdjectiveNegators = {"not ", "not at all ", "never ", "never once "};
const std::vector<std::string> kVerdictNegators = {"not ", "never ", "not really "};
const std::vector<std::string> kAfterBut = {"", "", "", "in the end ", "overall ", "on the whole "};

// Neutral sentences: what a review says besides its verdict. None contains a phrase, "not", "never" or "but".
const std::vector<std::string> kFillers = {
    "I watched this one on a rainy Sunday afternoon.",
    "My sister picked it for our movie night.",
    "It runs a little under two hours.",
    "The story is set in a small coastal town.",
    "I saw it at the local cinema last week.",
    "It is based on a novel from the seventies.",
    "The director made a war film before this one.",
    "We rented it after reading about it online.",
    "Most of it was shot in the same old house.",
    "The film follows a family over one long summer.",
    "I went in knowing very little about it.",
    "It came out the same year as the sequel.",
    "The lead actor also starred in a crime series.",
    "My friends and I talked about it on the way home.",
    "There is a long scene on a train near the end.",
    "It was shown on television last night.",
    "The cast includes a few famous faces.",
    "I had seen the trailer a few months ago.",
    "The first half takes place in the city.",
    "The first twenty minutes are in black and white.",
    "The main character is a retired teacher.",
    "I watched it with my dad.",
    "The film is about two brothers who run a farm.",
    "It was filmed in Canada over three months.",
    "The whole film is ninety minutes long.",
    "I bought the disc at a yard sale.",
    "This is the third film in the series.",
    "The story takes place during one cold winter.",
    "We watched it as part of a film club.",
    "It is a remake of an older French film."};

// ---------------------------------------------------------------------------------------------------------
// The templates. The label of each one follows from labelOfReviewTemplate; the generator picks, for a
// wanted kind and label, among the templates of that kind that have that label. Contrast templates come in
// pairs with the clauses swapped, so that both orders are equally likely for either label.

enum class Kind { Plain, Negated, Contrast, NegatedContrast };

struct Template {
  Kind kind;
  const char* pattern;
};

const std::vector<Template> kTemplates = {
    {Kind::Plain, "{c+}."},
    {Kind::Plain, "{c-}."},
    {Kind::Plain, "{c+}, and {c+}."},
    {Kind::Plain, "{c-}, and {c-}."},
    {Kind::Plain, "{c+}. {c+}."},
    {Kind::Plain, "{c-}. {c-}."},
    {Kind::Negated, "{n+}."},
    {Kind::Negated, "{n-}."},
    {Kind::Negated, "{n+}, and {c+}."},
    {Kind::Negated, "{n-}, and {c-}."},
    {Kind::Contrast, "{c-}, but {c+}."},
    {Kind::Contrast, "{c+}, but {c-}."},
    {Kind::NegatedContrast, "{n-}, but {c+}."},
    {Kind::NegatedContrast, "{c+}, but {n-}."},
    {Kind::NegatedContrast, "{c-}, but {n+}."},
    {Kind::NegatedContrast, "{n+}, but {c-}."},
    {Kind::NegatedContrast, "{n-}, but {n+}."},
    {Kind::NegatedContrast, "{n+}, but {n-}."},
};

// ---------------------------------------------------------------------------------------------------------
// Drawing words.

const std::string& pick(const std::vector<std::string>& options, Rng& rng) {
  return options[static_cast<size_t>(rng.below(options.size()))];
}

std::string withAspect(std::string frame, const std::string& aspect) {
  const size_t slot = frame.find("{a}");
  if (slot != std::string::npos) frame.replace(slot, 3, aspect);
  return frame;
}

const std::vector<std::string>& adjectives(bool positive) {
  return positive ? kPositiveAdjectives : kNegativeAdjectives;
}
const std::vector<std::string>& verdicts(bool positive) { return positive ? kPositiveVerdicts : kNegativeVerdicts; }
const std::vector<std::string>& actions(bool positive) { return positive ? kPositiveActions : kNegativeActions; }

// A clause that says `positive` directly: "the plot was really gripping", "good acting", "it was a gem",
// "the music kept me hooked".
std::string plainClause(bool positive, Rng& rng) {
  const std::string& aspect = pick(kAspects, rng);
  switch (rng.below(4)) {
    case 0:
      return withAspect(pick(kPredicateFrames, rng), aspect) + " " + pick(kIntensifiers, rng) +
             pick(adjectives(positive), rng);
    case 1:
      return pick(kVerdictFrames, rng) + " " + pick(verdicts(positive), rng);
    case 2:
      return pick(kAttributePrefixes, rng) + (takesArticle(aspect) ? "a " : "") + pick(kIntensifiers, rng) +
             pick(adjectives(positive), rng) + " " + aspect;
    default:
      return "the " + aspect + " " + pick(actions(positive), rng);
  }
}

// A clause that says `positive` by negating the opposite: "the plot was never boring", "it was not a gem".
std::string negatedClause(bool positive, Rng& rng) {
  if (rng.below(3) < 2) {
    return withAspect(pick(kNegatablePredicateFrames, rng), pick(kAspects, rng)) + " " +
           pick(positive ? kNegativeAdjectiveNegators : kPositiveAdjectiveNegators, rng) +
           pick(adjectives(!positive), rng);
  }
  return pick(kVerdictFrames, rng) + " " + pick(kVerdictNegators, rng) + pick(verdicts(!positive), rng);
}

// ---------------------------------------------------------------------------------------------------------
// Templates: slots and the label rule.

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
      throw InputError("review template \"" + std::string(pattern) + "\": a '{' is never closed");
    const std::string name(pattern.substr(pos + 1, close - pos - 1));
    if (name != "c+" && name != "c-" && name != "n+" && name != "n-" && name != "filler") {
      throw InputError("review template \"" + std::string(pattern) + "\": unknown slot {" + name +
                       "} (expected {c+}, {c-}, {n+}, {n-} or {filler})");
    }
    slots.push_back({pos, close + 1, name});
    pos = close + 1;
  }
  return slots;
}

bool isWordChar(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }

// Where the deciding part of a review starts: right after the last word "but", or at 0.
size_t decidingPartStart(std::string_view text) {
  size_t start = 0;
  for (size_t pos = 0; pos + 3 <= text.size(); ++pos) {
    const bool word = (pos == 0 || !isWordChar(text[pos - 1])) &&
                      (pos + 3 == text.size() || !isWordChar(text[pos + 3]));
    if (!word) continue;
    std::string lower(text.substr(pos, 3));
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower == "but") start = pos + 3;
  }
  return start;
}

// Capital letters at the start of every sentence, and "an" instead of "a" before a vowel.
std::string writeAsSentences(std::string text) {
  for (size_t pos = 0; pos + 2 < text.size(); ++pos) {
    const bool wordA = (text[pos] == 'a' || text[pos] == 'A') && text[pos + 1] == ' ' &&
                       (pos == 0 || text[pos - 1] == ' ');
    if (wordA && std::string_view("aeiouAEIOU").find(text[pos + 2]) != std::string_view::npos)
      text.insert(pos + 1, "n");
  }
  bool sentenceStart = true;
  for (char& c : text) {
    if (sentenceStart && isWordChar(c)) {
      c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      sentenceStart = false;
    } else if (c == '.' || c == '!' || c == '?') {
      sentenceStart = true;
    }
  }
  return text;
}

size_t wordCount(std::string_view text) {
  size_t words = 0;
  bool inWord = false;
  for (char c : text) {
    const bool space = std::isspace(static_cast<unsigned char>(c)) != 0;
    if (!space && !inWord) ++words;
    inWord = !space;
  }
  return words;
}

// ---------------------------------------------------------------------------------------------------------
// The corpus.

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

const char* pickTemplate(Kind kind, bool positive, Rng& rng) {
  std::vector<const char*> fitting;
  for (const Template& t : kTemplates)
    if (t.kind == kind && (labelOfReviewTemplate(t.pattern) == 1.0f) == positive) fitting.push_back(t.pattern);
  return fitting[static_cast<size_t>(rng.below(fitting.size()))];
}

// The verdict, with neutral sentences before (0 to 2) and after (0 or 1) it, kept within 8 to 40 words.
std::string writeReview(Kind kind, bool positive, Rng& rng) {
  const std::string verdict = fillReviewTemplate(pickTemplate(kind, positive, rng), rng);
  std::string before, after;
  size_t words = wordCount(verdict);
  std::vector<std::string> unused = kFillers;  // no sentence twice in one review
  const auto takeFiller = [&] {
    const size_t i = static_cast<size_t>(rng.below(unused.size()));
    std::string filler = std::move(unused[i]);
    unused.erase(unused.begin() + static_cast<std::ptrdiff_t>(i));
    return filler;
  };
  const auto fits = [&](const std::string& sentence) { return words + wordCount(sentence) <= kBuiltinMaxWords; };
  for (uint64_t n = rng.below(3); n > 0; --n) {
    const std::string filler = takeFiller();
    if (fits(filler)) before += filler + " ", words += wordCount(filler);
  }
  if (rng.below(2) == 1) {
    const std::string filler = takeFiller();
    if (fits(filler)) after += " " + filler, words += wordCount(filler);
  }
  // Every verdict has at least 2 words and every filler at least 5, and a verdict with one filler stays under 40.
  while (words < kBuiltinMinWords) {
    const std::string filler = takeFiller();
    before += filler + " ", words += wordCount(filler);
  }
  return before + verdict + after;
}

std::vector<LabeledText> generateSplit(uint64_t seed, uint64_t splitKey, const std::string& splitName,
                                       size_t count) {
  Rng planRng = Rng::derive(seed, splitKey);
  const auto plan = planSplit(count, planRng);
  std::vector<LabeledText> reviews;
  reviews.reserve(count);
  for (size_t i = 0; i < count; ++i) {
    // Each review has its own generator: review i does not depend on how many words review i-1 drew.
    Rng rng = Rng::derive(seed, splitKey, i + 1);
    const auto [kind, positive] = plan[i];
    reviews.push_back({writeReview(kind, positive, rng), positive ? 1.0f : 0.0f,
                       "builtin:" + splitName + ":" + std::to_string(i)});
  }
  return reviews;
}

}  // namespace

LabeledDataset generateBuiltinReviews(uint64_t seed, size_t trainCount, size_t testCount) {
  LabeledDataset data;
  data.name = "builtin";
  data.train = generateSplit(seed, 1, "train", trainCount);
  data.test = generateSplit(seed, 2, "test", testCount);
  data.hasTestSplit = true;
  return data;
}

const BuiltinLexicon& builtinLexicon() {
  static const BuiltinLexicon lexicon = [] {
    BuiltinLexicon l;
    for (const auto* list : {&kPositiveAdjectives, &kPositiveVerdicts, &kPositiveActions})
      l.positive.insert(l.positive.end(), list->begin(), list->end());
    for (const auto* list : {&kNegativeAdjectives, &kNegativeVerdicts, &kNegativeActions})
      l.negative.insert(l.negative.end(), list->begin(), list->end());
    l.negators = {"not", "never"};
    l.contrast = "but";
    return l;
  }();
  return lexicon;
}

float labelOfReviewTemplate(std::string_view pattern) {
  const std::vector<Slot> slots = slotsOf(pattern);
  const size_t decidingStart = decidingPartStart(pattern);
  int score = 0;  // +1 per positive slot, -1 per negative slot in the deciding part
  for (const Slot& slot : slots) {
    if (slot.begin < decidingStart || slot.name == "filler") continue;
    score += slot.name.back() == '+' ? 1 : -1;
  }
  if (score == 0) {
    throw InputError("review template \"" + std::string(pattern) +
                     "\": its deciding part (after the last \"but\") carries no sentiment, or as much positive "
                     "as negative");
  }
  return score > 0 ? 1.0f : 0.0f;
}

std::string fillReviewTemplate(std::string_view pattern, Rng& rng) {
  std::string text;
  size_t copied = 0;
  for (const Slot& slot : slotsOf(pattern)) {
    text.append(pattern.substr(copied, slot.begin - copied));
    const bool positive = slot.name.back() == '+';
    // "..., but in the end the plot was dull": a neutral phrase, drawn the same way for either label.
    if (text.ends_with("but ") && slot.name != "filler") text += pick(kAfterBut, rng);
    if (slot.name == "filler") text += pick(kFillers, rng);
    else if (slot.name[0] == 'c') text += plainClause(positive, rng);
    else text += negatedClause(positive, rng);
    copied = slot.end;
  }
  text.append(pattern.substr(copied));
  return writeAsSentences(text);
}

}  // namespace al
