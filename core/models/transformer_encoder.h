#pragma once
// The Transformer encoder stack, shared by every model that reads a sequence with self-attention: the IMDB
// classifier (which pools its output), the masked language model (which predicts a token at every position)
// and the encoder side of the encoder-decoder Transformer.
//
//   ids (T) -> token embedding (T x D) [+ learned position | + sinusoid] -> L x encoder layer -> T x D
//
// An encoder layer (post-norm, as in the book and the original paper):
//   y   = norm1(x + attention(x))                      T x D
//   out = norm2(y + dense2(act(dense1(y))))            T x D, with a hidden width of F
// act is ReLU (the book's) or GELU (BERT's, config "activation"): BERT's layers are this layer exactly, so BERT's
// top layers are fine-tuned as TransformerEncoder layers (core/train/bert_fine_tuning.h).
//
// A batch runs in parallel over its sequences, the longest handed out first to whichever thread is free
// (core/parallel.h). With layer norm every step works on one sequence, so each sequence runs through the whole
// stack in one go. Batch normalization needs statistics over every token of the batch, so with it the batch runs
// stage by stage, batch norm between the parallel stages:
//   [attention + residual] -> norm1 -> [feed-forward + residual] -> norm2 -> next layer.
// Backward runs the same steps in reverse, each sample keeping its own part of the gradients (for a kernel, the
// factors X and dY of dW = Xᵀ·dY); the parts are added up at the end in sample order (Gradients::addSamples).
// So no thread waits for another's fixed share of the batch, and the sums do not depend on the schedule.
//
// Dimension key (core/tensor.h): B sequences, T tokens of one sequence, D model width, H heads, K key dimension,
// F feed-forward width, L layers, P padded length (= sequence_length).
//
// Batch norm counting padding (config batch_norm_padding "include", training only), the way a Keras model sees
// the book's padded batches: every sequence is padded with id 0 to P tokens; the padding positions are embedded
// and run through every layer (their queries attend to the real keys; no query attends to them), so batch norm's
// statistics are taken over all B x P positions. The padding rows are dropped after the last layer: the output
// is T x D as always, and the padding's gradient reaches the weights only through the batch norm statistics.
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/io/declared_memory.h"
#include "core/layers/batch_norm.h"
#include "core/layers/dense.h"
#include "core/layers/embedding.h"
#include "core/layers/gelu.h"
#include "core/layers/layer_norm.h"
#include "core/layers/multi_head_attention.h"
#include "core/layers/position_embedding.h"
#include "core/layers/relu.h"
#include "core/models/head_switches.h"
#include "core/models/transformer_config.h"
#include "core/parameters.h"

namespace al {

class TransformerEncoder {
 public:
  // What forward keeps of one layer on one sequence for backward.
  struct LayerCache {
    MultiHeadAttention::Cache attention;
    LayerNorm::Cache norm1, norm2;
    Dense::Cache dense1, dense2;
    Relu::Cache relu;  // the activation's input, whichever it is
    Gelu::Cache gelu;
  };

  // One encoder layer's tensors; exactly one kind of normalization exists (a file holds only its tensors).
  struct Layer {
    Layer(ParameterSet& params, const std::string& prefix, const TransformerConfig& config);
    MultiHeadAttention attention;
    Dense dense1, dense2;
    std::optional<LayerNorm> layerNorm1, layerNorm2;
    std::optional<BatchNorm> batchNorm1, batchNorm2;
    ActivationKind activation = ActivationKind::Relu;

    // The feed-forward block on y (T x D): dense2(act(dense1(y))), T x D; and its backward, dF -> dY.
    Matrix feedForward(const ParameterSet& params, const Matrix& y, LayerCache& cache) const;
    Matrix feedForwardBackward(const ParameterSet& params, LayerCache& cache, const Matrix& dF, Gradients& grads) const;
    // The whole layer on one sequence, layer norm only (batch norm needs the batch: forwardBatch runs it in stages):
    //   x (T x D) -> norm2(y + feedForward(y)), y = norm1(x + attention(x))      T x D
    // keyMask: attention's T x T mask of visible keys, or null. backward: dL/d(out) -> dL/dx, adding the layer's
    // parameter gradients into grads.
    Matrix forward(const ParameterSet& params, const Matrix& x, LayerCache& cache, const Matrix* keyMask = nullptr) const;
    // The same on several sequences stacked row-wise (N = T_1 + ... + T_B rows; `lengths` their T_b): every step
    // but attention works row by row, and attention keeps to each sequence (MultiHeadAttention::forwardStacked).
    // backward then takes and gives the stacked N x D.
    Matrix forwardStacked(const ParameterSet& params, const Matrix& x, std::span<const Index> lengths,
                          LayerCache& cache) const;
    // The layer after attention's residual h = x + attention(x): norm2(y + feedForward(y)), y = norm1(h).
    Matrix afterAttention(const ParameterSet& params, const Matrix& attended, LayerCache& cache) const;
    Matrix backward(const ParameterSet& params, LayerCache& cache, const Matrix& dOut, Gradients& grads) const;
  };

