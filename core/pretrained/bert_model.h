#pragma once
// BERT from a Hugging Face folder (contracts: pretrained models, "bert"): the encoder, and the two heads of its
// pre-training when the checkpoint has them: masked-LM (guess the word behind [MASK]) and next-sentence
// prediction (does sentence B follow sentence A?). Inference only, float32.
//
//   x_0 = LN(word[ids] + position[0..T-1] + token_type[segments])                 T x D
//   each layer i (post-norm: the layer norm comes after each residual sum):
//     A_h = softmax(Q_h·K_hᵀ / √(D/H)),  a = concat_h(A_h·V_h)·W_o + b_o          (core MultiHeadAttention)
//     y = LN(x + a),  x_{i+1} = LN(y + gelu(y·W_i + b_i)·W_2 + b_2)               gelu: the erf form
//   masked-LM logits = LN(gelu(x_L·W_t + b_t))·decoderᵀ + bias                    T x V (decoder: the word
//                                                                                 embeddings when tied)
//   next sentence = softmax(tanh(x_L[CLS]·W_p + b_p)·W_nsp + b_nsp)[0]            P(B follows A)
//
// The checkpoint stores Linear weights [out, in] (y = x·Wᵀ + b); the loader transposes them once into the
// core's layers, whose kernels are [in, out], so the formulas above and the code read x·W.
//
// Use:
//   BertModel bert = BertModel::load(resolveModelFolder(path));       // al::InputError for a bad folder
//   std::vector<int> segments = BertModel::segmentsOf(ids, sepId);     // 0 through the first [SEP], then 1
//   BertOutput out = bert.forward(ids, segments);                // every layer's attention, MLM logits
//   out.attention[layer][head](query, key); out.maskedLmLogits.row(maskPosition); *out.isNextProbability
//
// Dimension key (core/tensor.h): T tokens, D model width, H heads, F feed-forward width, V vocabulary.
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
// Step-through page walks (core/teaching/pretrained_steps.h). Asked for with BertOptions::traceLayer.
struct BertTrace {
  int layer = 0;
  // The embeddings, before and after their layer norm.
  Matrix word, position, type;          // T x D each: word[ids], position[0..T-1], token_type[segments]
  Matrix embeddingSum;                  // T x D  word + position + type
  Matrix embedded;                      // T x D  x_0 = LN(embeddingSum)
  // Layer `layer`.
  Matrix input;                         // T x D  x
  MultiHeadAttention::Cache attention;  // its q, k, v, scores (kept), weights and concatenated heads
  Matrix attentionOutput;               // T x D  a
  Matrix residual1;                     // T x D  x + a
  Matrix attentionNormed;               // T x D  y = LN(x + a)
  Matrix preActivation;                 // T x F  y·W_i + b_i
  Matrix activated;                     // T x F  gelu(y·W_i + b_i)
  Matrix feedForward;                   // T x D  gelu(...)·W_2 + b_2
  Matrix residual2;                     // T x D  y + feedForward
  Matrix output;                        // T x D  x_{i+1} = LN(residual2)
};

struct BertOptions {
  AttentionCapture attention;   // which layers' maps to keep (all by default; see attention_capture.h)
  bool maskedLmLogits = true;   // compute the T x V logits when the head is there
  bool hiddenStates = true;     // keep every layer's output (else only the last)
  const HeadSwitches* headSwitches = nullptr;  // heads switched off (core/models/head_switches.h); null: all on
  int traceLayer = -1;         // keep every intermediate of this layer in BertOutput::trace (-1: none)
  // Run only the embeddings and the first `layers` layers (-1: all), no head: hiddenStates.back() is then the input
  // of layer `layers`, what fine-tuning the layers above it starts from (core/train/bert_fine_tuning.h).
  int layers = -1;
};
struct BertOutput {
  std::vector<Matrix> hiddenStates;              // L+1 of T x D: the embeddings, then each layer's output
                                                 // (only the last one when BertOptions::hiddenStates is false)
  std::vector<std::vector<Matrix>> attention;    // [layer][head], T x T, row = query, column = key; a layer
                                                 // not captured has no heads
  Matrix maskedLmLogits;                         // T x V; empty without the head or when not asked
  std::optional<float> isNextProbability;        // P(B follows A), with the next-sentence head
  std::optional<BertTrace> trace;                // with BertOptions::traceLayer
};

