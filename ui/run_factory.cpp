// Core headers first: Qt's `emit` macro must not reach them.
#include "core/data/imdb_sources.h"
#include "core/error.h"
#include "core/io/history.h"
#include "core/io/json_fields.h"
#include "core/train/imdb_run.h"

#include "ui/run_factory.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <thread>

#include <QObject>

namespace al::ui {

namespace {

using Kind = HyperParameter::Kind;

// One hyper-parameter of the IMDB Transformer run: how the form shows it, and where it lives in the settings.
struct ImdbField {
  HyperParameter parameter;
  std::function<QVariant(const ImdbRunSettings&)> get;
  std::function<void(ImdbRunSettings&, const QVariant&)> set;
};

HyperParameter integer(const char* key, const QString& label, const QString& group, double minimum, double maximum,
                       const QString& toolTip) {
  HyperParameter p;
  p.key = QString::fromLatin1(key);
  p.label = label;
  p.group = group;
  p.kind = Kind::Integer;
  p.minimum = minimum;
  p.maximum = maximum;
  p.toolTip = toolTip;
  return p;
}

HyperParameter real(const char* key, const QString& label, const QString& group, double minimum, double maximum,
                    int decimals, const QString& toolTip) {
  HyperParameter p = integer(key, label, group, minimum, maximum, toolTip);
  p.kind = Kind::Real;
  p.decimals = decimals;
  return p;
}

HyperParameter choice(const char* key, const QString& label, const QString& group, const QStringList& choices,
                      const QStringList& labels, const QString& toolTip) {
  HyperParameter p = integer(key, label, group, 0, 0, toolTip);
  p.kind = Kind::Choice;
  p.choices = choices;
  p.choiceLabels = labels;
  return p;
}

// Leave one core to the window, so that it answers at once while training runs.
int defaultThreads() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency()) - 1); }

int maxThreads() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency())); }

template <class E>
E enumFrom(const QVariant& value, std::initializer_list<std::pair<const char*, E>> names) {
  for (const auto& [name, e] : names)
    if (value.toString() == QLatin1String(name)) return e;
  throw InputError("unknown choice '" + value.toString().toStdString() + "'");
}

