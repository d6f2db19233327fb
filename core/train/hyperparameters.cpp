#include "core/train/hyperparameters.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "core/train/bigram_run.h"
#include "core/train/causal_lm_run.h"
#include "core/train/chatbot_task.h"
#include "core/train/imdb_run.h"
#include "core/train/mlm_run.h"

namespace al {

namespace {

std::string optionOf(const std::string& key) {
  std::string option = "--" + key;
  std::replace(option.begin(), option.end(), '_', '-');
  return option;
}

std::string number(double v) {
  std::string s = std::to_string(v);
  s.erase(s.find_last_not_of('0') + 1);
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

}  // namespace

HyperParameterSpec integerParameter(const std::string& key, ParameterGroup group, double minimum, double maximum,
                                    const std::string& help) {
  HyperParameterSpec spec;
  spec.key = key;
  spec.option = optionOf(key);
  spec.type = ParameterType::Integer;
  spec.group = group;
  spec.minimum = minimum;
  spec.maximum = maximum;
  spec.textKey = key;
  spec.help = help;
  return spec;
}

HyperParameterSpec realParameter(const std::string& key, ParameterGroup group, double minimum, double maximum,
                                 int decimals, const std::string& help) {
  HyperParameterSpec spec = integerParameter(key, group, minimum, maximum, help);
  spec.type = ParameterType::Real;
  spec.decimals = decimals;
  return spec;
}

HyperParameterSpec choiceParameter(const std::string& key, ParameterGroup group, std::vector<std::string> choices,
                                   const std::string& help) {
  HyperParameterSpec spec = integerParameter(key, group, 0, 0, help);
  spec.type = ParameterType::Choice;
  spec.choices = std::move(choices);
  return spec;
}

HyperParameterSpec withOption(HyperParameterSpec spec, const std::string& option) {
  spec.option = option;
  return spec;
}

HyperParameterSpec withTextKey(HyperParameterSpec spec, const std::string& textKey) {
  spec.textKey = textKey;
  return spec;
}

nlohmann::json checkedValue(const HyperParameterSpec& spec, const nlohmann::json& value) {
  if (spec.type == ParameterType::Choice) {
    const std::string text = value.is_string() ? value.get<std::string>() : value.dump();
    if (std::find(spec.choices.begin(), spec.choices.end(), text) == spec.choices.end()) {
      std::string allowed;
      for (const std::string& c : spec.choices) allowed += (allowed.empty() ? "" : " | ") + c;
      throw InputError(ErrorKind::OptionInvalid, {.name = spec.key, .expected = allowed, .found = text},
                       spec.key + ": '" + text + "' is not one of " + allowed);
    }
    return text;
  }
  if (!value.is_number())
    throw InputError(ErrorKind::OptionInvalid, {.name = spec.key, .found = value.dump()},
                     spec.key + ": expected a number, not " + value.dump());
  const double v = value.get<double>();
  if (spec.type == ParameterType::Integer && v != std::floor(v))
    throw InputError(ErrorKind::OptionInvalid, {.name = spec.key, .found = value.dump()},
                     spec.key + ": expected a whole number, not " + value.dump());
  if (!(v >= spec.minimum && v <= spec.maximum))
    throw InputError(ErrorKind::OptionInvalid,
                     {.name = spec.key, .expected = number(spec.minimum) + " .. " + number(spec.maximum),
                      .found = value.dump()},
                     spec.key + ": " + value.dump() + " is outside " + number(spec.minimum) + " .. " + number(spec.maximum));
  if (spec.type == ParameterType::Integer) return static_cast<int64_t>(v);
  return v;
}

// The registry: a new task adds its entry here (its table and presets live in its own run file).
const std::vector<TaskSchema>& taskSchemas() {
  static const std::vector<TaskSchema> schemas = {imdbSchema(), bigramSchema(), chatbotSchema(), mlmSchema(),
                                                   causalLmSchema()};
  return schemas;
}

const TaskSchema& taskSchema(const std::string& taskOrCommand) {
  for (const TaskSchema& schema : taskSchemas())
    if (schema.task == taskOrCommand || schema.command == taskOrCommand) return schema;
  throw InputError(ErrorKind::OptionInvalid, {.name = "task", .found = taskOrCommand},
                   "unknown task '" + taskOrCommand + "'");
}

}  // namespace al
