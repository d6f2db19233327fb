// Core headers first: Qt's `emit` macro must not reach them.
#include "core/data/imdb_sources.h"
#include "core/error.h"
#include "core/io/history.h"
#include "core/io/json_fields.h"
#include "core/data/dialogs.h"
#include "core/train/bigram_run.h"
#include "core/train/chatbot_task.h"
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

// One hyper-parameter of a task's run settings S: how the form shows it, and where it lives in S.
template <class S>
struct Field {
  HyperParameter parameter;
  std::function<QVariant(const S&)> get;
  std::function<void(S&, const QVariant&)> set;
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

const QString kModel = QStringLiteral("Model");
const QString kTraining = QStringLiteral("Training");

// Leave one core to the window, so that it answers at once while training runs.
int defaultThreads() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency()) - 1); }

int maxThreads() { return std::max(1, static_cast<int>(std::thread::hardware_concurrency())); }

template <class E>
E enumFrom(const QVariant& value, std::initializer_list<std::pair<const char*, E>> names) {
  for (const auto& [name, e] : names)
    if (value.toString() == QLatin1String(name)) return e;
  throw InputError("unknown choice '" + value.toString().toStdString() + "'");
}

// The training settings every task shares (TrainingSettings of the trainer), for any run settings S.
template <class S>
std::vector<Field<S>> trainingFields(bool withThreads) {
  std::vector<Field<S>> fields = {
      {integer("epochs", QObject::tr("Epochs"), kTraining, 1, 1000,
               QObject::tr("How many times the model sees the whole training data.")),
       [](const S& s) { return QVariant(s.training.epochs); },
       [](S& s, const QVariant& v) { s.training.epochs = v.toInt(); }},
      {integer("batch_size", QObject::tr("Batch size"), kTraining, 1, 4096,
               QObject::tr("How many samples are averaged for one step of the weights. Larger batches give "
                           "smoother but fewer steps.")),
       [](const S& s) { return QVariant(s.training.batchSize); },
       [](S& s, const QVariant& v) { s.training.batchSize = v.toInt(); }},
      {real("learning_rate", QObject::tr("Learning rate"), kTraining, 1e-6, 100.0, 6,
            QObject::tr("How big a step the optimizer takes. Too large and the loss jumps or becomes NaN; too small "
                        "and nothing seems to happen.")),
       [](const S& s) { return QVariant(static_cast<double>(s.training.optimizer.learningRate)); },
       [](S& s, const QVariant& v) { s.training.optimizer.learningRate = static_cast<float>(v.toDouble()); }},
      {choice("optimizer", QObject::tr("Optimizer"), kTraining, {"rmsprop", "adam", "sgd"},
              {QObject::tr("RMSprop"), QObject::tr("Adam"), QObject::tr("SGD")},
              QObject::tr("How the gradient becomes a step. SGD: a fixed multiple of the gradient. RMSprop and "
                          "Adam: each weight's step is scaled by how large its recent gradients were.")),
       [](const S& s) { return QVariant(QString::fromStdString(s.training.optimizer.name)); },
       [](S& s, const QVariant& v) { s.training.optimizer.name = v.toString().toStdString(); }},
      {real("validation_split", QObject::tr("Validation split"), kTraining, 0, 0.9, 2,
            QObject::tr("This fraction of the training data is held out and never trained on; its accuracy tells "
                        "whether the model learned or memorized. 0: no validation curve.")),
       [](const S& s) { return QVariant(s.training.validationSplit); },
       [](S& s, const QVariant& v) { s.training.validationSplit = v.toDouble(); }},
      {choice("shuffle", QObject::tr("Shuffle"), kTraining, {"on", "off"}, {QObject::tr("on"), QObject::tr("off")},
              QObject::tr("On: a new order of the samples every epoch. Off: the file's order every time.")),
       [](const S& s) { return QVariant(s.training.shuffle ? QStringLiteral("on") : QStringLiteral("off")); },
       [](S& s, const QVariant& v) { s.training.shuffle = v.toString() == QLatin1String("on"); }},
      {integer("seed", QObject::tr("Random seed"), kTraining, 0, 2147483647,
               QObject::tr("Decides every random choice (initial weights, order, dropout). The same seed and thread "
                           "count repeat a run exactly.")),
       [](const S& s) { return QVariant(static_cast<int>(s.training.seed)); },
       [](S& s, const QVariant& v) { s.training.seed = static_cast<uint64_t>(v.toLongLong()); }},
  };
  if (withThreads) {
    fields.push_back({integer("threads", QObject::tr("Threads"), kTraining, 1, maxThreads(),
                              QObject::tr("How many processor cores train. One is left free by default so the "
                                          "window stays quick.")),
                      [](const S&) { return QVariant(defaultThreads()); },
                      [](S& s, const QVariant& v) { s.threads = v.toInt(); }});
  }
  return fields;
}

