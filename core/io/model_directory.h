#pragma once
// Writing one of the app's own model directories (model-format.md): what every trained model kind saves.
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/io/history.h"
#include "core/parameters.h"

namespace al::io {

// Writes dir atomically (core/io/atomic_directory.h): config.json (format, version and task, then the model's
// own fields), model.safetensors (every parameter, in registration order), vocab.txt and history.json. Throws
// InputError when dir is something other than a model directory, RunError when a file cannot be written.
void writeModelDirectory(const std::filesystem::path& dir, const std::string& task, const nlohmann::json& fields,
                         const ParameterSet& parameters, const std::vector<std::string>& vocabulary,
                         const std::vector<EpochRecord>& history);

}  // namespace al::io
