// Core headers first: Qt's `emit` macro must not reach them.
#include "core/catalogue/model_catalogue.h"
#include "core/data/imdb_sources.h"
#include "core/error.h"
#include "core/io/history.h"
#include "core/io/json_fields.h"
#include "core/data/dialogs.h"
#include "core/data/text_corpus.h"
#include "core/train/bigram_run.h"
#include "core/train/chatbot_task.h"
#include "core/train/hyperparameters.h"
#include "core/train/imdb_run.h"
#include "core/inference/masked_lm_inference.h"

#include "ui/session/run_factory.h"
#include "ui/text/kind_texts.h"
#include "ui/text/strings.h"

#include "ui/text/parameter_texts.h"
#include "ui/text/option_texts.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <thread>

#include <QCoreApplication>
#include <QFileInfo>
#include <QObject>

namespace al::ui {

// The translation context of this file's texts (its functions belong to no widget).
class RunFactory {
  Q_DECLARE_TR_FUNCTIONS(RunFactory)
};

namespace {

// Leave one core to the window, so that it answers at once while training runs.
int defaultThreads() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency()) - 1); }

QVariant toVariant(const nlohmann::json& value) {
  if (value.is_string()) return QString::fromStdString(value.get<std::string>());
  if (value.is_number_integer()) return QVariant(value.get<int>());
  if (value.is_number()) return QVariant(value.get<double>());
  return {};
}

nlohmann::json toJson(const QVariant& value) {
  switch (value.typeId()) {
    case QMetaType::Int:
    case QMetaType::LongLong:
    case QMetaType::UInt: return value.toLongLong();
    case QMetaType::Double:
    case QMetaType::Float: return value.toDouble();
    default: return value.toString().toStdString();
  }
}

}  // namespace

bool canStartClassifierFrom(const AnyModel& model) {
  if (model.as<MaskedLmModel>()) return true;
  for (const ModelKind* kind : kindsTrainedBy(taskInfo(TaskKind::ImdbTransformer).catalogueEntry->trainCommand))
    if (!kind->startsFrom.empty() && kind->startsFrom == model.task && model.hasWeights()) return true;
  return false;
}

QVariantMap fineTuningValues(const MaskedLmModel& model) {
  const nlohmann::json architecture = fineTuningArchitecture(model.model->config().encoder);  // outlives the loop
  QVariantMap values;
  for (const auto& [key, value] : architecture.items()) values[QString::fromStdString(key)] = toVariant(value);
  return values;
}

namespace {

// The core's request: the page's values, and the page's own thread default (one core left to the window).
al::RunRequest coreRequest(const RunRequest& request) {
  al::RunRequest core;
  core.task = taskInfo(request.task).catalogueEntry->trainCommand;
  core.data = request.data.toStdString();
  core.preset = request.preset.toStdString();
  for (auto it = request.values.begin(); it != request.values.end(); ++it)
    core.values[it.key().toStdString()] = toJson(it.value());
  if (core.values.value("threads", 0) <= 0) core.values["threads"] = defaultThreads();
  core.initEncoderModel = request.initEncoder;
  core.initEncoderBert = request.initEncoderBert;
  core.fineTuneLayers = request.fineTuneLayers;
  return core;
}

HyperParameter::Kind kindOf(ParameterType type) {
  switch (type) {
    case ParameterType::Integer: return HyperParameter::Kind::Integer;
    case ParameterType::Real: return HyperParameter::Kind::Real;
    case ParameterType::Choice: return HyperParameter::Kind::Choice;
  }
  return HyperParameter::Kind::Integer;
}

// Finds a field by name anywhere in a settings object (tasks nest them differently).
const nlohmann::json* findField(const nlohmann::json& j, const std::string& key) {
  if (!j.is_object()) return nullptr;
  if (auto it = j.find(key); it != j.end()) return &*it;
  for (const auto& [name, value] : j.items())
    if (const nlohmann::json* found = findField(value, key)) return found;
  return nullptr;
}

QString fieldText(const nlohmann::json& settings, const std::string& key) {
  const nlohmann::json* value = findField(settings, key);
  if (!value || value->is_null()) return {};
  if (value->is_string()) return QString::fromStdString(value->get<std::string>());
  // A rate kept as a float reads back as 0.003000000026077032: written as a person writes it, 0.003.
  if (value->is_number_float()) return QString::number(value->get<double>(), 'g', 6);
  return QString::fromStdString(value->dump());
}

}  // namespace

