#include "core/train/timeline_recorder.h"

#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/error.h"
#include "core/inference/model_attention.h"
#include "core/io/limits.h"

namespace al {

// ---------------------------------------------------------------------------------------------------------
// The schedule

SnapshotSchedule::SnapshotSchedule(long every, long stepsPerEpoch, long totalSteps)
    : interval_(every > 0 ? every : std::max(1L, (totalSteps + kRegularSnapshots - 1) / kRegularSnapshots)),
      stepsPerEpoch_(stepsPerEpoch) {}

bool SnapshotSchedule::due(long step) const {
  const bool powerOfTwo = step > 0 && (step & (step - 1)) == 0;
  return (powerOfTwo && step <= stepsPerEpoch_) || step % interval_ == 0;
}

// ---------------------------------------------------------------------------------------------------------
// The recorder

namespace {

constexpr double kNoValue = std::numeric_limits<double>::quiet_NaN();

// What one snapshot adds to timeline.json, about: 13 bytes a number (9 digits, a point, an exponent or a leading
// "0.", a comma), and
// the prediction and brackets besides.
size_t bytesOf(const std::vector<ProbeReading>& readings) {
  size_t numbers = 0;
  for (const ProbeReading& r : readings) {
    for (const auto& layer : r.attention)
      for (const Matrix& a : layer) numbers += static_cast<size_t>(a.size()) + static_cast<size_t>(a.rows());
    for (const auto& layer : r.heads.entropy) numbers += 2 * layer.size();
    numbers += static_cast<size_t>(r.prediction.alignment.size());
  }
  return numbers * 13 + readings.size() * 512 + 128;
}

void checkProbes(const TimelineSettings& settings) {
  const size_t n = settings.probes.size();
  if (n == 0 || n > kMaxTimelineProbes)
    throw InputError(ErrorKind::OptionInvalid,
                     {.name = "--watch", .expected = "1 .. " + std::to_string(kMaxTimelineProbes), .found = std::to_string(n)},
                     "a timeline watches 1 to " + std::to_string(kMaxTimelineProbes) + " sentences, not " +
                         std::to_string(n));
  if (settings.every < 0)
    throw InputError(ErrorKind::OptionInvalid,
                     {.name = "--watch-every", .expected = ">= 0", .found = std::to_string(settings.every)},
                     "--watch-every must be 0 (automatic) or more");
}

void checkProbeLengths(const std::vector<TimelineProbe>& probes) {
  for (const TimelineProbe& p : probes)
    if (p.tokens.size() > TimelineRecorder::kMaxProbeTokens)
      throw InputError(ErrorKind::SentenceTooLong,
                       {.expected = std::to_string(TimelineRecorder::kMaxProbeTokens),
                        .found = std::to_string(p.tokens.size())},
                       "the sentence to watch \"" + p.text + "\" has " + std::to_string(p.tokens.size()) +
                           " tokens; a timeline watches sentences of at most " +
                           std::to_string(TimelineRecorder::kMaxProbeTokens));
}

}  // namespace

TimelineRecorder::TimelineRecorder(const TrainingRun& run, TimelineSettings settings, TrainingEvents* next)
    : run_(run), settings_(std::move(settings)), next_(next) {
  checkProbes(settings_);
  const AnyModel initial = run_.snapshot();
  const ModelShape shape = modelShape(initial);
  timeline_.task = run_.task();
  timeline_.layers = shape.layers;
  timeline_.heads = static_cast<size_t>(shape.heads);
  timeline_.probes = describeProbes(initial, settings_.probes);
  checkProbeLengths(timeline_.probes);

  auto first = std::make_shared<TimelineSnapshot>();
  first->loss = first->accuracy = kNoValue;
  first->probes = takeReadings(initial, settings_.probes);
  const size_t bytes = bytesOf(first->probes);
  capacity_ = std::min(kMaxSnapshots, kByteBudget / bytes);
  if (capacity_ < kMinSnapshots)
    throw InputError(ErrorKind::TooMuchMemory,
                     {.expected = limits::describeBytes(kByteBudget), .found = limits::describeBytes(bytes * kMinSnapshots)},
                     "the sentences to watch are too long for a timeline of this model: " +
                         std::to_string(kMinSnapshots) + " snapshots would take " +
                         limits::describeBytes(bytes * kMinSnapshots) + ", more than the " +
                         limits::describeBytes(kByteBudget) + " a timeline keeps; watch fewer or shorter sentences");
  snapshots_.push_back(std::move(first));
  reader_ = std::thread([this] { readSnapshots(); });
}

TimelineRecorder::~TimelineRecorder() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  if (reader_.joinable()) reader_.join();
}

