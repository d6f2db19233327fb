#pragma once
// Keeps runs that train on threads of their own in step, batch by batch.
//
// The operating system does not share the processor evenly between two training threads: left alone, one run can
// finish while the other is epochs behind. A race compares what each model learns per step, not which thread the
// scheduler favoured, so after each batch the run ahead waits, on its own worker thread, until the slowest run that
// still trains has come within maxLead() batches of it. Waiting on the worker (not on the GUI's redraw timer) keeps
// the gap small however busy the machine is.
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <vector>

namespace al {
class TrainingControl;
}

namespace al::ui {

class RacePacer {
 public:
  explicit RacePacer(size_t runs);

  // How many batches a run may lead: a twentieth of an epoch, at least 2.
  static int maxLead(size_t batchesPerEpoch);

  // Before a race: every run at batch 0 and still training.
  void reset();
  // On run `run`'s worker thread, after each of its batches. Returns once the run no longer leads by more than
  // maxLead(batchesPerEpoch), once every other run has ended, or once `control` asks to stop.
  void batchDone(size_t run, size_t batchesPerEpoch, const TrainingControl& control);
  // The run trains no more (it finished, stopped or failed): nobody waits for it.
  void runEnded(size_t run);
  // Whether run `run` waits in batchDone() now, held back by a slower run (what a test of the pacing waits for).
  bool isWaiting(size_t run) const;

 private:
  bool mayGoOn(size_t run, int lead) const;  // with mutex_ held

  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<int> batches_;  // batches done, per run
  std::vector<bool> ended_;   // per run
  std::vector<bool> waiting_;  // per run
};

}  // namespace al::ui
