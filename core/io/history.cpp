#include "core/io/history.h"

#include <cmath>
#include <nlohmann/json.hpp>

#include "core/error.h"
#include "core/io/atomic_directory.h"
#include "core/io/json_fields.h"
#include "core/io/limits.h"
#include "core/io/read_file.h"

namespace al::io {

namespace {

// JSON has no NaN: an absent value is null.
nlohmann::ordered_json numberOrNull(double value) {
  return std::isfinite(value) ? nlohmann::ordered_json(value) : nlohmann::ordered_json(nullptr);
}

// A metric that the file must have, though it may be null (NaN) when the run could not compute it.
double requireNumberOrNull(const nlohmann::json& entry, const char* field, const std::string& where) {
  if (entry.contains(field) && entry[field].is_null()) return EpochRecord::kAbsent;
  return requireNumber(entry, field, where);
}

EpochRecord parseRecord(const nlohmann::json& entry, const std::string& where) {
  if (!entry.is_object()) throw InputError(ErrorKind::JsonNotObject, {.file = where}, where + ": expected a JSON object");
  EpochRecord r;
  const int64_t epoch = requireIntAtLeast(entry, "epoch", 1, where);
  if (epoch > 1'000'000'000)
    throw InputError(ErrorKind::JsonOutOfRange, {.file = where, .name = "epoch", .found = std::to_string(epoch)},
                     where + ": field \"epoch\" is " + std::to_string(epoch) + ", too large to be an epoch");
  r.epoch = static_cast<int>(epoch);
  r.loss = requireNumberOrNull(entry, "loss", where);
  r.accuracy = requireNumberOrNull(entry, "accuracy", where);
  r.valLoss = optionalNumber(entry, "val_loss", EpochRecord::kAbsent, where);
  r.valAccuracy = optionalNumber(entry, "val_accuracy", EpochRecord::kAbsent, where);
  r.seconds = requireNumber(entry, "seconds", where);
  return r;
}

}  // namespace

std::vector<EpochRecord> readHistory(const std::filesystem::path& path) {
  return parseHistory(readWholeFile(path, "training history", limits::kMaxJsonBytes), path.string());
}

std::vector<EpochRecord> parseHistory(std::string_view text, const std::string& file) {
  const nlohmann::json history = parseJson(text, file);
  if (!history.is_array())
    throw InputError(ErrorKind::JsonNotObject, {.file = file}, file + ": expected a JSON array of epoch records");
  std::vector<EpochRecord> records;
  for (size_t i = 0; i < history.size(); ++i)
    records.push_back(parseRecord(history[i], file + " entry " + std::to_string(i + 1)));
  return records;
}

void writeHistory(const std::filesystem::path& path, const std::vector<EpochRecord>& records) {
  nlohmann::ordered_json history = nlohmann::ordered_json::array();
  for (const EpochRecord& r : records)
    history.push_back({{"epoch", r.epoch},
                       {"loss", numberOrNull(r.loss)},
                       {"accuracy", numberOrNull(r.accuracy)},
                       {"val_loss", numberOrNull(r.valLoss)},
                       {"val_accuracy", numberOrNull(r.valAccuracy)},
                       {"seconds", numberOrNull(r.seconds)}});
  writeFileAtomically(path, history.dump(2) + "\n");
}

std::vector<EpochRecord> readHistoryIfPresent(const std::filesystem::path& modelDir) {
  const std::filesystem::path file = modelDir / "history.json";
  return std::filesystem::exists(file) ? readHistory(file) : std::vector<EpochRecord>{};
}

}  // namespace al::io
