#include "core/io/training_record.h"

#include "core/error.h"
#include "core/io/atomic_directory.h"
#include "core/io/json_fields.h"
#include "core/io/limits.h"
#include "core/io/read_file.h"

namespace al::io {

void writeTrainingRecord(const std::filesystem::path& file, const TrainingRecord& record) {
  nlohmann::ordered_json j = {{"settings", record.settings}};
  if (record.keptEpoch > 0) j["kept_epoch"] = record.keptEpoch;
  if (record.test)
    j["test"] = {{"loss", record.test->loss}, {"accuracy", record.test->accuracy}, {"held_out", record.test->heldOut}};
  writeFileAtomically(file, j.dump(2) + "\n");
}

TrainingRecord readTrainingRecord(const std::filesystem::path& file) {
  const std::string where = file.string();
  const nlohmann::json j = parseJson(readWholeFile(file, "training record", limits::kMaxJsonBytes), where);
  if (!j.is_object()) throw InputError(ErrorKind::JsonNotObject, {.file = where}, where + ": expected a JSON object");
  TrainingRecord record;
  if (j.contains("settings")) {
    if (!j["settings"].is_object())
      throw InputError(ErrorKind::JsonWrongType, {.file = where, .name = "settings"}, where + ": field \"settings\" must be an object");
    record.settings = j["settings"];
  }
  record.keptEpoch = static_cast<int>(optionalInt(j, "kept_epoch", 0, where));
  if (j.contains("test")) {
    const nlohmann::json& test = j["test"];
    if (!test.is_object())
      throw InputError(ErrorKind::JsonWrongType, {.file = where, .name = "test"}, where + ": field \"test\" must be an object");
    const std::string inTest = where + " (test)";
    TrainingRecord::Test t;
    t.loss = requireNumber(test, "loss", inTest);
    t.accuracy = requireNumber(test, "accuracy", inTest);
    if (test.contains("held_out") && !test["held_out"].is_boolean())
      throw InputError(ErrorKind::JsonWrongType, {.file = where, .name = "held_out"}, inTest + ": field \"held_out\" must be true or false");
    t.heldOut = test.value("held_out", true);
    record.test = t;
  }
  return record;
}

std::optional<TrainingRecord> readTrainingRecordIfPresent(const std::filesystem::path& modelDir) {
  const std::filesystem::path file = modelDir / "training.json";
  if (!std::filesystem::exists(file)) return std::nullopt;
  return readTrainingRecord(file);
}

}  // namespace al::io
