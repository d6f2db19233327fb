#include "ui/session/race_pacer.h"

#include <algorithm>
#include <chrono>

#include "core/train/trainer.h"

namespace al::ui {

RacePacer::RacePacer(size_t runs) : batches_(runs, 0), ended_(runs, false), waiting_(runs, false) {}

int RacePacer::maxLead(size_t batchesPerEpoch) { return std::max(2, static_cast<int>(batchesPerEpoch / 20)); }

void RacePacer::reset() {
  std::lock_guard lock(mutex_);
  std::fill(batches_.begin(), batches_.end(), 0);
  std::fill(ended_.begin(), ended_.end(), false);
}

bool RacePacer::mayGoOn(size_t run, int lead) const {
  for (size_t other = 0; other < batches_.size(); ++other)
    if (other != run && !ended_[other] && batches_[run] - batches_[other] > lead) return false;
  return true;
}

void RacePacer::batchDone(size_t run, size_t batchesPerEpoch, const TrainingControl& control) {
  const int lead = maxLead(batchesPerEpoch);
  std::unique_lock lock(mutex_);
  ++batches_[run];
  changed_.notify_all();
  // A stop request sets an atomic flag and notifies nobody: look at it every 10 ms, as a paused trainer does.
  waiting_[run] = true;
  while (!mayGoOn(run, lead) && !control.stopRequested())
    changed_.wait_for(lock, std::chrono::milliseconds(10));
  waiting_[run] = false;
}

void RacePacer::runEnded(size_t run) {
  std::lock_guard lock(mutex_);
  ended_[run] = true;
  changed_.notify_all();
}

bool RacePacer::isWaiting(size_t run) const {
  std::lock_guard lock(mutex_);
  return waiting_[run];
}

}  // namespace al::ui
