#pragma once
// One schema for the hyper-parameters of every task, and their presets. The CLI's `train` options and the Train
// page's form are two renderings of it, and a run's settings travel as one JSON shape:
//
//   {"task": "imdb-transformer", "data": "builtin", "preset": "tiny", "epochs": 10, "embed_dim": 32, ...}
//
// (every parameter of the task by its key, flat; a run may add facts it learned, such as "training_pairs").
//
// A task registers itself with one entry in taskSchemas() (hyperparameters.cpp): its parameters, its presets,
// and how a preset plus the values a person gave become its run. Its parameters are a table of
// SettingField<S>: the spec, and where the value lives in the task's settings struct S.
#include <algorithm>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/text/tokenizer.h"
#include "core/train/run.h"

namespace al {
struct MaskedLmModel;  // core/inference/masked_lm_inference.h
}  // namespace al

namespace al {

enum class ParameterType { Integer, Real, Choice };
enum class ParameterGroup { Model, Training };

struct HyperParameterSpec {
  std::string key;     // the settings-JSON key and the form editor's object name: "learning_rate"
  std::string option;  // the CLI's option: "--lr"
  ParameterType type = ParameterType::Integer;
  ParameterGroup group = ParameterGroup::Training;
  double minimum = 0, maximum = 0;   // Integer, Real: the allowed range, both ends included
  int decimals = 0;                  // Real: digits after the point worth showing
  std::vector<std::string> choices;  // Choice: the values ("learned", "sinusoidal", "none")
  std::string textKey;               // names the label and help text a person reads: "imdb.vocab_size"
  std::string help;                  // one line for the CLI's --help (the app shows its translated text)
};

// Spec builders; the option defaults to "--" + the key with dashes.
HyperParameterSpec integerParameter(const std::string& key, ParameterGroup group, double minimum, double maximum,
                                    const std::string& help);
HyperParameterSpec realParameter(const std::string& key, ParameterGroup group, double minimum, double maximum,
                                 int decimals, const std::string& help);
HyperParameterSpec choiceParameter(const std::string& key, ParameterGroup group, std::vector<std::string> choices,
                                   const std::string& help);
// The same spec under another CLI option ("--lr") or another text key ("bigram.vocab_size": a different help text).
HyperParameterSpec withOption(HyperParameterSpec spec, const std::string& option);
HyperParameterSpec withTextKey(HyperParameterSpec spec, const std::string& textKey);

// The value as the spec wants it (an integer, a number, one of the choices). InputError naming the key and the
// allowed range or choices otherwise.
nlohmann::json checkedValue(const HyperParameterSpec& spec, const nlohmann::json& value);

// What a person asks to train.
struct RunRequest {
  std::string task;             // the contract's task name: "imdb-transformer"
  std::string data = "builtin";  // a data source of cli.md
  std::string preset;           // empty: the task's default preset
  nlohmann::json values = nlohmann::json::object();  // key -> value; a missing key keeps the preset's value,
                                                     // a key the task does not have is ignored
  std::string initDir;          // continue from this model directory
  std::string initEncoderDir;   // imdb: vocabulary, embeddings and encoder from a masked-lm directory, new head
  std::shared_ptr<const MaskedLmModel> initEncoderModel;  // imdb: the same from a masked-lm in memory (wins)
  std::shared_ptr<const PretrainedBert> initEncoderBert;  // imdb: a frozen BERT in memory and a new head (wins)
  int fineTuneLayers = 0;       // imdb from a BERT: its top layers trained with the head (0: the head only)
};

struct TaskSchema {
  std::string task;     // the contract's task name: "imdb-transformer"
  std::string command;  // the CLI's name: "imdb" (attentionlab-cli train imdb)
  std::vector<std::string> presets;
  std::string defaultPreset;
  std::vector<HyperParameterSpec> parameters;
  // Every parameter's value in a preset, by key. InputError for an unknown preset.
  std::function<nlohmann::json(const std::string& preset)> presetValues;
  // The same for one data source, when a preset suits some sources differently (the chatbot's tiny preset on
  // the built-in conversations); unset: presetValues, whatever the source. Use presetValuesFor below.
  std::function<nlohmann::json(const std::string& preset, const std::string& data)> presetValuesForData;
  // The settings JSON of a request (preset, then the values), without preparing anything.
  std::function<nlohmann::json(const RunRequest&)> settings;
  // Loads the data and creates the model (slow: a worker thread). InputError for bad data or values.
  std::function<std::unique_ptr<TrainingRun>(const RunRequest&, const ProgressFn&)> prepare;
};

// A preset's values for a data source (the schema's presetValuesForData, or its presetValues).
inline nlohmann::json presetValuesFor(const TaskSchema& schema, const std::string& preset, const std::string& data) {
  return schema.presetValuesForData ? schema.presetValuesForData(preset, data) : schema.presetValues(preset);
}

// The preset a run on `data` starts from when none is named: the task's preset named after that built-in data
// source when it has one (lm's "long-range" for --data long-range), its default preset otherwise.
inline std::string defaultPresetFor(const std::vector<std::string>& presets, const std::string& defaultPreset,
                                    const std::string& data) {
  return std::find(presets.begin(), presets.end(), data) != presets.end() ? data : defaultPreset;
}
inline std::string defaultPresetFor(const TaskSchema& schema, const std::string& data) {
  return defaultPresetFor(schema.presets, schema.defaultPreset, data);
}

// Every task, in the order the app lists them.
const std::vector<TaskSchema>& taskSchemas();
// By contract name or CLI command; InputError for another name.
const TaskSchema& taskSchema(const std::string& taskOrCommand);

// ---------------------------------------------------------------------------------------------------------
// For the tasks' tables

// One parameter of a task whose run settings are S: its spec, and where its value lives in S.
template <class S>
struct SettingField {
  HyperParameterSpec spec;
  std::function<nlohmann::json(const S&)> get;
  std::function<void(S&, const nlohmann::json&)> set;
};

// The parameters every task's trainer shares (TrainingSettings), for run settings S with a `training` member;
// and `threads` when the task trains on several threads (S then has a `threads` member).
template <class S>
std::vector<SettingField<S>> trainingFields(bool withThreads = true) {
  using G = ParameterGroup;
  std::vector<SettingField<S>> fields = {
      {integerParameter("epochs", G::Training, 1, 1000, "number of passes over the training data"),
       [](const S& s) { return nlohmann::json(s.training.epochs); },
       [](S& s, const nlohmann::json& v) { s.training.epochs = v.get<int>(); }},
      {integerParameter("batch_size", G::Training, 1, 4096, "sequences per batch"),
       [](const S& s) { return nlohmann::json(s.training.batchSize); },
       [](S& s, const nlohmann::json& v) { s.training.batchSize = v.get<int>(); }},
      {withOption(realParameter("learning_rate", G::Training, 1e-6, 100.0, 6, "learning rate"), "--lr"),
       [](const S& s) { return nlohmann::json(static_cast<double>(s.training.optimizer.learningRate)); },
       [](S& s, const nlohmann::json& v) { s.training.optimizer.learningRate = v.get<float>(); }},
      {choiceParameter("optimizer", G::Training, {"rmsprop", "adam", "sgd"},
                       "rmsprop | adam | sgd (imdb: rmsprop, chatbot: adam)"),
       [](const S& s) { return nlohmann::json(s.training.optimizer.name); },
       [](S& s, const nlohmann::json& v) { s.training.optimizer.name = v.get<std::string>(); }},
      {realParameter("validation_split", G::Training, 0, 0.9, 2,
                     "last fraction of the (shuffled) training data held out; 0 = none"),
       [](const S& s) { return nlohmann::json(s.training.validationSplit); },
       [](S& s, const nlohmann::json& v) { s.training.validationSplit = v.get<double>(); }},
      {choiceParameter("shuffle", G::Training, {"on", "off"}, "on | off (off: batches in file order)"),
       [](const S& s) { return nlohmann::json(s.training.shuffle ? "on" : "off"); },
       [](S& s, const nlohmann::json& v) { s.training.shuffle = v.get<std::string>() == "on"; }},
      {integerParameter("train_limit", G::Training, 0, 1e9,
                        "use only the first N training samples (after shuffling); 0 = all"),
       [](const S& s) { return nlohmann::json(s.training.trainLimit); },
       [](S& s, const nlohmann::json& v) { s.training.trainLimit = v.get<size_t>(); }},
      {choiceParameter("keep", G::Training, {"best", "last"},
                       "best | last: keep the epoch of the lowest validation loss, or the last epoch"),
       [](const S& s) { return nlohmann::json(s.training.keepLastEpoch ? "last" : "best"); },
       [](S& s, const nlohmann::json& v) { s.training.keepLastEpoch = v.get<std::string>() == "last"; }},
      {integerParameter("seed", G::Training, 0, 2147483647,
                        "every random choice; same seed + same --threads = identical run"),
       [](const S& s) { return nlohmann::json(s.training.seed); },
       [](S& s, const nlohmann::json& v) { s.training.seed = v.get<uint64_t>(); }},
  };
  if constexpr (requires(S s) { s.threads; }) {
    if (withThreads)
      fields.push_back({integerParameter("threads", G::Training, 0, 1024, "worker threads (0: all cores)"),
                      [](const S& s) { return nlohmann::json(s.threads); },
                      [](S& s, const nlohmann::json& v) { s.threads = v.get<int>(); }});
  }
  return fields;
}

// How text becomes tokens (model-format.md, "Text to ids"), for run settings S with an optional `tokenizer`.
// "auto" (no value) lets the data decide: the task's default, or icu_words for mostly Chinese, Japanese or Korean
// text. A run continued from a model directory keeps that model's tokenizer.
template <class S>
SettingField<S> tokenizerField() {
  std::vector<std::string> choices = {"auto"};
  for (const std::string& name : tokenizerNames()) choices.push_back(name);
  return {choiceParameter("tokenizer", ParameterGroup::Model, choices,
                          "auto | keras | ascii | icu_words (auto: the task's default, icu_words for mostly Chinese, "
                          "Japanese or Korean data)"),
          [](const S& s) { return nlohmann::json(s.tokenizer ? tokenizerName(*s.tokenizer) : std::string("auto")); },
          [](S& s, const nlohmann::json& v) {
            const std::string name = v.get<std::string>();
            if (name == "auto") s.tokenizer.reset();
            else s.tokenizer = parseTokenizer(name);
          }};
}

// A preset's settings with the request's data, init directory and values applied (checked against the specs).
template <class S>
S applyRequest(const RunRequest& request, S settings, const std::vector<SettingField<S>>& fields) {
  settings.data = request.data;
  settings.initDir = request.initDir;
  if constexpr (requires(S s) { s.initEncoderDir; }) {
    settings.initEncoderDir = request.initEncoderDir;
    settings.initEncoderModel = request.initEncoderModel;
    settings.initEncoderBert = request.initEncoderBert;
    settings.fineTuneLayers = request.fineTuneLayers;
  }
  if constexpr (requires(S s) { s.givenValues; }) settings.givenValues = request.values;
  for (const SettingField<S>& field : fields) {
    auto value = request.values.find(field.spec.key);
    if (value != request.values.end()) field.set(settings, checkedValue(field.spec, *value));
  }
  return settings;
}

// The one settings shape: task, data, preset and every parameter by key.
template <class S>
nlohmann::json settingsJson(const std::string& task, const S& settings, const std::vector<SettingField<S>>& fields) {
  nlohmann::json j = {{"task", task}, {"data", settings.data}, {"preset", settings.preset}};
  for (const SettingField<S>& field : fields) j[field.spec.key] = field.get(settings);
  return j;
}

template <class S>
std::vector<HyperParameterSpec> specsOf(const std::vector<SettingField<S>>& fields) {
  std::vector<HyperParameterSpec> specs;
  for (const SettingField<S>& field : fields) specs.push_back(field.spec);
  return specs;
}

template <class S>
nlohmann::json valuesOf(const S& settings, const std::vector<SettingField<S>>& fields) {
  nlohmann::json values = nlohmann::json::object();
  for (const SettingField<S>& field : fields) values[field.spec.key] = field.get(settings);
  return values;
}

// The whole schema entry of a task from its field table, its preset function and its run's prepare.
template <class S, class Run>
TaskSchema makeTaskSchema(const std::string& task, const std::string& command, std::vector<std::string> presets,
                          const std::string& defaultPreset, const std::vector<SettingField<S>>& fields,
                          S (*preset)(const std::string&),
                          std::unique_ptr<Run> (*prepare)(const S&, const ProgressFn&)) {
  TaskSchema schema;
  schema.task = task;
  schema.command = command;
  schema.presets = std::move(presets);
  schema.defaultPreset = defaultPreset;
  schema.parameters = specsOf(fields);
  auto resolve = [=, presets = schema.presets](const RunRequest& r) {
    return applyRequest(r, preset(r.preset.empty() ? defaultPresetFor(presets, defaultPreset, r.data) : r.preset), fields);
  };
  schema.presetValues = [=](const std::string& name) { return valuesOf(preset(name), fields); };
  schema.settings = [=](const RunRequest& r) { return settingsJson(task, resolve(r), fields); };
  schema.prepare = [=](const RunRequest& r, const ProgressFn& progress) -> std::unique_ptr<TrainingRun> {
    return prepare(resolve(r), progress);
  };
  return schema;
}

}  // namespace al
