#include "app/cli/train_options.h"

#include <algorithm>
#include <vector>

#include "core/train/hyperparameters.h"

namespace al::cli {

namespace {

// "imdb, chatbot: " when only some tasks have the parameter.
std::string taskPrefix(const std::string& key) {
  std::vector<std::string> having;
  for (const TaskSchema& schema : taskSchemas())
    for (const HyperParameterSpec& spec : schema.parameters)
      if (spec.key == key) having.push_back(schema.command);
  if (having.size() == taskSchemas().size()) return {};
  std::string prefix;
  for (const std::string& command : having) prefix += (prefix.empty() ? "" : ", ") + command;
  return prefix + ": ";
}

// Every task's choices for a key, in the order first seen: a key may offer different values in different tasks
// (position: "none" for the classifier, not for the language model); the task's own schema checks the value given
// (exit 3 naming its choices).
std::vector<std::string> choicesOf(const std::string& key) {
  std::vector<std::string> all;
  for (const TaskSchema& schema : taskSchemas())
    for (const HyperParameterSpec& spec : schema.parameters)
      if (spec.key == key)
        for (const std::string& choice : spec.choices)
          if (std::find(all.begin(), all.end(), choice) == all.end()) all.push_back(choice);
  return all;
}

}  // namespace

void addHyperParameterOptions(CLI::App& train, HyperParameterOptions& storage) {
  std::map<std::string, bool> added;
  for (const TaskSchema& schema : taskSchemas()) {
    for (const HyperParameterSpec& spec : schema.parameters) {
      if (added[spec.key]) continue;  // one option per key; the schema test checks the tasks agree on it
      added[spec.key] = true;
      const std::string help = taskPrefix(spec.key) + spec.help;
      switch (spec.type) {
        case ParameterType::Integer:
          train.add_option(spec.option, storage.integers[spec.key], help)->check(CLI::Range(spec.minimum, spec.maximum));
          break;
        case ParameterType::Real:
          train.add_option(spec.option, storage.reals[spec.key], help)->check(CLI::Range(spec.minimum, spec.maximum));
          break;
        case ParameterType::Choice:
          train.add_option(spec.option, storage.choices[spec.key], help)->check(CLI::IsMember(choicesOf(spec.key)));
          break;
      }
    }
  }
}

nlohmann::json givenValues(const HyperParameterOptions& storage) {
  nlohmann::json values = nlohmann::json::object();
  for (const auto& [key, value] : storage.integers)
    if (value) values[key] = *value;
  for (const auto& [key, value] : storage.reals)
    if (value) values[key] = *value;
  for (const auto& [key, value] : storage.choices)
    if (value) values[key] = *value;
  return values;
}

}  // namespace al::cli
