#pragma once
// The IMDB sentiment classifier of the book: a Transformer encoder over token (+ position) embeddings,
// pooled over the tokens, with a sigmoid head. Contract: model-format.md, task "imdb-transformer".
//
//   ids (T) -> embedding (T x D) [+ position] -> L x encoder layer (T x D) -> pool (1 x D) -> dropout
//           -> head (1 x 1) -> sigmoid = probability of "positive"
//
// The encoder stack (embeddings and layers) is core/models/transformer_encoder.h, shared with the other models.
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/layers/dense.h"
#include "core/models/batch_stats.h"
#include "core/models/transformer_config.h"
#include "core/models/transformer_encoder.h"
#include "core/parameters.h"

namespace al {

// One labelled review as ids, for training and evaluation.
struct EncodedSample {
  std::vector<int> ids;  // T >= 1, already truncated to sequence_length
  float label = 0;       // 1 positive, 0 negative
};

class TransformerClassifier {
 public:
  explicit TransformerClassifier(const TransformerConfig& config);
  // The encoder's and the head's, from the config alone (see TransformerEncoder::declaredMemory).
  static io::DeclaredMemory declaredMemory(const TransformerConfig& config);
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
  // `switches`: heads switched off (core/models/head_switches.h); null: all on.
  Prediction predict(std::span<const int> ids, const HeadSwitches* switches = nullptr) const;
  // The logits of many sequences in evaluation mode, in parallel (each 1 <= T <= sequence_length).
  std::vector<float> logits(std::span<const std::vector<int>> sequences) const;
  // ∂logit/∂x in evaluation mode, x = the embedded input (token embedding + position, T x D), from the same
  // backward pass as training (the parameters' gradients are computed on the way and dropped). T x D.
  Matrix logitGradient(std::span<const int> ids) const;
  // x itself: the token embedding plus position of ids, T x D.
  Matrix embeddedInput(std::span<const int> ids) const;

  // Forward and backward of the batch's mean binary cross-entropy; adds the gradients into grads. Runs in
  // parallel over the samples in the current oneTBB arena, the gradients added up in sample order (the same bits
  // for a seed whatever the schedule). In batch norm mode it also updates the moving statistics.
  BatchStats trainBatch(std::span<const EncodedSample* const> batch, Gradients& grads, uint64_t seed);
  // Loss and accuracy in evaluation mode, in parallel; with `switches`, with those heads off.
  BatchStats evaluate(std::span<const EncodedSample* const> samples, const HeadSwitches* switches = nullptr) const;
  // Every head's mean output over the tokens of `samples` (evaluation mode, all heads on): L matrices of H x K,
  // row h the mean of head h's slice of Z (what HeadSwitches::setMeans takes for the "mean" replacement).
  std::vector<Matrix> headMeans(std::span<const EncodedSample* const> samples) const;

  // The encoder stack, for views that show its layers at work (they call its layers, never copy them).
  const TransformerEncoder& encoder() const { return encoder_; }

  // Multiply-adds of one forward pass over T tokens, times two (FLOPs); backward is about twice that.
  double forwardFlops(Index tokens) const;

  // The model's own pieces, read-only, for the teaching walk through the first layer (core/teaching).
  using EncoderLayer = TransformerEncoder::Layer;
  const EncoderLayer& encoderLayer(size_t layer) const { return encoder_.layers().at(layer); }
  const Embedding& tokenEmbedding() const { return encoder_.tokenEmbedding(); }
  // The position part of the input for T tokens (T x D): the learned rows, the sine waves, or zeros.
  Matrix positionRows(Index T) const { return encoder_.positionRows(params_, T); }
  // A layer's first or second normalization in evaluation mode (batch norm: its moving statistics).
  Matrix normalize(size_t layer, bool first, const Matrix& x) const { return encoder_.normalizeForEvaluation(params_, layer, first, x); }

 private:
  struct BatchCache;
  // Encoder, then pool, dropout and head for every sample; the logits land in b.logits.
  void forwardBatch(BatchCache& b, Mode mode, uint64_t seed) const;
  // dLogits: dL/dlogit of every sample (B).
  void backwardBatch(BatchCache& b, std::span<const float> dLogits, Gradients& grads) const;

  TransformerConfig config_;
  ParameterSet params_;
  TransformerEncoder encoder_;
  Dense head_;
};

}  // namespace al
