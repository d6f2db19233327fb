#pragma once
// The bridge between a training run on a worker thread and the Train page on the GUI thread.
//
// The worker prepares the run (loads data, builds the model) and trains it; the trainer calls onBatch/onEpoch on
// that thread. The controller only copies those events into a buffer under a mutex and returns at once, so
// training never waits for drawing. The page takes the buffer on a timer (about 30 times a second) with
// takeUpdate() and redraws once per tick, however many batches went by: the window never floods and never
// freezes. A run that trains to its end is then measured on its test data, still on the worker. When the worker
// ends (done, stopped or failed) the controller emits finished() on the GUI thread.
//
// A run whose model writes text (the language model) can also write samples on the worker, where its weights
// are: after every epoch (setSampling) and, asked with sampleNow(), right after the batch in flight. They come
// with the next takeUpdate(), so generating never blocks the GUI thread; training waits for it instead (a
// fraction of a second for a classroom model).
//
// A run can also record a training timeline (setTimeline; core/train/timeline_recorder.h): the recorder wraps the
// controller's events on the worker, copies the weights at a snapshot's step and reads the sentences on a thread
// of its own, so neither training nor the window waits for it. It comes with the outcome.
#include <atomic>
#include <cmath>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "ui/session/run_factory.h"

#include <QObject>
#include <QString>
#include <QVariant>

namespace al {
struct TrainingTimeline;  // core/inference/training_timeline.h
}

namespace al::ui {

class RacePacer;

class TrainingController : public QObject, private TrainingEvents {
  Q_OBJECT
 public:
  enum class Phase { Idle, Preparing, Training, Testing, Finishing };

  // A text the model wrote while training.
  struct Sample {
    int epoch = 0;         // written after this epoch, or during it when asked for
    bool asked = false;    // asked for with sampleNow(), not written at the epoch's end
    QString prompt, text;  // text: what followed the prompt (or, when failed, why there is none)
    bool failed = false;   // the prompt could not be read (the text says why)
    double valLoss = std::nan("");  // the epoch's validation loss (NaN: asked for, or no validation)
  };

  // What happened since the last takeUpdate().
  struct Update {
    Phase phase = Phase::Idle;
    QString preparing;              // Preparing: what is being loaded, worded (ui/text/stage_texts.h)
    double prepareFraction = 0;     // Preparing: 0..1
    std::vector<BatchEvent> batches;  // in order
    std::vector<EpochEvent> epochs;   // in order
    std::vector<Sample> samples;      // in order; each after its epoch's event
  };

  // How the worker ended. The run is kept even after a failure: it holds the best finished epoch.
  struct Outcome {
    std::unique_ptr<TrainingRun> run;  // null when preparing failed or was cancelled
    TrainingResult result;
    std::optional<BatchStats> test;  // the test data, for a run that trained to its end
    QString error;  // empty when it ended well (done or stopped)
    bool stopped = false;
    QVariant afterTest;  // what the after-test step returned (invalid when it did not run)
    std::shared_ptr<const TrainingTimeline> timeline;  // when recorded (setTimeline) and the run trained
    QString timelineError;  // why no timeline was recorded although one was asked for (the run trained anyway)
  };

  // A step after the test, on the worker: a slow measurement of the trained run (Compare's exact match decodes
  // every test question) keeps the window free and needs no thread of its own. Its error is the run's error.
  using AfterTest = std::function<QVariant(TrainingRun&)>;

  explicit TrainingController(QObject* parent = nullptr);
  ~TrainingController() override;  // stops and joins a running worker

  // Starts preparing and training on a worker thread. Only when !busy(). `afterTest`, when set, runs after the
  // test of a run that finished an epoch.
  void start(const RunRequest& request, AfterTest afterTest = {});
  void setPaused(bool paused);
  bool paused() const;
  // The worker waits at the pause: the batch that was in flight has been reported, none trains until resumed.
  bool pauseHolds() const;
  // Asks the worker to stop between batches (or to cancel preparing); finished() follows.
  void stop();
  bool busy() const { return worker_.joinable(); }

  // Makes this run number `run` of a race: after each batch the worker waits while the run is too far ahead
  // (ui/session/race_pacer.h), and tells the pacer when it ends. Before start(); the pacer outlives the worker.
  void setPacer(RacePacer* pacer, size_t run);

  // Samples of the next runs that write: `tokens` tokens after `prompt` (empty: the run's own, the start of its
  // text) after every epoch; 0 tokens: none (the default). Before start().
  void setSampling(const QString& prompt, int tokens);
  // The next runs record a training timeline of these sentences (none: the corpus's own, defaultProbes), or none
  // when `record` is false (the default). Before start().
  void setTimeline(bool record, std::vector<std::string> sentences = {});
  // One sample after `prompt` as soon as the batch in flight is done, while a run that writes trains.
  void sampleNow(const QString& prompt);

  Update takeUpdate();
  // After finished(): how it ended. Moves the run out.
  Outcome takeOutcome();

 signals:
  void finished();
  // Emitted by the worker as its last act; queued to the GUI thread, where workerDone() joins it. (A signal, not
  // invokeMethod with a lambda: Qt then allocates and frees the queued call itself.)
  void workerEnding();

 private:
  // TrainingEvents, called on the worker thread: copy and return.
  void onBatch(const BatchEvent& event) override;
  void onEpoch(const EpochEvent& event) override;

  void work(RunRequest request, AfterTest afterTest);  // the worker thread's body
  void setPhase(Phase phase);
  void workerDone();              // on the GUI thread
  void writeSample(int epoch, bool asked, const std::string& prompt, double valLoss);  // on the worker
  // Trains the run, through a timeline recorder when one is asked for (on the worker).
  TrainingResult train(TrainingRun& run, const RunRequest& request, Outcome& outcome);

  std::thread worker_;
  std::unique_ptr<TrainingControl> control_;  // a new one per run: a stop request cannot be taken back
  RacePacer* pacer_ = nullptr;
  size_t pacerRun_ = 0;
  TrainingRun* training_ = nullptr;  // the worker's run while it trains (used on the worker only)
  int sampleTokens_ = 0;             // set before start()
  std::string samplePrompt_;         // set before start()
  bool recordTimeline_ = false;      // set before start()
  std::vector<std::string> watched_;  // set before start(); empty: the corpus's sentences
  std::atomic<bool> sampleAsked_{false};

  mutable std::mutex mutex_;  // guards everything below
  Update pending_;
  Outcome outcome_;
  std::string askedPrompt_;  // sampleNow()'s prompt
};

}  // namespace al::ui
