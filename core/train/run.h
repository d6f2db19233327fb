#pragma once
// A training run as the app and the CLI see it: prepared from settings (data loaded, vocabulary built, model
// created), trained with events and pause/stop, then saved as a model directory. One implementation per task.
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "core/inference/any_model.h"
#include "core/io/history.h"
#include "core/io/training_record.h"
#include "core/train/trainer.h"

namespace al {

// Reports preparation progress (loading data): the stage, one of the keys below, and a fraction 0..1. Return
// false to cancel. The keys are not for reading: the app words them in its language (ui/text/stage_texts.h).
using ProgressFn = std::function<bool(const std::string& stage, double fraction)>;

namespace stage {
inline constexpr char kReadingData[] = "reading-data";
inline constexpr char kReadingPretrainedEncoder[] = "reading-pretrained-encoder";
inline constexpr char kBuildingVocabulary[] = "building-vocabulary";
inline constexpr char kCountingBigrams[] = "counting-bigrams";
inline constexpr char kEncodingReviews[] = "encoding-reviews";
inline constexpr char kComputingFeatures[] = "computing-features";  // a frozen BERT reads every review once
inline constexpr char kPreparingPairs[] = "preparing-pairs";
inline constexpr char kEncodingPairs[] = "encoding-pairs";
inline constexpr char kReady[] = "ready";
}  // namespace stage

class TrainingRun {
 public:
  virtual ~TrainingRun() = default;
  // The contract's task name: "imdb-transformer", "imdb-bigram", "seq2seq-attention", "seq2seq-transformer" or
  // "masked-lm".
  virtual std::string task() const = 0;
  // The settings that define the run (model config and training settings), for the runs list and the log.
  virtual nlohmann::json settings() const = 0;
  // Trains in the run's own oneTBB arena (its thread count). Throws RunError on divergence; the model then keeps
  // the weights of its best finished epoch, if any.
  virtual TrainingResult train(TrainingEvents* events, const TrainingControl* control) = 0;
  // Writes the model directory atomically: the best epoch's weights, config, vocabularies and the history.
  virtual void save(const std::filesystem::path& dir) const = 0;
  // An independent copy of the model as it is now (after training: its best epoch) with its history, as the
  // session keeps it. Copies the weights once; the run may go on or be dropped. Call it while it is not training.
  virtual AnyModel snapshot() const = 0;
  // Test split (or all data without one): loss and accuracy of the current weights.
  virtual BatchStats evaluateTest() = 0;
  // Whether evaluateTest() measures on data the model never trained on (the source's test split). false: the
  // source has none, so it measures on all of it, the training samples included: a training score, to be named so.
  virtual bool testIsHeldOut() const = 0;
};

// Writes the run's model directory (atomically) and beside it training.json: its settings, the epoch it keeps and
// its test score when measured. Every save of a trained run goes through here (the CLI's train, the Train page's
// Save), so a saved model always says how it was trained.
void saveWithRecord(const TrainingRun& run, const std::filesystem::path& dir, int keptEpoch,
                    std::optional<io::TrainingRecord::Test> test);
// The test score as training.json keeps it.
io::TrainingRecord::Test testRecord(const BatchStats& test, bool heldOut);

// trainKeepingBest in an arena of `threads` worker threads (0: every core), as every run trains.
TrainingResult trainInArena(TrainingTask& task, const TrainingSettings& settings, int threads, TrainingEvents* events,
                            const TrainingControl* control, std::vector<EpochEvent>& history);

}  // namespace al
