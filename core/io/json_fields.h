#pragma once
// Reading config.json and other small JSON files field by field, with messages that name the file and the
// field: "runs/imdb/config.json: field "num_heads" must be an integer, found "four"".
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/text/tokenizer.h"

namespace al::io {

// The file format and the newest version of it this build reads and writes.
inline constexpr const char* kModelFormat = "attentionlab-model";
inline constexpr int kModelFormatVersion = 1;

// Required fields: al::InputError if object has no such field or it has the wrong type. "file" is put in front
// of the message as is, so it may also say where in the file ("history.json entry 3").
int64_t requireInt(const nlohmann::json& object, const char* field, const std::string& file);
// As requireInt, and at least minimum (e.g. 1 for a width, 0 for a count).
int64_t requireIntAtLeast(const nlohmann::json& object, const char* field, int64_t minimum, const std::string& file);
// As requireInt, and in [minimum, maximum]; the sizes of a model are bounded so, e.g. by limits::kMaxModelDimension.
int64_t requireIntInRange(const nlohmann::json& object, const char* field, int64_t minimum, int64_t maximum,
                          const std::string& file);
double requireNumber(const nlohmann::json& object, const char* field, const std::string& file);
std::string requireString(const nlohmann::json& object, const char* field, const std::string& file);
// The "dropout" field of a model's config.json: a rate in [0, 1).
float requireDropout(const nlohmann::json& object, const std::string& file);
// A string that must be one of allowed, e.g. requireOneOf(config, "position", {"learned", "sinusoidal", "none"}, file).
std::string requireOneOf(const nlohmann::json& object, const char* field, const std::vector<std::string>& allowed,
                         const std::string& file);

// Optional fields: the default when the field is absent or null, an error when it is present but wrong.
int64_t optionalInt(const nlohmann::json& object, const char* field, int64_t fallback, const std::string& file);
double optionalNumber(const nlohmann::json& object, const char* field, double fallback, const std::string& file);
std::string optionalString(const nlohmann::json& object, const char* field, const std::string& fallback,
                           const std::string& file);
std::string optionalOneOf(const nlohmann::json& object, const char* field, const std::vector<std::string>& allowed,
                          const std::string& fallback, const std::string& file);

// An optional normalisation epsilon (norm_epsilon, layer_norm_eps): a number in (0, 1] also once a float. Zero or
// less divides by zero (or takes the root of a negative) on a row of equal values, and the model's outputs become
// NaN; InputError(JsonOutOfRange) naming the field.
float optionalEpsilon(const nlohmann::json& object, const char* field, double fallback, const std::string& file);

// The optional "tokenizer" field of a model's config.json: its task's default when absent, so that files
// written before the field existed read text as they always did.
TokenizerKind optionalTokenizer(const nlohmann::json& object, TextTask task, const std::string& file);

// Reads modelDir/config.json and checks "format", "version" and "task" (if expectedTask is not empty, the
// model must be of that task). Returns the whole object, for the task's own fields. al::InputError if the
// directory or the file is missing, the file is not JSON, or a check fails.
nlohmann::json readConfig(const std::filesystem::path& modelDir, const std::string& expectedTask);

// The checks of readConfig on a parsed config.json: file names it, dir the model directory.
void checkConfigHeader(const nlohmann::json& config, const std::string& file, const std::string& dir,
                       const std::string& expectedTask);

// Writes config (which should hold format, version and task) as modelDir/config.json, indented for people.
void writeConfig(const std::filesystem::path& modelDir, const nlohmann::json& config);

// Parses a whole JSON file; al::InputError naming the file (and what it was meant to be) if it is not JSON,
// is larger than limits::kMaxJsonBytes or nests deeper than limits::kMaxJsonDepth.
nlohmann::json readJsonFile(const std::filesystem::path& file, const std::string& what);
// The same for JSON text in memory (a safetensors header, a file being fuzzed); where names it in messages.
nlohmann::json parseJson(std::string_view text, const std::string& where);

}  // namespace al::io