const std::vector<Field<ImdbRunSettings>>& imdbFields() {
  using S = ImdbRunSettings;
  static const std::vector<Field<S>> fields = [] {
    std::vector<Field<S>> f = {
        {integer("vocab_size", QObject::tr("Vocabulary size"), kModel, 2, 200000,
                 QObject::tr("How many different words the model knows (the most frequent ones of the training "
                             "data). Every other word becomes [UNK].")),
         [](const S& s) { return QVariant(s.model.vocabSize); },
         [](S& s, const QVariant& v) { s.model.vocabSize = v.toInt(); }},
        {integer("sequence_length", QObject::tr("Sequence length"), kModel, 1, 4096,
                 QObject::tr("A review is cut after this many words. Longer means more context and slower "
                             "training.")),
         [](const S& s) { return QVariant(s.model.sequenceLength); },
         [](S& s, const QVariant& v) { s.model.sequenceLength = v.toInt(); }},
        {integer("embed_dim", QObject::tr("Embedding width (D)"), kModel, 1, 2048,
                 QObject::tr("How many numbers describe each word inside the model.")),
         [](const S& s) { return QVariant(s.model.embedDim); },
         [](S& s, const QVariant& v) { s.model.embedDim = v.toInt(); }},
        {integer("num_heads", QObject::tr("Attention heads (H)"), kModel, 1, 64,
                 QObject::tr("How many attention patterns each layer computes side by side; each head can look "
                             "for something different.")),
         [](const S& s) { return QVariant(s.model.numHeads); },
         [](S& s, const QVariant& v) { s.model.numHeads = v.toInt(); }},
        {integer("key_dim", QObject::tr("Key width per head (K)"), kModel, 1, 2048,
                 QObject::tr("The length of the query and key vectors each head compares; scores are divided by "
                             "the square root of this width.")),
         [](const S& s) { return QVariant(s.model.keyDim); },
         [](S& s, const QVariant& v) { s.model.keyDim = v.toInt(); }},
        {integer("dense_dim", QObject::tr("Feed-forward width (F)"), kModel, 1, 8192,
                 QObject::tr("The hidden width of the small two-layer network applied to every word after "
                             "attention.")),
         [](const S& s) { return QVariant(s.model.denseDim); },
         [](S& s, const QVariant& v) { s.model.denseDim = v.toInt(); }},
        {integer("num_layers", QObject::tr("Encoder layers (L)"), kModel, 1, 24,
                 QObject::tr("How many attention + feed-forward blocks are stacked.")),
         [](const S& s) { return QVariant(s.model.numLayers); },
         [](S& s, const QVariant& v) { s.model.numLayers = v.toInt(); }},
        {choice("position", QObject::tr("Word position"), kModel, {"learned", "sinusoidal", "none"},
                {QObject::tr("learned"), QObject::tr("sinusoidal"), QObject::tr("none")},
                QObject::tr("Attention alone does not see word order. Learned: the model learns one vector per "
                            "position. Sinusoidal: fixed sine waves of different speeds. None: the sentence is a "
                            "bag of words, so \"not good\" and \"good, not\" look alike.")),
         [](const S& s) { return QVariant(QString::fromStdString(toString(s.model.position))); },
         [](S& s, const QVariant& v) {
           s.model.position = enumFrom<PositionKind>(v, {{"learned", PositionKind::Learned},
                                                         {"sinusoidal", PositionKind::Sinusoidal},
                                                         {"none", PositionKind::None}});
         }},
        {choice("norm", QObject::tr("Normalization"), kModel, {"layer", "batch"},
                {QObject::tr("layer"), QObject::tr("batch")},
                QObject::tr("Layer: each word's vector is normalized on its own (what Transformers use). Batch: "
                            "each feature is normalized over all words of the batch, which mixes reviews of "
                            "different lengths.")),
         [](const S& s) { return QVariant(QString::fromStdString(toString(s.model.norm))); },
         [](S& s, const QVariant& v) {
           s.model.norm = enumFrom<NormKind>(v, {{"layer", NormKind::Layer}, {"batch", NormKind::Batch}});
         }},
        {choice("pooling", QObject::tr("Pooling"), kModel, {"max", "mean"}, {QObject::tr("max"), QObject::tr("mean")},
                QObject::tr("How the words' vectors become one vector for the review: the largest value of each "
                            "feature, or the average.")),
         [](const S& s) { return QVariant(QString::fromStdString(toString(s.model.pooling))); },
         [](S& s, const QVariant& v) {
           s.model.pooling = enumFrom<PoolingKind>(v, {{"max", PoolingKind::Max}, {"mean", PoolingKind::Mean}});
         }},
        {real("dropout", QObject::tr("Dropout"), kModel, 0, 0.95, 2,
              QObject::tr("During training, this fraction of the pooled features is set to zero at random, so the "
                          "model cannot lean on any single one. 0 switches it off.")),
         [](const S& s) { return QVariant(static_cast<double>(s.model.dropout)); },
         [](S& s, const QVariant& v) { s.model.dropout = static_cast<float>(v.toDouble()); }},
    };
    for (auto& t : trainingFields<S>(true)) f.push_back(t);
    return f;
  }();
  return fields;
}

