// Core headers first: Qt's `emit` macro must not reach them.
#include "core/error.h"
#include "core/inference/training_timeline.h"
#include "core/io/json_fields.h"

#include "ui/session/model_files.h"
#include "ui/session/background_jobs.h"
#include "ui/text/error_texts.h"

#include <QFileInfo>
#include <QtConcurrent/QtConcurrentRun>


namespace al::ui {

namespace {

// A damaged timeline.json costs the model its timeline only: the model opens, and the pages say what is wrong.
void readTimelineOf(SessionModel& model, const std::filesystem::path& dir) {
  try {
    if (auto timeline = readTrainingTimelineIfPresent(dir)) model.timeline = std::make_shared<const TrainingTimeline>(std::move(*timeline));
  } catch (const Error& e) {
    model.timelineError = std::make_shared<const Error>(e);
  } catch (const std::exception& e) {  // out of memory for its maps, say: the English words after a lead sentence
    model.timelineError = std::make_shared<const Error>(e.what());
  }
}

}  // namespace

SessionModel openSessionModel(const QString& dir) {
  const std::filesystem::path path = dir.toStdString();
  SessionModel model;
  model.name = QFileInfo(dir).fileName();
  model.directory = dir;
  model.status = ModelFileJob::tr("opened");
  const ModelKind& kind = modelKindOfDirectory(path);
  if (!kind.trainable()) {
    // A pretrained folder (Hugging Face): no training record or history; its settings are its sizes.
    model.model = kind.load(path);
    model.settings = kind.describe(model.model);
    model.settings["task"] = kind.task;
    if (const auto bert = model.model.as<PretrainedBert>()) model.name = QString::fromStdString(bert->name);
    if (const auto gpt = model.model.as<PretrainedGpt2>()) model.name = QString::fromStdString(gpt->name);
    return model;
  }
  model.settings = io::readConfig(path, "");
  // How it was trained (data, seed, every setting) and its test score, when the directory says (training.json);
  // the config stays what the model is.
  model.record = io::readTrainingRecordIfPresent(path);
  if (model.record) {
    nlohmann::json settings = model.record->settings;
    settings.update(model.settings);
    model.settings = settings;
  }
  // Loading checks every file of the directory (tensors, vocabularies, history), not only the config.
  model.model = kind.load(path);
  model.history = historyOf(model.model);
  readTimelineOf(model, path);
  return model;
}

void saveSessionModel(const SessionModel& model, const QString& dir) {
  const std::filesystem::path path = dir.toStdString();
  if (!model.model.hasWeights())
    throw InputError(ErrorKind::NoWeightsToSave, {.file = path.string(), .name = model.name.toStdString()},
                     path.string() + ": \"" + model.name.toStdString() + "\" keeps its history only (task " +
                         model.model.task + "); there are no weights to save");
  saveModel(model.model, path);
  if (model.record) io::writeTrainingRecord(path / "training.json", *model.record);
  if (model.timeline) writeTrainingTimeline(path / kTimelineFile, *model.timeline);  // none: the directory has none
}

ModelFileJob::ModelFileJob(QObject* parent) : QObject(parent), watcher_(new QFutureWatcher<Result>(this)) {
  connect(watcher_, &QFutureWatcher<Result>::finished, this, [this] {
    const Result result = watcher_->result();
    const auto done = std::move(done_);
    done_ = nullptr;
    if (!cancelled_) done(result);
    emit finished();
    startNext();
  });
}

ModelFileJob::~ModelFileJob() { watcher_->waitForFinished(); }

void ModelFileJob::waitForFinished() { watcher_->waitForFinished(); }

bool ModelFileJob::busy() const { return done_ != nullptr; }

bool ModelFileJob::begin(Kind kind, const QString& dir) {
  if (busy()) return false;
  kind_ = kind;
  directory_ = dir;
  cancelled_ = false;
  return true;
}

void ModelFileJob::startNext() {
  if (waiting_.empty()) return;
  const auto next = std::move(waiting_.front().second);
  waiting_.pop_front();
  next();
}

void ModelFileJob::open(const QString& dir, std::function<void(SessionModel)> opened,
                        std::function<void(const QString&)> failed) {
  if (!begin(Kind::Opening, dir)) {
    waiting_.emplace_back(Kind::Opening, [=, this] { open(dir, opened, failed); });
    return;
  }
  done_ = [opened = std::move(opened), failed = std::move(failed)](const Result& r) {
    // Moved out, not copied: the future keeps its result, and a model left there would stay in memory after the
    // session dropped it.
    if (r.model) opened(std::move(*r.model));
    else failed(r.error);
  };
  watcher_->setFuture(QtConcurrent::run(backgroundJobs(), [dir] {
    Result r;
    try {
      r.model = std::make_shared<SessionModel>(openSessionModel(dir));
    } catch (const std::exception& e) {
      r.error = errorMessage(e);
    }
    return r;
  }));
  emit started();
}

void ModelFileJob::save(const QString& dir, std::function<void()> write, std::function<void()> saved,
                        std::function<void(const QString&)> failed) {
  if (!begin(Kind::Saving, dir)) {
    waiting_.emplace_back(Kind::Saving, [=, this] { save(dir, write, saved, failed); });
    return;
  }
  done_ = [saved = std::move(saved), failed = std::move(failed)](const Result& r) {
    if (r.error.isEmpty()) saved();
    else failed(r.error);
  };
  watcher_->setFuture(QtConcurrent::run(backgroundJobs(), [write = std::move(write)] {
    Result r;
    try {
      write();
    } catch (const std::exception& e) {
      r.error = errorMessage(e);
    }
    return r;
  }));
  emit started();
}

void ModelFileJob::cancel() {
  if (!busy() || kind_ != Kind::Opening) return;
  cancelled_ = true;
  std::erase_if(waiting_, [](const auto& job) { return job.first == Kind::Opening; });
}

}  // namespace al::ui
