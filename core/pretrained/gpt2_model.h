#pragma once
// GPT-2 from a Hugging Face folder (contracts: pretrained models, "gpt2"): a decoder-only Transformer that
// predicts the next token. Inference only, float32.
//
//   x_0 = wte[ids] + wpe[0..T-1]                                                   T x D
//   each layer (pre-norm: the layer norm comes before each block, the residual sum after):
//     a = attention(LN_1(x)), query t sees keys 0..t only (causal), scores ÷ √(D/H)  (core MultiHeadAttention)
//     x = x + a
//     x = x + gelu_new(LN_2(x)·W_fc + b_fc)·W_proj + b_proj                        gelu_new: the tanh form
//   logits = LN_f(x)·wteᵀ (tied, the default) or LN_f(x)·lm_headᵀ                   T x V
//
// The checkpoint's Conv1D weights are stored [in, out] (y = x·W + b), the core's layout: they are copied as
// they are; c_attn [D, 3D] holds the query, key and value kernels side by side and is split into the three.
//
// Generation appends one token at a time. A causal model's earlier positions never see later tokens, so
// their keys and values do not change when a token is appended: the key/value cache keeps them, and a step
// computes only the new token's row. The numbers are those of re-running the whole sequence (to float
// rounding), which is what the contract asks: the cache is an optimisation, not a change.
//
// Use:
//   Gpt2Model gpt = Gpt2Model::load(resolveModelFolder(path));   // al::InputError for a bad folder
//   Gpt2Output all = gpt.forward(ids);                          // logits of every position, every attention map
//   Gpt2Cache cache;
//   Gpt2Step s = gpt.prefill(cache, promptIds);                 // the prompt at once; s.logits: the next token
//   while (...) s = gpt.step(cache, chosenId);                  // one token more: its logits, its attention rows
//
// Dimension key (core/tensor.h): T tokens, D model width, H heads, K = D/H, V vocabulary.
#include <filesystem>
#include <optional>
#include <vector>

#include "core/layers/dense.h"
#include "core/layers/layer_norm.h"
#include "core/layers/multi_head_attention.h"
#include "core/models/head_switches.h"
#include "core/parameters.h"
#include "core/pretrained/attention_capture.h"
#include "core/pretrained/hf_folder.h"

namespace al::pretrained {

class CheckpointReader;

// Every intermediate of one layer as forward computed it, with the embeddings that start the stack: what the
// Step-through page walks (core/teaching/pretrained_steps.h). Asked for with Gpt2Options::traceLayer.
struct Gpt2Trace {
  int layer = 0;
  Matrix token, position;               // T x D each: wte[ids], wpe[0..T-1]
  Matrix embedded;                      // T x D  x_0 = token + position
  // Layer `layer`.
  Matrix input;                         // T x D  x
  Matrix norm1;                         // T x D  LN_1(x)
  MultiHeadAttention::Cache attention;  // its q, k, v, scores (kept), weights and concatenated heads, on LN_1(x)
  Matrix attentionOutput;               // T x D  a (c_proj's output)
  Matrix residual1;                     // T x D  x + a
  Matrix norm2;                         // T x D  LN_2(x + a)
  Matrix preActivation;                 // T x I  LN_2(...)·W_fc + b_fc  (I = 4D, the MLP's inner width)
  Matrix activated;                     // T x I  gelu_new(...)
  Matrix mlpOutput;                     // T x D  gelu_new(...)·W_proj + b_proj
  Matrix output;                        // T x D  x + a + mlpOutput
  Matrix finalNorm;                     // T x D  LN_f(output), when `layer` is the last (else empty)
};

struct Gpt2Options {
  AttentionCapture attention;  // which layers' maps to keep (all by default; see attention_capture.h)
  // Heads switched off (core/models/head_switches.h) in forward; null: all on. (step does not read it.)
  const HeadSwitches* headSwitches = nullptr;
  bool hiddenStates = false;   // keep the residual stream after the embeddings and after each layer (forward only)
  int traceLayer = -1;         // keep every intermediate of this layer in Gpt2Output::trace (-1: none; forward only)
};
struct Gpt2Output {
  Matrix logits;                               // T x V: row t scores the token after position t
  std::vector<std::vector<Matrix>> attention;  // [layer][head], T x T lower-triangular, row = query; a layer
                                               // not captured has no heads
  std::vector<Matrix> hiddenStates;            // with Gpt2Options::hiddenStates: L+1 of T x D, x before LN_f
                                               // (outputLogits of the last is `logits`)
  std::optional<Gpt2Trace> trace;              // with Gpt2Options::traceLayer
};
// The keys and values of every token read so far, per layer (heads side by side, as in the projections).
// The matrices grow by doubling, so appending a token does not copy the whole cache each time.
struct Gpt2Cache {
  std::vector<Matrix> keys, values;  // L matrices of (at least length) x D; rows 0..length-1 are in use
  Index length = 0;                  // tokens read so far
};
// What one appended token gives.
struct Gpt2Step {
  RowVector logits;                               // 1 x V, the scores of the token after it
  std::vector<std::vector<RowVector>> attention;  // [layer][head], 1 x t: how the new token (position t-1)
                                                  // weighs tokens 0..t-1
};

class Gpt2Model {
 public:
  // Reads dir/config.json and dir/model.safetensors (dir: a folder resolveModelFolder returned). al::InputError
  // naming the file and the tensor for a refused config, a missing tensor, a wrong shape or a damaged file.
  static Gpt2Model load(const std::filesystem::path& dir);

