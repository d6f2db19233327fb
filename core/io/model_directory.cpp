#include "core/io/model_directory.h"

#include "core/io/atomic_directory.h"
#include "core/io/json_fields.h"
#include "core/io/safetensors.h"
#include "core/io/vocabulary_file.h"

namespace al::io {

void writeModelDirectory(const std::filesystem::path& dir, const std::string& task, const nlohmann::json& fields,
                         const ParameterSet& parameters, const std::vector<std::string>& vocabulary,
                         const std::vector<EpochRecord>& history) {
  ModelDirectoryWriter writer(dir);
  nlohmann::json config = {{"format", kModelFormat}, {"version", kModelFormatVersion}, {"task", task}};
  config.update(fields);
  writeConfig(writer.staging(), config);
  writeSafetensors(writer.staging() / "model.safetensors", tensorsFromParameters(parameters));
  writeVocabularyFile(writer.staging() / "vocab.txt", vocabulary);
  writeHistory(writer.staging() / "history.json", history);
  writer.commit();
}

}  // namespace al::io
