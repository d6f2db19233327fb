#pragma once
// A GPT-style language model: a decoder-only Transformer that reads a text and, at every position, predicts the
// next token. Contract: model-format.md, task "causal-lm".
//
//   ids (T <= S) -> token embedding (T x D) [+ learned position | + sinusoid] -> L x layer -> T x D
//       -> dropout (training only) -> logits = x·output.kernel + output.bias (T x V); row t predicts id t+1
//
// One layer (post-norm, as the other Transformers of the app):
//   a  = causal self-attention(x)                    T x D   position t sees positions 0..t only
//   x1 = norm1(x + a)                                T x D
//   y  = norm2(x1 + dense2(relu(dense1(x1))))        T x D, with a hidden width of F
// It is the seq2seq-transformer's decoder layer without the cross-attention: there is no source sentence, only
// the text so far.
//
// Loss of a sequence: the cross-entropy of predicting ids[t+1] from row t, for every t whose next id is not
// padding (0); a batch's loss is the mean over all its predicted positions.
//
// Positions "learned" and "sinusoidal" are implemented here. Transformer-XL's "relative" position with a memory
// of M previous inputs per layer is the next step: it changes only the attention of a layer (keys and values
// read from [memory ; x], the u/v biases and W_R) and adds a memory state carried between segments, so Layer
// will hold a relative attention beside `attention`, and forward will take the memory of each layer (empty for
// the first segment). A config with "relative" is refused by the constructor until then.
//
// Dimension key (core/tensor.h): B sequences, T tokens of one sequence (T <= S, the segment length), D model
// width, H heads, K key dimension, F feed-forward width, L layers, V vocabulary size, N predicted positions.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/layers/dense.h"
#include "core/layers/dropout.h"
#include "core/layers/embedding.h"
#include "core/layers/layer_norm.h"
#include "core/layers/multi_head_attention.h"
#include "core/layers/position_embedding.h"
#include "core/layers/relu.h"
#include "core/layers/softmax_cross_entropy.h"
#include "core/models/batch_stats.h"
#include "core/models/head_switches.h"
#include "core/parameters.h"

namespace al {

enum class CausalPosition { Learned, Sinusoidal, Relative };
std::string toString(CausalPosition);

// config.json of a causal-lm (the contract's fields, without format/version/task).
struct CausalLmConfig {
  int vocabSize = 0;       // V
  int sequenceLength = 64; // S: the segment, the most tokens one pass sees
  int embedDim = 64;       // D
  int numHeads = 2;        // H
  int keyDim = 32;         // K
  int denseDim = 128;      // F
  int numLayers = 2;       // L
  CausalPosition position = CausalPosition::Learned;
  int memoryLength = 0;    // M: Transformer-XL's memory (needs "relative")
  float dropout = 0.1f;
  float normEpsilon = 1e-3f;
  std::string tokenizer = "chars";  // "chars", "keras", "ascii", "icu_words"
};
nlohmann::json toJson(const CausalLmConfig&);
// Reads and checks the fields; `file` names config.json in messages. Throws InputError.
CausalLmConfig causalLmConfigFromJson(const nlohmann::json&, const std::string& file);

// vocab.txt line 2 (id 2) of a causal-lm: the end of each document of the training text.
inline constexpr int kEndOfTextId = 2;
inline constexpr const char* kEndOfTextToken = "[EOS]";

class CausalLanguageModel {
 public:
  // One layer's tensors, under "decoder.{i}".
  struct Layer {
    Layer(ParameterSet& params, const std::string& prefix, const CausalLmConfig& config);
    MultiHeadAttention attention;  // ".self_attention"
    LayerNorm norm1, norm2;
    Dense dense1, dense2;          // ".ffn.dense1", ".ffn.dense2"
  };
  // What forward keeps of one sequence for backward; also what a page shows of one pass.
  struct Cache {
    struct LayerCache {
      MultiHeadAttention::Cache attention;  // weights: H matrices of T x T (upper triangle exactly 0)
      LayerNorm::Cache norm1, norm2;
      Dense::Cache dense1, dense2;
      Relu::Cache relu;
    };
    Embedding::Cache embedding;
    std::vector<LayerCache> layers;  // L
    Dropout::Cache dropout;
    Dense::Cache output;
    Matrix logits;                   // T x V
    // Set by loss(): the rows that predict a real next token and the softmax cross-entropy over them.
    std::vector<int> predicted;      // N row indices
    SoftmaxCrossEntropy::Cache loss;
    // Set before forward to run with heads switched off (core/models/head_switches.h); null: all on.
    const HeadSwitches* headSwitches = nullptr;
    // Set before forward to keep the state after the embeddings and after each layer in hiddenStates
    // (L+1 of T x D), for the logit lens (core/teaching/logit_lens.h).
    bool keepHiddenStates = false;
    std::vector<Matrix> hiddenStates;
  };

