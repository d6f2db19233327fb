#pragma once
// BERT's masked language model on the book's Transformer encoder. Contract: model-format.md, task "masked-lm".
//
//   ids (T, some hidden: core/models/mlm_masking.h) -> encoder stack (T x D) -> dropout (training only)
//       -> mlm.output at every position: logits (T x V) -> softmax over the vocabulary
//
// It learns by guessing the hidden tokens from the words on both sides: the loss is the cross-entropy at the
// chosen positions only, averaged over every chosen position of the batch. In training only the chosen rows
// go through the output layer (the others do not reach the loss), which saves most of the T x D x V work.
//
// The encoder's tensors have the names of the IMDB classifier ("embedding.*", "encoder.{i}.*"), so a
// classifier can start from them (a new head): that is pre-training, then fine-tuning.
//
// Dimension key (core/tensor.h): B sequences, T tokens of one sequence, N chosen positions of a sequence,
// D model width, V vocabulary size.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/layers/dense.h"
#include "core/layers/dropout.h"
#include "core/layers/softmax_cross_entropy.h"
#include "core/models/batch_stats.h"
#include "core/models/mlm_masking.h"
#include "core/models/transformer_config.h"
#include "core/models/transformer_encoder.h"
#include "core/parameters.h"

namespace al {

// config.json of a masked-lm: the encoder's fields (pooling unused), mask_rate.
struct MaskedLmConfig {
  TransformerConfig encoder;
  float maskRate = 0.15f;
};
nlohmann::json toJson(const MaskedLmConfig&);  // the contract's fields, without format/version/task
// Reads and checks the fields; `file` names config.json in messages. Throws InputError.
MaskedLmConfig maskedLmConfigFromJson(const nlohmann::json&, const std::string& file);

// The output head at the chosen positions: dropout, mlm.output, softmax cross-entropy.
//   x (T x D) -> rows at `positions` (N x D) -> dropout -> logits = rows·W + b (N x V) -> losses (N x 1)
// Dropping elements of the chosen rows only is the same as dropping over all of x: the other rows never
// reach the loss.
class MaskedLmHead {
 public:
  struct Cache {
    Index tokens = 0;            // T
    std::vector<int> positions;  // N
    Dropout::Cache dropout;
    Dense::Cache output;
    SoftmaxCrossEntropy::Cache loss;
    Matrix logits;               // N x V
  };
  // Registers "mlm.output.kernel" [D, V] and "mlm.output.bias" [V].
  MaskedLmHead(ParameterSet& params, Index embedDim, Index vocabSize, float dropout);
  void initialize(ParameterSet& params, Rng& rng) const;
  // Per-position losses (N x 1) of predicting targets[n] at positions[n].
  Matrix forward(const ParameterSet& params, const Matrix& x, std::span<const int> positions,
                 std::span<const int> targets, Mode mode, Rng& rng, Cache& cache) const;
  // dL/dlosses (N x 1) -> dL/dx (T x D; zero outside the chosen rows), adds into grads.
  Matrix backward(const ParameterSet& params, const Cache& cache, const Matrix& dLosses, Gradients& grads) const;
  // logits of the given rows of x, evaluation mode: (N x D) -> (N x V).
  Matrix logits(const ParameterSet& params, const Matrix& rows) const;

 private:
  Dense output_;
  Dropout dropout_;
};

class MaskedLanguageModel {
 public:
  explicit MaskedLanguageModel(const MaskedLmConfig& config);
  MaskedLanguageModel(const MaskedLanguageModel&) = delete;
  MaskedLanguageModel& operator=(const MaskedLanguageModel&) = delete;

  // Keras-like initial values, as the classifier (Glorot kernels, zero biases, uniform(±0.05) embeddings).
  void initialize(uint64_t seed);

  const MaskedLmConfig& config() const { return config_; }
  ParameterSet& parameters() { return params_; }
  const ParameterSet& parameters() const { return params_; }
  const TransformerEncoder& encoder() const { return encoder_; }

  // Evaluation mode on ids (1 <= T <= sequence_length; else InputError): the softmax over the vocabulary at
  // each of `positions` (N x V, a row per position) and every attention map.
  struct Prediction {
    Matrix probabilities;                         // N x V
    std::vector<std::vector<Matrix>> attention;   // [layer][head], each T x T
  };
  // `switches`: heads switched off (core/models/head_switches.h); null: all on.
  Prediction predict(std::span<const int> ids, std::span<const int> positions,
                     const HeadSwitches* switches = nullptr) const;
  // Evaluation mode: the state after the embeddings and after each layer, L+1 of T x D (the last is what
  // predict reads), for the logit lens (core/teaching/logit_lens.h).
  std::vector<Matrix> hiddenStates(std::span<const int> ids, const HeadSwitches* switches = nullptr) const;
  // The output layer alone on any states: rows (N x D) -> logits (N x V), evaluation mode.
  Matrix outputLogits(const Matrix& rows) const { return head_.logits(params_, rows); }

  // Forward and backward of the mean cross-entropy over every chosen position of the batch (input ids with
  // their chosen positions, from maskTokens); adds the gradients into grads. Parallel over the samples in the
  // current oneTBB arena, in fixed chunks reduced in order (same seed and threads: the same bits). Updates
  // batch norm's moving statistics. Stats: loss and accuracy per chosen position.
  BatchStats trainBatch(std::span<const MaskedSequence* const> batch, Gradients& grads, uint64_t seed);
  // The same loss without gradients or updates (mode Train: the dropout of `seed`; Eval: none).
  BatchStats loss(std::span<const MaskedSequence* const> batch, Mode mode, uint64_t seed) const;
  // loss in evaluation mode over any number of sequences, in blocks.
  BatchStats evaluate(std::span<const MaskedSequence* const> sequences) const;

  double forwardFlops(Index tokens, Index chosen) const;

 private:
  struct BatchCache;
  void forwardBatch(BatchCache& b, Mode mode, uint64_t seed) const;
  void backwardBatch(BatchCache& b, Gradients& grads);

  MaskedLmConfig config_;
  ParameterSet params_;
  TransformerEncoder encoder_;
  MaskedLmHead head_;
  std::vector<Gradients> chunkGrads_;  // one gradient buffer per worker chunk, reused between batches
};

}  // namespace al
