#pragma once
// Training the IMDB Transformer classifier: presets, data to ids, the TrainingTask, saving.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/data/imdb_sources.h"
#include "core/io/history.h"
#include "core/models/transformer_classifier.h"
#include "core/text/vectorizer.h"
#include "core/train/run.h"

namespace al {

struct ImdbRunSettings {
  std::string data = "builtin";  // a data source of cli.md
  std::string preset = "tiny";
  TransformerConfig model;       // the preset's, then overridden by the user
  TrainingSettings training;     // the preset's, then overridden by the user
  int threads = 0;               // 0: all cores
  std::string initDir;           // continue from this model directory (its config, vocabulary and weights)
  std::string initEncoderDir;    // imdb: vocabulary, embeddings and encoder from a masked-lm directory, new head
};

// The named presets: "tiny" (seconds, for tests and built-in data), "classroom" (minutes, real IMDB),
// "book" (the book's exact configuration). Throws InputError for an unknown name.
ImdbRunSettings imdbPreset(const std::string& name);
std::vector<std::string> imdbPresetNames();

// Reads a review source for a run, reporting "Reading SRC" over the first 70 % of the preparation's progress.
LabeledDataset loadRunData(const std::string& source, uint64_t seed, const ProgressFn& progress, bool withUnlabeled = false);

// A model directory of task imdb-transformer, loaded for prediction.
struct ImdbTransformerModel {
  std::unique_ptr<TransformerClassifier> model;
  Vocabulary vocabulary;
  std::vector<io::EpochRecord> history;  // empty if the directory has no history.json
};
ImdbTransformerModel loadImdbTransformer(const std::filesystem::path& dir);
void saveImdbTransformer(const std::filesystem::path& dir, const TransformerClassifier& model,
                         const Vocabulary& vocabulary, const std::vector<EpochEvent>& history);

// What predict shows: the tokens as the model sees them, and its answer.
struct ImdbPrediction {
  std::vector<std::string> tokens;  // after standardization, truncated (unknown words as typed)
  std::vector<int> ids;             // 1 = unknown
  bool truncated = false;           // the text had more than sequence_length tokens
  float probability = 0;
  std::vector<std::vector<Matrix>> attention;  // [layer][head], T x T
};
ImdbPrediction predictText(const TransformerClassifier& model, const Vocabulary& vocabulary, const std::string& text);

class ImdbRun : public TrainingRun, private TrainingTask {
 public:
  // Loads the data, builds the vocabulary from the training data only (or takes the --init model's), encodes
  // every review and creates the model. Throws InputError for bad data.
  static std::unique_ptr<ImdbRun> prepare(const ImdbRunSettings& settings, const ProgressFn& progress = {});

  std::string task() const override { return "imdb-transformer"; }
  nlohmann::json settings() const override;
  TrainingResult train(TrainingEvents* events, const TrainingControl* control) override;
  void save(const std::filesystem::path& dir) const override;
  BatchStats evaluateTest() override;

  const TransformerClassifier& model() const { return *model_; }
  const Vocabulary& vocabulary() const { return vocabulary_; }
  const DataCard& dataCard() const { return dataCard_; }
  const std::vector<EpochEvent>& history() const { return history_; }

 private:
  ImdbRun() = default;
  // TrainingTask
  ParameterSet& parameters() override { return model_->parameters(); }
  size_t trainingSamples() const override { return train_.size(); }
  BatchStats trainBatch(std::span<const size_t> samples, Gradients& grads, uint64_t seed) override;
  BatchStats evaluate(std::span<const size_t> samples) override;
  size_t tokens(std::span<const size_t> samples) const override;

  ImdbRunSettings settings_;
  std::unique_ptr<TransformerClassifier> model_;
  Vocabulary vocabulary_;
  DataCard dataCard_;
  std::vector<EncodedSample> train_, test_;
  std::vector<EpochEvent> history_;
};

}  // namespace al
