#include "ui/session/run_queue.h"

#include <algorithm>

#include <QTimer>

#include "ui/session/race_pacer.h"

namespace al::ui {

RunQueue::RunQueue(QObject* parent) : QObject(parent), timer_(new QTimer(this)) {
  timer_->setInterval(33);  // about 30 redraws a second, however many batches go by
  connect(timer_, &QTimer::timeout, this, &RunQueue::takeUpdates);
  setSideBySide(1);
}

RunQueue::~RunQueue() { clearSlots(); }

// The controllers go first, each joining its worker: a worker still running must not outlive what it reports to.
void RunQueue::clearSlots() {
  for (Slot& slot : slots_) slot.controller->stop();
  for (Slot& slot : slots_) delete slot.controller;
  slots_.clear();
}

void RunQueue::setSideBySide(size_t atOnce, RacePacer* pacer) {
  if (isRunning()) return;
  clearSlots();
  pacer_ = pacer;
  slots_.resize(std::max<size_t>(1, atOnce));
  for (size_t i = 0; i < slots_.size(); ++i) {
    auto* controller = new TrainingController(this);
    if (pacer_) controller->setPacer(pacer_, i);
    slots_[i].controller = controller;
    // A slot is found by its place: the vector is not resized while its controllers live.
    connect(controller, &TrainingController::finished, this, [this, i] { slotFinished(slots_[i]); });
  }
}

bool RunQueue::isRunning() const {
  return std::any_of(slots_.begin(), slots_.end(), [](const Slot& s) { return s.run >= 0; });
}

void RunQueue::start(std::vector<Run> runs) {
  if (isRunning()) return;
  runs_ = std::move(runs);
  outcomes_.clear();
  outcomes_.resize(runs_.size());
  next_ = 0;
  paused_ = false;
  error_.clear();
  if (pacer_) pacer_->reset();
  // All slots are given their run before any starts, so that a pacer never waits for a run not yet begun.
  for (Slot& slot : slots_) startNext(slot);
  if (!isRunning()) {
    emit allFinished();  // nothing to run
    return;
  }
  timer_->start();
}

void RunQueue::startNext(Slot& slot) {
  if (next_ >= runs_.size()) return;
  slot.run = static_cast<int>(next_++);
  const Run& run = runs_[static_cast<size_t>(slot.run)];
  slot.controller->start(run.request, run.afterTest);
  if (paused_) slot.controller->setPaused(true);
  emit runStarted(slot.run);
}

void RunQueue::stop() {
  next_ = runs_.size();  // no further runs
  for (Slot& slot : slots_)
    if (slot.run >= 0) slot.controller->stop();
}

void RunQueue::setPaused(bool paused) {
  paused_ = paused;
  for (Slot& slot : slots_)
    if (slot.run >= 0) slot.controller->setPaused(paused);
}

void RunQueue::takeUpdates() {
  for (Slot& slot : slots_)
    if (slot.run >= 0) emit updated(slot.run, slot.controller->takeUpdate());
}

TrainingController::Outcome RunQueue::takeOutcome(size_t index) { return std::move(outcomes_[index]); }

void RunQueue::slotFinished(Slot& slot) {
  const int index = slot.run;
  if (index < 0) return;
  emit updated(index, slot.controller->takeUpdate());  // the last batches and epochs, before the outcome
  TrainingController::Outcome& outcome = outcomes_[static_cast<size_t>(index)];
  outcome = slot.controller->takeOutcome();
  slot.run = -1;
  // One run failing ends the queue: the pages compare runs, and a comparison with a run missing is no comparison.
  if (!outcome.error.isEmpty() && !outcome.stopped && error_.isEmpty()) {
    error_ = outcome.error;
    stop();
  }
  emit runFinished(index);
  startNext(slot);
  if (isRunning()) return;
  timer_->stop();
  emit allFinished();
}

}  // namespace al::ui
