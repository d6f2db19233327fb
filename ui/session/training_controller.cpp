#include "ui/session/training_controller.h"

#include <exception>

#include "core/train/allocator.h"
#include "core/train/run_sample.h"
#include "core/train/timeline_recorder.h"
#include "ui/session/race_pacer.h"
#include "ui/text/stage_texts.h"
#include "ui/text/error_texts.h"

namespace al::ui {

TrainingController::TrainingController(QObject* parent) : QObject(parent) {
  connect(this, &TrainingController::workerEnding, this, &TrainingController::workerDone, Qt::QueuedConnection);
}

TrainingController::~TrainingController() {
  if (!worker_.joinable()) return;
  control_->requestStop();
  worker_.join();
}

void TrainingController::start(const RunRequest& request, AfterTest afterTest) {
  if (busy()) return;
  control_ = std::make_unique<TrainingControl>();
  {
    std::lock_guard lock(mutex_);
    pending_ = Update{};
    pending_.phase = Phase::Preparing;
    outcome_ = Outcome{};
  }
  worker_ = std::thread([this, request, afterTest = std::move(afterTest)] { work(request, afterTest); });
}

void TrainingController::setPaused(bool paused) {
  if (control_) control_->setPaused(paused);
}

bool TrainingController::paused() const { return control_ && control_->paused(); }
bool TrainingController::pauseHolds() const { return control_ && control_->holding(); }

void TrainingController::stop() {
  if (control_) control_->requestStop();
}

TrainingController::Update TrainingController::takeUpdate() {
  std::lock_guard lock(mutex_);
  Update taken = std::move(pending_);
  // The phase and the preparing text describe the present, not the past: they stay for the next caller.
  pending_ = Update{};
  pending_.phase = taken.phase;
  pending_.preparing = taken.preparing;
  pending_.prepareFraction = taken.prepareFraction;
  taken.preparing = stageText(taken.preparing);  // the core's key, worded in the current language
  return taken;
}

TrainingController::Outcome TrainingController::takeOutcome() {
  std::lock_guard lock(mutex_);
  return std::move(outcome_);
}

void TrainingController::setPacer(RacePacer* pacer, size_t run) {
  pacer_ = pacer;
  pacerRun_ = run;
}

void TrainingController::setSampling(const QString& prompt, int tokens) {
  samplePrompt_ = prompt.toStdString();
  sampleTokens_ = tokens;
}

void TrainingController::setTimeline(bool record, std::vector<std::string> sentences) {
  recordTimeline_ = record;
  watched_ = std::move(sentences);
}

void TrainingController::sampleNow(const QString& prompt) {
  {
    std::lock_guard lock(mutex_);
    askedPrompt_ = prompt.toStdString();
  }
  sampleAsked_ = true;
}

void TrainingController::onBatch(const BatchEvent& event) {
  {
    std::lock_guard lock(mutex_);
    pending_.batches.push_back(event);
  }
  if (sampleAsked_.exchange(false)) {
    std::string prompt;
    {
      std::lock_guard lock(mutex_);
      prompt = askedPrompt_;
    }
    writeSample(event.epoch, true, prompt, std::nan(""));
  }
  if (pacer_) pacer_->batchDone(pacerRun_, event.batchesPerEpoch, *control_);
}

void TrainingController::onEpoch(const EpochEvent& event) {
  {
    std::lock_guard lock(mutex_);
    pending_.epochs.push_back(event);
  }
  if (sampleTokens_ > 0) writeSample(event.epoch, false, samplePrompt_, event.valLoss);
}

void TrainingController::writeSample(int epoch, bool asked, const std::string& prompt, double valLoss) {
  if (!training_ || !runWrites(*training_)) return;
  Sample sample;
  sample.epoch = epoch;
  sample.asked = asked;
  sample.valLoss = valLoss;
  sample.prompt = QString::fromStdString(prompt.empty() ? runSamplePrompt(*training_) : prompt);
  try {
    sample.text = QString::fromStdString(runSample(*training_, prompt, std::max(sampleTokens_, 1)).value_or(""));
  } catch (const std::exception& e) {
    sample.text = errorMessage(e);
    sample.failed = true;
  }
  std::lock_guard lock(mutex_);
  pending_.samples.push_back(std::move(sample));
}

void TrainingController::setPhase(Phase phase) {
  std::lock_guard lock(mutex_);
  pending_.phase = phase;
}

void TrainingController::work(RunRequest request, AfterTest afterTest) {
  Outcome outcome;
  const TrainingControl* control = control_.get();
  try {
    // Loading progress goes through the same buffer; returning false cancels when Stop was pressed.
    const ProgressFn progress = [this, control](const std::string& what, double fraction) {
      std::lock_guard lock(mutex_);
      pending_.preparing = QString::fromStdString(what);
      pending_.prepareFraction = fraction;
      return !control->stopRequested();
    };
    outcome.run = prepareRun(request, progress);
    if (control->stopRequested()) {
      outcome.stopped = true;
    } else {
      setPhase(Phase::Training);
      training_ = outcome.run.get();
      sampleAsked_ = false;  // a request of an earlier run
      outcome.result = train(*outcome.run, request, outcome);
      training_ = nullptr;
      outcome.stopped = outcome.result.stopped;
      // Data the model never saw, not even for choosing the best epoch: the honest final number. A stopped run
      // is measured too (it keeps its best finished epoch), unless it stopped before finishing one.
      if (outcome.result.epochsDone > 0) {
        setPhase(Phase::Testing);
        outcome.test = outcome.run->evaluateTest();
        if (afterTest) outcome.afterTest = afterTest(*outcome.run);
      }
    }
  } catch (const std::exception& e) {
    // Divergence keeps the run (it holds the best finished epoch); a data error leaves no run.
    outcome.error = errorMessage(e);
    outcome.stopped = control->stopRequested();
  }
  training_ = nullptr;
  {
    std::lock_guard lock(mutex_);
    pending_.phase = Phase::Finishing;
    outcome_ = std::move(outcome);
  }
  if (pacer_) pacer_->runEnded(pacerRun_);
  // Training kept the memory of its steps for the next one (core/train/allocator.h); the run is over, so the system
  // gets it back, here on the worker rather than on the GUI thread.
  returnFreedMemory();
  // Join and report on the GUI thread; workerDone() runs after this function has returned.
  emit workerEnding();
}

TrainingResult TrainingController::train(TrainingRun& run, const RunRequest& request, Outcome& outcome) {
  std::unique_ptr<TimelineRecorder> recorder;
  if (recordTimeline_) {
    TimelineSettings settings{watched_, 0};
    if (settings.probes.empty()) settings.probes = defaultProbes(modelKind(run.task()), request.data.toStdString());
    try {
      TrainingEvents* after = this;  // the page's buffer takes every event after the recorder
      recorder = std::make_unique<TimelineRecorder>(run, std::move(settings), after);  // reads step 0 here, on the worker
    } catch (const std::exception& e) {
      outcome.timelineError = errorMessage(e);  // the run trains without one
    }
  }
  if (!recorder) return run.train(this, control_.get());
  const TrainingResult result = run.train(recorder.get(), control_.get());
  try {
    outcome.timeline = std::make_shared<const TrainingTimeline>(recorder->finish());
  } catch (const std::exception& e) {
    outcome.timelineError = errorMessage(e);
  }
  return result;
}

void TrainingController::workerDone() {
  if (worker_.joinable()) worker_.join();
  setPhase(Phase::Idle);
  emit finished();
}

}  // namespace al::ui
