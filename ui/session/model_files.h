#pragma once
// Opening and saving model directories without freezing the window. The reading and writing run on a worker
// thread (QtConcurrent); the page shows a busy bar meanwhile (FileJobBar), and the result comes back on the GUI
// thread as a session model (ui/session/model_library.h) or an error message a person can act on.
//
// Core headers come first (through the model library): a core header must never see Qt's `emit` macro.
#include <deque>
#include <functional>
#include <memory>

#include "ui/session/model_library.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

namespace al::ui {

// Reads and checks a whole model directory (config, tensors, vocabulary, history, and its training timeline when it
// has one) into a session model named after the directory, with status "opened". Slow for a large model: call it on
// a worker thread. Throws al::InputError naming the file and what is wrong, also for a model of a task this app
// cannot show yet; a damaged timeline.json only leaves the model without its timeline (SessionModel::timelineError).
SessionModel openSessionModel(const QString& dir);
// Writes a session model as a model directory, atomically (core/io/atomic_directory.h), with its training record
// and timeline when it has them. Slow: worker thread. Throws al::InputError or al::RunError when it cannot be written.
void saveSessionModel(const SessionModel& model, const QString& dir);

// Opens and saves on a worker thread, one job at a time: a job asked for while another runs waits its turn. A
// job's callbacks run on the GUI thread when it ends.
class ModelFileJob : public QObject {
  Q_OBJECT
 public:
  enum class Kind { Opening, Saving };
  explicit ModelFileJob(QObject* parent = nullptr);
  ~ModelFileJob() override;  // waits for a job in flight

  // Reads dir; then opened(model), or failed(message).
  void open(const QString& dir, std::function<void(SessionModel)> opened,
            std::function<void(const QString& message)> failed);
  // Runs write (which writes the model directory dir) on the worker; then saved(), or failed(message).
  void save(const QString& dir, std::function<void()> write, std::function<void()> saved,
            std::function<void(const QString& message)> failed);

  bool busy() const;  // a job runs (others may wait)
  Kind kind() const { return kind_; }
  QString directory() const { return directory_; }
  // Opening: the model read is dropped when it arrives, neither callback runs, and the openings waiting are
  // dropped too. A save cannot be cancelled: the core writes a model directory all at once (or not at all).
  void cancel();
  void waitForFinished();  // blocks: only for a page that is being destroyed

 signals:
  void started();
  void finished();  // after the callbacks

 private:
  struct Result {
    std::shared_ptr<SessionModel> model;  // opening, when it worked
    QString error;                        // empty when it worked
  };
  bool begin(Kind kind, const QString& dir);  // false: another job runs
  void startNext();

  QFutureWatcher<Result>* watcher_;
  Kind kind_ = Kind::Opening;
  QString directory_;
  bool cancelled_ = false;
  std::function<void(const Result&)> done_;
  std::deque<std::pair<Kind, std::function<void()>>> waiting_;  // jobs asked for while one runs, and their kind
};

}  // namespace al::ui