  // Registers "embedding.token" [V, D], "embedding.position" [S, D] (learned only), "decoder.{i}.*" and
  // "output.*". InputError for position "relative" (not yet implemented).
  explicit CausalLanguageModel(const CausalLmConfig& config);
  CausalLanguageModel(const CausalLanguageModel&) = delete;
  CausalLanguageModel& operator=(const CausalLanguageModel&) = delete;

  // Keras-like initial values: Glorot kernels, zero biases, uniform(±0.05) embeddings, norm gamma 1, beta 0.
  void initialize(uint64_t seed);

  const CausalLmConfig& config() const { return config_; }
  ParameterSet& parameters() { return params_; }
  const ParameterSet& parameters() const { return params_; }

  // ids (1 <= T <= S, else InputError) -> logits (T x V). Mode Train applies dropout with `rng`.
  Matrix forward(const ParameterSet& params, std::span<const int> ids, Mode mode, Rng& rng, Cache& cache) const;
  // dL/dlogits (T x V) -> adds the gradient of every tensor into grads (the ids are discrete: no input gradient).
  void backward(const ParameterSet& params, const Cache& cache, const Matrix& dLogits, Gradients& grads) const;

  // Forward, then the per-position losses (N x 1) of predicting ids[t+1] from row t for every t < T-1 with
  // ids[t+1] != 0 (padding at the end of a short sequence is never predicted).
  Matrix loss(const ParameterSet& params, std::span<const int> ids, Mode mode, Rng& rng, Cache& cache) const;
  // dL/dlosses (N x 1) -> the gradients of every tensor, added into grads.
  void backwardLoss(const ParameterSet& params, const Cache& cache, const Matrix& dLosses, Gradients& grads) const;

  // The mean cross-entropy over every predicted position of the batch, forward and backward (dropout of
  // `seed`, sequence b with Rng::derive(seed, b)); adds the gradients into grads. Stats per predicted position.
  BatchStats trainBatch(std::span<const std::vector<int>> batch, Gradients& grads, uint64_t seed);
  // The same loss without gradients (mode Train: the dropout of `seed`; Eval: none).
  BatchStats lossOf(std::span<const std::vector<int>> batch, Mode mode, uint64_t seed) const;

  // Evaluation mode: the logits of every position and every attention map.
  struct Prediction {
    Matrix logits;                               // T x V, row t predicts id t+1
    std::vector<std::vector<Matrix>> attention;  // [layer][head], each T x T (query row, key column)
  };
  // `switches`: heads switched off; null: all on.
  Prediction predict(std::span<const int> ids, const HeadSwitches* switches = nullptr) const;
  // Evaluation mode: the state after the embeddings and after each layer, L+1 of T x D (the last is what the
  // output layer reads in predict).
  std::vector<Matrix> hiddenStates(std::span<const int> ids, const HeadSwitches* switches = nullptr) const;
  // The output layer alone on any states: x (N x D) -> logits (N x V), evaluation mode (no dropout).
  Matrix outputLogits(const Matrix& x) const;

  // The position part of the input for T tokens (T x D): learned rows or the sine waves.
  Matrix positionRows(const ParameterSet& params, Index T) const;

  const std::vector<Layer>& layers() const { return layers_; }

 private:
  CausalLmConfig config_;
  ParameterSet params_;
  Embedding tokenEmbedding_;
  std::unique_ptr<PositionEmbedding> positionEmbedding_;  // learned only
  Matrix sinusoid_;                                       // S x D, sinusoidal only
  std::vector<Layer> layers_;
  Dropout dropout_;
  Dense output_;
};

}  // namespace al
