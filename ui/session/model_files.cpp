// Core headers first: Qt's `emit` macro must not reach them.
#include "core/error.h"
#include "core/io/json_fields.h"

#include "ui/session/model_files.h"

#include <QFileInfo>
#include <QtConcurrent/QtConcurrentRun>

#include "ui/session/run_factory.h"

namespace al::ui {

SessionModel openSessionModel(const QString& dir) {
  const std::filesystem::path path = dir.toStdString();
  SessionModel model;
  model.name = QFileInfo(dir).fileName();
  model.status = ModelFileJob::tr("opened");
  model.settings = io::readConfig(path, "");
  model.task = model.settings.value("task", std::string());
  // Loading checks every file of the directory (tensors, vocabularies, history), not only the config.
  switch (modelTask(model.settings, path)) {
    case TaskKind::ImdbTransformer: {
      auto loaded = std::make_shared<const ImdbTransformerModel>(loadImdbTransformer(path));
      model.history = loaded->history;
      model.imdb = std::move(loaded);
      break;
    }
    case TaskKind::Bigram: {
      auto loaded = std::make_shared<const BigramModel>(loadBigram(path));
      model.history = loaded->history;
      model.bigram = std::move(loaded);
      break;
    }
    case TaskKind::Chatbot: {
      auto loaded = std::make_shared<const ChatbotModel>(loadChatbot(path));
      model.history = loaded->history;
      model.chatbot = std::move(loaded);
      break;
    }
    case TaskKind::MaskedLm: {
      auto loaded = std::make_shared<const MaskedLmModel>(loadMaskedLm(path));
      model.history = loaded->history;
      model.maskedLm = std::move(loaded);
      break;
    }
  }
  return model;
}

void saveSessionModel(const SessionModel& model, const QString& dir) {
  const std::filesystem::path path = dir.toStdString();
  if (model.imdb) return saveImdbTransformer(path, *model.imdb->model, model.imdb->vocabulary, model.history);
  if (model.bigram) return saveBigram(path, *model.bigram->model, model.bigram->vocabulary, model.history);
  if (model.chatbot)
    return saveChatbot(path, *model.chatbot->model, model.chatbot->source, model.chatbot->target, model.history);
  if (model.transformer)
    return saveSeq2seqTransformer(path, *model.transformer->model, model.transformer->source,
                                  model.transformer->target, model.history);
  if (model.maskedLm)
    return saveMaskedLm(path, *model.maskedLm->model, model.maskedLm->vocabulary, model.maskedLm->tokenizer,
                        model.history);
  throw InputError(path.string() + ": \"" + model.name.toStdString() + "\" keeps its history only (task " +
                   model.task + "); there are no weights to save");
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
    if (r.model) opened(*r.model);
    else failed(r.error);
  };
  watcher_->setFuture(QtConcurrent::run([dir] {
    Result r;
    try {
      r.model = std::make_shared<SessionModel>(openSessionModel(dir));
    } catch (const std::exception& e) {
      r.error = QString::fromStdString(e.what());
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
  watcher_->setFuture(QtConcurrent::run([write = std::move(write)] {
    Result r;
    try {
      write();
    } catch (const std::exception& e) {
      r.error = QString::fromStdString(e.what());
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