const std::vector<Field<BigramRunSettings>>& bigramFields() {
  using S = BigramRunSettings;
  static const std::vector<Field<S>> fields = [] {
    std::vector<Field<S>> f = {
        {integer("vocab_size", QObject::tr("Vocabulary size"), kModel, 2, 200000,
                 QObject::tr("How many single words and word pairs (bigrams) the model knows, the most frequent "
                             "of the training data.")),
         [](const S& s) { return QVariant(s.model.vocabSize); },
         [](S& s, const QVariant& v) { s.model.vocabSize = v.toInt(); }},
        {integer("hidden_units", QObject::tr("Hidden units"), kModel, 1, 4096,
                 QObject::tr("The width of the one hidden layer between the bag of n-grams and the answer.")),
         [](const S& s) { return QVariant(s.model.hiddenUnits); },
         [](S& s, const QVariant& v) { s.model.hiddenUnits = v.toInt(); }},
        {choice("encoding", QObject::tr("Encoding"), kModel, {"multi_hot", "tf_idf"},
                {QObject::tr("multi-hot"), QObject::tr("TF-IDF")},
                QObject::tr("Multi-hot: 1 for every n-gram the review contains. TF-IDF: how often it occurs, "
                            "weighted down for n-grams that occur in most reviews.")),
         [](const S& s) {
           return QVariant(s.model.encoding == BigramEncoding::TfIdf ? QStringLiteral("tf_idf")
                                                                     : QStringLiteral("multi_hot"));
         },
         [](S& s, const QVariant& v) {
           s.model.encoding = enumFrom<BigramEncoding>(
               v, {{"multi_hot", BigramEncoding::MultiHot}, {"tf_idf", BigramEncoding::TfIdf}});
         }},
        {real("dropout", QObject::tr("Dropout"), kModel, 0, 0.95, 2,
              QObject::tr("During training, this fraction of the hidden units is set to zero at random. 0 "
                          "switches it off.")),
         [](const S& s) { return QVariant(static_cast<double>(s.model.dropout)); },
         [](S& s, const QVariant& v) { s.model.dropout = static_cast<float>(v.toDouble()); }},
    };
    for (auto& t : trainingFields<S>(false)) f.push_back(t);  // the bag-of-bigrams trains on one thread
    return f;
  }();
  return fields;
}

