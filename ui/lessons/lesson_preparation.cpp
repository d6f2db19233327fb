// Core headers first (through the pages and the queue): Qt's `emit` macro must not reach them.
#include "core/inference/chatbot_inference.h"
#include "core/io/training_record.h"
#include "ui/pages/attention_page.h"
#include "ui/pages/chatbot_page.h"
#include "ui/pages/fill_page.h"
#include "ui/lessons/lesson_preparation.h"
#include "ui/session/model_files.h"

#include <QDir>
#include <QFileInfo>

#include "ui/download/imdb_archive.h"
#include "ui/lessons/lesson_file.h"
#include "ui/lessons/lesson_instruments.h"
#include "ui/lessons/lesson_window.h"
#include "ui/text/option_texts.h"

namespace al::ui {

namespace {

bool quickPreparation = false;

PositionKind positionKindOf(const QString& value) {
  if (value == QLatin1String("sinusoidal")) return PositionKind::Sinusoidal;
  if (value == QLatin1String("none")) return PositionKind::None;
  return PositionKind::Learned;
}

QString orDefault(const QString& value, const QString& otherwise) { return value.isEmpty() ? otherwise : value; }

// A lesson's model: the tiny preset of a task on these data, with these values over it, trained from scratch.
RunRequest tinyRequest(TaskKind task, const QString& data, QVariantMap values = {}) {
  RunRequest request;
  request.task = task;
  request.data = data;
  request.preset = QStringLiteral("tiny");
  request.values = std::move(values);
  return request;
}

// A folder name from a data source: "builtin:translate" -> "builtin-translate", a file by its name.
QString folderPart(const QString& text) {
  QString part = QFileInfo(text).fileName().toLower();
  for (QChar& c : part)
    if (!c.isLetterOrNumber()) c = QLatin1Char('-');
  return part;
}

LessonModel modelOf(const QString& folder, const QString& page, std::function<QString()> title, RunRequest request) {
  if (quickPreparation) request.values[QStringLiteral("epochs")] = 1;
  LessonModel model{folder, page, std::move(title), std::move(request), 0};
  model.epochs = static_cast<int>(requestSettings(model.request).value("epochs", 0));
  return model;
}

// The toy a lesson's settings ask for, as the page trains it (AttentionPage, ChatbotPage, FillPage::trainToyModel).
std::optional<LessonModel> toyOf(const Lesson& lesson) {
  const QString toy = lesson.setting(QStringLiteral("toy-model"));
  if (lesson.page == QLatin1String("attention") && !toy.isEmpty()) {
    RunRequest request = tinyRequest(TaskKind::ImdbTransformer, QStringLiteral("builtin"), {{QStringLiteral("position"), toy}});
    return modelOf(QStringLiteral("attention-") + toy, lesson.page,
                   [toy] { return LessonPreparation::tr("toy, %1").arg(positionName(toy)); }, std::move(request));
  }
  if (toy != QLatin1String("yes")) return std::nullopt;
  if (lesson.page == QLatin1String("chatbot")) {
    const QString data = orDefault(lesson.setting(QStringLiteral("data")), QStringLiteral("builtin"));
    const QString architecture = orDefault(lesson.setting(QStringLiteral("architecture")), QStringLiteral("gru"));
    const int epochs = lesson.setting(QStringLiteral("epochs")).toInt();
    RunRequest request = tinyRequest(
        TaskKind::Chatbot, data,
        {{QStringLiteral("architecture"), architecture}, {QStringLiteral("epochs"), epochs > 0 ? epochs : 30}});
    return modelOf(QStringLiteral("chatbot-%1-%2-%3").arg(architecture, folderPart(data)).arg(epochs > 0 ? epochs : 30), lesson.page,
                   [architecture, data] {
                     return LessonPreparation::tr("tiny %1 chatbot, %2")
                         .arg(architectureName(architecture), dataName(data, ChatbotModel::kTask));
                   },
                   std::move(request));
  }
  if (lesson.page == QLatin1String("fill"))
    return modelOf(QStringLiteral("fill-masked-lm"), lesson.page, [] { return LessonPreparation::tr("toy masked-LM"); },
                   tinyRequest(TaskKind::MaskedLm, QStringLiteral("builtin")));
  return std::nullopt;
}

}  // namespace

QString preparedLessonsFolder() { return QDir(download::appDataFolder()).filePath(QStringLiteral("lessons")); }

void setQuickLessonPreparation(bool quick) { quickPreparation = quick; }

std::vector<LessonModel> lessonModelsNeeded(const std::vector<Lesson>& lessons) {
  std::vector<LessonModel> models;
  for (const Lesson& lesson : lessons) {
    std::optional<LessonModel> model = toyOf(lesson);
    if (!model) continue;
    const bool known = std::any_of(models.begin(), models.end(), [&](const LessonModel& m) { return m.folder == model->folder; });
    if (!known) models.push_back(std::move(*model));
  }
  return models;
}

QString preparedDirectory(const LessonModel& model) { return QDir(preparedLessonsFolder()).filePath(model.folder); }

// Up to date: every setting of the request is the one it was trained with (threads aside: a faster machine
// trains the same model; and a setting asked for as "auto", which the run resolves, the tokenizer say).
bool isPrepared(const LessonModel& model) {
  const std::filesystem::path dir = preparedDirectory(model).toStdString();
  try {
    if (!std::filesystem::exists(dir / "config.json")) return false;
    const std::optional<io::TrainingRecord> record = io::readTrainingRecordIfPresent(dir);
    if (!record) return false;
    const nlohmann::json wanted = requestSettings(model.request);  // outlives the loop
    for (const auto& [key, value] : wanted.items())
      if (key != "threads" && value != "auto" && (!record->settings.contains(key) || record->settings[key] != value))
        return false;
    return true;
  } catch (const std::exception&) {
    return false;  // unreadable: prepared again
  }
}

void usePreparedModels(LessonWindow& window, const Lesson& lesson) {
  for (const LessonModel& needed : lessonModelsNeeded({lesson})) {
    auto* page = qobject_cast<ModelPage*>(instrumentPage(window, needed.page));
    if (!page) continue;
    // A toy of the page's own is there already (AttentionPage keeps one per position kind).
    if (auto* attention = qobject_cast<AttentionPage*>(page)) {
      if (attention->toyModelIndex(positionKindOf(needed.request.values.value("position").toString())) >= 0) continue;
    } else if (page->modelCount() > 0) {
      continue;
    }
    if (!isPrepared(needed)) continue;
    try {
      // A tiny preset's directory (a few hundred KB) reads in milliseconds: on the GUI thread, so that the
      // lesson's settings after it find the model at once.
      SessionModel model = openSessionModel(preparedDirectory(needed));
      model.liveName = [title = needed.title] { return LessonPreparation::tr("%1 (prepared)").arg(title()); };
      model.name = model.liveName();
      model.status = QStringLiteral("toy");
      page->addModel(std::move(model));
    } catch (const std::exception&) {
      // Passed over: the lesson trains the toy on the fly.
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------

LessonPreparation::LessonPreparation(QObject* parent)
    : QObject(parent), queue_(new RunQueue(this)), files_(new ModelFileJob(this)) {
  connect(queue_, &RunQueue::runStarted, this, [this](int run) {
    current_ = queued_[static_cast<size_t>(run)];
    epoch_ = 0;
    fraction_ = 0;
    setState(current_, State::Training);
    emit progressed();
  });
  connect(queue_, &RunQueue::updated, this, [this](int, const TrainingController::Update& update) {
    if (update.batches.empty()) return;
    epoch_ = update.batches.back().epoch;
    fraction_ = update.batches.back().fraction;
    emit progressed();
  });
  connect(queue_, &RunQueue::runFinished, this, &LessonPreparation::runFinished);
  connect(queue_, &RunQueue::allFinished, this, &LessonPreparation::finishIfDone);
}

LessonPreparation::~LessonPreparation() {
  queue_->stop();
  files_->waitForFinished();
}

void LessonPreparation::start(const std::vector<Lesson>& lessons) {
  if (running_) return;
  models_ = lessonModelsNeeded(lessons);
  states_.assign(models_.size(), State::Waiting);
  errors_.assign(models_.size(), QString());
  queued_.clear();
  current_ = -1;
  runsDone_ = savesPending_ = 0;
  cancelled_ = false;
  std::vector<RunQueue::Run> runs;
  for (size_t i = 0; i < models_.size(); ++i) {
    if (isPrepared(models_[i])) {
      states_[i] = State::UpToDate;
      continue;
    }
    queued_.push_back(static_cast<int>(i));
    runs.push_back({models_[i].title(), models_[i].request, {}});
  }
  running_ = true;
  if (runs.empty()) return finishIfDone();
  queue_->start(std::move(runs));
}

void LessonPreparation::cancel() {
  if (!running_) return;
  cancelled_ = true;
  queue_->stop();
}

double LessonPreparation::overall() const {
  if (queued_.empty()) return 1;
  const double inFlight = current_ >= 0 && states_[static_cast<size_t>(current_)] == State::Training ? fraction_ : 0;
  return std::min(1.0, (runsDone_ + inFlight) / static_cast<double>(queued_.size()));
}

void LessonPreparation::setState(int index, State state) {
  states_[static_cast<size_t>(index)] = state;
  emit stateChanged(index);
}

// A model trained to its end is written (on the file worker); a stopped or failed one is dropped.
void LessonPreparation::runFinished(int run) {
  const int index = queued_[static_cast<size_t>(run)];
  ++runsDone_;
  TrainingController::Outcome outcome = queue_->takeOutcome(static_cast<size_t>(run));
  if (!outcome.run || outcome.stopped || !outcome.error.isEmpty()) {
    errors_[static_cast<size_t>(index)] = outcome.error;
    setState(index, outcome.error.isEmpty() ? State::Cancelled : State::Failed);
    emit progressed();
    return;
  }
  const LessonModel& model = models_[static_cast<size_t>(index)];
  auto snapshot = std::make_shared<SessionModel>(snapshotOfRun(*outcome.run, model.title(), QStringLiteral("toy")));
  snapshot->liveName = model.title;
  snapshot->record = io::TrainingRecord{outcome.run->settings(), outcome.result.bestEpoch, {}};
  const QString dir = preparedDirectory(model);
  ++savesPending_;
  setState(index, State::Saving);
  emit progressed();
  files_->save(
      dir, [snapshot, dir] { saveSessionModel(*snapshot, dir); },
      [this, index] {
        --savesPending_;
        setState(index, State::Ready);
        finishIfDone();
      },
      [this, index](const QString& message) {
        --savesPending_;
        errors_[static_cast<size_t>(index)] = message;
        setState(index, State::Failed);
        finishIfDone();
      });
}

void LessonPreparation::finishIfDone() {
  if (!running_ || queue_->isRunning() || savesPending_ > 0) return;
  for (size_t i = 0; i < states_.size(); ++i)
    if (states_[i] == State::Waiting) setState(static_cast<int>(i), State::Cancelled);  // dropped by a stop
  running_ = false;
  current_ = -1;
  emit progressed();
  emit finished();
}

}  // namespace al::ui
