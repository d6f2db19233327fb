#include "core/models/transformer_decoder.h"

#include "core/error.h"

namespace al {

TransformerDecoderLayer::TransformerDecoderLayer(ParameterSet& params, const std::string& prefix,
                                                 const TransformerDecoderSizes& s)
    : selfAttention_(params, prefix + ".self_attention", s.embedDim, s.numHeads, s.keyDim),
      crossAttention_(params, prefix + ".cross_attention", s.embedDim, s.numHeads, s.keyDim),
      norm1_(params, prefix + ".norm1", s.embedDim, s.normEpsilon),
      norm2_(params, prefix + ".norm2", s.embedDim, s.normEpsilon),
      norm3_(params, prefix + ".norm3", s.embedDim, s.normEpsilon),
      dense1_(params, prefix + ".ffn.dense1", s.embedDim, s.denseDim),
      dense2_(params, prefix + ".ffn.dense2", s.denseDim, s.embedDim) {}

void TransformerDecoderLayer::initialize(ParameterSet& params, Rng& rng) const {
  selfAttention_.initialize(params, rng);
  crossAttention_.initialize(params, rng);
  dense1_.initialize(params, rng);
  dense2_.initialize(params, rng);
  for (const LayerNorm* norm : {&norm1_, &norm2_, &norm3_}) norm->initialize(params);
}

Matrix TransformerDecoderLayer::forward(const ParameterSet& params, const Matrix& x, const Matrix& encoded,
                                        Cache& c) const {
  const Matrix causal = causalMask(x.rows());  // T x T
  c.input = x;
  // x1 = norm1(x + self_attention(x, x)), causal
  c.afterSelfAttention = norm1_.forward(params, x + selfAttention_.forward(params, x, c.selfAttention, &causal), c.norm1);
  // x2 = norm2(x1 + cross_attention(x1, E)), every source token visible
  const Matrix& x1 = c.afterSelfAttention;  // T x D
  c.afterCrossAttention = norm2_.forward(params, x1 + crossAttention_.forward(params, x1, encoded, c.crossAttention), c.norm2);
  // y = norm3(x2 + dense2(relu(dense1(x2))))
  const Matrix& x2 = c.afterCrossAttention;  // T x D
  const Matrix hidden = Relu{}.forward(dense1_.forward(params, x2, c.dense1), c.relu);  // T x F
  return norm3_.forward(params, x2 + dense2_.forward(params, hidden, c.dense2), c.norm3);
}

TransformerDecoderLayer::InputGradients TransformerDecoderLayer::backward(const ParameterSet& params, const Cache& c,
                                                                          const Matrix& dy, Gradients& grads) const {
  // y = norm3(x2 + ffn(x2))  =>  dx2 = dh + dffn/dx2ᵀ·dh, with dh = norm3'(dy)
  const Matrix dh3 = norm3_.backward(params, c.norm3, dy, grads);  // T x D
  const Matrix dHidden = Relu{}.backward(c.relu, dense2_.backward(params, c.dense2, dh3, grads));  // T x F
  Matrix dx2 = dh3 + dense1_.backward(params, c.dense1, dHidden, grads);  // T x D
  // x2 = norm2(x1 + cross(x1, E))
  const Matrix dh2 = norm2_.backward(params, c.norm2, dx2, grads);  // T x D
  MultiHeadAttention::InputGradients dCross = crossAttention_.backwardCross(params, c.crossAttention, dh2, grads);
  const Matrix dx1 = dh2 + dCross.query;  // T x D
  // x1 = norm1(x + self(x))
  const Matrix dh1 = norm1_.backward(params, c.norm1, dx1, grads);  // T x D
  InputGradients d;
  d.x = dh1 + selfAttention_.backward(params, c.selfAttention, dh1, grads);  // T x D
  d.encoded = std::move(dCross.keyValue);                                     // S x D
  return d;
}

TransformerDecoder::TransformerDecoder(ParameterSet& params, const TransformerDecoderSizes& sizes,
                                       const std::string& embeddingPrefix, const std::string& layerPrefix)
    : sizes_(sizes),
      tokenEmbedding_(params, embeddingPrefix + ".token", sizes.vocabSize, sizes.embedDim),
      positionEmbedding_(params, embeddingPrefix + ".position", sizes.sequenceLength, sizes.embedDim) {
  layers_.reserve(static_cast<size_t>(sizes.numLayers));
  for (Index i = 0; i < sizes.numLayers; ++i) layers_.emplace_back(params, layerPrefix + "." + std::to_string(i), sizes);
}

void TransformerDecoder::initialize(ParameterSet& params, Rng& rng) const {
  tokenEmbedding_.initialize(params, rng);
  positionEmbedding_.initialize(params, rng);
  for (const TransformerDecoderLayer& layer : layers_) layer.initialize(params, rng);
}

Matrix TransformerDecoder::forward(const ParameterSet& params, std::span<const int> ids, const Matrix& encoded,
                                   Cache& cache) const {
  const Index T = static_cast<Index>(ids.size());
  if (T < 1) throw InputError(ErrorKind::EmptySentence, {}, "the decoder needs at least one token (<start>)");
  if (T > sizes_.sequenceLength)
    throw InputError(ErrorKind::SentenceTooLong,
                     {.expected = std::to_string(sizes_.sequenceLength), .found = std::to_string(T)},
                     "a decoder input of " + std::to_string(T) + " tokens is longer than max_target_length " +
                     std::to_string(sizes_.sequenceLength));
  cache.embedded = positionEmbedding_.forward(
      params, tokenEmbedding_.forward(params, std::vector<int>(ids.begin(), ids.end()), cache.embedding));  // T x D
  cache.layers.resize(layers_.size());
  Matrix x = cache.embedded;  // T x D
  for (size_t l = 0; l < layers_.size(); ++l) x = layers_[l].forward(params, x, encoded, cache.layers[l]);
  return x;
}

Matrix TransformerDecoder::backward(const ParameterSet& params, const Cache& cache, const Matrix& dy,
                                    Gradients& grads) const {
  Matrix dx = dy;  // T x D
  Matrix dEncoded;  // S x D: every layer's cross-attention read the encoder's output
  for (size_t l = layers_.size(); l-- > 0;) {
    TransformerDecoderLayer::InputGradients d = layers_[l].backward(params, cache.layers[l], dx, grads);
    dx = std::move(d.x);
    if (dEncoded.size() == 0) dEncoded = std::move(d.encoded);
    else dEncoded += d.encoded;
  }
  positionEmbedding_.backward(params, dx.rows(), dx, grads);
  tokenEmbedding_.backward(params, cache.embedding, dx, grads);
  return dEncoded;
}

double TransformerDecoder::forwardFlops(Index targetTokens, Index sourceTokens) const {
  const double t = static_cast<double>(targetTokens), s = static_cast<double>(sourceTokens);
  const double d = static_cast<double>(sizes_.embedDim), f = static_cast<double>(sizes_.denseDim);
  const double hk = static_cast<double>(sizes_.numHeads * sizes_.keyDim);
  const double perLayer = 3 * t * d * hk + 2 * t * t * hk + t * hk * d   // causal self-attention
                          + t * d * hk + 2 * s * d * hk + 2 * t * s * hk + t * hk * d  // cross-attention
                          + 2 * t * d * f;                                 // feed-forward
  return 2.0 * perLayer * static_cast<double>(sizes_.numLayers);
}

}  // namespace al