const std::vector<ImdbField>& imdbFields() {
  const QString model = QStringLiteral("Model");
  const QString training = QStringLiteral("Training");
  static const std::vector<ImdbField> fields = {
      // Model
      {integer("vocab_size", QObject::tr("Vocabulary size"), model, 2, 200000,
               QObject::tr("How many different words the model knows (the most frequent ones of the training "
                           "data). Every other word becomes [UNK].")),
       [](const ImdbRunSettings& s) { return QVariant(s.model.vocabSize); },
       [](ImdbRunSettings& s, const QVariant& v) { s.model.vocabSize = v.toInt(); }},
      {integer("sequence_length", QObject::tr("Sequence length"), model, 1, 4096,
               QObject::tr("A review is cut after this many words. Longer means more context and slower training.")),
       [](const ImdbRunSettings& s) { return QVariant(s.model.sequenceLength); },
       [](ImdbRunSettings& s, const QVariant& v) { s.model.sequenceLength = v.toInt(); }},
      {integer("embed_dim", QObject::tr("Embedding width (D)"), model, 1, 2048,
               QObject::tr("How many numbers describe each word inside the model.")),
       [](const ImdbRunSettings& s) { return QVariant(s.model.embedDim); },
       [](ImdbRunSettings& s, const QVariant& v) { s.model.embedDim = v.toInt(); }},
      {integer("num_heads", QObject::tr("Attention heads (H)"), model, 1, 64,
               QObject::tr("How many attention patterns each layer computes side by side; each head can look for "
                           "something different.")),
       [](const ImdbRunSettings& s) { return QVariant(s.model.numHeads); },
       [](ImdbRunSettings& s, const QVariant& v) { s.model.numHeads = v.toInt(); }},
      {integer("key_dim", QObject::tr("Key width per head (K)"), model, 1, 2048,
               QObject::tr("The length of the query and key vectors each head compares; scores are divided by "
                           "the square root of this width.")),
       [](const ImdbRunSettings& s) { return QVariant(s.model.keyDim); },
       [](ImdbRunSettings& s, const QVariant& v) { s.model.keyDim = v.toInt(); }},
      {integer("dense_dim", QObject::tr("Feed-forward width (F)"), model, 1, 8192,
               QObject::tr("The hidden width of the small two-layer network applied to every word after "
                           "attention.")),
       [](const ImdbRunSettings& s) { return QVariant(s.model.denseDim); },
       [](ImdbRunSettings& s, const QVariant& v) { s.model.denseDim = v.toInt(); }},
      {integer("num_layers", QObject::tr("Encoder layers (L)"), model, 1, 24,
               QObject::tr("How many attention + feed-forward blocks are stacked.")),
       [](const ImdbRunSettings& s) { return QVariant(s.model.numLayers); },
       [](ImdbRunSettings& s, const QVariant& v) { s.model.numLayers = v.toInt(); }},
      {choice("position", QObject::tr("Word position"), model, {"learned", "sinusoidal", "none"},
              {QObject::tr("learned"), QObject::tr("sinusoidal"), QObject::tr("none")},
              QObject::tr("Attention alone does not see word order. Learned: the model learns one vector per "
                          "position. Sinusoidal: fixed sine waves of different speeds. None: the sentence is a bag "
                          "of words, so \"not good\" and \"good, not\" look alike.")),
       [](const ImdbRunSettings& s) { return QVariant(QString::fromStdString(toString(s.model.position))); },
       [](ImdbRunSettings& s, const QVariant& v) {
         s.model.position = enumFrom<PositionKind>(
             v, {{"learned", PositionKind::Learned}, {"sinusoidal", PositionKind::Sinusoidal}, {"none", PositionKind::None}});
       }},
      {choice("norm", QObject::tr("Normalization"), model, {"layer", "batch"},
              {QObject::tr("layer"), QObject::tr("batch")},
              QObject::tr("Layer: each word's vector is normalized on its own (what Transformers use). Batch: each "
                          "feature is normalized over all words of the batch, which mixes reviews of different "
                          "lengths.")),
       [](const ImdbRunSettings& s) { return QVariant(QString::fromStdString(toString(s.model.norm))); },
       [](ImdbRunSettings& s, const QVariant& v) {
         s.model.norm = enumFrom<NormKind>(v, {{"layer", NormKind::Layer}, {"batch", NormKind::Batch}});
       }},
      {choice("pooling", QObject::tr("Pooling"), model, {"max", "mean"}, {QObject::tr("max"), QObject::tr("mean")},
              QObject::tr("How the words' vectors become one vector for the review: the largest value of each "
                          "feature, or the average.")),
       [](const ImdbRunSettings& s) { return QVariant(QString::fromStdString(toString(s.model.pooling))); },
       [](ImdbRunSettings& s, const QVariant& v) {
         s.model.pooling = enumFrom<PoolingKind>(v, {{"max", PoolingKind::Max}, {"mean", PoolingKind::Mean}});
       }},
      {real("dropout", QObject::tr("Dropout"), model, 0, 0.95, 2,
            QObject::tr("During training, this fraction of the pooled features is set to zero at random, so the "
                        "model cannot lean on any single one. 0 switches it off.")),
       [](const ImdbRunSettings& s) { return QVariant(static_cast<double>(s.model.dropout)); },
       [](ImdbRunSettings& s, const QVariant& v) { s.model.dropout = static_cast<float>(v.toDouble()); }},
      // Training
      {integer("epochs", QObject::tr("Epochs"), training, 1, 1000,
               QObject::tr("How many times the model sees the whole training data.")),
       [](const ImdbRunSettings& s) { return QVariant(s.training.epochs); },
       [](ImdbRunSettings& s, const QVariant& v) { s.training.epochs = v.toInt(); }},
      {integer("batch_size", QObject::tr("Batch size"), training, 1, 4096,
               QObject::tr("How many reviews are averaged for one step of the weights. Larger batches give smoother "
                           "but fewer steps.")),
       [](const ImdbRunSettings& s) { return QVariant(s.training.batchSize); },
       [](ImdbRunSettings& s, const QVariant& v) { s.training.batchSize = v.toInt(); }},
      {real("learning_rate", QObject::tr("Learning rate"), training, 1e-6, 100.0, 6,
            QObject::tr("How big a step the optimizer takes. Too large and the loss jumps or becomes NaN; too small "
                        "and nothing seems to happen.")),
       [](const ImdbRunSettings& s) { return QVariant(static_cast<double>(s.training.optimizer.learningRate)); },
       [](ImdbRunSettings& s, const QVariant& v) {
         s.training.optimizer.learningRate = static_cast<float>(v.toDouble());
       }},
      {choice("optimizer", QObject::tr("Optimizer"), training, {"rmsprop", "adam", "sgd"},
              {QObject::tr("RMSprop"), QObject::tr("Adam"), QObject::tr("SGD")},
              QObject::tr("How the gradient becomes a step. SGD: a fixed multiple of the gradient. RMSprop and "
                          "Adam: each weight's step is scaled by how large its recent gradients were.")),
       [](const ImdbRunSettings& s) { return QVariant(QString::fromStdString(s.training.optimizer.name)); },
       [](ImdbRunSettings& s, const QVariant& v) { s.training.optimizer.name = v.toString().toStdString(); }},
      {real("validation_split", QObject::tr("Validation split"), training, 0, 0.9, 2,
            QObject::tr("This fraction of the training data is held out and never trained on; its accuracy tells "
                        "whether the model learned or memorized. 0: no validation curve.")),
       [](const ImdbRunSettings& s) { return QVariant(s.training.validationSplit); },
       [](ImdbRunSettings& s, const QVariant& v) { s.training.validationSplit = v.toDouble(); }},
      {choice("shuffle", QObject::tr("Shuffle"), training, {"on", "off"}, {QObject::tr("on"), QObject::tr("off")},
              QObject::tr("On: a new order of the reviews every epoch. Off: the file's order every time.")),
       [](const ImdbRunSettings& s) { return QVariant(s.training.shuffle ? QStringLiteral("on") : QStringLiteral("off")); },
       [](ImdbRunSettings& s, const QVariant& v) { s.training.shuffle = v.toString() == QLatin1String("on"); }},
      {integer("seed", QObject::tr("Random seed"), training, 0, 2147483647,
               QObject::tr("Decides every random choice (initial weights, order, dropout). The same seed and thread "
                           "count repeat a run exactly.")),
       [](const ImdbRunSettings& s) { return QVariant(static_cast<int>(s.training.seed)); },
       [](ImdbRunSettings& s, const QVariant& v) { s.training.seed = static_cast<uint64_t>(v.toLongLong()); }},
      {integer("threads", QObject::tr("Threads"), training, 1, maxThreads(),
               QObject::tr("How many processor cores train. One is left free by default so the window stays "
                           "quick.")),
       [](const ImdbRunSettings&) { return QVariant(defaultThreads()); },
       [](ImdbRunSettings& s, const QVariant& v) { s.threads = v.toInt(); }},
  };
  return fields;
}