const std::vector<Field<ChatbotRunSettings>>& chatbotFields() {
  using S = ChatbotRunSettings;
  static const std::vector<Field<S>> fields = [] {
    std::vector<Field<S>> f = {
        {integer("embed_dim", QObject::tr("Embedding width (E)"), kModel, 1, 2048,
                 QObject::tr("How many numbers describe each word.")),
         [](const S& s) { return QVariant(static_cast<int>(s.model.embedDim)); },
         [](S& s, const QVariant& v) { s.model.embedDim = v.toInt(); }},
        {integer("units", QObject::tr("GRU units (U)"), kModel, 1, 4096,
                 QObject::tr("The size of the encoder's and decoder's memory (their GRU state).")),
         [](const S& s) { return QVariant(static_cast<int>(s.model.units)); },
         [](S& s, const QVariant& v) { s.model.units = v.toInt(); }},
        {integer("attention_units", QObject::tr("Attention units (A)"), kModel, 1, 4096,
                 QObject::tr("The width of the small network that scores how well each question word fits the "
                             "answer word being written (Bahdanau attention).")),
         [](const S& s) { return QVariant(static_cast<int>(s.model.attentionUnits)); },
         [](S& s, const QVariant& v) { s.model.attentionUnits = v.toInt(); }},
        {integer("max_length", QObject::tr("Longest sentence"), kModel, 3, 512,
                 QObject::tr("In words, <start> and <end> included; longer question-answer pairs are left out.")),
         [](const S& s) { return QVariant(static_cast<int>(s.maxLength)); },
         [](S& s, const QVariant& v) {
           s.maxLength = v.toInt();
           s.model.maxSourceLength = s.model.maxTargetLength = s.maxLength;
         }},
    };
    for (auto& t : trainingFields<S>(true)) f.push_back(t);
    return f;
  }();
  return fields;
}

template <class S>
std::vector<HyperParameter> parametersOf(const std::vector<Field<S>>& fields, const S& settings) {
  std::vector<HyperParameter> parameters;
  for (const Field<S>& field : fields) {
    HyperParameter p = field.parameter;
    p.value = field.get(settings);
    parameters.push_back(p);
  }
  return parameters;
}

