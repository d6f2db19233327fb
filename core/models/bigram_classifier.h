#pragma once
// The book's baseline: a bag of unigrams and bigrams, multi-hot (or TF-IDF) encoded, through a small MLP.
// Contract: model-format.md, task "imdb-bigram".
//
//   text -> {tokens and "w1 w2" pairs} -> sparse vector (V) -> dense1 (16) -> relu -> dropout -> head (1) -> sigmoid
//
// Word order survives only inside a bigram, and yet on IMDB this beats the Transformer: with ~25,000 reviews of
// ~230 words (samples / mean length ≈ 100, far below 1,500) there is too little data for order to be learned.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/io/declared_memory.h"
#include "core/layers/dense.h"
#include "core/models/batch_stats.h"
#include "core/parameters.h"
#include "core/text/vectorizer.h"

namespace al {

enum class BigramEncoding { MultiHot, TfIdf };

struct BigramConfig {
  int vocabSize = 20000;  // unigrams and bigrams together, with "" and "[UNK]"
  int hiddenUnits = 16;
  float dropout = 0.5f;
  BigramEncoding encoding = BigramEncoding::MultiHot;
  TokenizerKind tokenizer = TokenizerKind::Keras;  // how text becomes tokens (model format, "Text to ids")
};

nlohmann::json toJson(const BigramConfig&);
BigramConfig bigramConfigFromJson(const nlohmann::json&, const std::string& file);

// Unigrams then bigrams ("w1 w2") of a tokenized text, the n-grams of Keras' TextVectorization(ngrams=2).
std::vector<std::string> unigramsAndBigrams(const std::vector<std::string>& tokens);

// A text as a sparse vector: the distinct vocabulary ids present, with their values (1, or count x idf).
struct SparseSample {
  std::vector<int> ids;
  std::vector<float> values;
  float label = 0;
};

class BigramClassifier {
 public:
  explicit BigramClassifier(const BigramConfig& config);
  // What the constructor would register and one text needs (its V-wide encoding), from the config alone.
  static io::DeclaredMemory declaredMemory(const BigramConfig& config);
  BigramClassifier(const BigramClassifier&) = delete;
  BigramClassifier& operator=(const BigramClassifier&) = delete;

  void initialize(uint64_t seed);
  const BigramConfig& config() const { return config_; }
  ParameterSet& parameters() { return params_; }
  const ParameterSet& parameters() const { return params_; }

  // Inverse document frequencies (tf_idf only): idf = log(1 + documents / (1 + documents containing the n-gram)).
  void setIdf(const std::vector<std::vector<int>>& documentIds);
  SparseSample encode(const std::vector<std::string>& tokens, const Vocabulary& vocabulary) const;

  float logit(const SparseSample& sample) const;    // evaluation mode
  float predict(const SparseSample& sample) const;  // probability of positive, evaluation mode
  BatchStats trainBatch(std::span<const SparseSample* const> batch, Gradients& grads, uint64_t seed);
  BatchStats evaluate(std::span<const SparseSample* const> samples) const;

 private:
  Matrix hiddenPreActivation(const SparseSample& s) const;  // 1 x hidden
  BigramConfig config_;
  ParameterSet params_;
  Dense dense1_, head_;
  int idf_ = -1;  // slot of "idf" [vocab_size], tf_idf only
};

}  // namespace al
