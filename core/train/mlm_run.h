#pragma once
// Pre-training the masked language model (task "masked-lm") on review text: presets, data to ids, the
// TrainingTask, saving. Labels are ignored; the IMDB archive's unlabelled train/unsup reviews are used too.
//
// Every batch hides fresh tokens (maskTokens with a seed drawn from the batch's seed: a review is masked
// differently in every epoch), while the validation reviews keep one fixed masking, so that the validation
// loss of two epochs compares the same guesses.
#include <memory>
#include <string>
#include <vector>

#include "core/data/imdb_sources.h"
#include "core/inference/masked_lm_inference.h"
#include "core/train/hyperparameters.h"
#include "core/train/imdb_run.h"
#include "core/train/review_run.h"
#include "core/train/run.h"

namespace al {

struct MlmRunSettings : ImdbRunSettings {  // data, preset, encoder config, training, threads, initDir
  float maskRate = 0.15f;  // tokenizer: ImdbRunSettings::tokenizer (unset: keras, or icu_words for CJK text)
};

// "tiny" (seconds, built-in data and tests) and "classroom" (real IMDB in a few minutes). Their encoders are
// those of the imdb presets of the same name, except that classroom keeps 10,000 words and 256 tokens (the
// output layer scores every word of the vocabulary at every hidden position: that is most of the time), so a
// classifier starts from it with `train imdb --preset classroom --vocab-size 10000 --sequence-length 256`.
// Throws InputError for an unknown name.
MlmRunSettings mlmPreset(const std::string& name);
std::vector<std::string> mlmPresetNames();
// The task's hyper-parameters (core/train/hyperparameters.h) and its entry of the schema.
const std::vector<SettingField<MlmRunSettings>>& mlmFields();
TaskSchema mlmSchema();

class MlmRun : public ReviewRun<MlmRunSettings, MaskedLanguageModel, std::vector<int>> {  // ids of a text
 public:
  // Loads the text, builds the vocabulary ("[MASK]" on line 2) from the training text only (or takes the --init
  // model's), encodes every review and creates the model. Throws InputError for bad data.
  static std::unique_ptr<MlmRun> prepare(const MlmRunSettings& settings, const ProgressFn& progress = {});

  std::string task() const override { return "masked-lm"; }
  nlohmann::json settings() const override;
  void save(const std::filesystem::path& dir) const override;
  AnyModel snapshot() const override;
  // Masked-token loss and accuracy on the test split's text (all text without one), with fixed masks.
  BatchStats evaluateTest() override;

  std::string tokenizer() const { return tokenizerName(*settings_.tokenizer); }  // set by prepare
  size_t trainingTexts() const { return train_.size(); }
  size_t unlabeledTexts() const { return unlabeled_; }
  // Training text `i` with the masking a batch of seed `seed` gives it: what the "show me the masking" view shows.
  MaskedSequence maskedExample(size_t i, uint64_t seed) const;

 private:
  MlmRun() = default;
  // TrainingTask
  BatchStats trainBatch(std::span<const size_t> samples, Gradients& grads, uint64_t seed) override;
  BatchStats evaluate(std::span<const size_t> samples) override;
  size_t tokens(std::span<const size_t> samples) const override;

  size_t unlabeled_ = 0;  // how many of train_ (truncated to sequence_length) came from train/unsup
};

}  // namespace al
