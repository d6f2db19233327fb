#include "core/models/bigram_classifier.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "core/error.h"
#include "core/io/json_fields.h"
#include "core/io/limits.h"
#include "core/layers/dropout.h"
#include "core/layers/relu.h"
#include "core/layers/sigmoid_cross_entropy.h"

namespace al {

nlohmann::json toJson(const BigramConfig& c) {
  return {{"vocab_size", c.vocabSize}, {"hidden_units", c.hiddenUnits}, {"dropout", c.dropout},
          {"encoding", c.encoding == BigramEncoding::MultiHot ? "multi_hot" : "tf_idf"},
          {"tokenizer", tokenizerName(c.tokenizer)}};
}

BigramConfig bigramConfigFromJson(const nlohmann::json& j, const std::string& file) {
  BigramConfig c;
  c.vocabSize = static_cast<int>(io::requireIntInRange(j, "vocab_size", 2, limits::kMaxModelDimension, file));
  c.hiddenUnits = static_cast<int>(io::requireIntInRange(j, "hidden_units", 1, limits::kMaxModelDimension, file));
  c.dropout = io::requireDropout(j, file);
  c.encoding = io::requireOneOf(j, "encoding", {"multi_hot", "tf_idf"}, file) == "multi_hot" ? BigramEncoding::MultiHot
                                                                                            : BigramEncoding::TfIdf;
  c.tokenizer = io::optionalTokenizer(j, TextTask::Classifier, file);
  return c;
}

std::vector<std::string> unigramsAndBigrams(const std::vector<std::string>& tokens) {
  std::vector<std::string> grams(tokens);
  for (size_t i = 0; i + 1 < tokens.size(); ++i) grams.push_back(tokens[i] + " " + tokens[i + 1]);
  return grams;
}

BigramClassifier::BigramClassifier(const BigramConfig& config)
    : config_(config),
      dense1_(params_, "dense1", config.vocabSize, config.hiddenUnits),
      head_(params_, "head", config.hiddenUnits, 1) {
  if (config.encoding == BigramEncoding::TfIdf) idf_ = params_.add("idf", {config.vocabSize}, /*trainable=*/false);
}

io::DeclaredMemory BigramClassifier::declaredMemory(const BigramConfig& c) {
  const double V = c.vocabSize, U = c.hiddenUnits;
  io::DeclaredMemory memory;
  memory.parameters = (V * U + U) + (U + 1) + (c.encoding == BigramEncoding::TfIdf ? V : 0);  // dense1, head, idf
  memory.working = V;
  return memory;
}

void BigramClassifier::initialize(uint64_t seed) {
  Rng rng(seed);
  dense1_.initialize(params_, rng);
  head_.initialize(params_, rng);
  if (idf_ >= 0) params_.value(idf_).setOnes();
}

void BigramClassifier::setIdf(const std::vector<std::vector<int>>& documentIds) {
  if (idf_ < 0) return;
  std::vector<double> documentsWith(static_cast<size_t>(config_.vocabSize), 0.0);
  for (const std::vector<int>& ids : documentIds)
    for (int id : ids) documentsWith[static_cast<size_t>(id)] += 1;
  MatrixMap idf = params_.value(idf_);  // 1 x V
  const double n = static_cast<double>(documentIds.size());
  for (Index i = 0; i < idf.cols(); ++i) idf(0, i) = static_cast<float>(std::log(1.0 + n / (1.0 + documentsWith[static_cast<size_t>(i)])));
}

SparseSample BigramClassifier::encode(const std::vector<std::string>& tokens, const Vocabulary& vocabulary) const {
  std::map<int, float> counts;  // ordered: the sample's ids come out sorted, sums are reproducible
  for (const std::string& gram : unigramsAndBigrams(tokens)) {
    const int id = vocabulary.id(gram);
    if (id < config_.vocabSize) counts[id] += 1;
  }
  SparseSample s;
  for (const auto& [id, count] : counts) {
    s.ids.push_back(id);
    s.values.push_back(idf_ >= 0 ? count * params_.value(idf_)(0, id) : 1.0f);
  }
  return s;
}

// h = Σ_i value_i · W1[id_i] + b1: the product of a sparse row with the kernel touches only the rows present.
Matrix BigramClassifier::hiddenPreActivation(const SparseSample& s) const {
  const ConstMatrixMap kernel = params_.value(dense1_.kernelSlot());  // V x hidden
  Matrix h = params_.value(dense1_.biasSlot());                       // 1 x hidden
  for (size_t i = 0; i < s.ids.size(); ++i) h += s.values[i] * kernel.row(s.ids[i]);
  return h;
}

float BigramClassifier::logit(const SparseSample& s) const {
  Relu::Cache relu;
  Dense::Cache head;
  const Matrix hidden = Relu{}.forward(hiddenPreActivation(s), relu);  // 1 x hidden
  return head_.forward(params_, hidden, head)(0, 0);
}

float BigramClassifier::predict(const SparseSample& s) const { return sigmoid(logit(s)); }

BatchStats BigramClassifier::trainBatch(std::span<const SparseSample* const> batch, Gradients& grads, uint64_t seed) {
  // The model is small: one thread does a batch faster than splitting it would.
  BatchStats stats;
  const float invB = 1.0f / static_cast<float>(batch.size());
  const Dropout dropout{config_.dropout};
  for (size_t b = 0; b < batch.size(); ++b) {
    const SparseSample& s = *batch[b];
    Relu::Cache relu;
    Dropout::Cache drop;
    Dense::Cache head;
    Rng rng = Rng::derive(seed, b);
    Matrix hidden = Relu{}.forward(hiddenPreActivation(s), relu);  // 1 x hidden
    hidden = dropout.forward(hidden, Mode::Train, rng, drop);
    const float logit = head_.forward(params_, hidden, head)(0, 0);
    stats.lossSum += binaryCrossEntropyWithLogit(logit, s.label);
    stats.correct += ((logit >= 0) == (s.label >= 0.5f)) ? 1 : 0;

    // dL/dlogit = (sigmoid - y) / B, then back through the head, dropout and relu
    Matrix dLogit(1, 1);
    dLogit(0, 0) = binaryCrossEntropyWithLogitGradient(logit, s.label) * invB;
    const Matrix dPre = Relu{}.backward(relu, dropout.backward(drop, head_.backward(params_, head, dLogit, grads)));  // 1 x hidden
    // dW1[id_i] += value_i · dh,  db1 += dh: only the rows of the n-grams present
    MatrixMap dKernel = grads[dense1_.kernelSlot()];
    for (size_t i = 0; i < s.ids.size(); ++i) dKernel.row(s.ids[i]) += s.values[i] * dPre;
    grads[dense1_.biasSlot()] += dPre;
  }
  stats.lossCount = stats.total = static_cast<double>(batch.size());
  return stats;
}

BatchStats BigramClassifier::evaluate(std::span<const SparseSample* const> samples) const {
  BatchStats stats;
  for (const SparseSample* s : samples) {
    const float z = logit(*s);
    stats.lossSum += binaryCrossEntropyWithLogit(z, s->label);
    stats.correct += ((z >= 0) == (s->label >= 0.5f)) ? 1 : 0;
  }
  stats.lossCount = stats.total = static_cast<double>(samples.size());
  return stats;
}

}  // namespace al
