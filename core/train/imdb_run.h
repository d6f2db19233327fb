#pragma once
// Training the IMDB Transformer classifier: presets, data to ids, the TrainingTask. Loading, saving and
// predicting are in core/inference/imdb_transformer_inference.h.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/data/imdb_sources.h"
#include "core/inference/imdb_transformer_inference.h"
#include "core/inference/pretrained_inference.h"
#include "core/train/hyperparameters.h"
#include "core/train/review_run.h"
#include "core/train/run.h"

namespace al {

struct ImdbRunSettings {
  std::string data = "builtin";  // a data source of cli.md
  std::string preset = "tiny";
  TransformerConfig model;       // the preset's, then overridden by the user
  TrainingSettings training;     // the preset's, then overridden by the user
  int threads = 0;               // 0: all cores
  std::string initDir;           // continue from this model directory (its config, vocabulary and weights)
  // How text becomes tokens; unset: keras, or icu_words when the training text is mostly Chinese, Japanese
  // or Korean (DataCard::suggestedTokenizer). An --init model keeps its own.
  std::optional<TokenizerKind> tokenizer;
  // imdb: vocabulary, embeddings and encoder from a masked-lm directory, new head; or a BERT folder, frozen, under a
  // new head (core/train/bert_sentiment_run.h)
  std::string initEncoderDir;
  std::shared_ptr<const MaskedLmModel> initEncoderModel;  // the same from a masked-lm in memory (wins over the dir)
  std::shared_ptr<const PretrainedBert> initEncoderBert;  // a BERT in memory (wins over the dir)
  // With a BERT: how many of its top layers are trained with the head (0: the head only, the encoder frozen).
  int fineTuneLayers = 0;
  // The values the person gave, by key (RunRequest::values); the rest came from the preset. A run that starts from
  // a masked-lm takes its architecture from the masked-lm, and only a given value that contradicts it is an error.
  nlohmann::json givenValues = nlohmann::json::object();
};

// The named presets: "tiny" (seconds, for tests and built-in data), "classroom" (minutes, real IMDB),
// "book" (the book's exact configuration). Throws InputError for an unknown name.
ImdbRunSettings imdbPreset(const std::string& name);
std::vector<std::string> imdbPresetNames();
// The task's hyper-parameters (core/train/hyperparameters.h) and its entry of the schema.
const std::vector<SettingField<ImdbRunSettings>>& imdbFields();
TaskSchema imdbSchema();
// The run the settings ask for: the Transformer classifier (ImdbRun), or a head on a frozen BERT when they start
// from one (BertSentimentRun).
std::unique_ptr<TrainingRun> prepareImdbRun(const ImdbRunSettings& settings, const ProgressFn& progress = {});

// The architecture a fine-tuning run takes from the masked-lm it starts from, as run-settings values by key
// ("vocab_size", "sequence_length", ..., "position", "norm", "tokenizer"): every encoder field but the classifier
// head's own (dropout, pooling) and how batch norm takes its statistics (batch_norm_padding).
nlohmann::json fineTuningArchitecture(const TransformerConfig& pretrainedEncoder);

// Reads a review source for a run, reporting stage::kReadingData over the first 70 % of the preparation's progress.
LabeledDataset loadRunData(const std::string& source, uint64_t seed, const ProgressFn& progress, bool withUnlabeled = false);

class ImdbRun : public ReviewRun<ImdbRunSettings, TransformerClassifier, EncodedSample> {
 public:
  // Loads the data, builds the vocabulary from the training data only (or takes the --init model's), encodes
  // every review and creates the model. Throws InputError for bad data.
  static std::unique_ptr<ImdbRun> prepare(const ImdbRunSettings& settings, const ProgressFn& progress = {});

  std::string task() const override { return "imdb-transformer"; }
  nlohmann::json settings() const override;
  void save(const std::filesystem::path& dir) const override;
  AnyModel snapshot() const override;
  BatchStats evaluateTest() override;

  const DataCard& dataCard() const { return dataCard_; }
  // Every training review as ids, before the trainer holds out its validation part (splitSamples).
  const std::vector<EncodedSample>& trainingData() const { return train_; }
  // The reviews evaluateTest() measures: the test split, or every training review when the source has none.
  const std::vector<EncodedSample>& testData() const { return testSamples(); }

 private:
  ImdbRun() = default;
  // TrainingTask
  BatchStats trainBatch(std::span<const size_t> samples, Gradients& grads, uint64_t seed) override;
  BatchStats evaluate(std::span<const size_t> samples) override;
  size_t tokens(std::span<const size_t> samples) const override;

  DataCard dataCard_;
};

}  // namespace al
