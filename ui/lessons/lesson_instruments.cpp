// Core headers first (through the pages): Qt's `emit` macro must not reach them.
// Core headers first: Qt's `emit` macro must not reach them.
#include "core/error.h"
#include "core/inference/any_model.h"
#include "core/inference/model_words.h"
#include "core/train/hyperparameters.h"

#include "ui/pages/attention_page.h"
#include "ui/pages/chatbot_page.h"
#include "ui/pages/comparison_page.h"
#include "ui/pages/fill_page.h"
#include "ui/pages/generate_page.h"
#include "ui/pages/normalization_page.h"
#include "ui/pages/stepper_page.h"
#include "ui/pages/train_page.h"
#include "ui/lessons/lesson_preparation.h"
#include "ui/pages/norm_race.h"

#include "ui/lessons/lesson_instruments.h"

#include <QCoreApplication>
#include <QMap>
#include <QTabWidget>
#include <functional>

#include "ui/lessons/lesson_file.h"
#include "ui/lessons/lesson_window.h"
#include "ui/lessons/lessons_page.h"
#include "ui/pages/memory_page.h"
#include "ui/session/run_factory.h"
#include "ui/text/strings.h"

namespace al::ui {

namespace {

// lupdate files the texts of this free function under the namespace's name, "al::ui": the translation is looked up
// there (under any other context a Chinese user would read these messages in English).
QString tr(const char* text) { return QCoreApplication::translate("al::ui", text); }

// One setting of a page: a choice among `choices`, a whole number in [minimum, maximum], or any text.
struct SettingSpec {
  QStringList choices;
  int minimum = 0, maximum = 0;
  bool isNumber() const { return minimum < maximum; }
};

SettingSpec choice(QStringList values) { return {std::move(values)}; }
SettingSpec number(int minimum, int maximum) { return {{}, minimum, maximum}; }
SettingSpec text() { return {}; }

const QStringList kOnOff{QStringLiteral("on"), QStringLiteral("off")};
const QStringList kYesNo{QStringLiteral("yes"), QStringLiteral("no")};
// The Attention page's first tabs, in the page's order: Heatmaps, Order, Position, Head roles.
const QStringList kAttentionTabs{QStringLiteral("heatmaps"), QStringLiteral("word-order"), QStringLiteral("position"),
                                 QStringLiteral("head-roles")};

// The Train page's tasks and the presets of the core's schema (core/train/hyperparameters.h), never a list of
// their own: a lesson names what the catalogue has.
QStringList trainingTaskNames() {
  QStringList names;
  for (const TaskInfo& info : trainingTasks()) names << info.contractName;
  return names;
}

QStringList presetsOf(const std::string& command) { return toQStrings(taskSchema(command).presets); }

QStringList everyPreset() {
  QStringList presets;
  for (const TaskSchema& schema : taskSchemas())
    for (const QString& preset : toQStrings(schema.presets))
      if (!presets.contains(preset)) presets << preset;
  return presets;
}

const QMap<QString, QMap<QString, SettingSpec>>& schema() {
  static const QMap<QString, QMap<QString, SettingSpec>> pages{
      {QStringLiteral("train"),
       {{"task", choice(trainingTaskNames())}, {"data", text()}, {"preset", choice(everyPreset())},
        {"epochs", number(1, 200)}, {"watch", text()}}},
      {QStringLiteral("attention"),
       {{"toy-model", choice({"learned", "sinusoidal", "none"})}, {"sentence", text()},
        {"tab", choice(kAttentionTabs)}}},
      {QStringLiteral("step"),
       {{"kind", choice({"self-attention", "additive", "decoder"})}, {"sentence", text()}, {"width", number(2, 64)},
        {"heads", number(1, 8)}, {"position", choice({"sinusoidal", "learned", "none"})},
        {"mask", choice({"none", "padding", "causal"})}, {"scaling", choice(kOnOff)}, {"step", number(1, 40)}}},
      {QStringLiteral("normalization"),
       {{"tab", choice({"samples", "sequences", "race"})}, {"padding", choice({"counted", "masked"})},
        {"race-preset", choice(presetsOf("imdb"))}, {"race-epochs", number(1, 100)},
        {"race-padding", choice({"masked", "counted"})}, {"momentum", choice({"0.5", "0.9", "0.99"})}}},
      {QStringLiteral("chatbot"),
       {{"data", text()}, {"architecture", choice({"gru", "transformer"})}, {"epochs", number(1, 500)},
        {"toy-model", choice(kYesNo)}, {"question", text()}}},
      {QStringLiteral("compare"),
       {{"data", text()}, {"preset", choice(presetsOf("chatbot"))}, {"epochs", number(1, 200)},
        {"sentence", text()}}},
      {QStringLiteral("fill"), {{"toy-model", choice(kYesNo)}, {"text", text()}}},
      {QStringLiteral("generate"), {{"prompt", text()}}},
      {QStringLiteral("memory"),
       {{"segment", number(2, 8)}, {"memory", number(0, 16)}, {"layers", number(1, 4)},
        {"recurrence", choice(kOnOff)}, {"step", number(1, 24)}}},
  };
  return pages;
}

// Each page's settings, applied through its public API.
using Apply = std::function<void(QWidget* page, const QString& key, const QString& value)>;

void applyTrain(QWidget* widget, const QString& key, const QString& value) {
  auto* page = static_cast<TrainPage*>(widget);
  if (key == QLatin1String("task")) {
    for (const TaskInfo& info : trainingTasks())
      if (info.contractName == value) page->setTask(info.kind);
  } else if (key == QLatin1String("data")) {
    page->setDataSource(value);
  } else if (key == QLatin1String("preset")) {
    page->setPreset(value);
  } else if (key == QLatin1String("epochs")) {
    page->setParameter(QStringLiteral("epochs"), value.toInt());
  } else if (key == QLatin1String("watch")) {
    page->setWatchSentences({value});
  }
}

PositionKind positionKind(const QString& value) {
  if (value == QLatin1String("learned")) return PositionKind::Learned;
  if (value == QLatin1String("none")) return PositionKind::None;
  return PositionKind::Sinusoidal;
}

void applyAttention(QWidget* widget, const QString& key, const QString& value) {
  auto* page = static_cast<AttentionPage*>(widget);
  if (key == QLatin1String("toy-model")) {
    page->showToyModel(positionKind(value));  // the toy of the lesson's kind, whatever the lesson before showed
  } else if (key == QLatin1String("sentence")) {
    page->setText(value);
  } else if (key == QLatin1String("tab")) {
    page->tabs()->setCurrentIndex(kAttentionTabs.indexOf(value));
  }
}

// True when the model reads at least one word of the text as a word it knows. A pretrained model reads any text in
// pieces of its own (modelWordsOf has nothing to say of it).
bool readsSomeOf(const SessionModel& model, const QString& text) {
  const std::optional<ModelWords> words = modelWordsOf(model.model);
  if (!words) return true;
  try {
    for (const WordLookup& word : lookUpWords(*words, text.toStdString()))
      if (word.known) return true;
  } catch (const InputError&) {  // a text without words: nothing of it is read
  }
  return false;
}

// The lesson's sentence on a model that can read it: the one shown, else the first of the page that does, else
// none (the page then says which model to open). A toy trained on English reviews by an earlier lesson reads
// 小明把书包忘在教室，它很沉。 as one [UNK]: its maps would teach nothing about the sentence.
void showAModelThatReads(AttentionPage* page, const QString& sentence) {
  if (const SessionModel* shown = page->currentSessionModel(); !shown || readsSomeOf(*shown, sentence)) return;
  for (int i = 0; i < page->modelCount(); ++i)
    if (readsSomeOf(*page->modelAt(i), sentence)) return page->selectModel(i);
  page->selectModel(-1);
}

void applyStep(QWidget* widget, const QString& key, const QString& value) {
  auto* page = static_cast<StepperPage*>(widget);
  if (key == QLatin1String("kind")) {
    page->setKind(value == QLatin1String("additive") ? StepperPage::Kind::Additive
                  : value == QLatin1String("decoder") ? StepperPage::Kind::Decoder
                                                      : StepperPage::Kind::SelfAttention);
  } else if (key == QLatin1String("sentence")) {
    page->setSentence(value);
  } else if (key == QLatin1String("width") || key == QLatin1String("heads") || key == QLatin1String("position")) {
    teaching::ToyEncoderSettings toy = page->toySettings();
    if (key == QLatin1String("width")) toy.width = value.toInt();
    if (key == QLatin1String("heads")) toy.heads = value.toInt();
    if (key == QLatin1String("position")) toy.position = positionKind(value);
    page->setToySettings(toy);
  } else if (key == QLatin1String("mask")) {
    page->setMask(value == QLatin1String("causal")    ? teaching::MaskKind::Causal
                  : value == QLatin1String("padding") ? teaching::MaskKind::Padding
                                                      : teaching::MaskKind::None);
  } else if (key == QLatin1String("scaling")) {
    page->setScaling(value == QLatin1String("on"));
  } else if (key == QLatin1String("step")) {
    page->showStep(std::min(value.toInt(), page->stepCount()) - 1);
  }
}

void applyNormalization(QWidget* widget, const QString& key, const QString& value) {
  auto* page = static_cast<NormalizationPage*>(widget);
  if (key == QLatin1String("tab")) {
    page->tabs()->setCurrentIndex(QStringList{"samples", "sequences", "race"}.indexOf(value));
  } else if (key == QLatin1String("padding")) {
    page->setPadding(value == QLatin1String("masked") ? teaching::Padding::Masked : teaching::Padding::Counted);
  } else if (key == QLatin1String("race-preset")) {
    page->race()->setPreset(value);
  } else if (key == QLatin1String("race-epochs")) {
    page->race()->setEpochs(value.toInt());
  } else if (key == QLatin1String("race-padding")) {  // counted: batch norm's statistics include padding, as Keras's
    page->race()->setBatchNormCountsPadding(value == QLatin1String("counted"));
  } else if (key == QLatin1String("momentum")) {  // batch norm's moving averages start again at this momentum
    page->setMomentum(value.toDouble());
    page->resetMovingStatistics();
  }
}

// The chatbot's toy model is trained with the lesson's data, architecture and epochs, whichever line comes first.
void applyChatbot(QWidget* widget, const QString& key, const QString& value, const Lesson& lesson) {
  auto* page = static_cast<ChatbotPage*>(widget);
  if (key == QLatin1String("toy-model") && value == QLatin1String("yes") && page->modelCount() == 0 &&
      !page->isTrainingToyModel()) {
    const QString data = lesson.setting(QStringLiteral("data"));
    const QString architecture = lesson.setting(QStringLiteral("architecture"));
    const int epochs = lesson.setting(QStringLiteral("epochs")).toInt();
    page->trainToyModel(data.isEmpty() ? QStringLiteral("builtin") : data, epochs > 0 ? epochs : 30,
                        architecture.isEmpty() ? QStringLiteral("gru") : architecture);
  } else if (key == QLatin1String("question")) {
    if (page->modelCount() > 0) {
      page->ask(value);
    } else {  // ask once the toy model is there
      QObject::connect(page, &ChatbotPage::currentModelChanged, page, [page, value] { page->ask(value); },
                       Qt::SingleShotConnection);
    }
  }
}

void applyCompare(QWidget* widget, const QString& key, const QString& value) {
  auto* page = static_cast<ComparisonPage*>(widget);
  if (key == QLatin1String("data")) page->setData(value);
  else if (key == QLatin1String("preset")) page->setPreset(value);
  else if (key == QLatin1String("epochs")) page->setEpochs(value.toInt());
  else if (key == QLatin1String("sentence")) page->setSentence(value);
}

void applyFill(QWidget* widget, const QString& key, const QString& value) {
  auto* page = static_cast<FillPage*>(widget);
  if (key == QLatin1String("toy-model") && value == QLatin1String("yes") && page->modelCount() == 0 &&
      !page->isTrainingToyModel())
    page->trainToyModel();
  else if (key == QLatin1String("text"))
    page->setText(value);
}

void applyGenerate(QWidget* widget, const QString& key, const QString& value) {
  if (key == QLatin1String("prompt")) static_cast<GeneratePage*>(widget)->setPrompt(value);
}

void applyMemory(QWidget* widget, const QString& key, const QString& value) {
  auto* page = static_cast<MemoryPage*>(widget);
  page->tabs()->setCurrentIndex(0);  // the lesson's settings are the diagram's
  if (key == QLatin1String("segment")) page->setSegmentLength(value.toInt());
  else if (key == QLatin1String("memory")) page->setMemoryLength(value.toInt());
  else if (key == QLatin1String("layers")) page->setLayers(value.toInt());
  else if (key == QLatin1String("recurrence")) page->setRecurrence(value == QLatin1String("on"));
  else if (key == QLatin1String("step")) page->showStep(value.toInt() - 1);
}

}  // namespace

QStringList instrumentNames() { return schema().keys(); }

namespace {

// A preset and a task of the Train page that do not go together (the task's schema has no such preset), or empty.
QString presetOfAnotherTask(const QString& task, const QString& preset) {
  for (const TaskInfo& info : trainingTasks()) {
    if (info.contractName != task) continue;
    const QStringList presets = toQStrings(taskSchema(info.catalogueEntry->trainCommand).presets);
    if (presets.contains(preset)) return {};
    return tr("expected a preset of %1, one of %2; found “%3”")
        .arg(task, presets.join(QLatin1String(", ")), preset);
  }
  return {};
}

QString earlierValue(const QList<QPair<QString, QString>>& settings, const char* key, const QString& otherwise) {
  for (const auto& [k, v] : settings)
    if (k == QLatin1String(key)) return v;
  return otherwise;
}

}  // namespace

QString checkSetting(const QString& page, const QString& key, const QString& value,
                     const QList<QPair<QString, QString>>& earlier) {
  const auto settings = schema().value(page);
  const auto found = settings.find(key);
  if (found == settings.end())
    return tr("expected a setting of page “%1”, one of %2; found “%3”")
        .arg(page, QStringList(settings.keys()).join(QLatin1String(", ")), key);
  const SettingSpec& spec = *found;
  if (!spec.choices.isEmpty() && !spec.choices.contains(value))
    return tr("expected %1 to be one of %2; found “%3”").arg(key, spec.choices.join(QLatin1String(", ")), value);
  bool isInteger = false;
  const int number = value.toInt(&isInteger);
  if (spec.isNumber() && (!isInteger || number < spec.minimum || number > spec.maximum))
    return tr("expected %1 to be a whole number from %2 to %3; found “%4”")
        .arg(key).arg(spec.minimum).arg(spec.maximum).arg(value);
  if (value.isEmpty()) return tr("expected a value after “%1:”").arg(key);
  if (page == QLatin1String("train") && key == QLatin1String("preset"))
    return presetOfAnotherTask(earlierValue(earlier, "task", trainingTaskNames().front()), value);
  if (page == QLatin1String("train") && key == QLatin1String("task") && earlierValue(earlier, "preset", {}).size())
    return presetOfAnotherTask(value, earlierValue(earlier, "preset", {}));
  return {};
}

QWidget* instrumentPage(LessonWindow& window, const QString& name) {
  if (name == QLatin1String("lessons")) return window.findChild<LessonsPage*>();
  if (name == QLatin1String("train")) return window.trainPage();
  if (name == QLatin1String("attention")) return window.findChild<AttentionPage*>();
  if (name == QLatin1String("step")) return window.findChild<StepperPage*>();
  if (name == QLatin1String("normalization")) return window.findChild<NormalizationPage*>();
  if (name == QLatin1String("chatbot")) return window.findChild<ChatbotPage*>();
  if (name == QLatin1String("compare")) return window.findChild<ComparisonPage*>();
  if (name == QLatin1String("fill")) return window.findChild<FillPage*>();
  if (name == QLatin1String("generate")) return window.findChild<GeneratePage*>();
  if (name == QLatin1String("memory")) return window.findChild<MemoryPage*>();
  return nullptr;
}

void openLessonInstrument(LessonWindow& window, const Lesson& lesson) {
  QWidget* page = instrumentPage(window, lesson.page);
  if (!page) return;
  window.showPage(page);
  static const QMap<QString, Apply> apply{
      {QStringLiteral("train"), applyTrain},       {QStringLiteral("attention"), applyAttention},
      {QStringLiteral("step"), applyStep},         {QStringLiteral("normalization"), applyNormalization},
      {QStringLiteral("compare"), applyCompare},   {QStringLiteral("fill"), applyFill},
      {QStringLiteral("memory"), applyMemory},     {QStringLiteral("generate"), applyGenerate},
  };
  usePreparedModels(window, lesson);  // a model prepared before the class, instead of training it now
  // A setting the lesson leaves out takes the page's default, not the value of the lesson before.
  if (lesson.page == QLatin1String("attention") && lesson.setting(QStringLiteral("tab")).isEmpty())
    static_cast<AttentionPage*>(page)->tabs()->setCurrentIndex(0);
  if (lesson.page == QLatin1String("train"))
    static_cast<TrainPage*>(page)->setWatchSentences({});  // none typed: the run watches its corpus's own sentence
  if (lesson.page == QLatin1String("step")) {
    auto* stepper = static_cast<StepperPage*>(page);
    stepper->setKind(StepperPage::Kind::SelfAttention);
    stepper->useTrainedModel(false);  // every step lesson describes its own seeded layer, not the opened model's
    stepper->setToySettings(teaching::ToyEncoderSettings{});
    stepper->setMask(teaching::MaskKind::None);
    stepper->setScaling(true);
  }
  for (const auto& [key, value] : lesson.settings) {
    if (lesson.page == QLatin1String("chatbot")) applyChatbot(page, key, value, lesson);
    else apply.value(lesson.page)(page, key, value);
  }
  // A toy the lesson trains itself reads its sentence once trained; a model left by another lesson may not.
  if (lesson.page == QLatin1String("attention") && lesson.setting(QStringLiteral("toy-model")).isEmpty() &&
      !lesson.setting(QStringLiteral("sentence")).isEmpty())
    showAModelThatReads(static_cast<AttentionPage*>(page), lesson.setting(QStringLiteral("sentence")));
}

}  // namespace al::ui
