// Core headers first (through the trainer's header): Qt's `emit` macro must not reach them.
#include "ui/session/toy_trainer.h"

#include <QTimer>
#include <QtConcurrent>

#include "ui/session/background_jobs.h"
#include "ui/text/error_texts.h"

namespace al::ui {

// The trainer's batch events, on the worker thread: only the fraction done is kept (an atomic the GUI reads).
class ToyTrainer::Events : public TrainingEvents {
 public:
  explicit Events(std::atomic<double>& fraction) : fraction_(fraction) {}
  void onBatch(const BatchEvent& event) override { fraction_.store(event.fraction); }

 private:
  std::atomic<double>& fraction_;
};

ToyTrainer::ToyTrainer(QObject* parent)
    : QObject(parent), watcher_(new QFutureWatcher<Outcome>(this)), poll_(new QTimer(this)) {
  poll_->setInterval(100);
  connect(poll_, &QTimer::timeout, this, [this] { emit progressed(fraction()); });
  connect(watcher_, &QFutureWatcher<Outcome>::finished, this, [this] {
    poll_->stop();
    // The model is shared with the future's copy of the outcome; the library moves it out of that one object (the
    // callback), so nothing of it stays in memory after the session drops it.
    Outcome outcome = watcher_->result();
    if (control_ && control_->stopRequested()) outcome = Outcome{{}, {}, true};
    control_.reset();
    if (auto done = std::exchange(done_, {})) done(std::move(outcome));
    emit finished();
  });
}

ToyTrainer::~ToyTrainer() {
  cancel();
  waitForFinished();
}

bool ToyTrainer::start(Prepare prepare, Name name, std::function<void(Outcome)> done) {
  if (busy()) return false;
  done_ = std::move(done);
  fraction_.store(0);
  control_ = std::make_shared<TrainingControl>();
  watcher_->setFuture(QtConcurrent::run(backgroundJobs(), [prepare = std::move(prepare), name = std::move(name),
                                                           control = control_, &fraction = fraction_] {
    Outcome outcome;
    try {
      const std::unique_ptr<TrainingRun> run = prepare();
      Events events(fraction);
      const TrainingResult result = run->train(&events, control.get());
      if (control->stopRequested()) return Outcome{{}, {}, true};
      // The run owns its model; the library keeps an independent copy (no file is written).
      std::function<QString()> liveName = name(*run, result);
      outcome.model = std::make_shared<SessionModel>(snapshotOfRun(*run, liveName(), QStringLiteral("toy")));
      outcome.model->liveName = std::move(liveName);
      outcome.model->record = io::TrainingRecord{run->settings(), result.bestEpoch, {}};
    } catch (const std::exception& e) {
      outcome.error = errorMessage(e);
    }
    return outcome;
  }));
  poll_->start();
  emit started();
  return true;
}

bool ToyTrainer::busy() const { return watcher_->isRunning() || control_ != nullptr; }

void ToyTrainer::cancel() {
  if (control_) control_->requestStop();
}

void ToyTrainer::waitForFinished() { watcher_->waitForFinished(); }

}  // namespace al::ui
