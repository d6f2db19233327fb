#include "core/inference/bigram_inference.h"

#include "core/error.h"
#include "core/io/model_directory.h"
#include "core/io/declared_memory.h"
#include "core/io/json_fields.h"
#include "core/io/safetensors.h"
#include "core/io/vocabulary_file.h"

namespace al {

BigramModel loadBigram(const std::filesystem::path& dir) {
  const nlohmann::json config = io::readConfig(dir, "imdb-bigram");
  BigramModel loaded;
  const std::string configFile = (dir / "config.json").string();
  const BigramConfig modelConfig = bigramConfigFromJson(config, configFile);
  const std::filesystem::path tensors = dir / "model.safetensors";
  io::requireDeclaredMemoryFits(BigramClassifier::declaredMemory(modelConfig), configFile, tensors);
  loaded.model = std::make_unique<BigramClassifier>(modelConfig);
  io::assignParameters(loaded.model->parameters(), io::readSafetensors(tensors), tensors.string());
  loaded.vocabulary = Vocabulary::fromTokens(io::readVocabularyFile(dir / "vocab.txt"));
  if (static_cast<int>(loaded.vocabulary.size()) > loaded.model->config().vocabSize)
    throw InputError(ErrorKind::VocabularyMismatch, {.file = (dir / "vocab.txt").string()},
                     (dir / "vocab.txt").string() + ": more tokens than the vocab_size of config.json");
  loaded.history = io::readHistoryIfPresent(dir);
  return loaded;
}

void saveBigram(const std::filesystem::path& dir, const BigramClassifier& model, const Vocabulary& vocabulary,
                const std::vector<io::EpochRecord>& history) {
  io::writeModelDirectory(dir, BigramModel::kTask, toJson(model.config()), model.parameters(), vocabulary.tokens(),
                          history);
}

BigramModel copyBigram(const BigramClassifier& model, const Vocabulary& vocabulary, std::vector<io::EpochRecord> history) {
  BigramModel copy;
  copy.model = std::make_unique<BigramClassifier>(model.config());
  copy.model->parameters().data() = model.parameters().data();
  copy.vocabulary = vocabulary;
  copy.history = std::move(history);
  return copy;
}

BigramPrediction predictBigramText(const BigramClassifier& model, const Vocabulary& vocabulary, const std::string& text) {
  BigramPrediction p;
  p.tokens = tokenize(model.config().tokenizer, TextTask::Classifier, text);
  if (p.tokens.empty()) throw InputError(ErrorKind::EmptySentence, {}, "the text has no words once punctuation is removed; type at least one word");
  for (const std::string& t : p.tokens) p.ids.push_back(vocabulary.id(t));
  p.probability = model.predict(model.encode(p.tokens, vocabulary));
  return p;
}

}  // namespace al