class BertModel {
 public:
  // Reads dir/config.json and dir/model.safetensors (dir: a folder resolveModelFolder returned). al::InputError
  // naming the file and the tensor for a refused config, a missing tensor, a wrong shape or a damaged file.
  static BertModel load(const std::filesystem::path& dir);

  // ids: T token ids (T from 1 to max_position_embeddings), segments: T values below type_vocab_size.
  // al::InputError for ids or segments out of range.
  BertOutput forward(const std::vector<int64_t>& ids, const std::vector<int>& segments,
                     const BertOptions& options = {}) const;

  // The segments of [CLS] a… [SEP] b… [SEP]: 0 up to and including the first [SEP], 1 after it.
  static std::vector<int> segmentsOf(const std::vector<int64_t>& ids, int64_t separatorId);

  const BertConfig& config() const { return config_; }
  bool hasMaskedLmHead() const { return hasMaskedLm_; }
  // The masked-LM head alone on any states (with the head only): LN(gelu(x·W_t + b_t))·decoderᵀ + bias,
  // N x D -> N x V. On the last layer's output it gives forward's maskedLmLogits.
  Matrix outputLogits(const Matrix& x) const { return maskedLmLogits(x); }
  bool hasNextSentenceHead() const { return hasNextSentence_; }

  // One layer's tensors, which are the core encoder layer's (TransformerEncoder::Layer with GELU) under BERT's names.
  struct Layer {
    MultiHeadAttention attention;  // queries, keys, values, output projection
    LayerNorm attentionNorm;       // after the attention's residual sum
    Dense intermediate;            // D -> F
    Dense output;                  // F -> D
    LayerNorm outputNorm;          // after the feed-forward's residual sum
  };
  const std::vector<Layer>& layers() const { return layers_; }
  // Every weight under its name ("encoder.layer.{i}.attention.query.kernel", ...). A copy of the model whose
  // layers were fine-tuned writes them here; the model a session shares is never changed.
  const ParameterSet& parameters() const { return params_; }
  ParameterSet& parameters() { return params_; }

 private:
  BertModel(const BertConfig& config, bool maskedLm, bool nextSentence);
  void loadWeights(const CheckpointReader& weights);
  // T x D; fills the trace's embedding part when given.
  Matrix embed(const std::vector<int64_t>& ids, const std::vector<int>& segments, BertTrace* trace = nullptr) const;
  // One layer: x (T x D) -> x_{i+1} (T x D), A_h left in cache.weights; fills trace when given.
  Matrix runLayer(const Layer& layer, const Matrix& x, MultiHeadAttention::Cache& cache, BertTrace* trace) const;
  Matrix maskedLmLogits(const Matrix& x) const;                                           // T x V
  float isNextProbability(const Matrix& x) const;

  BertConfig config_;
  bool hasMaskedLm_ = false, hasNextSentence_ = false;
  ParameterSet params_;
  int wordEmbeddings_ = -1, positionEmbeddings_ = -1, typeEmbeddings_ = -1;  // [V, D], [P, D], [types, D]
  std::optional<LayerNorm> embeddingNorm_;
  std::vector<Layer> layers_;
  // masked-LM head
  std::optional<Dense> transform_;          // D -> D
  std::optional<LayerNorm> transformNorm_;
  int decoder_ = -1;                        // [V, D]: the word embeddings when tied
  int decoderBias_ = -1;                    // [V]
  // next-sentence head
  std::optional<Dense> pooler_;             // D -> D, on [CLS]
  std::optional<Dense> nextSentence_;       // D -> 2
};

}  // namespace al::pretrained