void TimelineRecorder::onBatch(const BatchEvent& e) {
  const auto perEpoch = static_cast<long>(e.batchesPerEpoch);
  const long step = (e.epoch - 1) * perEpoch + static_cast<long>(e.batch);
  if (!schedule_) {
    const long total = e.fraction > 0 ? std::lround(static_cast<double>(step) / e.fraction) : perEpoch;
    schedule_ = std::make_unique<SnapshotSchedule>(settings_.every, perEpoch, total);
  }
  if (e.epoch != epoch_) {
    epoch_ = e.epoch;
    lossSum_ = accuracySum_ = 0;
    batches_ = 0;
  }
  lossSum_ += e.loss;
  accuracySum_ += e.accuracy;
  ++batches_;
  lastStep_ = step;
  if (schedule_->due(step)) take(step, e.epoch, lossSum_ / static_cast<double>(batches_), accuracySum_ / static_cast<double>(batches_));
  if (next_) next_->onBatch(e);
}

void TimelineRecorder::onEpoch(const EpochEvent& e) {
  // The weights are still those of the epoch's last step (validation does not change them).
  bool taken = false;
  {
    std::lock_guard lock(mutex_);
    taken = snapshots_.back()->step == lastStep_;
  }
  if (!taken) take(lastStep_, e.epoch, e.loss, e.accuracy);
  {
    std::lock_guard lock(mutex_);
    TimelineSnapshot& end = *snapshots_.back();
    end.epochEnd = true;
    end.loss = e.loss;
    end.accuracy = e.accuracy;
  }
  if (next_) next_->onEpoch(e);
}

void TimelineRecorder::take(long step, int epoch, double loss, double accuracy) {
  auto snapshot = std::make_shared<TimelineSnapshot>();
  snapshot->step = step;
  snapshot->epoch = epoch;
  snapshot->loss = loss;
  snapshot->accuracy = accuracy;
  Job job{snapshot, run_.snapshot()};  // the copy of the weights: the only cost on the training thread
  std::unique_lock lock(mutex_);
  // At most two copies wait: a reading slower than training holds it up rather than fill the memory with weights.
  changed_.wait(lock, [&] { return jobs_.size() < 2 || failure_; });
  snapshots_.push_back(snapshot);
  jobs_.push_back(std::move(job));
  keepWithinBounds();
  changed_.notify_all();
}

// Called with the mutex held. Too many snapshots: every second one is dropped, step 0, epoch ends and the newest
// kept (all but step 0 and the newest if only epoch ends are left), and the regular ones come half as often.
void TimelineRecorder::keepWithinBounds() {
  if (snapshots_.size() <= capacity_) return;
  auto thinned = [&](bool keepEpochEnds) {
    std::vector<std::shared_ptr<TimelineSnapshot>> kept;
    size_t candidate = 0;
    for (size_t i = 0; i < snapshots_.size(); ++i) {
      const bool fixed = i == 0 || i + 1 == snapshots_.size() || (keepEpochEnds && snapshots_[i]->epochEnd);
      if (fixed || candidate++ % 2 == 1) kept.push_back(snapshots_[i]);
    }
    return kept;
  };
  std::vector<std::shared_ptr<TimelineSnapshot>> kept = thinned(true);
  if (kept.size() > capacity_) kept = thinned(false);
  snapshots_ = std::move(kept);
  if (schedule_) schedule_->thin();
}

void TimelineRecorder::readSnapshots() {
  tbb::task_arena one(1);  // one core: the others train
  for (;;) {
    Job job;
    {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
      if (jobs_.empty()) return;
      job = jobs_.front();
    }
    std::vector<ProbeReading> readings;
    std::exception_ptr failure;
    try {
      one.execute([&] { readings = takeReadings(job.model, settings_.probes); });
    } catch (...) {
      failure = std::current_exception();
    }
    {
      std::lock_guard lock(mutex_);
      job.snapshot->probes = std::move(readings);
      if (failure && !failure_) failure_ = failure;
      jobs_.pop_front();
    }
    changed_.notify_all();
  }
}

TrainingTimeline TimelineRecorder::finish() {
  {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return jobs_.empty(); });
    if (failure_) std::rethrow_exception(failure_);
    for (const auto& s : snapshots_) timeline_.snapshots.push_back(*s);
  }
  return timeline_;
}

}  // namespace al
