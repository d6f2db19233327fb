#pragma once
// Training the GPT-style language model (task "causal-lm") on text: presets, text to training windows, the
// TrainingTask, saving, and a sample of what the model writes (shown after every epoch).
//
//   documents -> tokens (chars by default) + [EOS] after each -> one stream of ids
//   stream    -> windows of S ids, each starting where the last one's last token is (stride S - 1), so every
//                next token of the text is predicted exactly once per epoch
//   loss      -> the mean cross-entropy over every predicted position of the batch (core/models/causal_lm.h)
// Accuracy is the share of next tokens guessed right; perplexity, exp(loss), is what a language model reports.
//
// With a memory (position "relative", memory_length M > 0: Transformer-XL) the windows are read in order instead:
//   stream    -> B equal streams (B = batch size), each cut into segments of S inputs (and the id after each)
//   batch b   -> segment b of every stream, each read after the memory its stream's segment b-1 left; a new epoch
//                starts every stream again without memory. Shuffling is off: the order is what carries the memory.
// Validation (the last segments of every stream) and the test text (one stream) are read the same way.
#include <memory>
#include <string>
#include <vector>

#include "core/data/text_corpus.h"
#include "core/inference/causal_lm_generation.h"
#include "core/train/hyperparameters.h"
#include "core/train/review_run.h"
#include "core/train/run.h"

namespace al {

struct CausalLmRunSettings {
  std::string data = "builtin";  // builtin, builtin:zh or a UTF-8 text file (core/data/text_corpus.h)
  std::string preset = "tiny";
  CausalLmConfig model;          // vocab_size is a cap: the model's is the vocabulary's real size
  TrainingSettings training;
  int threads = 0;               // 0: all cores
  std::string initDir;           // continue from this causal-lm directory (its config, vocabulary and weights)
};

// "tiny" (seconds, tests), "classroom" (the built-in corpus in a few minutes on 2 cores, text that reads like it),
// "large" (a longer window and a deeper model, for a file of real text and more time), "long-range" (Transformer-XL
// with a memory on the built-in long-range text; the preset a run on that text takes when none is named).
// InputError otherwise.
CausalLmRunSettings causalLmPreset(const std::string& name);
std::vector<std::string> causalLmPresetNames();
const std::vector<SettingField<CausalLmRunSettings>>& causalLmFields();
TaskSchema causalLmSchema();

class CausalLmRun : public ReviewRun<CausalLmRunSettings, CausalLanguageModel, std::vector<int>> {  // windows
 public:
  // Loads the text, builds the vocabulary ("[EOS]" on line 2) from the training text (or takes the --init model's),
  // cuts the windows and creates the model. InputError for bad data or settings.
  static std::unique_ptr<CausalLmRun> prepare(const CausalLmRunSettings& settings, const ProgressFn& progress = {});

  std::string task() const override { return CausalLmModel::kTask; }
  nlohmann::json settings() const override;
  void save(const std::filesystem::path& dir) const override;
  AnyModel snapshot() const override;
  BatchStats evaluateTest() override;

  size_t trainingTokens() const { return trainingTokens_; }
  // A prompt the corpus makes sense of: the start of its first training document (a few characters or words).
  const std::string& samplePrompt() const { return samplePrompt_; }
  // What the model writes now after `prompt`: `tokens` tokens sampled at temperature 0.8 with a fixed seed, so
  // that the samples of two epochs differ by the weights only. Call it while the run is not training a batch.
  std::string sample(const std::string& prompt, int tokens) const;

 private:
  CausalLmRun() = default;
  // TrainingTask
  BatchStats trainBatch(std::span<const size_t> samples, Gradients& grads, uint64_t seed) override;
  BatchStats evaluate(std::span<const size_t> samples) override;
  size_t tokens(std::span<const size_t> samples) const override;
  BatchStats lossOf(const std::vector<std::vector<int>>& windows, std::span<const size_t> samples) const;

  // With memory: the windows of `streams` streams, sample i = segment i / streams of stream i % streams, read in
  // order with the memory carried along each stream.
  BatchStats streamLossOf(const std::vector<std::vector<int>>& windows, std::span<const size_t> samples,
                          size_t streams) const;
  bool hasMemory() const { return model_->config().memoryLength > 0; }

  std::vector<Gradients> chunkGrads_;  // one gradient buffer per worker chunk, reused between batches
  // With memory: what each training stream's last segment left, and which segment that was.
  struct StreamMemory {
    size_t segment = 0;
    CausalLanguageModel::Memory memory;  // empty: none yet
  };
  std::vector<StreamMemory> streamMemory_;
  size_t trainStreams_ = 1;
  size_t trainingTokens_ = 0;
  std::string samplePrompt_;
};

}  // namespace al
