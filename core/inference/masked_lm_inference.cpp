#include "core/inference/masked_lm_inference.h"

#include <algorithm>
#include <numeric>

#include "core/error.h"
#include "core/io/model_directory.h"
#include "core/io/json_fields.h"
#include "core/io/safetensors.h"
#include "core/io/vocabulary_file.h"
#include "core/text/tokenizer.h"

namespace al {

namespace {

// The tokenizers this build knows for a masked-lm (model-format.md, "Text to ids").
std::vector<std::string> tokenizeWith(std::string_view text, const std::string& tokenizer) {
  return tokenize(parseTokenizer(tokenizer), TextTask::Classifier, text);
}

// Where the next "[MASK]" (any case) starts, or npos.
size_t findMask(std::string_view text, size_t from) {
  for (size_t i = from; i + kMaskToken.size() <= text.size(); ++i) {
    bool same = true;
    for (size_t k = 0; k < kMaskToken.size() && same; ++k) {
      const char c = text[i + k];
      const char lower = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
      same = lower == kMaskToken[k];
    }
    if (same) return i;
  }
  return std::string_view::npos;
}

}  // namespace

MaskedLmModel copyMaskedLm(const MaskedLanguageModel& model, const Vocabulary& vocabulary, const std::string& tokenizer,
                           std::vector<io::EpochRecord> history) {
  MaskedLmModel copy;
  copy.model = std::make_unique<MaskedLanguageModel>(model.config());
  copy.model->parameters().data() = model.parameters().data();
  copy.vocabulary = vocabulary;
  copy.tokenizer = tokenizer;
  copy.history = std::move(history);
  return copy;
}

std::vector<std::string> maskedLmTokens(std::string_view text, const std::string& tokenizer) {
  // The tokenizer deletes brackets, so "[MASK]" is cut out first and the pieces between are tokenized.
  std::vector<std::string> tokens;
  size_t start = 0;
  while (true) {
    const size_t mask = findMask(text, start);
    for (std::string& token : tokenizeWith(text.substr(start, mask == std::string_view::npos ? text.npos : mask - start), tokenizer))
      tokens.push_back(std::move(token));
    if (mask == std::string_view::npos) break;
    tokens.emplace_back(kMaskToken);
    start = mask + kMaskToken.size();
  }
  return tokens;
}

std::vector<int> maskedLmIds(const std::vector<std::string>& tokens, const Vocabulary& vocabulary) {
  std::vector<int> ids;
  ids.reserve(tokens.size());
  for (const std::string& token : tokens) ids.push_back(token == kMaskToken ? kMaskTokenId : vocabulary.id(token));
  return ids;
}

MaskedLmModel loadMaskedLm(const std::filesystem::path& dir) {
  const nlohmann::json config = io::readConfig(dir, "masked-lm");
  const std::string configFile = (dir / "config.json").string();
  MaskedLmModel loaded;
  loaded.model = std::make_unique<MaskedLanguageModel>(maskedLmConfigFromJson(config, configFile));
  loaded.tokenizer = io::optionalOneOf(config, "tokenizer", {"keras", "ascii", "icu_words"}, "keras", configFile);
  const std::filesystem::path tensorsFile = dir / "model.safetensors";
  io::assignParameters(loaded.model->parameters(), io::readSafetensors(tensorsFile), tensorsFile.string());
  const std::filesystem::path vocabFile = dir / "vocab.txt";
  loaded.vocabulary = Vocabulary::fromTokens(io::readVocabularyFile(vocabFile));
  if (loaded.vocabulary.size() <= static_cast<size_t>(kMaskTokenId) || loaded.vocabulary.token(kMaskTokenId) != kMaskToken)
    throw InputError(ErrorKind::VocabularyBadLine, {.file = vocabFile.string(), .line = 3},
                     vocabFile.string() + " line 3: a masked-lm vocabulary has \"[MASK]\" on line 3 (id 2)");
  if (static_cast<int>(loaded.vocabulary.size()) > loaded.model->config().encoder.vocabSize)
    throw InputError(ErrorKind::VocabularyMismatch, {.file = vocabFile.string()},
                     vocabFile.string() + ": " + std::to_string(loaded.vocabulary.size()) +
                     " tokens, more than the vocab_size " + std::to_string(loaded.model->config().encoder.vocabSize) +
                     " of config.json");
  if (std::filesystem::exists(dir / "history.json")) loaded.history = io::readHistory(dir / "history.json");
  return loaded;
}

void saveMaskedLm(const std::filesystem::path& dir, const MaskedLanguageModel& model, const Vocabulary& vocabulary,
                  const std::string& tokenizer, const std::vector<io::EpochRecord>& history) {
  nlohmann::json fields = toJson(model.config());
  fields["tokenizer"] = tokenizer;
  io::writeModelDirectory(dir, MaskedLmModel::kTask, fields, model.parameters(), vocabulary.tokens(), history);
}

FillResult fillMasks(const MaskedLmModel& loaded, std::string_view text, int top, const HeadSwitches* switches) {
  const MaskedLanguageModel& model = *loaded.model;
  FillResult r;
  r.tokens = maskedLmTokens(text, loaded.tokenizer);
  const auto length = static_cast<size_t>(model.config().encoder.sequenceLength);
  r.truncated = r.tokens.size() > length;
  if (r.truncated) r.tokens.resize(length);
  if (r.tokens.empty()) throw InputError(ErrorKind::EmptySentence, {}, "the text has no words once punctuation is removed; type a sentence with [MASK] in it");
  r.ids = maskedLmIds(r.tokens, loaded.vocabulary);
  std::vector<int> positions;
  for (size_t i = 0; i < r.ids.size(); ++i)
    if (r.ids[i] == kMaskTokenId) positions.push_back(static_cast<int>(i));
  if (positions.empty())
    throw InputError(ErrorKind::NoMask, {}, std::string("the text has no [MASK] to fill") + (r.truncated ? " within the model's sequence_length" : "") +
                     ": write [MASK] where a word should be guessed, e.g. \"the acting was [MASK]\"");

  MaskedLanguageModel::Prediction p = model.predict(r.ids, positions, switches);
  // Ordinary tokens only: ids >= 3 that the vocabulary holds (vocab_size may exceed the vocabulary).
  const int ordinaryEnd = static_cast<int>(std::min<size_t>(loaded.vocabulary.size(), static_cast<size_t>(p.probabilities.cols())));
  const int count = std::clamp(top, 0, std::max(0, ordinaryEnd - kFirstOrdinaryTokenId));
  for (size_t n = 0; n < positions.size(); ++n) {
    FillPrediction f;
    f.position = positions[n];
    const auto row = p.probabilities.row(static_cast<Index>(n));
    f.probabilities.assign(row.data(), row.data() + row.size());
    std::vector<int> ids(static_cast<size_t>(ordinaryEnd - kFirstOrdinaryTokenId));
    std::iota(ids.begin(), ids.end(), kFirstOrdinaryTokenId);
    // Most probable first; equal probabilities by id, so the order never depends on the sort's whims.
    std::partial_sort(ids.begin(), ids.begin() + count, ids.end(), [&](int a, int b) {
      return row(a) != row(b) ? row(a) > row(b) : a < b;
    });
    for (int k = 0; k < count; ++k) f.top.push_back({ids[static_cast<size_t>(k)], loaded.vocabulary.token(ids[static_cast<size_t>(k)]), row(ids[static_cast<size_t>(k)])});
    r.predictions.push_back(std::move(f));
  }
  r.attention = std::move(p.attention);
  return r;
}

}  // namespace al