std::vector<EpochEvent> epochEvents(const std::vector<io::EpochRecord>& records) {
  std::vector<EpochEvent> history;
  for (const io::EpochRecord& r : records) {
    EpochEvent e;
    e.epoch = r.epoch;
    e.loss = r.loss;
    e.accuracy = r.accuracy;
    e.valLoss = r.valLoss;
    e.valAccuracy = r.valAccuracy;
    e.seconds = r.seconds;
    history.push_back(e);
  }
  return history;
}

namespace {

// The Train page's tasks are the catalogue's kinds that own a training form, named by their schema's command.
TaskKind taskKindOfCommand(const std::string& command) {
  if (command == "bigram") return TaskKind::Bigram;
  if (command == "chatbot") return TaskKind::Chatbot;
  if (command == "mlm") return TaskKind::MaskedLm;
  if (command == "lm") return TaskKind::LanguageModel;
  return TaskKind::ImdbTransformer;
}

TaskInfo taskInfoOf(const ModelKind& kind) {
  TaskInfo info;
  info.kind = taskKindOfCommand(kind.trainCommand);
  info.title = kindTitle(kind);
  info.contractName = QString::fromStdString(kind.task);
  info.toolTip = kindDescription(kind);
  info.available = true;
  info.hasDataCard = kind.can(Ability::Classify);  // the book's samples-per-word rule is about classification
  for (const BuiltinCorpus& corpus : kind.corpora)
    info.builtinData.emplace_back(QString::fromStdString(corpus.source), corpusTitle(corpus.key));
  info.dataFileFilter = dataFileFilter(kind.data);
  info.catalogueEntry = &kind;
  return info;
}

}  // namespace

std::vector<TaskInfo> trainingTasks() {
  std::vector<TaskInfo> tasks;
  for (const ModelKind& kind : modelKinds())
    if (kind.trainable() && kind.ownsTrainingForm) tasks.push_back(taskInfoOf(kind));  // pretrained kinds: read only
  return tasks;
}

QString dataName(const QString& source, const QString& contractTask) {
  // The corpora of the model's own kind first: several kinds name theirs "builtin".
  std::vector<const ModelKind*> kinds;
  for (const ModelKind& kind : modelKinds()) kinds.push_back(&kind);
  std::stable_partition(kinds.begin(), kinds.end(),
                        [&](const ModelKind* k) { return QString::fromStdString(k->task) == contractTask; });
  for (const ModelKind* kind : kinds)
    for (const BuiltinCorpus& corpus : kind->corpora)
      if (QString::fromStdString(corpus.source) == source) return corpusTitle(corpus.key);
  return source.startsWith(QLatin1String("builtin")) ? source : QFileInfo(source).fileName();
}

TaskInfo taskInfo(TaskKind kind) {
  for (const TaskInfo& info : trainingTasks())
    if (info.kind == kind) return info;
  return trainingTasks().front();
}

const TaskSchema& schemaOf(TaskKind kind) { return taskSchema(taskInfo(kind).catalogueEntry->trainCommand); }

QStringList presetNames(TaskKind kind) { return toQStrings(schemaOf(kind).presets); }

QString defaultPreset(TaskKind kind) { return QString::fromStdString(schemaOf(kind).defaultPreset); }

