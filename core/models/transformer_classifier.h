#pragma once
// The IMDB sentiment classifier of the book: a Transformer encoder over token (+ position) embeddings,
// pooled over the tokens, with a sigmoid head. Contract: model-format.md, task "imdb-transformer".
//
//   ids (T) -> embedding (T x D) [+ position] -> L x encoder layer (T x D) -> pool (1 x D) -> dropout
//           -> head (1 x 1) -> sigmoid = probability of "positive"
//
// An encoder layer: y = norm1(x + attention(x));  out = norm2(y + dense2(relu(dense1(y)))).
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/layers/batch_norm.h"
#include "core/layers/dense.h"
#include "core/layers/embedding.h"
#include "core/layers/layer_norm.h"
#include "core/layers/multi_head_attention.h"
#include "core/layers/position_embedding.h"
#include "core/models/batch_stats.h"
#include "core/parameters.h"

namespace al {

enum class PositionKind { Learned, Sinusoidal, None };
enum class NormKind { Layer, Batch };
enum class PoolingKind { Max, Mean };

struct TransformerConfig {
  int vocabSize = 20000;
  int sequenceLength = 600;
  int embedDim = 256;  // D
  int numHeads = 2;    // H
  int keyDim = 256;    // K
  int denseDim = 32;   // F
  int numLayers = 1;   // L
  PositionKind position = PositionKind::Learned;
  NormKind norm = NormKind::Layer;
  PoolingKind pooling = PoolingKind::Max;
  float dropout = 0.5f;
  float normEpsilon = 1e-3f;
  float batchNormMomentum = 0.99f;
};

std::string toString(PositionKind);
std::string toString(NormKind);
std::string toString(PoolingKind);
// The config.json fields of the contract (without format/version/task).
nlohmann::json toJson(const TransformerConfig&);
// Reads and checks the fields; `file` names config.json in messages. Throws InputError.
TransformerConfig transformerConfigFromJson(const nlohmann::json&, const std::string& file);

// One labelled review as ids, for training and evaluation.
struct EncodedSample {
  std::vector<int> ids;  // T >= 1, already truncated to sequence_length
  float label = 0;       // 1 positive, 0 negative
};

class TransformerClassifier {
 public:
  explicit TransformerClassifier(const TransformerConfig& config);
  TransformerClassifier(const TransformerClassifier&) = delete;
  TransformerClassifier& operator=(const TransformerClassifier&) = delete;

  // Keras-like initial values: Glorot kernels, zero biases, uniform(±0.05) embeddings, norm gamma 1, beta 0.
  void initialize(uint64_t seed);

  const TransformerConfig& config() const { return config_; }
  ParameterSet& parameters() { return params_; }
  const ParameterSet& parameters() const { return params_; }

  struct Prediction {
    float logit = 0;
    float probability = 0;
    std::vector<std::vector<Matrix>> attention;  // [layer][head], each T x T
  };
  // Evaluation mode (no dropout, moving statistics). ids: 1 <= T <= sequence_length. Throws InputError.
  Prediction predict(std::span<const int> ids) const;

  // Forward and backward of the batch's mean binary cross-entropy; adds the gradients into grads. Runs in
  // parallel over the samples in the current oneTBB arena, in fixed chunks reduced in order. In batch norm
  // mode it also updates the moving statistics.
  BatchStats trainBatch(std::span<const EncodedSample* const> batch, Gradients& grads, uint64_t seed);
  // Loss and accuracy in evaluation mode, in parallel.
  BatchStats evaluate(std::span<const EncodedSample* const> samples) const;

  // Multiply-adds of one forward pass over T tokens, times two (FLOPs); backward is about twice that.
  double forwardFlops(Index tokens) const;

  // One encoder layer's parameters; exactly one kind of normalization exists (the file holds only its tensors).
  struct EncoderLayer {
    EncoderLayer(ParameterSet& params, const std::string& prefix, const TransformerConfig& config);
    MultiHeadAttention attention;
    Dense dense1, dense2;
    std::optional<LayerNorm> layerNorm1, layerNorm2;
    std::optional<BatchNorm> batchNorm1, batchNorm2;
  };
  // The model's own pieces, read-only, for the teaching walk through the first layer (core/teaching).
  const EncoderLayer& encoderLayer(size_t layer) const { return layers_.at(layer); }
  const Embedding& tokenEmbedding() const { return tokenEmbedding_; }
  // The position part of the input for T tokens (T x D): the learned rows, the sine waves, or zeros.
  Matrix positionRows(Index T) const;
  // A layer's first or second normalization in evaluation mode (batch norm: its moving statistics).
  Matrix normalize(size_t layer, bool first, const Matrix& x) const;

 private:
  struct SampleCache;
  struct BatchCache;

  Matrix embed(std::span<const int> ids, SampleCache* cache) const;
  void forwardBatch(BatchCache& batch, Mode mode, uint64_t seed) const;
  void backwardBatch(BatchCache& batch, Gradients& grads);

  TransformerConfig config_;
  ParameterSet params_;
  Embedding tokenEmbedding_;
  std::unique_ptr<PositionEmbedding> positionEmbedding_;  // learned position only
  Matrix sinusoid_;                                       // sequence_length x D, sinusoidal only
  std::vector<EncoderLayer> layers_;
  Dense head_;
  std::vector<Gradients> chunkGrads_;  // one gradient buffer per worker chunk, reused between batches
};

}  // namespace al
