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
// Positions: "learned" (a trained row per position, added to the embeddings), "sinusoidal" (the fixed sine waves
// added instead) or "relative" (Transformer-XL: nothing added to the embeddings; each layer's attention scores
// know how far back a key is, core/layers/relative_attention.h). Only "relative" can have a memory (M > 0): a
// long text is then read in segments of at most S tokens, and each layer's attention also reads that layer's
// inputs at the previous M positions of the text (the memory), which the last segment left behind:
//
//   segment 1: ids 0..S-1   memory: none           -> memory_1 = each layer's inputs at the last M positions
//   segment 2: ids S..2S-1  memory: memory_1       -> memory_2 = the last M rows of [memory_1 ; inputs]
//   ...
// A memory is a constant of the segment that reads it: backward never reaches the segment that wrote it.
//
// Dimension key (core/tensor.h): B sequences, T tokens of one sequence (T <= S, the segment length), D model
// width, H heads, K key dimension, F feed-forward width, L layers, V vocabulary size, N predicted positions.
#include <cstdint>
#include <memory>
#include <optional>
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
#include "core/layers/relative_attention.h"
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
    std::optional<MultiHeadAttention> attention;  // ".self_attention" (learned, sinusoidal)
    std::optional<RelativeAttention> relative;    // ".self_attention" (relative)
    LayerNorm norm1, norm2;
    Dense dense1, dense2;          // ".ffn.dense1", ".ffn.dense2"
  };
  // What forward keeps of one sequence for backward; also what a page shows of one pass.
  struct Cache {
    struct LayerCache {
      MultiHeadAttention::Cache attention;  // weights: H matrices of T x T (upper triangle exactly 0)
      RelativeAttention::Cache relative;    // relative: weights H matrices of T x (M'+T), memory columns first
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

  // Transformer-XL's memory: each layer's inputs at the last M' <= M positions read (L matrices of M' x D, the
  // oldest row first). Empty: nothing read yet (the first segment, or a model without memory).
  struct Memory {
    std::vector<Matrix> layers;  // L of M' x D
    Index rows() const { return layers.empty() ? 0 : layers.front().rows(); }
  };

  // Registers "embedding.token" [V, D], "embedding.position" [S, D] (learned only), "decoder.{i}.*" (relative:
  // also ".self_attention.relative.kernel", ".u_bias", ".v_bias") and "output.*".
  explicit CausalLanguageModel(const CausalLmConfig& config);
  CausalLanguageModel(const CausalLanguageModel&) = delete;
  CausalLanguageModel& operator=(const CausalLanguageModel&) = delete;

  // Keras-like initial values: Glorot kernels, zero biases, uniform(±0.05) embeddings, norm gamma 1, beta 0.
  void initialize(uint64_t seed);

  const CausalLmConfig& config() const { return config_; }
  ParameterSet& parameters() { return params_; }
  const ParameterSet& parameters() const { return params_; }

  // ids (1 <= T <= S, else InputError) -> logits (T x V). Mode Train applies dropout with `rng`. `memory`
  // (relative only; null or empty: none) is what the previous segment of the same text left (memoryAfter), or, for
  // a stream that reads a segment in pieces, that and the segment's earlier inputs (at most M + S - T rows).
  Matrix forward(const ParameterSet& params, std::span<const int> ids, Mode mode, Rng& rng, Cache& cache,
                 const Memory* memory = nullptr) const;
  // After a forward pass: the memory the next segment reads, the last M rows of each layer's [memory ; inputs].
  // Empty without memory (M = 0).
  Memory memoryAfter(const Cache& cache) const;
  // dL/dlogits (T x V) -> adds the gradient of every tensor into grads (the ids are discrete: no input gradient).
  void backward(const ParameterSet& params, const Cache& cache, const Matrix& dLogits, Gradients& grads) const;

  // Forward, then the per-position losses (N x 1) of predicting ids[t+1] from row t for every t < T-1 with
  // ids[t+1] != 0 (padding at the end of a short sequence is never predicted).
  Matrix loss(const ParameterSet& params, std::span<const int> ids, Mode mode, Rng& rng, Cache& cache) const;
  // The same for a segment whose next ids are given: row t predicts targets[t] (0: nothing), so that a segment
  // read after a memory predicts its own last token's successor too (the first id of the next segment).
  Matrix segmentLoss(const ParameterSet& params, std::span<const int> ids, std::span<const int> targets, Mode mode,
                     Rng& rng, Cache& cache, const Memory* memory = nullptr) const;
  // dL/dlosses (N x 1) -> the gradients of every tensor, added into grads.
  void backwardLoss(const ParameterSet& params, const Cache& cache, const Matrix& dLosses, Gradients& grads) const;

  // The mean cross-entropy over every predicted position of the batch, forward and backward (dropout of
  // `seed`, sequence b with Rng::derive(seed, b)); adds the gradients into grads. Stats per predicted position.
  BatchStats trainBatch(std::span<const std::vector<int>> batch, Gradients& grads, uint64_t seed);
  // The same loss without gradients (mode Train: the dropout of `seed`; Eval: none).
  BatchStats lossOf(std::span<const std::vector<int>> batch, Mode mode, uint64_t seed) const;
  // What one read of a sequence adds to a batch's numbers: its losses (N x 1, one per predicted token), their count and
  // the tokens guessed right (the largest probability on the target). The training run's segments use it too.
  static BatchStats statsOf(const Cache& c, const Matrix& losses);

  // Evaluation mode: the logits of every position and every attention map.
  struct Prediction {
    Matrix logits;                               // T x V, row t predicts id t+1
    std::vector<std::vector<Matrix>> attention;  // [layer][head], each T x (M'+T) (query row, key column)
    Index memoryRows = 0;                        // M': the memory the segment read (its first M' columns)
    Memory memory;                               // what the next segment reads (empty without memory)
  };
  // `switches`: heads switched off; null: all on. `memory`: as forward.
  Prediction predict(std::span<const int> ids, const HeadSwitches* switches = nullptr,
                     const Memory* memory = nullptr) const;
  // A whole text read as the model reads it (contract: inspect and generate): segments of S ids from the start,
  // each after the memory the previous one left; the prediction of the last segment (T = the text's length
  // modulo S, or S). Without memory only the last segment is read. InputError for no ids.
  struct SegmentedPrediction {
    Prediction last;
    size_t segmentStart = 0;  // the index in ids of the last segment's first id
  };
  SegmentedPrediction readSegments(std::span<const int> ids, const HeadSwitches* switches = nullptr) const;
  // Where readSegments starts the last segment of n ids: a multiple of S (0 for n <= S).
  size_t lastSegmentStart(size_t n) const;
  // The memory after reading ids (a whole number of segments of S) segment after segment from the start: what
  // the segment after them reads. Empty for no ids or a model without memory.
  Memory readMemory(std::span<const int> ids, const HeadSwitches* switches = nullptr) const;
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
