#include "core/train/trainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <numeric>
#include <span>
#include <string>
#include <thread>

#include "core/error.h"
#include "core/finite_values.h"
#include "core/random.h"

namespace al {

void TrainingControl::requestStop() { stop_ = true; }
void TrainingControl::setPaused(bool paused) { paused_ = paused; }

bool TrainingControl::waitWhilePaused() const {
  if (paused_.load() && !stop_.load()) {
    holding_ = true;
    while (paused_.load() && !stop_.load()) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    holding_ = false;
  }
  return !stop_.load();
}

namespace {

// Fisher-Yates with our own generator, so the order is the same on every platform.
void shuffleIndices(std::vector<size_t>& v, Rng& rng) {
  for (size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[rng.below(i)]);
}

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Where a run diverged, for its error: the first weights (in the model's order) that are no longer finite, or else the
// tensor with the largest weight (a diverging run's weights grow until a product overflows). One pass over the
// weights, only when the loss is no longer a number.
struct Divergence {
  std::string tensor;
  std::string english;  // ": the weights of X are nan" or ": the largest weight, 3.1e+19, is in X"
};

Divergence whereDiverged(const ParameterSet& params) {
  const ParameterInfo* largest = nullptr;
  float largestValue = 0;
  for (const ParameterInfo& p : params.tensors()) {
    const std::span<const float> values(params.data().data() + p.offset, static_cast<size_t>(p.size()));
    if (const auto at = firstNonFinite(values))
      return {p.name, "; the first weights that are not finite: " + p.name + " (" + nonFiniteText(values[*at]) + ")"};
    for (float v : values)
      if (std::abs(v) > largestValue) {
        largestValue = std::abs(v);
        largest = &p;
      }
  }
  if (!largest) return {};
  char value[32];
  std::snprintf(value, sizeof value, "%.3g", static_cast<double>(largestValue));
  return {largest->name, "; the weights are finite, the largest (" + std::string(value) + ") in " + largest->name};
}

}  // namespace

int workerThreads(int requested) {
  return requested > 0 ? requested : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

Split splitSamples(size_t n, double validationSplit, bool shuffle, uint64_t seed, size_t limit) {
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), size_t{0});
  if (shuffle) {
    Rng rng = Rng::derive(seed, 0x5eed);
    shuffleIndices(order, rng);
  }
  if (limit > 0 && limit < n) order.resize(limit);
  const auto held = static_cast<size_t>(std::floor(static_cast<double>(order.size()) * validationSplit));
  Split split;
  split.train.assign(order.begin(), order.end() - static_cast<std::ptrdiff_t>(held));
  split.validation.assign(order.end() - static_cast<std::ptrdiff_t>(held), order.end());
  return split;
}

TrainingResult train(TrainingTask& task, const TrainingSettings& settings, TrainingEvents* events,
                     const TrainingControl* control) {
  if (settings.batchSize < 1)
    throw RunError(ErrorKind::OptionInvalid,
                   {.name = "batch_size", .expected = ">= 1", .found = std::to_string(settings.batchSize)},
                   "batch size must be at least 1");
  if (settings.epochs < 1)
    throw RunError(ErrorKind::OptionInvalid,
                   {.name = "epochs", .expected = ">= 1", .found = std::to_string(settings.epochs)},
                   "epochs must be at least 1");
  const Split split = splitSamples(task.trainingSamples(), settings.validationSplit, settings.shuffle, settings.seed,
                                   settings.trainLimit);
  if (split.train.empty())
    throw RunError(ErrorKind::NoTrainingSamples, {}, "no training samples are left after the validation split");

  ParameterSet& params = task.parameters();
  std::unique_ptr<Optimizer> optimizer = makeOptimizer(settings.optimizer);
  Gradients grads(params);
  const size_t batchSize = static_cast<size_t>(settings.batchSize);
  const size_t batchesPerEpoch = (split.train.size() + batchSize - 1) / batchSize;
  const size_t totalBatches = batchesPerEpoch * static_cast<size_t>(settings.epochs);

  TrainingResult result;
  double bestValLoss = std::numeric_limits<double>::infinity();
  long step = 0;
  double trainingSeconds = 0;  // excludes pauses, for the time-left estimate
  size_t samplesSeen = 0;

  for (int epoch = 1; epoch <= settings.epochs; ++epoch) {
    const auto epochStart = std::chrono::steady_clock::now();
    std::vector<size_t> order = split.train;
    if (settings.shuffle) {
      Rng rng = Rng::derive(settings.seed, 0xe90c, static_cast<uint64_t>(epoch));
      shuffleIndices(order, rng);
    }
    BatchStats epochStats;
    for (size_t b = 0; b < batchesPerEpoch; ++b) {
      if (control && (control->stopRequested() || !control->waitWhilePaused())) {
        result.stopped = true;
        break;
      }
      const auto batchStart = std::chrono::steady_clock::now();
      const size_t first = b * batchSize;
      const std::span<const size_t> batch(order.data() + first, std::min(batchSize, order.size() - first));
      grads.setZero();
      const uint64_t batchSeed = Rng::derive(settings.seed, static_cast<uint64_t>(epoch), b).next();
      const BatchStats stats = task.trainBatch(batch, grads, batchSeed);
      if (!std::isfinite(stats.loss())) {
        const Divergence where = whereDiverged(params);
        throw RunError(ErrorKind::NonFiniteLoss, {.line = epoch, .name = where.tensor, .found = std::to_string(stats.loss())},
                       "training diverged: the loss became " + std::to_string(stats.loss()) + " in epoch " +
                       std::to_string(epoch) + ", batch " + std::to_string(b + 1) + " (step " + std::to_string(step + 1) +
                       ")" + where.english + "; try a smaller learning rate. The last saved model is unchanged.");
      }
      optimizer->update(params, grads, ++step);
      epochStats += stats;
      samplesSeen += batch.size();
      trainingSeconds += secondsSince(batchStart);

      if (events) {
        BatchEvent e;
        e.epoch = epoch;
        e.batch = b + 1;
        e.batchesPerEpoch = batchesPerEpoch;
        e.loss = stats.loss();
        e.accuracy = stats.accuracy();
        e.samplesPerSecond = static_cast<double>(samplesSeen) / std::max(trainingSeconds, 1e-9);
        const size_t done = static_cast<size_t>(epoch - 1) * batchesPerEpoch + b + 1;
        e.fraction = static_cast<double>(done) / static_cast<double>(totalBatches);
        e.secondsLeft = trainingSeconds / static_cast<double>(done) * static_cast<double>(totalBatches - done);
        events->onBatch(e);
      }
    }
    if (result.stopped && epochStats.total == 0) break;  // stopped before this epoch did anything

    EpochEvent e;
    e.epoch = epoch;
    e.loss = epochStats.loss();
    e.accuracy = epochStats.accuracy();
    e.valLoss = e.valAccuracy = std::numeric_limits<double>::quiet_NaN();
    if (!split.validation.empty()) {
      const BatchStats val = task.evaluate(split.validation);
      e.valLoss = val.loss();
      e.valAccuracy = val.accuracy();
      e.best = e.valLoss < bestValLoss;
      if (e.best) bestValLoss = e.valLoss;
    }
    if (split.validation.empty() || settings.keepLastEpoch) e.best = true;  // the last epoch is kept
    e.seconds = secondsSince(epochStart);
    if (e.best) {
      result.bestEpoch = epoch;
      result.bestParameters = params.data();
    }
    result.history.push_back(e);
    result.epochsDone = epoch;
    if (events) events->onEpoch(e);
    if (result.stopped) break;
  }
  if (result.bestParameters.empty()) result.bestParameters = params.data();
  return result;
}

namespace {

// Records the history and a copy of the best epoch's weights as the epochs finish.
class BestKeeper : public TrainingEvents {
 public:
  BestKeeper(const ParameterSet& params, std::vector<EpochEvent>& history, TrainingEvents* next)
      : params_(params), history_(history), next_(next) {}
  void onBatch(const BatchEvent& e) override {
    if (next_) next_->onBatch(e);
  }
  void onEpoch(const EpochEvent& e) override {
    history_.push_back(e);
    if (e.best) best = params_.data();
    if (next_) next_->onEpoch(e);
  }
  FloatBuffer best;

