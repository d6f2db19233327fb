#pragma once
// Using a model directory of task imdb-bigram (model-format.md): load it, save it, predict the sentiment of a
// text. Training lives in core/train/bigram_run.h.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "core/io/history.h"
#include "core/models/bigram_classifier.h"
#include "core/text/vectorizer.h"

namespace al {

struct BigramModel {
  static constexpr const char* kTask = "imdb-bigram";  // its task name in model-format.md
  std::unique_ptr<BigramClassifier> model;
  Vocabulary vocabulary;
  std::vector<io::EpochRecord> history;  // empty without history.json
};
BigramModel loadBigram(const std::filesystem::path& dir);
void saveBigram(const std::filesystem::path& dir, const BigramClassifier& model, const Vocabulary& vocabulary,
                const std::vector<io::EpochRecord>& history);

// An independent copy of a model and its vocabulary (a session's read-only snapshot of a run).
BigramModel copyBigram(const BigramClassifier& model, const Vocabulary& vocabulary, std::vector<io::EpochRecord> history);

struct BigramPrediction {
  std::vector<std::string> tokens;  // the words after standardization
  std::vector<int> ids;             // each word's id (1 = unknown)
  float probability = 0;            // of "positive"
};
// InputError for a text without words.
BigramPrediction predictBigramText(const BigramClassifier& model, const Vocabulary& vocabulary, const std::string& text);

}  // namespace al
