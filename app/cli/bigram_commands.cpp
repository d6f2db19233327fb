// train bigram, and predict / eval of bag-of-bigrams models.
#include <iomanip>
#include <iostream>

#include "app/cli/cli_support.h"
#include "app/cli/commands.h"
#include "core/error.h"
#include "core/inference/any_model.h"
#include "core/inference/bigram_inference.h"
#include "core/train/bigram_run.h"

namespace al::cli {

namespace {

BigramRunSettings bigramSettings(const TrainOptions& o) {
  return applyRequest(runRequest(o), bigramPreset(o.preset.empty() ? BigramRunSettings{}.preset : o.preset), bigramFields());
}

}  // namespace

int trainBigram(const TrainOptions& o) {
  const std::string out = o.out.empty() ? defaultOutputDirectory("bigram") : o.out;
  ConsoleProgress progress(o.log);
  std::cerr << "Reading " << o.data << " ...\n";
  std::unique_ptr<BigramRun> run = BigramRun::prepare(bigramSettings(o));
  const auto [result, test] = trainAndSave(*run, out, progress, o);
  progress.log({{"event", "done"}, {"test_loss", test.loss()}, {"test_accuracy", test.accuracy()}});
  std::cerr << "Saved " << out << " (epoch " << result.bestEpoch << "). Test accuracy " << std::fixed
            << std::setprecision(4) << test.accuracy() << ", loss " << test.loss() << "\n";
  return kDone;
}

int predictBigram(const AnyModel& model, const PredictOptions& o) {
  const BigramModel& loaded = *model.as<BigramModel>();  // predict: the classifier without attention
  const BigramPrediction prediction = predictBigramText(*loaded.model, loaded.vocabulary, o.text);
  const float p = prediction.probability;
  const std::string label = p >= 0.5f ? "positive" : "negative";
  if (o.json) {
    std::cout << nlohmann::json{{"probability", p}, {"label", label}, {"tokens", prediction.tokens}, {"ids", prediction.ids}}.dump() << "\n";
  } else {
    std::cout << label << " (probability of positive: " << std::fixed << std::setprecision(4) << p << ")\n";
  }
  return kDone;
}

}  // namespace al::cli