  // ids: T token ids, T from 1 to n_positions. al::InputError for an id outside the vocabulary.
  Gpt2Output forward(const std::vector<int64_t>& ids, const Gpt2Options& options = {}) const;

  // Empties cache and reads the prompt (at least one token) in one pass; returns its last token's step.
  Gpt2Step prefill(Gpt2Cache& cache, const std::vector<int64_t>& prompt) const;
  // Appends one token to what cache holds. al::InputError when the sequence would pass n_positions.
  Gpt2Step step(Gpt2Cache& cache, int64_t id) const;

  // The output layer alone on any residual-stream states: LN_f(x)·wteᵀ (or lm_head), N x D -> N x V.
  Matrix outputLogits(const Matrix& x) const { return logits(x); }

  const Gpt2Config& config() const { return config_; }

 private:
  struct Layer {
    LayerNorm norm1;               // ln_1, before attention
    MultiHeadAttention attention;  // c_attn split into query, key, value; c_proj as the output projection
    LayerNorm norm2;               // ln_2, before the MLP
    Dense fc;                      // c_fc, D -> 4D
    Dense proj;                    // mlp.c_proj, 4D -> D
  };

  explicit Gpt2Model(const Gpt2Config& config);
  void loadWeights(const CheckpointReader& weights);
  void checkIds(const std::vector<int64_t>& ids, Index first) const;
  // T x D -> T x D, the whole block with its norm; fills the trace's MLP part when given.
  Matrix mlp(const Layer& layer, const Matrix& x, Gpt2Trace* trace = nullptr) const;
  // One layer on the residual stream x (T x D, updated in place), A_h left in cache.weights.
  void runLayer(const Layer& layer, Matrix& x, MultiHeadAttention::Cache& cache, const Matrix& allowed,
                Gpt2Trace* trace) const;
  Matrix logits(const Matrix& x, Matrix* normed = nullptr) const;  // T x D -> T x V; normed: LN_f(x), T x D
  Gpt2Output run(const std::vector<int64_t>& ids, const Gpt2Options& options, Gpt2Cache* fill) const;

  Gpt2Config config_;
  ParameterSet params_;
  int tokenEmbeddings_ = -1, positionEmbeddings_ = -1;  // wte [V, D], wpe [P, D]
  std::vector<Layer> layers_;
  std::optional<LayerNorm> finalNorm_;                  // ln_f
  int outputEmbeddings_ = -1;                           // [V, D]: wte when tied, else lm_head
};

}  // namespace al::pretrained