std::vector<HyperParameter> presetParameters(TaskKind kind, const QString& preset, const QString& data) {
  const TaskSchema& schema = schemaOf(kind);
  const nlohmann::json values = data.isEmpty() ? schema.presetValues(preset.toStdString())
                                               : presetValuesFor(schema, preset.toStdString(), data.toStdString());
  std::vector<HyperParameter> parameters;
  for (const HyperParameterSpec& spec : schema.parameters) {
    HyperParameter p;
    p.key = QString::fromStdString(spec.key);
    const ParameterText text = parameterText(QString::fromStdString(spec.textKey));
    p.label = text.label;
    p.toolTip = text.toolTip;
    p.group = spec.group == ParameterGroup::Model ? QStringLiteral("Model") : QStringLiteral("Training");
    p.kind = kindOf(spec.type);
    p.minimum = spec.minimum;
    p.maximum = spec.maximum;
    p.decimals = spec.decimals;
    p.choices = toQStrings(spec.choices);
    for (const QString& choice : p.choices) p.choiceLabels << parameterText(p.key + QLatin1Char('.') + choice).label;
    p.value = spec.key == "threads" ? QVariant(defaultThreads()) : toVariant(values.at(spec.key));
    parameters.push_back(p);
  }
  return parameters;
}

nlohmann::json requestSettings(const RunRequest& request) {
  const al::RunRequest core = coreRequest(request);
  return taskSchema(core.task).settings(core);
}

std::unique_ptr<TrainingRun> prepareRun(const RunRequest& request, const ProgressFn& progress) {
  const al::RunRequest core = coreRequest(request);
  return taskSchema(core.task).prepare(core, progress);
}

DataCard describeData(TaskKind kind, const QString& data) {
  if (taskInfo(kind).catalogueEntry->data == DataKind::Dialogs) {
    // Dialogs: the card counts the pairs; the book's samples-per-word rule is about classification.
    const DialogCorpus corpus = loadDialogSource(data.toStdString());
    DataCard card;
    card.samples = corpus.train.size();
    return card;
  }
  if (taskInfo(kind).catalogueEntry->data == DataKind::Text) {  // documents (lines) of plain text
    DataCard card;
    card.samples = loadTextCorpus(data.toStdString(), TrainingSettings{}.seed).train.size();
    return card;
  }
  const LabeledDataset dataset = loadImdbSource(data.toStdString());
  return describe(dataset.train, data.toStdString());
}

QString presetLabel(const QString& preset) {
  // tiny, classroom and book are said as the command line and the lessons say them, in every language.
  if (preset == QLatin1String("large")) return RunFactory::tr("large");
  if (preset == QLatin1String("long-range")) return RunFactory::tr("long-range");
  if (preset == QLatin1String("referent-zh")) return RunFactory::tr("referent-zh");
  return preset;
}

QString settingsSummary(const nlohmann::json& settings) {
  QStringList parts;
  const QString data = fieldText(settings, "data");  // which data a run trains on, never left unsaid
  if (!data.isEmpty()) parts << dataName(data, fieldText(settings, "task"));
  const QString preset = fieldText(settings, "preset");
  if (!preset.isEmpty()) parts << presetLabel(preset);
  const QString position = fieldText(settings, "position");
  if (!position.isEmpty()) parts << positionName(position);
  const QString norm = fieldText(settings, "norm");
  if (!norm.isEmpty()) parts << normPhrase(norm);
  const QString layers = fieldText(settings, "num_layers");
  if (!layers.isEmpty()) parts << RunFactory::tr("L=%1").arg(layers);
  const QString width = fieldText(settings, "embed_dim");
  if (!width.isEmpty()) parts << RunFactory::tr("D=%1").arg(width);
  const QString epochs = fieldText(settings, "epochs");
  if (!epochs.isEmpty()) parts << RunFactory::tr("%1 epochs").arg(epochs);
  const QString rate = fieldText(settings, "learning_rate");
  if (!rate.isEmpty()) parts << RunFactory::tr("lr %1").arg(rate);
  return parts.join(QStringLiteral(" · "));
}

}  // namespace al::ui
