#include "core/inference/imdb_transformer_inference.h"

#include "core/error.h"
#include "core/io/model_directory.h"
#include "core/io/declared_memory.h"
#include "core/io/json_fields.h"
#include "core/io/safetensors.h"
#include "core/io/vocabulary_file.h"

namespace al {

ImdbTransformerModel loadImdbTransformer(const std::filesystem::path& dir) {
  const nlohmann::json config = io::readConfig(dir, "imdb-transformer");
  ImdbTransformerModel loaded;
  const std::string configFile = (dir / "config.json").string();
  const TransformerConfig modelConfig = transformerConfigFromJson(config, configFile);
  const std::filesystem::path tensorsFile = dir / "model.safetensors";
  io::requireDeclaredMemoryFits(TransformerClassifier::declaredMemory(modelConfig), configFile, tensorsFile);
  loaded.model = std::make_unique<TransformerClassifier>(modelConfig);
  io::assignParameters(loaded.model->parameters(), io::readSafetensors(tensorsFile), tensorsFile.string());
  const std::filesystem::path vocabFile = dir / "vocab.txt";
  loaded.vocabulary = Vocabulary::fromTokens(io::readVocabularyFile(vocabFile));
  if (static_cast<int>(loaded.vocabulary.size()) > loaded.model->config().vocabSize)
    throw InputError(ErrorKind::VocabularyMismatch, {.file = vocabFile.string()},
                     vocabFile.string() + ": " + std::to_string(loaded.vocabulary.size()) +
                     " tokens, more than the vocab_size " + std::to_string(loaded.model->config().vocabSize) +
                     " of config.json");
  loaded.history = io::readHistoryIfPresent(dir);
  return loaded;
}

void saveImdbTransformer(const std::filesystem::path& dir, const TransformerClassifier& model,
                         const Vocabulary& vocabulary, const std::vector<io::EpochRecord>& history) {
  io::writeModelDirectory(dir, ImdbTransformerModel::kTask, toJson(model.config()), model.parameters(),
                          vocabulary.tokens(), history);
}

ImdbTransformerModel copyImdbTransformer(const TransformerClassifier& model, const Vocabulary& vocabulary,
                                         std::vector<io::EpochRecord> history) {
  ImdbTransformerModel copy;
  copy.model = std::make_unique<TransformerClassifier>(model.config());
  copy.model->parameters().data() = model.parameters().data();
  copy.vocabulary = vocabulary;
  copy.history = std::move(history);
  return copy;
}

std::vector<std::string> imdbTokensForModel(const TransformerClassifier& model, const std::string& text,
                                            bool* truncated) {
  std::vector<std::string> tokens = tokenize(model.config().tokenizer, TextTask::Classifier, text);
  const auto length = static_cast<size_t>(model.config().sequenceLength);
  if (truncated) *truncated = tokens.size() > length;
  if (tokens.size() > length) tokens.resize(length);
  if (tokens.empty()) throw InputError(ErrorKind::EmptySentence, {}, "the text has no words once punctuation is removed; type at least one word");
  return tokens;
}

ImdbPrediction predictText(const TransformerClassifier& model, const Vocabulary& vocabulary, const std::string& text,
                           const HeadSwitches* switches) {
  ImdbPrediction p;
  p.tokens = imdbTokensForModel(model, text, &p.truncated);
  for (const std::string& token : p.tokens) p.ids.push_back(vocabulary.id(token));
  TransformerClassifier::Prediction out = model.predict(p.ids, switches);
  p.probability = out.probability;
  p.attention = std::move(out.attention);
  return p;
}

}  // namespace al