 private:
  const ParameterSet& params_;
  std::vector<EpochEvent>& history_;
  TrainingEvents* next_;
};

}  // namespace

TrainingResult trainKeepingBest(TrainingTask& task, const TrainingSettings& settings, TrainingEvents* events,
                                const TrainingControl* control, std::vector<EpochEvent>& history) {
  history.clear();
  BestKeeper keeper(task.parameters(), history, events);
  try {
    TrainingResult result = train(task, settings, &keeper, control);
    task.parameters().data() = result.bestParameters;
    return result;
  } catch (const RunError&) {
    if (!keeper.best.empty()) task.parameters().data() = keeper.best;
    throw;
  }
}

double bestValidationAccuracy(const std::vector<EpochEvent>& history) {
  double best = std::nan("");
  for (const EpochEvent& e : history)
    if (std::isfinite(e.valAccuracy) && !(best >= e.valAccuracy)) best = e.valAccuracy;
  return best;
}

std::vector<io::EpochRecord> historyRecords(const std::vector<EpochEvent>& history) {
  std::vector<io::EpochRecord> records;
  for (const EpochEvent& e : history) records.push_back({e.epoch, e.loss, e.accuracy, e.valLoss, e.valAccuracy, e.seconds});
  return records;
}

}  // namespace al