// The preset's settings with the request's data and values applied.
template <class S>
S settingsFor(const RunRequest& request, S settings, const std::vector<Field<S>>& fields) {
  settings.data = request.data.toStdString();
  for (const Field<S>& field : fields) {
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

std::vector<EpochEvent> toEvents(const std::vector<io::EpochRecord>& records) {
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

QStringList toQStrings(const std::vector<std::string>& names) {
  QStringList list;
  for (const std::string& name : names) list << QString::fromStdString(name);
  return list;
}

}  // namespace

std::vector<TaskInfo> trainingTasks() {
  const QString sentimentFiles = QObject::tr("Reviews (*.tar.gz *.tgz *.csv *.tsv *.txt);;All files (*)");
  const QString reviews = QObject::tr("Built-in reviews (offline)");
  return {
      {TaskKind::ImdbTransformer, QObject::tr("IMDB Transformer"), QStringLiteral("imdb-transformer"),
       QObject::tr("Classify movie reviews as positive or negative with a Transformer encoder"), true, true,
       {{QStringLiteral("builtin"), reviews}}, sentimentFiles},
      {TaskKind::Bigram, QObject::tr("Bag-of-bigrams"), QStringLiteral("imdb-bigram"),
       QObject::tr("The baseline: the same reviews as a bag of words and word pairs, order forgotten"), true, true,
       {{QStringLiteral("builtin"), reviews}}, sentimentFiles},
      {TaskKind::Chatbot, QObject::tr("Chatbot"), QStringLiteral("seq2seq-attention"),
       QObject::tr("A GRU encoder-decoder with additive attention that answers questions (or translates)"), true,
       false,
       {{QStringLiteral("builtin"), QObject::tr("Built-in dialogs (offline)")},
        {QStringLiteral("builtin:translate"), QObject::tr("Built-in English → Spanish (offline)")}},
       QObject::tr("Dialogs: question<TAB>answer lines (*.txt *.tsv);;All files (*)")},
  };
}

TaskInfo taskInfo(TaskKind kind) {
  for (const TaskInfo& info : trainingTasks())
    if (info.kind == kind) return info;
  return trainingTasks().front();
}

QStringList presetNames(TaskKind kind) {
  switch (kind) {
    case TaskKind::ImdbTransformer: return toQStrings(imdbPresetNames());
    case TaskKind::Bigram: return {QStringLiteral("tiny"), QStringLiteral("classroom"), QStringLiteral("book")};
    case TaskKind::Chatbot: return toQStrings(chatbotPresetNames());
  }
  return {};
}

QString defaultPreset(TaskKind kind) {
  switch (kind) {
    case TaskKind::ImdbTransformer: return QString::fromStdString(ImdbRunSettings{}.preset);
    case TaskKind::Bigram: return QString::fromStdString(BigramRunSettings{}.preset);
    case TaskKind::Chatbot: return QString::fromStdString(ChatbotRunSettings{}.preset);
  }
  return {};
}

std::vector<HyperParameter> presetParameters(TaskKind kind, const QString& preset) {
  const std::string name = preset.toStdString();
  switch (kind) {
    case TaskKind::ImdbTransformer: return parametersOf(imdbFields(), imdbPreset(name));
    case TaskKind::Bigram: return parametersOf(bigramFields(), bigramPreset(name));
    case TaskKind::Chatbot: return parametersOf(chatbotFields(), chatbotPreset(name));
  }
  return {};
}

std::unique_ptr<TrainingRun> prepareRun(const RunRequest& request, const ProgressFn& progress) {
  const std::string preset = request.preset.toStdString();
  switch (request.task) {
    case TaskKind::ImdbTransformer:
      return ImdbRun::prepare(settingsFor(request, imdbPreset(preset), imdbFields()), progress);
    case TaskKind::Bigram:
      return BigramRun::prepare(settingsFor(request, bigramPreset(preset), bigramFields()), progress);
    case TaskKind::Chatbot:
      return ChatbotRun::prepare(settingsFor(request, chatbotPreset(preset), chatbotFields()), progress);
  }
  throw InputError(taskInfo(request.task).title.toStdString() + " cannot be trained in this version");
}

DataCard describeData(TaskKind kind, const QString& data) {
  if (kind == TaskKind::Chatbot) {
    // Dialogs: the card counts the pairs; the book's samples-per-word rule is about classification.
    const DialogCorpus corpus = loadDialogSource(data.toStdString());
    DataCard card;
    card.samples = corpus.train.size();
    return card;
  }
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
    // Loading checks every file of the directory (tensors, vocabularies, history), not only the config.
    switch (info.kind) {
      case TaskKind::ImdbTransformer: saved.history = toEvents(loadImdbTransformer(path).history); break;
      case TaskKind::Bigram: saved.history = toEvents(loadBigram(path).history); break;
      case TaskKind::Chatbot: saved.history = toEvents(loadChatbot(path).history); break;
    }
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
