#pragma once
// What every training command of the CLI shares: the progress bar on stderr, the --log JSON lines, the
// mapping of errors to exit codes, and the default output directory.
#include <chrono>
#include <fstream>
#include <functional>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <string>

#include <nlohmann/json.hpp>

#include "app/cli/commands.h"
#include "core/inference/masked_lm_inference.h"  // FillPrediction
#include "core/train/hyperparameters.h"
#include "core/train/run.h"
#include "core/train/trainer.h"
#include "core/tensor.h"

namespace al {
class ImdbRun;
}

namespace al::cli {

// Runs body and maps what it throws to the contract's exit codes, printing the message on stderr.
int guarded(const std::function<int()>& body);

// The run the options ask for: the task's preset (its default without --preset), then the values given.
RunRequest runRequest(const TrainOptions& options);

// Task names for a message, the last after "and": "bert, gpt2 and masked-lm".
std::string taskList(std::initializer_list<const char*> tasks);

// A matrix as rows of numbers, and [layer][head] matrices as nested arrays (the --json outputs).
nlohmann::json matrixJson(const Matrix& m);
nlohmann::json attentionJson(const std::vector<std::vector<Matrix>>& attention);
// fill --json, whichever model filled the blanks (a masked-lm directory's FillResult, a bert folder's BertFill): the
// tokens, their ids, each blank's candidates and every attention map.
template <class Fill>
nlohmann::json fillJson(const Fill& r) {
  nlohmann::json predictions = nlohmann::json::array();
  for (const FillPrediction& p : r.predictions) {
    nlohmann::json top = nlohmann::json::array();
    for (const FillCandidate& c : p.top) top.push_back({{"token", c.token}, {"probability", c.probability}});
    predictions.push_back({{"position", p.position}, {"top", std::move(top)}});
  }
  return {{"tokens", r.tokens}, {"ids", r.ids}, {"predictions", std::move(predictions)},
          {"attention", attentionJson(r.attention)}};
}

// What eval's measures of an imdb-transformer (--head-importance, --rank-correlations) read: the model's run over
// --data (the built-in reviews without it), with its weights, ready for the test reviews. `option` names the
// measure in the message for a model of another task. Throws InputError.
std::unique_ptr<ImdbRun> prepareImdbEvaluation(const EvalOptions& o, const std::string& option);

// runs/<task>-<YYYYmmdd-HHMMSS>
std::string defaultOutputDirectory(const std::string& task);

// Prints a progress bar with loss, accuracy, throughput and time left on stderr, and writes JSON lines.
class ConsoleProgress : public TrainingEvents {
 public:
  explicit ConsoleProgress(const std::string& logFile);
  void onBatch(const BatchEvent& e) override;
  void onEpoch(const EpochEvent& e) override;
  void log(const nlohmann::json& event);  // writes one line when --log was given
  // Called after an epoch that is the best so far (lowest validation loss, or any epoch without validation),
  // while the model still holds that epoch's weights: the place to save a checkpoint.
  std::function<void(const EpochEvent&)> onBest;

 private:
  std::ofstream log_;
  bool terminal_;
  std::chrono::steady_clock::time_point lastDraw_{};
  std::mutex mutex_;
};

std::string formatSeconds(double seconds);

// What every `train` command does once its run is prepared: logs the start, trains with the progress bar,
// saves a checkpoint to `out` after every best epoch (an interrupted run keeps its best model), logs a
// failure before passing it on, and writes the final model (the kept epoch, with the whole history); then measures
// it on the test data and writes training.json beside it (core/io/training_record.h). With --watch or --watch-every
// it records a training timeline and writes timeline.json beside them (core/inference/training_timeline.h).
struct TrainedModel {
  TrainingResult result;
  BatchStats test;  // the kept epoch on the test data (or all of the data without a test part)
};
TrainedModel trainAndSave(TrainingRun& run, const std::string& out, ConsoleProgress& progress,
                          const TrainOptions& options);

}  // namespace al::cli