  // What forward keeps of one sequence for backward.
  struct SampleCache {
    using LayerCache = TransformerEncoder::LayerCache;
    Embedding::Cache embedding;
    std::vector<LayerCache> layers;
    // Batch norm counting padding (training only): the sequence runs padded to sequence_length, and this P x P
    // mask lets every query see the real keys only (column j is 1 for j < the real length). Empty otherwise.
    Matrix realKeys;
    // T x D: after forwardBatch, the encoder's output; before backwardBatch, the caller puts dL/d(output) here
    // (and finds dL/d(embedded input) here afterwards).
    Matrix x;
    // With BatchCache::keepHiddenStates: L+1 of T x D, the embedded input and then each layer's output (the logit
    // lens, core/teaching/logit_lens.h, reads every one through the output layer). Empty otherwise.
    std::vector<Matrix> hiddenStates;
  };
  struct BatchCache {
    std::vector<SampleCache> samples;
    std::vector<BatchNorm::Cache> batchNorm1, batchNorm2;  // one per layer, batch norm only
    // One sample's part of the gradients each (Gradients::ofOneSample), zeroed by forwardBatch. A model adds its
    // head's gradients of sample s here before backwardBatch, which adds them all up.
    std::vector<Gradients> sampleGrads;
    // The samples by decreasing work: forward takes them in this order, each on the next free thread (nothing is
    // summed across samples there, so the schedule does not change a bit).
    std::vector<size_t> longestFirst;
    // Training with layer norm: the sequences run stacked, a few per block (stackedBlocks), each block on one
    // thread; its layer caches are those of its first sequence. Empty: every sequence ran on its own.
    std::vector<std::vector<size_t>> blocks;
    // Set before forwardBatch to run with heads switched off (core/models/head_switches.h); null: all on.
    const HeadSwitches* headSwitches = nullptr;
    // Set before forwardBatch to keep every layer's output in SampleCache::hiddenStates.
    bool keepHiddenStates = false;
  };

  // Registers `embeddingPrefix`.token [V, D], `embeddingPrefix`.position [sequence_length, D] (learned position
  // only) and the layers' tensors under `layerPrefix`.{i}. The IMDB model uses "embedding" and "encoder".
  TransformerEncoder(ParameterSet& params, const TransformerConfig& config, const std::string& embeddingPrefix,
                     const std::string& layerPrefix);

  // What the constructor would register and one full-length sequence would need, from the config alone (a
  // loader checks it before building anything; a test checks it against the registered tensors).
  static io::DeclaredMemory declaredMemory(const TransformerConfig& config);

  // Keras-like initial values: Glorot kernels, zero biases, uniform(±0.05) embeddings, norm gamma 1, beta 0.
  void initialize(ParameterSet& params, Rng& rng) const;

  // ids (T, 1 <= T <= sequence_length, else InputError) -> T x D: token embedding plus position.
  Matrix embed(const ParameterSet& params, std::span<const int> ids, Embedding::Cache& cache) const;

  // Runs the B sequences through embedding and every layer; cache.samples[s].x holds sequence s's T x D output.
  void forwardBatch(const ParameterSet& params, std::span<const std::span<const int>> ids, Mode mode,
                    BatchCache& cache) const;
  // With dL/d(output) in cache.samples[s].x: adds the gradients of every parameter of the stack (and those the
  // caller put into cache.sampleGrads) into `grads`: the same bits for any schedule and any number of threads.
  void backwardBatch(const ParameterSet& params, BatchCache& cache, Gradients& grads) const;
  // m = momentum·m + (1 - momentum)·batch statistic for every batch norm (no-op with layer norm).
  void updateMovingStatistics(ParameterSet& params, const BatchCache& cache) const;

  // The position part of the input for T tokens (T x D): the learned rows, the sine waves, or zeros.
  Matrix positionRows(const ParameterSet& params, Index T) const;
  // Layer `layer`'s first or second normalization of one sequence in evaluation mode (batch norm: its moving
  // statistics), for views that show a layer at work.
  Matrix normalizeForEvaluation(const ParameterSet& params, size_t layer, bool first, const Matrix& x) const;

  // Multiply-adds of one forward pass over T tokens, times two (FLOPs); backward is about twice that.
  double forwardFlops(Index tokens) const;

  const TransformerConfig& config() const { return config_; }
  const std::vector<Layer>& layers() const { return layers_; }
  const Embedding& tokenEmbedding() const { return tokenEmbedding_; }

 private:
  // Batch norm's forward and backward over the whole batch (layer norm runs inside the sequences' steps).
  void normalize(const ParameterSet& params, size_t layer, bool first, Mode mode, BatchCache& cache) const;
  void normalizeBackward(const ParameterSet& params, size_t layer, bool first, BatchCache& cache,
                         Gradients& grads) const;

  TransformerConfig config_;
  Embedding tokenEmbedding_;
  std::unique_ptr<PositionEmbedding> positionEmbedding_;  // learned position only
  Matrix sinusoid_;                                       // sequence_length x D, sinusoidal only
  std::vector<Layer> layers_;
  std::string layerPrefix_;  // the layers' tensors are layerPrefix_.{i}: what an error names a layer by
};

}  // namespace al
