#pragma once
// Where the Train page learns which tasks exist and renders the core's hyper-parameter schema and presets
// (core/train/hyperparameters.h) with translated labels; its settings become a core TrainingRun through the
// schema's prepare. A new task adds its schema entry in the core and its texts in ui/text/parameter_texts.cpp.
//
// Core headers come first: a core header must never see Qt's `emit` macro (it breaks oneTBB's headers).
#include <filesystem>
#include <memory>
#include <utility>
#include <vector>

#include "core/catalogue/model_catalogue.h"
#include "core/data/imdb_sources.h"
#include "core/io/history.h"
#include "core/train/run.h"
#include "core/inference/masked_lm_inference.h"

#include <QString>
#include <QStringList>
#include <QVariant>
#include <QVariantMap>

namespace al::ui {

// The Train page's tasks: the catalogue's kinds that own a training form (core/catalogue/model_catalogue.h), in
// its order; trainingTasks() builds their descriptions from it.
enum class TaskKind { ImdbTransformer, Bigram, Chatbot, MaskedLm, LanguageModel };

struct TaskInfo {
  TaskKind kind;
  QString title;        // what the task box shows: "IMDB Transformer"
  QString contractName; // the model format's task name (the catalogue's)
  QString toolTip;      // what it is; for an unavailable task, why it cannot be chosen yet
  bool available = false;
  bool hasDataCard = false;  // sentiment data: the book's samples-per-word rule applies
  std::vector<std::pair<QString, QString>> builtinData;  // source ("builtin") and what the data box shows
  QString dataFileFilter;    // for the open-data dialog
  const ModelKind* catalogueEntry = nullptr;  // what the catalogue says of it (core/catalogue/model_catalogue.h)
};

// Every task of the app, in the order of the task box.
std::vector<TaskInfo> trainingTasks();
TaskInfo taskInfo(TaskKind kind);
// A data source as a person reads it: a built-in corpus by its title ("Built-in reviews (offline)"; the task,
// a contract name, picks between the tasks' corpora named "builtin"), a file or folder by its name.
QString dataName(const QString& source, const QString& contractTask = {});

// One editable hyper-parameter of the core's schema (core/train/hyperparameters.h) as the page shows it, with its
// translated label and help: a spin box, or a row of toggles for a choice.
struct HyperParameter {
  enum class Kind { Integer, Real, Choice };
  QString key;      // stable name, also the editor's objectName: "epochs", "embed_dim", "position"
  QString label;    // "Epochs"
  QString toolTip;  // what it does, in words a student understands
  QString group;    // "Model" or "Training" (a key, not shown)
  Kind kind = Kind::Integer;
  double minimum = 0, maximum = 0;
  int decimals = 0;        // Real: digits after the point
  QStringList choices;     // Choice: the values ("learned", "sinusoidal", "none")
  QStringList choiceLabels;  // Choice: what the toggles say
  QVariant value;          // the preset's value
};

QStringList presetNames(TaskKind kind);
QString defaultPreset(TaskKind kind);
// The preset's hyper-parameters, every one of them editable, for a data source when given (a preset may suit a
// source differently: the chatbot's tiny preset on the built-in conversations). Throws al::InputError for an
// unknown preset.
std::vector<HyperParameter> presetParameters(TaskKind kind, const QString& preset, const QString& data = {});

// What the page asks for when Start is pressed.
struct RunRequest {
  TaskKind task = TaskKind::ImdbTransformer;
  QString data = QStringLiteral("builtin");  // "builtin" or a path (folder, archive, CSV, TSV, dialogs file)
  QString preset;
  QVariantMap values;  // key -> value of presetParameters(); missing keys keep the preset's value
  // IMDB Transformer: start from this masked-LM's vocabulary, embeddings and encoder (a new head); null: scratch
  std::shared_ptr<const MaskedLmModel> initEncoder;
  // IMDB Transformer: a sentiment head on this BERT's [CLS] state, the BERT frozen (core/train/bert_sentiment_run.h)
  std::shared_ptr<const PretrainedBert> initEncoderBert;
  // IMDB Transformer on a BERT: its top N layers trained with the head (0: BERT frozen, the head only)
  int fineTuneLayers = 0;
};

// Whether an IMDB classifier can start from this model of the library: a masked-LM (its encoder fine-tuned under
// a new head) or the pretrained kind a head of the catalogue is trained on (a BERT, frozen).
bool canStartClassifierFrom(const AnyModel& model);

// The architecture values a run that starts from this masked-LM takes from it (al::fineTuningArchitecture), by
// form key: the Train page puts them in its form when "Start from" names the model.
QVariantMap fineTuningValues(const MaskedLmModel& model);

// The one settings JSON of such a request (core/train/hyperparameters.h), before anything is prepared.
nlohmann::json requestSettings(const RunRequest& request);

// Slow (loads the data, builds the vocabulary, creates the model): call it on a worker thread.
// Throws al::InputError for bad data, al::RunError("cancelled") when progress returns false.
std::unique_ptr<TrainingRun> prepareRun(const RunRequest& request, const ProgressFn& progress = {});

// Loads the training data and describes it by the book's rule (slow for large data: worker thread); for
// dialogs only `samples` is set (the number of training pairs). Throws al::InputError for bad data.
DataCard describeData(TaskKind kind, const QString& data);

// A saved history, as the curves and the runs list take it.
std::vector<EpochEvent> epochEvents(const std::vector<io::EpochRecord>& records);

// A preset as the preset box and the runs list show it: the command line's name, or its translation when the
// name is an English word ("large", "long-range").
QString presetLabel(const QString& preset);

// A short summary of a run's settings for the runs list: "tiny · learned position · layer norm · 3 epochs".
QString settingsSummary(const nlohmann::json& settings);

}  // namespace al::ui
