#include "core/data/builtin_reviews.h"

#include <cctype>
#include <string_view>
#include <utility>

#include "core/data/review_generator.h"
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

using reviews::Kind;
using reviews::pick;

const std::vector<reviews::Template> kTemplates = {
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
// How English is written.

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

const reviews::Language& english() {
  static const reviews::Language language{
      .sourceName = "builtin", .templates = kTemplates, .contrastMarkers = {"but "}, .afterContrast = kAfterBut,
      .fillers = kFillers, .fillerSeparator = " ", .minWords = kBuiltinMinWords, .maxWords = kBuiltinMaxWords,
      .plainClause = plainClause, .negatedClause = negatedClause, .decidingPartStart = decidingPartStart,
      .writeAsSentences = writeAsSentences, .wordCount = wordCount};
  return language;
}

}  // namespace

LabeledDataset generateBuiltinReviews(uint64_t seed, size_t trainCount, size_t testCount) {
  return reviews::generate(english(), seed, trainCount, testCount);
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
    l.contrastWords = {"but"};
    return l;
  }();
  return lexicon;
}

float labelOfReviewTemplate(std::string_view pattern) { return reviews::labelOfTemplate(english(), pattern); }

std::string fillReviewTemplate(std::string_view pattern, Rng& rng) { return reviews::fillTemplate(english(), pattern, rng); }

}  // namespace al
