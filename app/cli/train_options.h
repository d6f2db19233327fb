#pragma once
// The hyper-parameter options of `attentionlab-cli train`, generated from the core's schema
// (core/train/hyperparameters.h): one option per parameter key of any task, with its type, range or choices, and
// its help prefixed by the tasks that have it.
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

namespace al::cli {

// Where CLI11 writes what was given, by parameter key.
struct HyperParameterOptions {
  std::map<std::string, std::optional<int64_t>> integers;
  std::map<std::string, std::optional<double>> reals;
  std::map<std::string, std::optional<std::string>> choices;
};

void addHyperParameterOptions(CLI::App& train, HyperParameterOptions& storage);

// key -> value of the options given on the command line (the preset keeps the others).
nlohmann::json givenValues(const HyperParameterOptions& storage);

}  // namespace al::cli