ImdbRunSettings imdbSettings(const RunRequest& request) {
  ImdbRunSettings settings = imdbPreset(request.preset.toStdString());
  settings.data = request.data.toStdString();
  for (const ImdbField& field : imdbFields()) {
    auto value = request.values.find(field.parameter.key);
    if (value != request.values.end()) field.set(settings, value.value());
  }
  if (settings.threads <= 0) settings.threads = defaultThreads();
  return settings;
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
  return QString::fromStdString(value->dump());
}

std::vector<EpochEvent> historyOf(const std::filesystem::path& dir) {
  std::vector<EpochEvent> history;
  const std::filesystem::path file = dir / "history.json";
  if (!std::filesystem::exists(file)) return history;
  for (const io::EpochRecord& r : io::readHistory(file)) {
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

}  // namespace

std::vector<TaskInfo> trainingTasks() {
  const QString sentimentFiles =
      QObject::tr("Reviews (*.tar.gz *.tgz *.csv *.tsv *.txt);;All files (*)");
  return {
      {TaskKind::ImdbTransformer, QObject::tr("IMDB Transformer"), QStringLiteral("imdb-transformer"),
       QObject::tr("Classify movie reviews as positive or negative with a Transformer encoder"), true, true,
       QObject::tr("Built-in reviews (offline)"), sentimentFiles},
      {TaskKind::Bigram, QObject::tr("Bag-of-bigrams"), QStringLiteral("imdb-bigram"),
       QObject::tr("Not available yet: the bag-of-bigrams baseline cannot be trained in this version"), false, true,
       QObject::tr("Built-in reviews (offline)"), sentimentFiles},
      {TaskKind::Chatbot, QObject::tr("Chatbot"), QStringLiteral("seq2seq-attention"),
       QObject::tr("Not available yet: the chatbot cannot be trained on this page in this version"), false, false,
       QObject::tr("Built-in dialogs (offline)"), QObject::tr("Dialogs (*.txt *.tsv);;All files (*)")},
  };
}

TaskInfo taskInfo(TaskKind kind) {
  for (const TaskInfo& info : trainingTasks())
    if (info.kind == kind) return info;
  return trainingTasks().front();
}

QStringList presetNames(TaskKind kind) {
  QStringList names;
  if (kind == TaskKind::ImdbTransformer)
    for (const std::string& name : imdbPresetNames()) names << QString::fromStdString(name);
  return names;
}

QString defaultPreset(TaskKind kind) {
  if (kind == TaskKind::ImdbTransformer) return QString::fromStdString(ImdbRunSettings{}.preset);
  return {};
}

std::vector<HyperParameter> presetParameters(TaskKind kind, const QString& preset) {
  std::vector<HyperParameter> parameters;
  if (kind != TaskKind::ImdbTransformer) return parameters;
  const ImdbRunSettings settings = imdbPreset(preset.toStdString());
  for (const ImdbField& field : imdbFields()) {
    HyperParameter p = field.parameter;
    p.value = field.get(settings);
    parameters.push_back(p);
  }
  return parameters;
}

std::unique_ptr<TrainingRun> prepareRun(const RunRequest& request, const ProgressFn& progress) {
  switch (request.task) {
    case TaskKind::ImdbTransformer: return ImdbRun::prepare(imdbSettings(request), progress);
    case TaskKind::Bigram:
    case TaskKind::Chatbot: break;
  }
  throw InputError(taskInfo(request.task).title.toStdString() + " cannot be trained in this version");
}

DataCard describeData(TaskKind kind, const QString& data) {
  if (!taskInfo(kind).hasDataCard) return {};
  const LabeledDataset dataset = loadImdbSource(data.toStdString());
  return describe(dataset.train);
}

SavedModel openModel(const QString& dir) {
  const std::filesystem::path path = dir.toStdString();
  const nlohmann::json config = io::readConfig(path, "");
  const std::string task = config.value("task", std::string());
  SavedModel saved;
  saved.config = config;
  for (const TaskInfo& info : trainingTasks()) {
    if (info.contractName.toStdString() != task) continue;
    if (!info.available)
      throw InputError((path / "config.json").string() + ": a model of task \"" + task + "\" (" +
                       info.title.toStdString() + "), which this version cannot train or show yet");
    saved.task = info.kind;
    if (info.kind == TaskKind::ImdbTransformer) loadImdbTransformer(path);  // checks tensors and vocabulary too
    saved.history = historyOf(path);
    return saved;
  }
  throw InputError((path / "config.json").string() + ": a model of another task, \"" + task +
                   "\"; expected imdb-transformer, imdb-bigram or seq2seq-attention");
}

QString settingsSummary(const nlohmann::json& settings) {
  QStringList parts;
  const QString preset = fieldText(settings, "preset");
  if (!preset.isEmpty()) parts << preset;
  const QString position = fieldText(settings, "position");
  if (!position.isEmpty())
    parts << (position == QLatin1String("none") ? QObject::tr("no position") : QObject::tr("%1 position").arg(position));
  const QString norm = fieldText(settings, "norm");
  if (!norm.isEmpty()) parts << QObject::tr("%1 norm").arg(norm);
  const QString layers = fieldText(settings, "num_layers");
  if (!layers.isEmpty()) parts << QObject::tr("L=%1").arg(layers);
  const QString width = fieldText(settings, "embed_dim");
  if (!width.isEmpty()) parts << QObject::tr("D=%1").arg(width);
  const QString epochs = fieldText(settings, "epochs");
  if (!epochs.isEmpty()) parts << QObject::tr("%1 epochs").arg(epochs);
  const QString rate = fieldText(settings, "learning_rate");
  if (!rate.isEmpty()) parts << QObject::tr("lr %1").arg(rate);
  return parts.join(QStringLiteral(" · "));
}

}  // namespace al::ui
