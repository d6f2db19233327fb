#pragma once
// The Transformer decoder stack of the encoder-decoder Transformer (task "seq2seq-transformer"): the book's
// TransformerDecoder, and the decoder of the original paper.
//
//   ids (T) -> token embedding + learned position (T x D) -> L x decoder layer -> T x D
//
// A decoder layer (post-norm) reads the tokens written so far (x, T x D) and the encoder's output (E, S x D):
//   a  = self_attention(x, x) with a causal mask     T x D   position t sees positions 0..t only: no peeking
//   x1 = norm1(x + a)                                 T x D
//   c  = cross_attention(x1, E)                       T x D   queries from the answer, keys/values from the question
//   x2 = norm2(x1 + c)                                T x D
//   y  = norm3(x2 + dense2(relu(dense1(x2))))         T x D, with a hidden width of F
//
// Dimension key (core/tensor.h): T target tokens, S source tokens, D model width, H heads, K key dimension,
// F feed-forward width, L layers, V target vocabulary size.
#include <span>
#include <string>
#include <vector>

#include "core/layers/dense.h"
#include "core/layers/embedding.h"
#include "core/layers/layer_norm.h"
#include "core/layers/multi_head_attention.h"
#include "core/layers/position_embedding.h"
#include "core/layers/relu.h"

namespace al {

// The sizes a decoder needs (the model's config holds them).
struct TransformerDecoderSizes {
  Index vocabSize = 0;       // V
  Index sequenceLength = 0;  // rows of the position table: the longest decoder input
  Index embedDim = 0;        // D
  Index numHeads = 0;        // H
  Index keyDim = 0;          // K
  Index denseDim = 0;        // F
  Index numLayers = 0;       // L
  float normEpsilon = 1e-3f;
};

class TransformerDecoderLayer {
 public:
  // Everything forward keeps for backward; also what a page shows of one decoder pass.
  struct Cache {
    Matrix input;                           // T x D, x
    MultiHeadAttention::Cache selfAttention;   // weights: H matrices of T x T (upper triangle exactly 0)
    LayerNorm::Cache norm1;
    Matrix afterSelfAttention;              // T x D, x1
    MultiHeadAttention::Cache crossAttention;  // weights: H matrices of T x S
    LayerNorm::Cache norm2;
    Matrix afterCrossAttention;             // T x D, x2
    Dense::Cache dense1, dense2;
    Relu::Cache relu;                       // input: T x F, the feed-forward's hidden values before relu
    LayerNorm::Cache norm3;
  };
  struct InputGradients {
    Matrix x;        // T x D
    Matrix encoded;  // S x D
  };

  // Registers prefix + ".self_attention.*", ".cross_attention.*", ".norm1/2/3.*", ".ffn.dense1/2.*".
  TransformerDecoderLayer(ParameterSet& params, const std::string& prefix, const TransformerDecoderSizes& sizes);
  void initialize(ParameterSet& params, Rng& rng) const;

  // x: T x D, encoded: S x D -> T x D.
  Matrix forward(const ParameterSet& params, const Matrix& x, const Matrix& encoded, Cache& cache) const;
  // dY: T x D -> dX (T x D) and dEncoded (S x D); adds every parameter gradient into grads.
  InputGradients backward(const ParameterSet& params, const Cache& cache, const Matrix& dy, Gradients& grads) const;

  const MultiHeadAttention& selfAttention() const { return selfAttention_; }
  const MultiHeadAttention& crossAttention() const { return crossAttention_; }

 private:
  MultiHeadAttention selfAttention_, crossAttention_;
  LayerNorm norm1_, norm2_, norm3_;
  Dense dense1_, dense2_;
};

class TransformerDecoder {
 public:
  struct Cache {
    Embedding::Cache embedding;
    Matrix embedded;                                 // T x D, token embedding + position: the first layer's input
    std::vector<TransformerDecoderLayer::Cache> layers;  // L
  };

  // Registers `embeddingPrefix`.token [V, D], `embeddingPrefix`.position [sequenceLength, D] and the layers'
  // tensors under `layerPrefix`.{i}. The seq2seq-transformer uses "decoder.embedding" and "decoder".
  TransformerDecoder(ParameterSet& params, const TransformerDecoderSizes& sizes, const std::string& embeddingPrefix,
                     const std::string& layerPrefix);
  // Keras-like: Glorot kernels, zero biases, uniform(±0.05) embeddings, norm gamma 1, beta 0.
  void initialize(ParameterSet& params, Rng& rng) const;

  // ids (T, 1 <= T <= sequenceLength, else InputError), encoded (S x D) -> T x D.
  Matrix forward(const ParameterSet& params, std::span<const int> ids, const Matrix& encoded, Cache& cache) const;
  // dY: T x D -> dL/d(encoded), S x D; adds every parameter gradient (embeddings included) into grads.
  Matrix backward(const ParameterSet& params, const Cache& cache, const Matrix& dy, Gradients& grads) const;

  // Multiply-adds of one forward pass over T target and S source tokens, times two (FLOPs).
  double forwardFlops(Index targetTokens, Index sourceTokens) const;

  const TransformerDecoderSizes& sizes() const { return sizes_; }
  const std::vector<TransformerDecoderLayer>& layers() const { return layers_; }

 private:
  TransformerDecoderSizes sizes_;
  Embedding tokenEmbedding_;
  PositionEmbedding positionEmbedding_;
  std::vector<TransformerDecoderLayer> layers_;
};

}  // namespace al
