#pragma once
// The tiny preset's masked language model (the encoder shape of the imdb tiny preset) after one epoch on the
// built-in reviews, on one thread: a real trained masked LM in about a second, for the tests of the pages that show
// or start from one.
#include <memory>

#include "core/inference/masked_lm_inference.h"
#include "core/train/mlm_run.h"

namespace al::test {

inline std::shared_ptr<const MaskedLmModel> tinyTrainedMaskedLm() {
  MlmRunSettings settings = mlmPreset("tiny");
  settings.training.epochs = 1;
  settings.threads = 1;
  const std::unique_ptr<MlmRun> run = MlmRun::prepare(settings);
  run->train(nullptr, nullptr);
  return std::make_shared<const MaskedLmModel>(copyMaskedLm(run->model(), run->vocabulary(), run->tokenizer(), {}));
}

}  // namespace al::test
