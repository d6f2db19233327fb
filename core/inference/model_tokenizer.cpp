#include "core/inference/model_tokenizer.h"

#include "core/error.h"
#include "core/io/json_fields.h"
#include "core/io/vocabulary_file.h"

namespace al {

ModelTokenizer loadModelTokenizer(const std::filesystem::path& dir) {
  const nlohmann::json config = io::readConfig(dir, "");
  const std::string task = config.value("task", std::string());
  const std::string configFile = (dir / "config.json").string();
  ModelTokenizer reader;
  std::filesystem::path vocabularyFile;
  if (task == "imdb-transformer" || task == "imdb-bigram" || task == "masked-lm") {
    reader.task = TextTask::Classifier;
    vocabularyFile = dir / "vocab.txt";
  } else if (task == "seq2seq-attention" || task == "seq2seq-transformer") {
    reader.task = TextTask::Seq2seq;
    vocabularyFile = dir / "source_vocab.txt";
  } else {
    throw InputError(ErrorKind::WrongTask, {.file = configFile, .found = task},
                     configFile + ": task \"" + task + "\" is not one this version can tokenize for");
  }
  reader.kind = io::optionalTokenizer(config, reader.task, configFile);
  reader.vocabulary = Vocabulary::fromTokens(io::readVocabularyFile(vocabularyFile));
  return reader;
}

}  // namespace al
