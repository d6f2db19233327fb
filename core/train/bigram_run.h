#pragma once
// Training the bag-of-bigrams baseline: presets, data to sparse vectors, the TrainingTask. Loading, saving and
// predicting are in core/inference/bigram_inference.h.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/data/imdb_sources.h"
#include "core/inference/bigram_inference.h"
#include "core/train/hyperparameters.h"
#include "core/train/review_run.h"
#include "core/train/run.h"

namespace al {

struct BigramRunSettings {
  std::string data = "builtin";
  std::string preset = "book";
  BigramConfig model;
  TrainingSettings training;
  int threads = 0;  // unused: the model trains on one thread
  std::string initDir;
  std::optional<TokenizerKind> tokenizer;  // as ImdbRunSettings::tokenizer
};

// "book": vocabulary 20,000 unigrams and bigrams, Dense 16, dropout 0.5, RMSprop, 10 epochs, as in the book;
// "classroom" the same with 5 epochs; "tiny" a 2,000 n-gram vocabulary for the built-in corpus.
BigramRunSettings bigramPreset(const std::string& name);
std::vector<std::string> bigramPresetNames();
// The task's hyper-parameters (core/train/hyperparameters.h) and its entry of the schema.
const std::vector<SettingField<BigramRunSettings>>& bigramFields();
TaskSchema bigramSchema();

// Trains on one thread in the caller's arena (counting and one dense layer): BigramRunSettings::threads is unused.
class BigramRun : public ReviewRun<BigramRunSettings, BigramClassifier, SparseSample> {
 public:
  static std::unique_ptr<BigramRun> prepare(const BigramRunSettings& settings, const ProgressFn& progress = {});

  std::string task() const override { return "imdb-bigram"; }
  nlohmann::json settings() const override;
  TrainingResult train(TrainingEvents* events, const TrainingControl* control) override;
  void save(const std::filesystem::path& dir) const override;
  AnyModel snapshot() const override;
  BatchStats evaluateTest() override;

  const DataCard& dataCard() const { return dataCard_; }

 private:
  BigramRun() = default;
  BatchStats trainBatch(std::span<const size_t> samples, Gradients& grads, uint64_t seed) override;
  BatchStats evaluate(std::span<const size_t> samples) override;

  DataCard dataCard_;
};

}  // namespace al
