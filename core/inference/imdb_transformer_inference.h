#pragma once
// Using a model directory of task imdb-transformer (model-format.md): load it, save it, and predict the
// sentiment of a text with the attention of every layer and head. Training lives in core/train/imdb_run.h.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/io/history.h"
#include "core/models/transformer_classifier.h"
#include "core/text/vectorizer.h"

namespace al {

// A model directory of task imdb-transformer, loaded for prediction.
struct ImdbTransformerModel {
  static constexpr const char* kTask = "imdb-transformer";  // its task name in model-format.md
  std::unique_ptr<TransformerClassifier> model;
  Vocabulary vocabulary;
  std::vector<io::EpochRecord> history;  // empty if the directory has no history.json
};
ImdbTransformerModel loadImdbTransformer(const std::filesystem::path& dir);
// Writes config.json, model.safetensors, vocab.txt and history.json atomically.
void saveImdbTransformer(const std::filesystem::path& dir, const TransformerClassifier& model,
                         const Vocabulary& vocabulary, const std::vector<io::EpochRecord>& history);

// An independent copy of a model and its vocabulary (a session's read-only snapshot of a run).
ImdbTransformerModel copyImdbTransformer(const TransformerClassifier& model, const Vocabulary& vocabulary,
                                         std::vector<io::EpochRecord> history);

// What predict shows: the tokens as the model sees them, and its answer.
struct ImdbPrediction {
  std::vector<std::string> tokens;  // after standardization, truncated (unknown words as typed)
  std::vector<int> ids;             // 1 = unknown
  bool truncated = false;           // the text had more than sequence_length tokens
  float probability = 0;
  std::vector<std::vector<Matrix>> attention;  // [layer][head], T x T
};
// The one way a text becomes the model's tokens (standardized, split, cut to sequence_length).
// InputError for a text without words.
std::vector<std::string> imdbTokensForModel(const TransformerClassifier& model, const std::string& text,
                                            bool* truncated = nullptr);
// `switches`: heads switched off (core/models/head_switches.h); null: all on.
ImdbPrediction predictText(const TransformerClassifier& model, const Vocabulary& vocabulary, const std::string& text,
                           const HeadSwitches* switches = nullptr);

}  // namespace al
