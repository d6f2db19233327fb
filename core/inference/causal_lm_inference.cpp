#include "core/inference/causal_lm_inference.h"

#include <algorithm>

#include "core/error.h"
#include "core/io/model_directory.h"
#include "core/io/json_fields.h"
#include "core/io/safetensors.h"
#include "core/io/vocabulary_file.h"
#include "core/text/tokenizer.h"

namespace al {

namespace {

// The id of the largest entry of a row; the lowest id on a tie, so the choice never depends on rounding order.
int argmax(const auto& row) {
  int best = 0;
  for (Index v = 1; v < row.size(); ++v)
    if (row(v) > row(best)) best = static_cast<int>(v);
  return best;
}

}  // namespace

std::vector<std::string> causalLmTokens(std::string_view text, const std::string& tokenizer) {
  if (tokenizer == "chars") return characterTokens(text);
  return tokenize(parseTokenizer(tokenizer), TextTask::Seq2seq, text);
}

std::vector<int> causalLmIds(const std::vector<std::string>& tokens, const Vocabulary& vocabulary) {
  std::vector<int> ids;
  ids.reserve(tokens.size());
  for (const std::string& token : tokens) ids.push_back(vocabulary.id(token));
  return ids;
}

CausalLmModel loadCausalLm(const std::filesystem::path& dir) {
  const nlohmann::json config = io::readConfig(dir, CausalLmModel::kTask);
  const std::string configFile = (dir / "config.json").string();
  CausalLmModel loaded;
  loaded.model = std::make_unique<CausalLanguageModel>(causalLmConfigFromJson(config, configFile));
  const std::filesystem::path tensorsFile = dir / "model.safetensors";
  io::assignParameters(loaded.model->parameters(), io::readSafetensors(tensorsFile), tensorsFile.string());
  const std::filesystem::path vocabFile = dir / "vocab.txt";
  loaded.vocabulary = Vocabulary::fromTokens(io::readVocabularyFile(vocabFile));
  if (loaded.vocabulary.size() <= static_cast<size_t>(kEndOfTextId) ||
      loaded.vocabulary.token(kEndOfTextId) != kEndOfTextToken)
    throw InputError(ErrorKind::VocabularyBadLine, {.file = vocabFile.string(), .line = 3},
                     vocabFile.string() + " line 3: a causal-lm vocabulary has \"[EOS]\" on line 3 (id 2)");
  if (static_cast<int>(loaded.vocabulary.size()) > loaded.model->config().vocabSize)
    throw InputError(ErrorKind::VocabularyMismatch, {.file = vocabFile.string()},
                     vocabFile.string() + ": " + std::to_string(loaded.vocabulary.size()) +
                     " tokens, more than the vocab_size " + std::to_string(loaded.model->config().vocabSize) +
                     " of config.json");
  if (std::filesystem::exists(dir / "history.json")) loaded.history = io::readHistory(dir / "history.json");
  return loaded;
}

void saveCausalLm(const std::filesystem::path& dir, const CausalLanguageModel& model, const Vocabulary& vocabulary,
                  const std::vector<io::EpochRecord>& history) {
  io::writeModelDirectory(dir, CausalLmModel::kTask, toJson(model.config()), model.parameters(), vocabulary.tokens(),
                          history);
}

CausalLmWindow causalLmWindow(const CausalLanguageModel& model, std::span<const int> ids,
                              const HeadSwitches* switches) {
  CausalLmWindow w;
  const auto S = static_cast<size_t>(model.config().sequenceLength);
  if (model.config().memoryLength > 0) {  // segments of S from the start: the last one is the window
    w.start = model.lastSegmentStart(ids.size());
    w.memory = model.readMemory(ids.first(w.start), switches);
  } else {
    w.start = ids.size() > S ? ids.size() - S : 0;  // the last S ids
  }
  w.ids.assign(ids.begin() + static_cast<std::ptrdiff_t>(w.start), ids.end());
  return w;
}

NextTokenPrediction predictNextToken(const CausalLmModel& loaded, std::string_view text, const HeadSwitches* switches) {
  const CausalLanguageModel& model = *loaded.model;
  NextTokenPrediction r;
  r.tokens = causalLmTokens(text, loaded.tokenizer());
  if (r.tokens.empty()) throw InputError(ErrorKind::EmptySentence, {}, "the text has no tokens to continue");
  const std::vector<int> ids = causalLmIds(r.tokens, loaded.vocabulary);
  CausalLmWindow window = causalLmWindow(model, ids, switches);
  r.window = std::move(window.ids);
  const CausalLanguageModel::Prediction p = model.predict(r.window, switches, &window.memory);
  const auto last = p.logits.row(p.logits.rows() - 1);  // 1 x V: predicts the token after the text
  const Matrix probabilities = (last.array() - last.maxCoeff()).exp().matrix();  // softmax, the largest subtracted
  const float sum = probabilities.sum();
  for (Index v = 0; v < probabilities.cols(); ++v) r.probabilities.push_back(probabilities(0, v) / sum);
  r.id = argmax(last);
  r.attention = std::move(p.attention);
  return r;
}

std::vector<int> greedyContinuation(const CausalLanguageModel& model, std::span<const int> ids, int count) {
  if (ids.empty()) throw InputError(ErrorKind::EmptySentence, {}, "the text has no tokens to continue");
  std::vector<int> all(ids.begin(), ids.end());
  std::vector<int> generated;
  for (int k = 0; k < count; ++k) {
    // with memory: the text so far segment after segment from the start; without: its last S ids
    const CausalLmWindow window = causalLmWindow(model, all);
    const Matrix logits = model.predict(window.ids, nullptr, &window.memory).logits;  // T x V
    const int next = argmax(logits.row(logits.rows() - 1));
    generated.push_back(next);
    all.push_back(next);
  }
  return generated;
}

}  // namespace al
