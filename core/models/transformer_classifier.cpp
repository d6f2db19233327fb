#include "core/models/transformer_classifier.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "core/layers/dropout.h"
#include "core/layers/pooling.h"
#include "core/layers/sigmoid_cross_entropy.h"
#include "core/parallel.h"

namespace al {

TransformerClassifier::TransformerClassifier(const TransformerConfig& config)
    : config_(config), encoder_(params_, config, "embedding", "encoder"), head_(params_, "head", config.embedDim, 1) {}

io::DeclaredMemory TransformerClassifier::declaredMemory(const TransformerConfig& config) {
  io::DeclaredMemory memory = TransformerEncoder::declaredMemory(config);
  memory.parameters += double(config.embedDim) + 1;  // head: D x 1 kernel and bias
  return memory;
}

void TransformerClassifier::initialize(uint64_t seed) {
  Rng rng(seed);
  encoder_.initialize(params_, rng);
  head_.initialize(params_, rng);
}

double TransformerClassifier::forwardFlops(Index T) const {
  return encoder_.forwardFlops(T) + 2.0 * static_cast<double>(T) * config_.embedDim;
}

// ---------------------------------------------------------------------------------------------------------
// Forward and backward over a batch: the encoder stack (in parallel over the samples, batch norm between its
// stages), then for every sample: pool over the T tokens, dropout, head.

struct TransformerClassifier::BatchCache {
  struct Head {
    MaxPool::Cache maxPool;
    MeanPool::Cache meanPool;
    Dropout::Cache dropout;
    Dense::Cache head;
    float logit = 0;
  };
  std::vector<const EncodedSample*> samples;
  TransformerEncoder::BatchCache encoder;
  std::vector<Head> heads;  // B
};

void TransformerClassifier::forwardBatch(BatchCache& b, Mode mode, uint64_t seed) const {
  const size_t B = b.samples.size();
  std::vector<std::span<const int>> ids;
  ids.reserve(B);
  for (const EncodedSample* sample : b.samples) ids.emplace_back(sample->ids);
  encoder_.forwardBatch(params_, ids, mode, b.encoder);

  b.heads.resize(B);
  const Dropout dropout{config_.dropout};
  forEachSampleAsThreadsFree(b.encoder.longestFirst, [&](size_t s) {  // pool, dropout, head
    Matrix& x = b.encoder.samples[s].x;  // T x D
    BatchCache::Head& h = b.heads[s];
    Matrix pooled = config_.pooling == PoolingKind::Max ? MaxPool{}.forward(x, h.maxPool) : MeanPool{}.forward(x, h.meanPool);  // 1 x D
    Rng rng = Rng::derive(seed, s);
    pooled = dropout.forward(pooled, mode, rng, h.dropout);
    h.logit = head_.forward(params_, pooled, h.head)(0, 0);
    x.resize(0, 0);
  });
}

void TransformerClassifier::backwardBatch(BatchCache& b, std::span<const float> dLogits, Gradients& grads) const {
  forEachSampleAsThreadsFree(b.encoder.longestFirst, [&](size_t s) {  // head -> dropout -> pool
    BatchCache::Head& h = b.heads[s];
    Matrix dLogit(1, 1);
    dLogit(0, 0) = dLogits[s];
    Gradients& sampleGrads = b.encoder.sampleGrads[s];  // added up with the encoder's
    Matrix dPooled = Dropout{config_.dropout}.backward(h.dropout, head_.backward(params_, h.head, dLogit, sampleGrads));  // 1 x D
    b.encoder.samples[s].x = config_.pooling == PoolingKind::Max ? MaxPool{}.backward(h.maxPool, dPooled)
                                                                  : MeanPool{}.backward(h.meanPool, dPooled);  // T x D
  });
  encoder_.backwardBatch(params_, b.encoder, grads);
}

namespace {
void addOutcome(BatchStats& stats, float logit, float label) {
  stats.lossSum += binaryCrossEntropyWithLogit(logit, label);
  stats.correct += ((logit >= 0) == (label >= 0.5f)) ? 1 : 0;
  stats.lossCount += 1;
  stats.total += 1;
}
}  // namespace

BatchStats TransformerClassifier::trainBatch(std::span<const EncodedSample* const> batch, Gradients& grads, uint64_t seed) {
  BatchCache b;
  b.samples.assign(batch.begin(), batch.end());
  forwardBatch(b, Mode::Train, seed);
  BatchStats stats;
  // L = mean_b BCE(logit_b, y_b)  =>  dL/dlogit_b = (sigmoid(logit_b) - y_b) / B
  std::vector<float> dLogits(b.samples.size());
  const float invB = 1.0f / static_cast<float>(b.samples.size());
  for (size_t s = 0; s < b.samples.size(); ++s) {
    addOutcome(stats, b.heads[s].logit, b.samples[s]->label);
    dLogits[s] = binaryCrossEntropyWithLogitGradient(b.heads[s].logit, b.samples[s]->label) * invB;
  }
  backwardBatch(b, dLogits, grads);
  encoder_.updateMovingStatistics(params_, b.encoder);
  return stats;
}

BatchStats TransformerClassifier::evaluate(std::span<const EncodedSample* const> samples,
                                           const HeadSwitches* switches) const {
  BatchStats stats;
  constexpr size_t kBlock = 64;  // evaluation mode has no batch dependence; blocks only bound the memory
  for (size_t first = 0; first < samples.size(); first += kBlock) {
    BatchCache b;
    b.samples.assign(samples.begin() + static_cast<std::ptrdiff_t>(first),
                     samples.begin() + static_cast<std::ptrdiff_t>(std::min(samples.size(), first + kBlock)));
    b.encoder.headSwitches = switches;
    forwardBatch(b, Mode::Eval, 0);
    for (size_t s = 0; s < b.samples.size(); ++s) addOutcome(stats, b.heads[s].logit, b.samples[s]->label);
  }
  return stats;
}

std::vector<Matrix> TransformerClassifier::headMeans(std::span<const EncodedSample* const> samples) const {
  const Index H = config_.numHeads, K = config_.keyDim;
  std::vector<Eigen::RowVectorXd> sums(static_cast<size_t>(config_.numLayers), Eigen::RowVectorXd::Zero(H * K));  // 1 x (H*K)
  double tokens = 0;
  constexpr size_t kBlock = 64;  // as in evaluate
  for (size_t first = 0; first < samples.size(); first += kBlock) {
    BatchCache b;
    b.samples.assign(samples.begin() + static_cast<std::ptrdiff_t>(first),
                     samples.begin() + static_cast<std::ptrdiff_t>(std::min(samples.size(), first + kBlock)));
    forwardBatch(b, Mode::Eval, 0);
    for (const TransformerEncoder::SampleCache& c : b.encoder.samples) {  // in sample order: the same sums every run
      for (size_t l = 0; l < sums.size(); ++l) sums[l] += c.layers[l].attention.heads.colwise().sum().cast<double>();
      tokens += static_cast<double>(c.layers.front().attention.heads.rows());
    }
  }
  std::vector<Matrix> means;
  for (const Eigen::RowVectorXd& sum : sums) {
    const Eigen::RowVectorXf mean = (sum / std::max(tokens, 1.0)).cast<float>();  // 1 x (H*K)
    Matrix m(H, K);                                                            // H x K: head h's slice as row h
    for (Index h = 0; h < H; ++h) m.row(h) = mean.segment(h * K, K);
    means.push_back(std::move(m));
  }
  return means;
}

TransformerClassifier::Prediction TransformerClassifier::predict(std::span<const int> ids,
                                                                 const HeadSwitches* switches) const {
  EncodedSample sample{std::vector<int>(ids.begin(), ids.end()), 0.0f};
  BatchCache b;
  b.samples.push_back(&sample);
  b.encoder.headSwitches = switches;
  forwardBatch(b, Mode::Eval, 0);
  Prediction p;
  p.logit = b.heads[0].logit;
  p.probability = sigmoid(p.logit);
  for (const auto& lc : b.encoder.samples[0].layers) p.attention.push_back(lc.attention.weights);
  return p;
}

std::vector<float> TransformerClassifier::logits(std::span<const std::vector<int>> sequences) const {
  std::vector<EncodedSample> samples;
  samples.reserve(sequences.size());
  for (const std::vector<int>& ids : sequences) samples.push_back({ids, 0.0f});
  std::vector<float> out;
  out.reserve(sequences.size());
  constexpr size_t kBlock = 64;  // as in evaluate: blocks only bound the memory
  for (size_t first = 0; first < samples.size(); first += kBlock) {
    BatchCache b;
    for (size_t s = first; s < std::min(samples.size(), first + kBlock); ++s) b.samples.push_back(&samples[s]);
    forwardBatch(b, Mode::Eval, 0);
    for (const BatchCache::Head& h : b.heads) out.push_back(h.logit);
  }
  return out;
}

Matrix TransformerClassifier::logitGradient(std::span<const int> ids) const {
  EncodedSample sample{std::vector<int>(ids.begin(), ids.end()), 0.0f};
  BatchCache b;
  b.samples.push_back(&sample);
  forwardBatch(b, Mode::Eval, 0);
  Gradients dropped(params_);
  const float dLogit = 1.0f;  // d logit / d logit
  backwardBatch(b, std::span<const float>(&dLogit, 1), dropped);
  return std::move(b.encoder.samples[0].x);  // T x D, dlogit/dx (the encoder leaves it there)
}

Matrix TransformerClassifier::embeddedInput(std::span<const int> ids) const {
  Embedding::Cache cache;
  return encoder_.embed(params_, ids, cache);  // T x D
}

}  // namespace al
