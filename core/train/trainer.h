#pragma once
// The training loop, shared by every task (IMDB Transformer, bag-of-bigrams, the GRU and Transformer chatbots, the
// masked language model).
//
// A task knows its model and data; the Trainer knows epochs, batches, the optimizer, validation, keeping the
// best weights, pause and stop, and reports what happens through TrainingEvents. It never prints.
//
// Determinism: batches are cut from an order drawn from the seed; a task spreads each batch over the worker
// threads so that no sum depends on the schedule (core/parallel.h): work that adds into shared gradients runs in
// fixed chunks summed in chunk order, work in which each sample keeps its own part goes to whichever thread is
// free, longest sample first. The same seed and the same thread count give a bit-identical run.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "core/io/history.h"
#include "core/models/batch_stats.h"
#include "core/parameters.h"
#include "core/train/optimizer.h"

namespace al {

// What a task must provide to be trained.
class TrainingTask {
 public:
  virtual ~TrainingTask() = default;
  virtual ParameterSet& parameters() = 0;
  virtual size_t trainingSamples() const = 0;  // samples 0..n-1 of the training data (before the validation split)
  // Computes the gradient of the batch's mean loss into grads (zeroed by the caller) and returns the batch's
  // statistics. `seed` makes dropout reproducible. May update non-trainable state (batch norm statistics).
  virtual BatchStats trainBatch(std::span<const size_t> samples, Gradients& grads, uint64_t seed) = 0;
  // Loss and accuracy in evaluation mode on training samples (for the validation split).
  virtual BatchStats evaluate(std::span<const size_t> samples) = 0;
  // Tokens processed by these samples (for throughput in the progress display).
  virtual size_t tokens(std::span<const size_t> samples) const { return samples.size(); }
};

struct TrainingSettings {
  int epochs = 1;
  int batchSize = 32;
  double validationSplit = 0.2;  // the last fraction of the shuffled training data
  bool shuffle = true;
  uint64_t seed = 1337;
  size_t trainLimit = 0;  // > 0: only the first trainLimit samples of the shuffled data (few-label experiments)
  // Which epoch's weights a run keeps: false, the one of the lowest validation loss (without a validation split,
  // the last); true, the last epoch in any case (later epochs may fit the training data better and the held-out
  // data worse: a chatbot kept at its best validation loss can be an early epoch that answers "." to everything).
  bool keepLastEpoch = false;
  OptimizerSettings optimizer;
};

struct BatchEvent {
  int epoch = 0;           // from 1
  size_t batch = 0;        // from 1, within the epoch
  size_t batchesPerEpoch = 0;
  double loss = 0, accuracy = 0;  // this batch
  double samplesPerSecond = 0;
  double secondsLeft = 0;  // estimate for the whole run
  double fraction = 0;     // of the whole run, 0..1
};

struct EpochEvent {
  int epoch = 0;
  double loss = 0, accuracy = 0;        // training, averaged over the epoch
  double valLoss = 0, valAccuracy = 0;  // NaN without validation
  double seconds = 0;
  bool best = false;  // the epoch kept so far: lowest validation loss (the last without validation or with keepLastEpoch)
};

// Receives the trainer's events, on the training thread. Implementations must be quick (copy and return).
class TrainingEvents {
 public:
  virtual ~TrainingEvents() = default;
  virtual void onBatch(const BatchEvent&) {}
  virtual void onEpoch(const EpochEvent&) {}
};

// Pause and stop, asked from any thread, honoured between batches.
class TrainingControl {
 public:
  void requestStop();
  void setPaused(bool paused);
  bool stopRequested() const { return stop_.load(); }
  bool paused() const { return paused_.load(); }
  // Blocks while paused; returns false when a stop was requested.
  bool waitWhilePaused() const;
  // True while the training thread waits in waitWhilePaused(): the pause has taken hold, no batch is in flight
  // (what a test of pausing waits for, instead of guessing how long a batch takes).
  bool holding() const { return holding_.load(); }

 private:
  std::atomic<bool> stop_{false};
  std::atomic<bool> paused_{false};
  mutable std::atomic<bool> holding_{false};
};

struct TrainingResult {
  bool stopped = false;  // stopped early by request
  int epochsDone = 0;
  int bestEpoch = 0;
  std::vector<EpochEvent> history;
  FloatBuffer bestParameters;  // the parameter buffer of the best epoch (what to save)
};

// Runs the loop. Throws RunError when the loss becomes NaN or infinite (the message names epoch and batch);
// the caller still holds the last good model and its files are untouched.
TrainingResult train(TrainingTask& task, const TrainingSettings& settings, TrainingEvents* events = nullptr,
                     const TrainingControl* control = nullptr);

// train(), as a TrainingRun needs it: `history` grows epoch by epoch (so a checkpoint saved from onEpoch has it),
// the task's parameters end as those of the best epoch, and when training fails (RunError) they are set back to
// the best finished epoch, if there is one, before the error is passed on.
TrainingResult trainKeepingBest(TrainingTask& task, const TrainingSettings& settings, TrainingEvents* events,
                                const TrainingControl* control, std::vector<EpochEvent>& history);

// The highest validation accuracy of a history; NaN without a validation split.
double bestValidationAccuracy(const std::vector<EpochEvent>& history);

// The epochs of a run as history.json records (what a model directory keeps).
std::vector<io::EpochRecord> historyRecords(const std::vector<EpochEvent>& history);

// Worker threads for a requested count: the count itself, or every core for 0.
int workerThreads(int requested);

// Splits sample indices 0..n-1 into training and validation parts: shuffled with the seed (or in order when
// shuffle is false), cut to the first `limit` (0: no limit), and the last `validationSplit` fraction held out.
struct Split {
  std::vector<size_t> train, validation;
};
Split splitSamples(size_t n, double validationSplit, bool shuffle, uint64_t seed, size_t limit = 0);

}  // namespace al
