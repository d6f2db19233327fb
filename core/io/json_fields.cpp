#include "core/io/json_fields.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <system_error>

#include "core/error.h"
#include "core/io/atomic_directory.h"
#include "core/io/limits.h"
#include "core/io/read_file.h"

namespace al::io {

namespace {

std::string fieldName(const char* field) { return std::string("field \"") + field + "\""; }

// A short rendering of what was found instead, for messages (long arrays and texts are cut).
std::string foundValue(const nlohmann::json& value) {
  std::string text = value.dump();
  if (text.size() > 40) text = text.substr(0, 37) + "...";
  return text;
}

[[noreturn]] void failWrongType(const nlohmann::json& value, const char* field, const char* expected,
                                const std::string& file) {
  throw InputError(ErrorKind::JsonWrongType, {.file = file, .name = field, .expected = expected, .found = foundValue(value)},
                   file + ": " + fieldName(field) + " must be " + expected + ", found " + foundValue(value));
}

// The field's value; al::InputError if object is not an object or has no such field.
const nlohmann::json& requireField(const nlohmann::json& object, const char* field, const std::string& file) {
  if (!object.is_object())
    throw InputError(ErrorKind::JsonNotObject, {.file = file, .name = field},
                     file + ": expected a JSON object with " + fieldName(field));
  const auto found = object.find(field);
  if (found == object.end())
    throw InputError(ErrorKind::JsonMissingKey, {.file = file, .name = field}, file + ": " + fieldName(field) + " is missing");
  return *found;
}

bool isAbsent(const nlohmann::json& object, const char* field) {
  if (!object.is_object()) return true;
  const auto found = object.find(field);
  return found == object.end() || found->is_null();
}

std::string joinQuoted(const std::vector<std::string>& values) {
  std::string text;
  for (size_t i = 0; i < values.size(); ++i) text += (i == 0 ? "\"" : (i + 1 == values.size() ? " or \"" : ", \"")) + values[i] + "\"";
  return text;
}

// "an imdb-transformer model", "a seq2seq-attention model".
std::string withArticle(const std::string& task) {
  const bool vowel = !task.empty() && std::string("aeiou").find(task[0]) != std::string::npos;
  return (vowel ? "an " : "a ") + task;
}

}  // namespace

int64_t requireInt(const nlohmann::json& object, const char* field, const std::string& file) {
  const nlohmann::json& value = requireField(object, field, file);
  const bool fitsInt64 = !value.is_number_unsigned() || value.get<uint64_t>() <= uint64_t(INT64_MAX);
  if (value.is_number_integer() && fitsInt64) return value.get<int64_t>();
  // Some writers (a Python script dividing, a JSON library) store 4 as 4.0; accept a whole number.
  if (value.is_number_float()) {
    const double number = value.get<double>();
    if (std::isfinite(number) && number == std::floor(number) && std::abs(number) < 9.0e15)
      return static_cast<int64_t>(number);
  }
  failWrongType(value, field, "an integer", file);
}

int64_t requireIntAtLeast(const nlohmann::json& object, const char* field, int64_t minimum, const std::string& file) {
  const int64_t value = requireInt(object, field, file);
  if (value < minimum)
    throw InputError(ErrorKind::JsonOutOfRange,
                     {.file = file, .name = field, .expected = ">= " + std::to_string(minimum), .found = std::to_string(value)},
                     file + ": " + fieldName(field) + " must be at least " + std::to_string(minimum) + ", found " +
                     std::to_string(value));
  return value;
}

int64_t requireIntInRange(const nlohmann::json& object, const char* field, int64_t minimum, int64_t maximum,
                          const std::string& file) {
  const int64_t value = requireIntAtLeast(object, field, minimum, file);
  if (value > maximum)
    throw InputError(ErrorKind::JsonOutOfRange,
                     {.file = file, .name = field, .expected = "<= " + std::to_string(maximum), .found = std::to_string(value)},
                     file + ": " + fieldName(field) + " is " + std::to_string(value) + ", more than the " +
                     std::to_string(maximum) + " AttentionLab allows (README.md, \"Limits\")");
  return value;
}

double requireNumber(const nlohmann::json& object, const char* field, const std::string& file) {
  const nlohmann::json& value = requireField(object, field, file);
  if (!value.is_number()) failWrongType(value, field, "a number", file);
  return value.get<double>();
}

float requireDropout(const nlohmann::json& object, const std::string& file) {
  const float rate = static_cast<float>(requireNumber(object, "dropout", file));  // checked as the model keeps it
  if (!(rate >= 0 && rate < 1))
    throw InputError(ErrorKind::JsonOutOfRange, {.file = file, .name = "dropout", .expected = "[0, 1)"},
                     file + ": field \"dropout\" must be in [0, 1)");
  return rate;
}

std::string requireString(const nlohmann::json& object, const char* field, const std::string& file) {
  const nlohmann::json& value = requireField(object, field, file);
  if (!value.is_string()) failWrongType(value, field, "a string", file);
  return value.get<std::string>();
}

std::string requireOneOf(const nlohmann::json& object, const char* field, const std::vector<std::string>& allowed,
                         const std::string& file) {
  const nlohmann::json& value = requireField(object, field, file);
  const std::string expected = "one of " + joinQuoted(allowed);
  if (!value.is_string()) failWrongType(value, field, expected.c_str(), file);
  for (const std::string& choice : allowed)
    if (value == choice) return choice;
  failWrongType(value, field, expected.c_str(), file);
}

int64_t optionalInt(const nlohmann::json& object, const char* field, int64_t fallback, const std::string& file) {
  return isAbsent(object, field) ? fallback : requireInt(object, field, file);
}

double optionalNumber(const nlohmann::json& object, const char* field, double fallback, const std::string& file) {
  return isAbsent(object, field) ? fallback : requireNumber(object, field, file);
}

float optionalEpsilon(const nlohmann::json& object, const char* field, double fallback, const std::string& file) {
  const double value = optionalNumber(object, field, fallback, file);
  const auto epsilon = static_cast<float>(value);  // as the model keeps it: 1e-50 would become 0
  if (!(epsilon > 0.0f && epsilon <= 1.0f))
    throw InputError(ErrorKind::JsonOutOfRange,
                     {.file = file, .name = field, .expected = "(0, 1]", .found = nlohmann::json(value).dump()},
                     file + ": field \"" + field + "\" is " + nlohmann::json(value).dump() +
                     "; it must be greater than 0 and at most 1 (a normalisation divides by the root of it)");
  return epsilon;
}

std::string optionalString(const nlohmann::json& object, const char* field, const std::string& fallback,
                           const std::string& file) {
  return isAbsent(object, field) ? fallback : requireString(object, field, file);
}

std::string optionalOneOf(const nlohmann::json& object, const char* field, const std::vector<std::string>& allowed,
                          const std::string& fallback, const std::string& file) {
  return isAbsent(object, field) ? fallback : requireOneOf(object, field, allowed, file);
}

nlohmann::json parseJson(std::string_view text, const std::string& where) {
  // nlohmann's parser keeps its own stack, but copying, printing and comparing a value recurse: a file of
  // 100,000 nested brackets would overflow the call stack there, so the depth is bounded while parsing.
  const auto boundDepth = [&](int depth, nlohmann::json::parse_event_t event, nlohmann::json&) {
    const bool opens = event == nlohmann::json::parse_event_t::object_start ||
                       event == nlohmann::json::parse_event_t::array_start;
    if (opens && depth >= limits::kMaxJsonDepth)
      throw InputError(ErrorKind::JsonInvalid, {.file = where},
                       where + ": arrays and objects nested more than " + std::to_string(limits::kMaxJsonDepth) +
                       " deep; AttentionLab's JSON files are nearly flat, so the file is damaged or not one of them");
    return true;
  };
  try {
    return nlohmann::json::parse(text.begin(), text.end(), boundDepth);
  } catch (const nlohmann::json::exception& e) {
    // A syntax error (parse_error) or a number too large for a double ("1e999": out_of_range, found by
    // fuzzing). The parser quotes the last token it read, which can be a whole (long) line: keep it short.
    std::string problem = e.what();
    if (problem.size() > 200) problem = problem.substr(0, 197) + "...";
    ErrorFields fields{.file = where};
    if (const auto* parse = dynamic_cast<const nlohmann::json::parse_error*>(&e); parse && parse->byte > 0) {
      const std::string_view before = text.substr(0, std::min(text.size(), static_cast<size_t>(parse->byte - 1)));
      fields.line = 1 + std::count(before.begin(), before.end(), '\n');
    }
    throw InputError(ErrorKind::JsonInvalid, std::move(fields), where + " is not valid JSON (" + problem + ")");
  }
}

nlohmann::json readJsonFile(const std::filesystem::path& path, const std::string& what) {
  return parseJson(readWholeFile(path, what, limits::kMaxJsonBytes), path.string());
}

TokenizerKind optionalTokenizer(const nlohmann::json& object, TextTask task, const std::string& file) {
  return parseTokenizer(optionalOneOf(object, "tokenizer", tokenizerNames(), tokenizerName(defaultTokenizer(task)), file));
}

nlohmann::json readConfig(const std::filesystem::path& modelDir, const std::string& expectedTask) {
  const std::string dir = modelDir.string();
  std::error_code ec;
  if (!std::filesystem::exists(modelDir, ec))
    throw InputError(ErrorKind::ModelDirMissing, {.file = dir}, "model directory " + dir + " does not exist");
  if (!std::filesystem::is_directory(modelDir, ec))
    throw InputError(ErrorKind::NotModelDir, {.file = dir},
                     dir + " is not a directory; a model is a directory holding config.json and model.safetensors");
  const std::filesystem::path configPath = modelDir / "config.json";
  if (!std::filesystem::exists(configPath, ec))
    throw InputError(ErrorKind::NotModelDir, {.file = dir}, dir + " has no config.json, so it is not an AttentionLab model directory");

  nlohmann::json config = readJsonFile(configPath, "model configuration");
  checkConfigHeader(config, configPath.string(), dir, expectedTask);
  return config;
}

void checkConfigHeader(const nlohmann::json& config, const std::string& file, const std::string& dir,
                       const std::string& expectedTask) {
  if (!config.is_object()) throw InputError(ErrorKind::JsonNotObject, {.file = file}, file + ": expected a JSON object");

  const std::string format = requireString(config, "format", file);
  if (format != kModelFormat)
    throw InputError(ErrorKind::WrongFormat, {.file = file, .expected = kModelFormat, .found = format},
                     file + ": field \"format\" is \"" + format + "\", expected \"" + kModelFormat + "\"");
  const int64_t version = requireInt(config, "version", file);
  if (version > kModelFormatVersion)
    throw InputError(ErrorKind::NewerFormat,
                     {.file = file, .expected = std::to_string(kModelFormatVersion), .found = std::to_string(version)},
                     file + " was written by a newer AttentionLab (format version " + std::to_string(version) +
                     "; this version reads version " + std::to_string(kModelFormatVersion) + ")");
  if (version < 1)
    throw InputError(ErrorKind::JsonOutOfRange, {.file = file, .name = "version", .expected = ">= 1", .found = std::to_string(version)},
                     file + ": field \"version\" must be at least 1, found " + std::to_string(version));

  const std::string task = requireString(config, "task", file);
  if (!expectedTask.empty() && task != expectedTask)
    throw InputError(ErrorKind::WrongTask, {.file = dir, .expected = expectedTask, .found = task},
                     dir + " holds " + withArticle(task) + " model, not " + withArticle(expectedTask) + " model");
}

void writeConfig(const std::filesystem::path& modelDir, const nlohmann::json& config) {
  writeFileAtomically(modelDir / "config.json", config.dump(2) + "\n");
}

}  // namespace al::io
