#pragma once
// Recording a training timeline (core/inference/training_timeline.h) while a run trains: which steps are
// snapshotted, and the recorder that takes them between batches without holding training up.
//
//   TimelineRecorder recorder(run, {.probes = {"小明把书包忘在教室，它很沉。"}}, &progress);  // reads step 0
//   run.train(&recorder, control);
//   writeTrainingTimeline(dir / kTimelineFile, recorder.finish());
//
// A snapshot costs the training thread one copy of the weights (run.snapshot()); the probes are read on the copy by
// a thread of the recorder's own, on another core, while training goes on. Each snapshot records the step it is of,
// so when its reading finishes does not matter: the same seed gives the same timeline.
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/inference/training_timeline.h"
#include "core/train/run.h"

namespace al {

struct TimelineSettings {
  std::vector<std::string> probes;  // 1 to kMaxTimelineProbes sentences (catalogue's defaultProbes for a corpus's)
  long every = 0;                   // a snapshot every N steps besides those below; 0: about kRegularSnapshots
};

// When a run is snapshotted, besides step 0 and the last step of every epoch (the recorder takes those):
//   the first epoch's steps 1, 2, 4, 8, ...   a head can form in the first few hundred steps: dense early
//   every `interval` steps                    settings.every, or the run's steps / kRegularSnapshots
class SnapshotSchedule {
 public:
  static constexpr long kRegularSnapshots = 48;
  SnapshotSchedule(long every, long stepsPerEpoch, long totalSteps);
  bool due(long step) const;
  long interval() const { return interval_; }
  // Half as many regular snapshots from now on (the recorder thins what it has kept to the same density).
  void thin() { interval_ *= 2; }

 private:
  long interval_;
  long stepsPerEpoch_;
};

class TimelineRecorder : public TrainingEvents {
 public:
  static constexpr size_t kMaxProbeTokens = 64;       // a probe is a sentence, not a review
  static constexpr size_t kMaxSnapshots = 400;        // kept; more are thinned (every second one dropped)
  static constexpr size_t kMinSnapshots = 16;         // fewer would not show a head forming
  static constexpr size_t kByteBudget = 45ull << 20;  // timeline.json stays below this (the book preset included)

  // Reads the probes with the run's weights as they are (step 0), on the calling thread, and starts the reading
  // thread. InputError for no probes or more than kMaxTimelineProbes (OptionInvalid), a probe the model cannot read
  // or longer than kMaxProbeTokens (SentenceTooLong), and probes whose snapshots would not fit kMinSnapshots times
  // into kByteBudget (TooMuchMemory). `next` receives every event after the recorder.
  TimelineRecorder(const TrainingRun& run, TimelineSettings settings, TrainingEvents* next = nullptr);
  ~TimelineRecorder() override;
  TimelineRecorder(const TimelineRecorder&) = delete;
  TimelineRecorder& operator=(const TimelineRecorder&) = delete;

  void onBatch(const BatchEvent& e) override;
  void onEpoch(const EpochEvent& e) override;

  // Waits for the readings still under way and returns the timeline. Rethrows what a reading threw. Call once,
  // after training.
  TrainingTimeline finish();

 private:
  struct Job {
    std::shared_ptr<TimelineSnapshot> snapshot;
    AnyModel model;
  };
  void take(long step, int epoch, double loss, double accuracy);  // on the training thread
  void keepWithinBounds();
  void readSnapshots();  // the reading thread

  const TrainingRun& run_;
  TimelineSettings settings_;
  TrainingEvents* next_;
  TrainingTimeline timeline_;  // probes and shape; the snapshots are kept in snapshots_ until finish()
  size_t capacity_ = kMaxSnapshots;
  std::unique_ptr<SnapshotSchedule> schedule_;  // made at the first batch, when the run's length is known
  int epoch_ = 0;
  double lossSum_ = 0, accuracySum_ = 0;
  long batches_ = 0;
  long lastStep_ = 0;  // the step of the last batch

  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::shared_ptr<TimelineSnapshot>> snapshots_;
  std::deque<Job> jobs_;
  bool stopping_ = false;
  std::exception_ptr failure_;
  std::thread reader_;
};

}  // namespace al
