#include "core/models/transformer_encoder.h"

#include <algorithm>
#include <numeric>

#include "core/error.h"
#include "core/finite_values.h"
#include "core/layers/sinusoidal_encoding.h"
#include "core/parallel.h"

namespace al {

namespace {

// Batch norm sees the whole batch at once: every sample's x (T_b x D, a value forward or a gradient backward)
// goes to `step` as one of B sequences, and the B sequences it returns become the samples' new x.
template <class Samples, class Step>
void acrossBatch(Samples& samples, Step step) {
  std::vector<Matrix> xs;  // B sequences of T_b x D
  xs.reserve(samples.size());
  for (auto& c : samples) xs.push_back(std::move(c.x));
  std::vector<Matrix> ys = step(xs);
  for (size_t s = 0; s < samples.size(); ++s) samples[s].x = std::move(ys[s]);
}

// Training stacks sequences (MultiHeadAttention::forwardStacked): each product then reads its weights once per
// block instead of once per sequence, which on a review of a couple of hundred tokens is a fifth of the product's
// time. A block takes sequences in the longest-first order until it has kStackedRows rows or kStackedSequences
// sequences, so blocks depend on the lengths alone (never on the threads: the same bits for any schedule), and a
// batch of 32 reviews still makes a dozen or more blocks to share between threads.
constexpr Index kStackedRows = 384;
constexpr size_t kStackedSequences = 4;

std::vector<std::vector<size_t>> stackedBlocks(std::span<const size_t> longestFirst,
                                               std::span<const std::span<const int>> ids) {
  std::vector<std::vector<size_t>> blocks;
  Index rows = 0;
  for (size_t s : longestFirst) {
    if (blocks.empty() || rows >= kStackedRows || blocks.back().size() >= kStackedSequences) {
      blocks.emplace_back();
      rows = 0;
    }
    blocks.back().push_back(s);
    rows += static_cast<Index>(ids[s].size());
  }
  return blocks;
}

// 0, 1, ..., count-1: blocks are made longest first, so this hands out the most work first.
std::vector<size_t> inOrder(size_t count) {
  std::vector<size_t> order(count);
  std::iota(order.begin(), order.end(), size_t{0});
  return order;
}

// The rows of the block's sequences, one after the other: N x D.
Matrix stackRows(const std::vector<TransformerEncoder::SampleCache>& samples, const std::vector<size_t>& block) {
  Index rows = 0;
  for (size_t s : block) rows += samples[s].x.rows();
  Matrix stacked(rows, samples[block.front()].x.cols());  // N x D
  Index first = 0;
  for (size_t s : block) {
    stacked.middleRows(first, samples[s].x.rows()) = samples[s].x;
    first += samples[s].x.rows();
  }
  return stacked;
}

// The reverse: each sequence's rows of the stacked N x D back into its own x (T_b x D).
void unstackRows(const Matrix& stacked, std::vector<TransformerEncoder::SampleCache>& samples,
                 const std::vector<size_t>& block) {
  Index first = 0;
  for (size_t s : block) {
    const Index T = samples[s].x.rows();
    samples[s].x = stacked.middleRows(first, T);
    first += T;
  }
}

}  // namespace

TransformerEncoder::Layer::Layer(ParameterSet& params, const std::string& prefix, const TransformerConfig& c)
    : attention(params, prefix + ".attention", c.embedDim, c.numHeads, c.keyDim),
      dense1(params, prefix + ".ffn.dense1", c.embedDim, c.denseDim),
      dense2(params, prefix + ".ffn.dense2", c.denseDim, c.embedDim),
      activation(c.activation) {
  if (c.norm == NormKind::Layer) {
    layerNorm1.emplace(params, prefix + ".norm1", c.embedDim, c.normEpsilon);
    layerNorm2.emplace(params, prefix + ".norm2", c.embedDim, c.normEpsilon);
  } else {
    batchNorm1.emplace(params, prefix + ".norm1", c.embedDim, c.normEpsilon, c.batchNormMomentum);
    batchNorm2.emplace(params, prefix + ".norm2", c.embedDim, c.normEpsilon, c.batchNormMomentum);
  }
}

// dense2(act(dense1(y))): T x D -> T x F -> T x D
Matrix TransformerEncoder::Layer::feedForward(const ParameterSet& params, const Matrix& y, LayerCache& c) const {
  const Matrix preActivation = dense1.forward(params, y, c.dense1);  // T x F
  const Matrix hidden = activation == ActivationKind::Gelu ? Gelu{}.forward(preActivation, c.gelu)
                                                           : Relu{}.forward(preActivation, c.relu);  // T x F
  return dense2.forward(params, hidden, c.dense2);                    // T x D
}

Matrix TransformerEncoder::Layer::feedForwardBackward(const ParameterSet& params, LayerCache& c, const Matrix& dF,
                                                      Gradients& g) const {
  const Matrix dHidden = dense2.backward(params, c.dense2, dF, g);  // T x F
  const Matrix dPre = activation == ActivationKind::Gelu ? Gelu{}.backward(c.gelu, dHidden)
                                                         : Relu{}.backward(c.relu, dHidden);  // T x F
  return dense1.backward(params, c.dense1, dPre, g);  // T x D
}

Matrix TransformerEncoder::Layer::forward(const ParameterSet& params, const Matrix& x, LayerCache& c,
                                          const Matrix* keyMask) const {
  return afterAttention(params, x + attention.forward(params, x, c.attention, keyMask), c);  // T x D
}

Matrix TransformerEncoder::Layer::forwardStacked(const ParameterSet& params, const Matrix& x,
                                                 std::span<const Index> lengths, LayerCache& c) const {
  return afterAttention(params, x + attention.forwardStacked(params, x, lengths, c.attention), c);  // N x D
}

Matrix TransformerEncoder::Layer::afterAttention(const ParameterSet& params, const Matrix& attended, LayerCache& c) const {
  const Matrix y = layerNorm1->forward(params, attended, c.norm1);  // T x D
  const Matrix h = y + feedForward(params, y, c);                   // T x D
  return layerNorm2->forward(params, h, c.norm2);                   // T x D
}

Matrix TransformerEncoder::Layer::backward(const ParameterSet& params, LayerCache& c, const Matrix& dOut,
                                           Gradients& g) const {
  Matrix dy = layerNorm2->backward(params, c.norm2, dOut, g);  // T x D: dL/d(y + f)
  dy += feedForwardBackward(params, c, dy, g);                 // residual: dL/dy = d(y + f) + f's part
  Matrix dx = layerNorm1->backward(params, c.norm1, dy, g);    // T x D: dL/d(x + a)
  dx += attention.backward(params, c.attention, dx, g);
  return dx;
}

TransformerEncoder::TransformerEncoder(ParameterSet& params, const TransformerConfig& config,
                                       const std::string& embeddingPrefix, const std::string& layerPrefix)
    : config_(config), tokenEmbedding_(params, embeddingPrefix + ".token", config.vocabSize, config.embedDim),
      layerPrefix_(layerPrefix) {
  // (The order in which tensors are registered only sets their place in the buffer; files go by name.)
  if (config.position == PositionKind::Learned)
    positionEmbedding_ = std::make_unique<PositionEmbedding>(params, embeddingPrefix + ".position",
                                                             config.sequenceLength, config.embedDim);
  layers_.reserve(static_cast<size_t>(config.numLayers));
  for (int i = 0; i < config.numLayers; ++i) layers_.emplace_back(params, layerPrefix + "." + std::to_string(i), config);
  if (config.position == PositionKind::Sinusoidal) sinusoid_ = sinusoidalEncoding(config.sequenceLength, config.embedDim);
}

io::DeclaredMemory TransformerEncoder::declaredMemory(const TransformerConfig& c) {
  const double V = c.vocabSize, T = c.sequenceLength, D = c.embedDim, HK = double(c.numHeads) * c.keyDim,
               F = c.denseDim, L = c.numLayers;
  const double attention = 3 * (D * HK + HK) + (HK * D + D);   // query, key, value, output projections
  const double feedForward = (D * F + F) + (F * D + D);        // dense1, dense2
  const double norms = 2 * (c.norm == NormKind::Layer ? 2 : 4) * D;  // gamma, beta (+ moving mean, variance)
  io::DeclaredMemory memory;
  memory.parameters = V * D + (c.position == PositionKind::Learned ? T * D : 0) + L * (attention + feedForward + norms);
  // Every layer keeps its H attention matrices of T x T (for backward and for the heatmaps) and a few T-row
  // activations; the sinusoid table is T x D.
  memory.working = L * (c.numHeads * T * T + T * (4 * HK + F + 4 * D)) + (c.position == PositionKind::Sinusoidal ? T * D : 0);
  return memory;
}

void TransformerEncoder::initialize(ParameterSet& params, Rng& rng) const {
  tokenEmbedding_.initialize(params, rng);
  if (positionEmbedding_) positionEmbedding_->initialize(params, rng);
  for (const Layer& layer : layers_) {
    layer.attention.initialize(params, rng);
    layer.dense1.initialize(params, rng);
    layer.dense2.initialize(params, rng);
    if (layer.layerNorm1) {
      layer.layerNorm1->initialize(params);
      layer.layerNorm2->initialize(params);
    } else {
      layer.batchNorm1->initialize(params);
      layer.batchNorm2->initialize(params);
    }
  }
}

double TransformerEncoder::forwardFlops(Index T) const {
  const double t = static_cast<double>(T), d = config_.embedDim, hk = static_cast<double>(config_.numHeads) * config_.keyDim,
               f = config_.denseDim;
  const double perLayer = 3 * t * d * hk        // q, k, v projections
                          + 2 * t * t * hk      // scores q·kᵀ and weights·v, all heads
                          + t * hk * d          // output projection
                          + 2 * t * d * f;      // feed-forward
  return 2.0 * perLayer * config_.numLayers;
}

Matrix TransformerEncoder::embed(const ParameterSet& params, std::span<const int> ids, Embedding::Cache& cache) const {
  const Index T = static_cast<Index>(ids.size());
  if (T < 1)
    throw InputError(ErrorKind::EmptySentence, {}, "the text has no tokens after standardization; type at least one word");
  if (T > config_.sequenceLength)
    throw InputError(ErrorKind::SentenceTooLong,
                     {.expected = std::to_string(config_.sequenceLength), .found = std::to_string(T)},
                     "a sequence of " + std::to_string(T) + " tokens is longer than the model's sequence_length " +
                     std::to_string(config_.sequenceLength));
  Matrix x = tokenEmbedding_.forward(params, std::vector<int>(ids.begin(), ids.end()), cache);  // T x D
  if (positionEmbedding_) x = positionEmbedding_->forward(params, x);
  if (config_.position == PositionKind::Sinusoidal) x += sinusoid_.topRows(T);
  return x;
}

Matrix TransformerEncoder::positionRows(const ParameterSet& params, Index T) const {
  switch (config_.position) {
    case PositionKind::Learned: return params.value(positionEmbedding_->tableSlot()).topRows(T);  // T x D
    case PositionKind::Sinusoidal: return sinusoid_.topRows(T);                                  // T x D
    case PositionKind::None: break;
  }
  return Matrix::Zero(T, config_.embedDim);
}

Matrix TransformerEncoder::normalizeForEvaluation(const ParameterSet& params, size_t l, bool first, const Matrix& x) const {
  const Layer& layer = layers_.at(l);
  if (layer.layerNorm1) {
    LayerNorm::Cache cache;
    return (first ? *layer.layerNorm1 : *layer.layerNorm2).forward(params, x, cache);
  }
  BatchNorm::Cache cache;
  return (first ? *layer.batchNorm1 : *layer.batchNorm2).forward(params, x, Mode::Eval, cache);
}

void TransformerEncoder::normalize(const ParameterSet& params, size_t l, bool first, Mode mode, BatchCache& b) const {
  const BatchNorm& norm = first ? *layers_[l].batchNorm1 : *layers_[l].batchNorm2;
  acrossBatch(b.samples, [&](const std::vector<Matrix>& xs) {
    return norm.forwardBatch(params, xs, mode, first ? b.batchNorm1[l] : b.batchNorm2[l]);
  });
}

void TransformerEncoder::forwardBatch(const ParameterSet& params, std::span<const std::span<const int>> ids, Mode mode,
                                      BatchCache& b) const {
  const size_t B = ids.size();
  b.samples.resize(B);
  const bool batchNorm = config_.norm == NormKind::Batch;
  const bool countPadding = mode == Mode::Train && batchNorm && config_.batchNormPadding == BatchNormPadding::Include;
  std::vector<double> work(B);  // each sequence's FLOPs: the longest are handed out first
  for (size_t s = 0; s < B; ++s)
    work[s] = forwardFlops(countPadding ? config_.sequenceLength : static_cast<Index>(ids[s].size()));
  b.longestFirst = longestFirst(work);
  b.sampleGrads.resize(B);
  for (Gradients& g : b.sampleGrads) {
    if (g.isOneSample()) g.setZero();
    else g = Gradients::ofOneSample(params);
  }
  b.batchNorm1.resize(batchNorm ? layers_.size() : 0);
  b.batchNorm2.resize(batchNorm ? layers_.size() : 0);

  // The steps of one sequence.
  auto embedStep = [&](size_t s) {
    SampleCache& c = b.samples[s];
    c.layers.resize(layers_.size());
    if (!countPadding) {
      c.x = embed(params, ids[s], c.embedding);
      c.realKeys.resize(0, 0);
      return;
    }
    const Index T = static_cast<Index>(ids[s].size()), P = config_.sequenceLength;
    std::vector<int> padded(ids[s].begin(), ids[s].end());
    padded.resize(static_cast<size_t>(std::max(T, P)), 0);  // id 0: padding
    c.x = embed(params, padded, c.embedding);               // P x D (embed rejects T > P)
    c.realKeys = Matrix::Zero(P, P);                          // P x P
    c.realKeys.leftCols(T).setOnes();
  };
  // Reading a text (not training: the trainer's loss check says where a run diverged), each layer's output must
  // be finite: weights that overflow stop at the layer where they do, instead of giving NaN attention and scores.
  auto checkOutput = [&](size_t l, const Matrix& x) {
    if (mode == Mode::Eval) requireFiniteOutput(x, layerPrefix_ + "." + std::to_string(l));
  };
  auto keepState = [&](size_t s) {  // the state so far, without padding rows (T x D)
    SampleCache& c = b.samples[s];
    if (b.keepHiddenStates) c.hiddenStates.push_back(c.x.topRows(static_cast<Index>(ids[s].size())));
  };
  auto attentionStep = [&](size_t l, SampleCache& c) {  // x + attention(x)
    c.layers[l].attention.headMask = b.headSwitches ? b.headSwitches->of(l) : nullptr;
    c.x += layers_[l].attention.forward(params, c.x, c.layers[l].attention, c.realKeys.size() ? &c.realKeys : nullptr);
  };
  auto feedForwardStep = [&](size_t l, SampleCache& c) {  // y + dense2(act(dense1(y)))
    c.x += layers_[l].feedForward(params, c.x, c.layers[l]);
  };

  b.blocks.clear();
  if (!batchNorm && mode == Mode::Train && !b.keepHiddenStates) {
    // Training with layer norm: blocks of a few sequences, stacked, each through the whole stack in one go.
    b.blocks = stackedBlocks(b.longestFirst, ids);
    forEachSampleAsThreadsFree(inOrder(b.blocks.size()), [&](size_t k) {
      const std::vector<size_t>& block = b.blocks[k];
      std::vector<Index> lengths;
      for (size_t s : block) {
        embedStep(s);
        b.samples[s].hiddenStates.clear();
        lengths.push_back(b.samples[s].x.rows());
      }
      SampleCache& first = b.samples[block.front()];  // keeps the block's layer caches
      Matrix x = stackRows(b.samples, block);         // N x D
      for (size_t l = 0; l < layers_.size(); ++l) {
        first.layers[l].attention.headMask = b.headSwitches ? b.headSwitches->of(l) : nullptr;
        x = layers_[l].forwardStacked(params, x, lengths, first.layers[l]);
      }
      unstackRows(x, b.samples, block);
    });
    return;
  }
  if (!batchNorm) {
    // Layer norm works on one sequence too: each sequence runs through the whole stack in one go, on whichever
    // thread is free, its activations still in the cache from one step to the next.
    forEachSampleAsThreadsFree(b.longestFirst, [&](size_t s) {
      embedStep(s);
      SampleCache& c = b.samples[s];
      c.hiddenStates.clear();
      keepState(s);
      for (size_t l = 0; l < layers_.size(); ++l) {
        c.layers[l].attention.headMask = b.headSwitches ? b.headSwitches->of(l) : nullptr;
        c.x = layers_[l].forward(params, c.x, c.layers[l]);
        checkOutput(l, c.x);
        keepState(s);
      }
    });
    return;
  }
  // Batch norm needs every sequence at once: stage by stage, each stage over the sequences in parallel.
  forEachSampleAsThreadsFree(b.longestFirst, [&](size_t s) {
    embedStep(s);
    b.samples[s].hiddenStates.clear();
    keepState(s);
  });
  for (size_t l = 0; l < layers_.size(); ++l) {
    forEachSampleAsThreadsFree(b.longestFirst, [&](size_t s) { attentionStep(l, b.samples[s]); });
    normalize(params, l, true, mode, b);
    forEachSampleAsThreadsFree(b.longestFirst, [&](size_t s) { feedForwardStep(l, b.samples[s]); });
    normalize(params, l, false, mode, b);
    for (size_t s = 0; s < B; ++s) checkOutput(l, b.samples[s].x);
    if (b.keepHiddenStates) forEachSampleAsThreadsFree(b.longestFirst, keepState);
  }
  if (countPadding)
    forEachSampleAsThreadsFree(b.longestFirst, [&](size_t s) {  // drop the padding rows: T x D
      SampleCache& c = b.samples[s];
      c.x.conservativeResize(static_cast<Index>(ids[s].size()), Eigen::NoChange);
    });
}

void TransformerEncoder::normalizeBackward(const ParameterSet& params, size_t l, bool first, BatchCache& b,
                                           Gradients& grads) const {
  const BatchNorm& norm = first ? *layers_[l].batchNorm1 : *layers_[l].batchNorm2;
  acrossBatch(b.samples, [&](const std::vector<Matrix>& dys) {
    return norm.backwardBatch(params, first ? b.batchNorm1[l] : b.batchNorm2[l], dys, grads);
  });
}

void TransformerEncoder::backwardBatch(const ParameterSet& params, BatchCache& b, Gradients& grads) const {
  if (b.sampleGrads.size() != b.samples.size())
    throw std::logic_error("TransformerEncoder::backwardBatch: run forwardBatch on the batch first");
  // The steps of one sequence, in reverse; every gradient goes into the sequence's own part.
  auto feedForwardStep = [&](size_t l, size_t s) {  // out = y + dense2(act(dense1(y)))
    SampleCache& c = b.samples[s];
    c.x += layers_[l].feedForwardBackward(params, c.layers[l], c.x, b.sampleGrads[s]);  // residual: dy = dout + ...
  };
  auto attentionStep = [&](size_t l, size_t s) {  // h = x + attention(x)
    SampleCache& c = b.samples[s];
    c.x += layers_[l].attention.backward(params, c.layers[l].attention, c.x, b.sampleGrads[s]);
  };

  if (!b.blocks.empty()) {  // stacked blocks, as forward ran them; the block's gradients go into its first part
    forEachSampleAsThreadsFree(inOrder(b.blocks.size()), [&](size_t k) {
      const std::vector<size_t>& block = b.blocks[k];
      SampleCache& first = b.samples[block.front()];
      Matrix dx = stackRows(b.samples, block);  // N x D
      for (size_t l = layers_.size(); l-- > 0;)
        dx = layers_[l].backward(params, first.layers[l], dx, b.sampleGrads[block.front()]);
      unstackRows(dx, b.samples, block);
    });
  } else if (config_.norm == NormKind::Layer) {  // one sequence through the whole stack in one go, as in forward
    forEachSampleAsThreadsFree(b.longestFirst, [&](size_t s) {
      SampleCache& c = b.samples[s];
      for (size_t l = layers_.size(); l-- > 0;) c.x = layers_[l].backward(params, c.layers[l], c.x, b.sampleGrads[s]);
    });
  } else {
    forEachSampleAsThreadsFree(b.longestFirst, [&](size_t s) {  // padded (see forwardBatch): the padding's output is unused
      SampleCache& c = b.samples[s];
      if (c.realKeys.size() == 0) return;
      Matrix dOut = Matrix::Zero(c.realKeys.rows(), c.x.cols());  // P x D
      dOut.topRows(c.x.rows()) = c.x;
      c.x = std::move(dOut);
    });
    for (size_t l = layers_.size(); l-- > 0;) {
      normalizeBackward(params, l, false, b, grads);
      forEachSampleAsThreadsFree(b.longestFirst, [&](size_t s) { feedForwardStep(l, s); });
      normalizeBackward(params, l, true, b, grads);
      forEachSampleAsThreadsFree(b.longestFirst, [&](size_t s) { attentionStep(l, s); });
    }
  }
  grads.addSamples(b.sampleGrads);  // every sample's part, in sample order
  for (SampleCache& c : b.samples) {  // the embeddings' tables: rows the samples share, so in sample order too
    if (positionEmbedding_) positionEmbedding_->backward(params, c.x.rows(), c.x, grads);
    tokenEmbedding_.backward(params, c.embedding, c.x, grads);
  }
}

void TransformerEncoder::updateMovingStatistics(ParameterSet& params, const BatchCache& b) const {
  if (config_.norm != NormKind::Batch) return;
  for (size_t l = 0; l < layers_.size(); ++l) {
    layers_[l].batchNorm1->updateMovingStatistics(params, b.batchNorm1[l]);
    layers_[l].batchNorm2->updateMovingStatistics(params, b.batchNorm2[l]);
  }
}

}  // namespace al
