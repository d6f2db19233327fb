#include "core/data/text_corpus.h"

#include <algorithm>

#include "core/data/builtin_reviews.h"
#include "core/data/fortunes.h"
#include "core/data/utf8.h"
#include "core/data/long_range_corpus.h"
#include "core/data/referent_corpus.h"
#include "core/error.h"
#include "core/io/limits.h"
#include "core/io/read_file.h"

namespace al {

namespace {

// The built-in corpora's size: about 600,000 characters of English, enough for a classroom model to learn the
// phrases, small enough for an epoch in about a minute on two cores.
constexpr size_t kBuiltinTrainDocuments = 4000, kBuiltinTestDocuments = 200;

std::vector<std::string> textsOf(const std::vector<LabeledText>& reviews) {
  std::vector<std::string> out;
  out.reserve(reviews.size());
  for (const LabeledText& r : reviews) out.push_back(r.text);
  return out;
}

bool blank(std::string_view line) {
  return std::all_of(line.begin(), line.end(), [](char c) { return c == ' ' || c == '\t' || c == '\r'; });
}

}  // namespace

std::vector<std::string> splitDocuments(std::string_view text) {
  std::vector<std::string> documents;
  size_t start = 0;
  while (start < text.size()) {
    const size_t end = std::min(text.find('\n', start), text.size());
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!blank(line)) documents.emplace_back(line);
    start = end + 1;
  }
  return documents;
}

std::string textSamplePrompt(const std::string& source) {
  const FortuneSource* fortunes = fortuneSource(source);
  return fortunes ? fortunes->prompt : std::string();
}

bool textCorpusDrawnFromSeed(const std::string& source) {
  return source == "builtin" || source == "builtin:zh" || source == kLongRangeSource;
}

TextCorpus loadTextCorpus(const std::string& source, uint64_t seed) {
  TextCorpus corpus;
  corpus.name = source;
  if (source == "builtin" || source == "builtin:zh") {
    const LabeledDataset reviews = source == "builtin"
                                       ? generateBuiltinReviews(seed, kBuiltinTrainDocuments, kBuiltinTestDocuments)
                                       : generateBuiltinReviewsZh(seed, kBuiltinTrainDocuments, kBuiltinTestDocuments);
    corpus.train = textsOf(reviews.train);
    corpus.test = textsOf(reviews.test);
    return corpus;
  }
  if (source == kLongRangeSource) return loadLongRangeCorpus(seed);
  if (source == kReferentSource) return loadReferentCorpus(seed);
  if (const FortuneSource* fortunes = fortuneSource(source)) return loadFortuneCorpus(*fortunes);
  if (source.rfind("builtin", 0) == 0)
    throw InputError(ErrorKind::DataEmpty, {.file = source},
                     "unknown built-in text '" + source +
                         "' (a language model reads builtin, builtin:zh, poems-zh, quotes, long-range, referent-zh "
                         "or a text file)");
  const std::string text = io::readWholeFile(source, "text file", limits::kMaxDataFileBytes);
  requireValidUtf8(text, source, {.file = source});
  corpus.train = splitDocuments(text);
  if (corpus.train.empty())
    throw InputError(ErrorKind::DataEmpty, {.file = source}, source + ": the file has no text to learn from");
  return corpus;
}

}  // namespace al
