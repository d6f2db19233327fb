#pragma once
// Runs as data: a list of training requests, each with a name, run on TrainingControllers (ui/session/training_controller.h)
// one after the other or several at once. The race, Compare and "Does pre-training help?" all queue their runs
// here; they only say what to run and draw what comes back.
//
//   sequential      one controller: run 0, then run 1, ...; the next starts when the last has finished
//   side by side    N controllers, N runs at once (a free controller takes the next run); a RacePacer
//                   (ui/session/race_pacer.h) keeps them in step batch by batch, pacer run i = controller i
//
// Every ~30 ms (the pages' redraw rate) the queue takes each running run's events and hands them on with
// updated(index, update); the last events of a run come before its runFinished(index), where its outcome can be
// taken. An error ends the queue: the runs in flight stop, the rest are dropped, error() says why. Stop does the
// same without an error. allFinished() follows once no run is left in flight.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <cstddef>
#include <vector>

#include "ui/session/run_factory.h"
#include "ui/session/training_controller.h"

#include <QObject>
#include <QString>

class QTimer;

namespace al::ui {

class RacePacer;

class RunQueue : public QObject {
  Q_OBJECT
 public:
  struct Run {
    QString name;  // what the pages call it ("GRU + Bahdanau attention", "from scratch, seed 2")
    RunRequest request;
    TrainingController::AfterTest afterTest;  // on the worker, after the test; its value in Outcome::afterTest
  };

  explicit RunQueue(QObject* parent = nullptr);
  ~RunQueue() override;  // stops and joins the runs in flight

  // How many runs train at once (1: one after the other, the default) and the pacer that keeps them in step
  // (none: each at its own speed). The pacer outlives the queue's workers. Only when not running.
  void setSideBySide(size_t atOnce, RacePacer* pacer = nullptr);

  // Starts the runs (the first min(N, count) at once). Only when !isRunning().
  void start(std::vector<Run> runs);
  void stop();  // the runs in flight stop between batches, the rest are dropped
  void setPaused(bool paused);  // holds (or releases) the runs in flight
  bool paused() const { return paused_; }
  bool isRunning() const;

  size_t size() const { return runs_.size(); }
  const Run& run(size_t index) const { return runs_[index]; }
  // In runFinished(index) or after: how run `index` ended. Moves its trained run out.
  TrainingController::Outcome takeOutcome(size_t index);
  // The error that ended the queue (worded for the UI), empty when none did.
  QString error() const { return error_; }

 signals:
  void runStarted(int index);
  void updated(int index, const al::ui::TrainingController::Update& update);
  void runFinished(int index);
  void allFinished();

 private:
  struct Slot {
    TrainingController* controller = nullptr;
    int run = -1;  // the run it trains now, -1 when free
  };
  void startNext(Slot& slot);
  void takeUpdates();
  void slotFinished(Slot& slot);
  void clearSlots();

  std::vector<Slot> slots_;
  RacePacer* pacer_ = nullptr;
  QTimer* timer_;
  std::vector<Run> runs_;
  std::vector<TrainingController::Outcome> outcomes_;
  size_t next_ = 0;  // the next run to start; runs_.size() once the rest are dropped
  bool paused_ = false;
  QString error_;
};

}  // namespace al::ui
