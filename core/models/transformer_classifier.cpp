#include "core/models/transformer_classifier.h"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "core/io/json_fields.h"
#include "core/layers/dropout.h"
#include "core/layers/pooling.h"
#include "core/layers/relu.h"
#include "core/layers/sigmoid_cross_entropy.h"
#include "core/layers/sinusoidal_encoding.h"

namespace al {

// ---------------------------------------------------------------------------------------------------------
// Configuration

std::string toString(PositionKind p) {
  return p == PositionKind::Learned ? "learned" : p == PositionKind::Sinusoidal ? "sinusoidal" : "none";
}
std::string toString(NormKind n) { return n == NormKind::Layer ? "layer" : "batch"; }
std::string toString(PoolingKind p) { return p == PoolingKind::Max ? "max" : "mean"; }

nlohmann::json toJson(const TransformerConfig& c) {
  return {{"vocab_size", c.vocabSize},   {"sequence_length", c.sequenceLength},
          {"embed_dim", c.embedDim},     {"num_heads", c.numHeads},
          {"key_dim", c.keyDim},         {"dense_dim", c.denseDim},
          {"num_layers", c.numLayers},   {"position", toString(c.position)},
          {"norm", toString(c.norm)},    {"pooling", toString(c.pooling)},
          {"dropout", c.dropout},        {"norm_epsilon", c.normEpsilon},
          {"batch_norm_momentum", c.batchNormMomentum}};
}

TransformerConfig transformerConfigFromJson(const nlohmann::json& j, const std::string& file) {
  using namespace io;
  TransformerConfig c;
  auto positive = [&](const char* field) {
    const int64_t v = requireInt(j, field, file);
    if (v < 1 || v > 100'000'000) throw InputError(file + ": field \"" + field + "\" must be a positive integer, not " + std::to_string(v));
    return static_cast<int>(v);
  };
  c.vocabSize = positive("vocab_size");
  c.sequenceLength = positive("sequence_length");
  c.embedDim = positive("embed_dim");
  c.numHeads = positive("num_heads");
  c.keyDim = positive("key_dim");
  c.denseDim = positive("dense_dim");
  c.numLayers = positive("num_layers");
  const std::string position = requireOneOf(j, "position", {"learned", "sinusoidal", "none"}, file);
  c.position = position == "learned" ? PositionKind::Learned : position == "sinusoidal" ? PositionKind::Sinusoidal : PositionKind::None;
  c.norm = requireOneOf(j, "norm", {"layer", "batch"}, file) == "layer" ? NormKind::Layer : NormKind::Batch;
  c.pooling = requireOneOf(j, "pooling", {"max", "mean"}, file) == "max" ? PoolingKind::Max : PoolingKind::Mean;
  c.dropout = static_cast<float>(requireNumber(j, "dropout", file));
  if (!(c.dropout >= 0 && c.dropout < 1)) throw InputError(file + ": field \"dropout\" must be in [0, 1)");
  c.normEpsilon = static_cast<float>(optionalNumber(j, "norm_epsilon", 1e-3, file));
  c.batchNormMomentum = static_cast<float>(optionalNumber(j, "batch_norm_momentum", 0.99, file));
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// Construction

TransformerClassifier::EncoderLayer::EncoderLayer(ParameterSet& params, const std::string& prefix, const TransformerConfig& c)
    : attention(params, prefix + ".attention", c.embedDim, c.numHeads, c.keyDim),
      dense1(params, prefix + ".ffn.dense1", c.embedDim, c.denseDim),
      dense2(params, prefix + ".ffn.dense2", c.denseDim, c.embedDim) {
  if (c.norm == NormKind::Layer) {
    layerNorm1.emplace(params, prefix + ".norm1", c.embedDim, c.normEpsilon);
    layerNorm2.emplace(params, prefix + ".norm2", c.embedDim, c.normEpsilon);
  } else {
    batchNorm1.emplace(params, prefix + ".norm1", c.embedDim, c.normEpsilon, c.batchNormMomentum);
    batchNorm2.emplace(params, prefix + ".norm2", c.embedDim, c.normEpsilon, c.batchNormMomentum);
  }
}

TransformerClassifier::TransformerClassifier(const TransformerConfig& config)
    : config_(config),
      tokenEmbedding_(params_, "embedding.token", config.vocabSize, config.embedDim),
      head_(params_, "head", config.embedDim, 1) {
  // (The order in which tensors are registered only sets their place in the buffer; files go by name.)
  if (config.position == PositionKind::Learned)
    positionEmbedding_ = std::make_unique<PositionEmbedding>(params_, "embedding.position", config.sequenceLength, config.embedDim);
  layers_.reserve(static_cast<size_t>(config.numLayers));
  for (int i = 0; i < config.numLayers; ++i) layers_.emplace_back(params_, "encoder." + std::to_string(i), config);
  if (config.position == PositionKind::Sinusoidal) sinusoid_ = sinusoidalEncoding(config.sequenceLength, config.embedDim);
}

Matrix TransformerClassifier::positionRows(Index T) const {
  switch (config_.position) {
    case PositionKind::Learned: return params_.value(positionEmbedding_->tableSlot()).topRows(T);  // T x D
    case PositionKind::Sinusoidal: return sinusoid_.topRows(T);                                   // T x D
    case PositionKind::None: break;
  }
  return Matrix::Zero(T, config_.embedDim);
}

Matrix TransformerClassifier::normalize(size_t l, bool first, const Matrix& x) const {
  const EncoderLayer& layer = layers_.at(l);
  if (layer.layerNorm1) {
    LayerNorm::Cache cache;
    return (first ? *layer.layerNorm1 : *layer.layerNorm2).forward(params_, x, cache);
  }
  BatchNorm::Cache cache;
  return (first ? *layer.batchNorm1 : *layer.batchNorm2).forward(params_, x, Mode::Eval, cache);
}

void TransformerClassifier::initialize(uint64_t seed) {
  Rng rng(seed);
  tokenEmbedding_.initialize(params_, rng);
  if (positionEmbedding_) positionEmbedding_->initialize(params_, rng);
  for (EncoderLayer& layer : layers_) {
    layer.attention.initialize(params_, rng);
    layer.dense1.initialize(params_, rng);
    layer.dense2.initialize(params_, rng);
    if (layer.layerNorm1) {
      layer.layerNorm1->initialize(params_);
      layer.layerNorm2->initialize(params_);
    } else {
      layer.batchNorm1->initialize(params_);
      layer.batchNorm2->initialize(params_);
    }
  }
  head_.initialize(params_, rng);
}

double TransformerClassifier::forwardFlops(Index T) const {
  const double t = static_cast<double>(T), d = config_.embedDim, hk = static_cast<double>(config_.numHeads) * config_.keyDim,
               f = config_.denseDim;
  const double perLayer = 3 * t * d * hk        // q, k, v projections
                          + 2 * t * t * hk      // scores q·kᵀ and weights·v, all heads
                          + t * hk * d          // output projection
                          + 2 * t * d * f;      // feed-forward
  return 2.0 * perLayer * config_.numLayers + 2.0 * t * d;
}

// ---------------------------------------------------------------------------------------------------------
// Forward and backward over a batch, stage by stage.
//
// Every stage but batch normalization works on one sequence at a time, so it runs in parallel over the
// samples. Batch normalization needs statistics over every token of the batch, so it sits between the
// parallel stages:  [attention + residual] -> norm1 -> [feed-forward + residual] -> norm2 -> next layer.

struct TransformerClassifier::SampleCache {
  struct Layer {
    MultiHeadAttention::Cache attention;
    LayerNorm::Cache norm1, norm2;
    Dense::Cache dense1, dense2;
    Relu::Cache relu;
  };
  Embedding::Cache embedding;
  std::vector<Layer> layers;
  MaxPool::Cache maxPool;
  MeanPool::Cache meanPool;
  Dropout::Cache dropout;
  Dense::Cache head;
  Matrix x;  // T x D: the activations flowing through the stages (then their gradient on the way back)
  float logit = 0;
};

struct TransformerClassifier::BatchCache {
  std::vector<const EncodedSample*> samples;
  std::vector<SampleCache> caches;
  std::vector<BatchNorm::Cache> batchNorm1, batchNorm2;  // one per layer, batch norm only
};

namespace {

// Runs fn(sample, chunk) for every sample, in parallel over fixed chunks of consecutive samples. The chunks
// depend only on the batch size and the arena's thread count, which makes reductions reproducible.
template <typename F>
void forEachSampleInChunks(size_t samples, size_t chunks, F&& fn) {
  tbb::parallel_for(size_t{0}, chunks, [&](size_t chunk) {
    const size_t first = chunk * samples / chunks, last = (chunk + 1) * samples / chunks;
    for (size_t s = first; s < last; ++s) fn(s, chunk);
  });
}

size_t chunkCount(size_t samples) {
  return std::max<size_t>(1, std::min<size_t>(samples, static_cast<size_t>(tbb::this_task_arena::max_concurrency())));
}

}  // namespace

Matrix TransformerClassifier::embed(std::span<const int> ids, SampleCache* cache) const {
  const Index T = static_cast<Index>(ids.size());
  if (T < 1) throw InputError("the text has no tokens after standardization; type at least one word");
  if (T > config_.sequenceLength)
    throw InputError("a sequence of " + std::to_string(T) + " tokens is longer than the model's sequence_length " +
                     std::to_string(config_.sequenceLength));
  Embedding::Cache local;
  Matrix x = tokenEmbedding_.forward(params_, std::vector<int>(ids.begin(), ids.end()), cache ? cache->embedding : local);  // T x D
  if (positionEmbedding_) x = positionEmbedding_->forward(params_, x);
  if (config_.position == PositionKind::Sinusoidal) x += sinusoid_.topRows(T);
  return x;
}

void TransformerClassifier::forwardBatch(BatchCache& b, Mode mode, uint64_t seed) const {
  const size_t B = b.samples.size();
  const size_t chunks = chunkCount(B);
  b.caches.resize(B);
  forEachSampleInChunks(B, chunks, [&](size_t s, size_t) {
    SampleCache& c = b.caches[s];
    c.layers.resize(layers_.size());
    c.x = embed(b.samples[s]->ids, &c);
  });

  const bool batchNorm = config_.norm == NormKind::Batch;
  b.batchNorm1.resize(batchNorm ? layers_.size() : 0);
  b.batchNorm2.resize(batchNorm ? layers_.size() : 0);
  auto normalize = [&](size_t l, bool first) {
    const EncoderLayer& layer = layers_[l];
    if (batchNorm) {
      std::vector<Matrix> xs;
      xs.reserve(B);
      for (SampleCache& c : b.caches) xs.push_back(std::move(c.x));
      const BatchNorm& norm = first ? *layer.batchNorm1 : *layer.batchNorm2;
      std::vector<Matrix> ys = norm.forwardBatch(params_, xs, mode, first ? b.batchNorm1[l] : b.batchNorm2[l]);
      for (size_t s = 0; s < B; ++s) b.caches[s].x = std::move(ys[s]);
    } else {
      forEachSampleInChunks(B, chunks, [&](size_t s, size_t) {
        SampleCache& c = b.caches[s];
        c.x = first ? layer.layerNorm1->forward(params_, c.x, c.layers[l].norm1)
                    : layer.layerNorm2->forward(params_, c.x, c.layers[l].norm2);
      });
    }
  };

  for (size_t l = 0; l < layers_.size(); ++l) {
    const EncoderLayer& layer = layers_[l];
    forEachSampleInChunks(B, chunks, [&](size_t s, size_t) {  // x + attention(x)
      SampleCache& c = b.caches[s];
      c.x += layer.attention.forward(params_, c.x, c.layers[l].attention);
    });
    normalize(l, true);
    forEachSampleInChunks(B, chunks, [&](size_t s, size_t) {  // y + dense2(relu(dense1(y)))
      SampleCache& c = b.caches[s];
      SampleCache::Layer& lc = c.layers[l];
      const Matrix hidden = Relu{}.forward(layer.dense1.forward(params_, c.x, lc.dense1), lc.relu);  // T x F
      c.x += layer.dense2.forward(params_, hidden, lc.dense2);
    });
    normalize(l, false);
  }

  const Dropout dropout{config_.dropout};
  forEachSampleInChunks(B, chunks, [&](size_t s, size_t) {  // pool, dropout, head
    SampleCache& c = b.caches[s];
    Matrix pooled = config_.pooling == PoolingKind::Max ? MaxPool{}.forward(c.x, c.maxPool) : MeanPool{}.forward(c.x, c.meanPool);  // 1 x D
    Rng rng = Rng::derive(seed, s);
    pooled = dropout.forward(pooled, mode, rng, c.dropout);
    c.logit = head_.forward(params_, pooled, c.head)(0, 0);
    c.x.resize(0, 0);
  });
}

void TransformerClassifier::backwardBatch(BatchCache& b, Gradients& grads) {
  const size_t B = b.samples.size();
  const size_t chunks = chunkCount(B);
  if (chunkGrads_.size() < chunks) chunkGrads_.resize(chunks);
  for (size_t k = 0; k < chunks; ++k) {
    if (chunkGrads_[k].data().size() != params_.data().size()) chunkGrads_[k] = Gradients(params_);
    else chunkGrads_[k].setZero();
  }
  const float invB = 1.0f / static_cast<float>(B);

  forEachSampleInChunks(B, chunks, [&](size_t s, size_t k) {  // loss -> head -> dropout -> pool
    SampleCache& c = b.caches[s];
    // L = mean_b BCE(logit_b, y_b)  =>  dL/dlogit_b = (sigmoid(logit_b) - y_b) / B
    Matrix dLogit(1, 1);
    dLogit(0, 0) = binaryCrossEntropyWithLogitGradient(c.logit, b.samples[s]->label) * invB;
    Matrix dPooled = Dropout{config_.dropout}.backward(c.dropout, head_.backward(params_, c.head, dLogit, chunkGrads_[k]));  // 1 x D
    c.x = config_.pooling == PoolingKind::Max ? MaxPool{}.backward(c.maxPool, dPooled) : MeanPool{}.backward(c.meanPool, dPooled);  // T x D
  });

  const bool batchNorm = config_.norm == NormKind::Batch;
  auto normalizeBackward = [&](size_t l, bool first) {
    const EncoderLayer& layer = layers_[l];
    if (batchNorm) {
      std::vector<Matrix> dys;
      dys.reserve(B);
      for (SampleCache& c : b.caches) dys.push_back(std::move(c.x));
      const BatchNorm& norm = first ? *layer.batchNorm1 : *layer.batchNorm2;
      std::vector<Matrix> dxs = norm.backwardBatch(params_, first ? b.batchNorm1[l] : b.batchNorm2[l], dys, grads);
      for (size_t s = 0; s < B; ++s) b.caches[s].x = std::move(dxs[s]);
    } else {
      forEachSampleInChunks(B, chunks, [&](size_t s, size_t k) {
        SampleCache& c = b.caches[s];
        c.x = first ? layer.layerNorm1->backward(params_, c.layers[l].norm1, c.x, chunkGrads_[k])
                    : layer.layerNorm2->backward(params_, c.layers[l].norm2, c.x, chunkGrads_[k]);
      });
    }
  };

  for (size_t l = layers_.size(); l-- > 0;) {
    const EncoderLayer& layer = layers_[l];
    normalizeBackward(l, false);
    forEachSampleInChunks(B, chunks, [&](size_t s, size_t k) {  // out = y + dense2(relu(dense1(y)))
      SampleCache& c = b.caches[s];
      SampleCache::Layer& lc = c.layers[l];
      const Matrix dHidden = Relu{}.backward(lc.relu, layer.dense2.backward(params_, lc.dense2, c.x, chunkGrads_[k]));  // T x F
      c.x += layer.dense1.backward(params_, lc.dense1, dHidden, chunkGrads_[k]);  // residual: dy = dout + ...
    });
    normalizeBackward(l, true);
    forEachSampleInChunks(B, chunks, [&](size_t s, size_t k) {  // h = x + attention(x)
      SampleCache& c = b.caches[s];
      c.x += layer.attention.backward(params_, c.layers[l].attention, c.x, chunkGrads_[k]);
    });
  }

  forEachSampleInChunks(B, chunks, [&](size_t s, size_t k) {  // embeddings
    SampleCache& c = b.caches[s];
    if (positionEmbedding_) positionEmbedding_->backward(params_, c.x.rows(), c.x, chunkGrads_[k]);
    tokenEmbedding_.backward(params_, c.embedding, c.x, chunkGrads_[k]);
  });
  for (size_t k = 0; k < chunks; ++k) grads.add(chunkGrads_[k]);  // fixed order: reproducible sums
}

BatchStats TransformerClassifier::trainBatch(std::span<const EncodedSample* const> batch, Gradients& grads, uint64_t seed) {
  BatchCache b;
  b.samples.assign(batch.begin(), batch.end());
  forwardBatch(b, Mode::Train, seed);
  BatchStats stats;
  for (size_t s = 0; s < b.samples.size(); ++s) {
    const float logit = b.caches[s].logit, label = b.samples[s]->label;
    stats.lossSum += binaryCrossEntropyWithLogit(logit, label);
    stats.correct += ((logit >= 0) == (label >= 0.5f)) ? 1 : 0;
  }
  stats.lossCount = stats.total = static_cast<double>(b.samples.size());
  backwardBatch(b, grads);
  if (config_.norm == NormKind::Batch) {
    for (size_t l = 0; l < layers_.size(); ++l) {
      layers_[l].batchNorm1->updateMovingStatistics(params_, b.batchNorm1[l]);
      layers_[l].batchNorm2->updateMovingStatistics(params_, b.batchNorm2[l]);
    }
  }
  return stats;
}

BatchStats TransformerClassifier::evaluate(std::span<const EncodedSample* const> samples) const {
  BatchStats stats;
  constexpr size_t kBlock = 64;  // evaluation mode has no batch dependence; blocks only bound the memory
  for (size_t first = 0; first < samples.size(); first += kBlock) {
    BatchCache b;
    b.samples.assign(samples.begin() + static_cast<std::ptrdiff_t>(first),
                     samples.begin() + static_cast<std::ptrdiff_t>(std::min(samples.size(), first + kBlock)));
    forwardBatch(b, Mode::Eval, 0);
    for (size_t s = 0; s < b.samples.size(); ++s) {
      const float logit = b.caches[s].logit, label = b.samples[s]->label;
      stats.lossSum += binaryCrossEntropyWithLogit(logit, label);
      stats.correct += ((logit >= 0) == (label >= 0.5f)) ? 1 : 0;
    }
    stats.lossCount += static_cast<double>(b.samples.size());
    stats.total += static_cast<double>(b.samples.size());
  }
  return stats;
}

TransformerClassifier::Prediction TransformerClassifier::predict(std::span<const int> ids) const {
  EncodedSample sample{std::vector<int>(ids.begin(), ids.end()), 0.0f};
  BatchCache b;
  b.samples.push_back(&sample);
  forwardBatch(b, Mode::Eval, 0);
  Prediction p;
  p.logit = b.caches[0].logit;
  p.probability = sigmoid(p.logit);
  for (const SampleCache::Layer& lc : b.caches[0].layers) p.attention.push_back(lc.attention.weights);
  return p;
}

}  // namespace al
