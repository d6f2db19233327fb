// Finite-difference gradient checks: one data-driven test, one row per layer.
// A new layer adds a factory below and a row in gradients_data().
#include <QtTest>

#include <map>
#include <memory>

#include "core/layers/additive_attention.h"
#include "core/layers/batch_norm.h"
#include "core/layers/dense.h"
#include "core/layers/dropout.h"
#include "core/layers/embedding.h"
#include "core/layers/layer_norm.h"
#include "core/layers/multi_head_attention.h"
#include "core/layers/pooling.h"
#include "core/layers/position_embedding.h"
#include "core/layers/relative_attention.h"
#include "core/layers/gelu.h"
#include "core/layers/relu.h"
#include "core/layers/gru.h"
#include "core/layers/softmax_cross_entropy.h"
#include "core/models/seq2seq_transformer.h"
#include "core/models/transformer_decoder.h"
#include "core/models/masked_lm.h"
#include "core/models/transformer_classifier.h"
#include "core/models/transformer_encoder.h"
#include "tests/core/gradient_check.h"

using namespace al;
using namespace al::test;

namespace {

using Factory = std::function<LayerUnderTest()>;

// Most rows: `forward(p, x, cache)` fills a fresh cache and returns the output; `backward(p, x, cache, dy, g)`
// reads the cache of a forward pass on the same input, adds into g and returns dX. Every call of the checker
// stands alone, so the backward pass runs its own forward pass first.
// The gradient of a layer with two inputs, stacked as its input is: the first input's rows over the second's.
Matrix stackRows(const Matrix& top, const Matrix& bottom) {
  Matrix stacked(top.rows() + bottom.rows(), top.cols());
  stacked << top, bottom;
  return stacked;
}

template <class Cache, class Forward, class Backward>
void setPasses(LayerUnderTest& t, Forward forward, Backward backward) {
  t.forward = [forward](const ParameterSet& p, const Matrix& x) {
    Cache c;
    return Matrix(forward(p, x, c));
  };
  t.backward = [forward, backward](const ParameterSet& p, const Matrix& x, const Matrix& dy, Gradients& g) {
    Cache c;
    forward(p, x, c);
    return Matrix(backward(p, x, c, dy, g));
  };
}

LayerUnderTest makeDense() {
  LayerUnderTest t;
  auto layer = std::make_shared<Dense>(t.params, "dense", 5, 3);
  Rng rng(1);
  layer->initialize(t.params, rng);
  t.params.value(layer->biasSlot()).setRandom();
  t.input = randomMatrix(4, 5, rng);  // T=4 x in=5
  setPasses<Dense::Cache>(
      t, [layer](const auto& p, const auto& x, auto& c) { return layer->forward(p, x, c); },
      [layer](const auto& p, const auto&, auto& c, const auto& dy, auto& g) { return layer->backward(p, c, dy, g); });
  return t;
}

LayerUnderTest makeGru() {
  LayerUnderTest t;
  auto layer = std::make_shared<Gru>(t.params, "gru", 3, 4);
  Rng rng(2);
  layer->initialize(t.params, rng);
  t.params.value(layer->biasSlot()) = randomMatrix(2, 12, rng, 0.5f);  // non-zero biases on both rows
  t.input = randomMatrix(5, 3, rng);                                  // T=5 x in=3: the state carries over 5 steps
  setPasses<Gru::Cache>(
      t, [layer](const auto& p, const auto& x, auto& c) { return layer->forward(p, x, c); },
      [layer](const auto& p, const auto&, auto& c, const auto& dy, auto& g) { return layer->backward(p, c, dy, g); });
  return t;
}

LayerUnderTest makeAdditiveAttention() {
  LayerUnderTest t;
  auto layer = std::make_shared<AdditiveAttention>(t.params, "attention", 4, 3);
  Rng rng(3);
  layer->initialize(t.params, rng);
  for (float& w : t.params.data()) w += rng.uniform(-0.3f, 0.3f);  // non-zero biases too
  t.input = randomMatrix(1 + 5, 4, rng);  // row 0: decoder state (1 x U=4); rows 1..5: encoder outputs (S=5 x U)
  setPasses<AdditiveAttention::Cache>(
      t, [layer](const auto& p, const auto& x, auto& c) { return layer->forward(p, x, c); },
      [layer](const auto& p, const auto& x, auto& c, const auto& dy, auto& g) { return layer->backward(p, x, c, dy, g); });
  return t;
}

LayerUnderTest makeSoftmaxCrossEntropy() {
  LayerUnderTest t;
  Rng rng(4);
  t.input = randomMatrix(4, 6, rng, 2.0f);  // N=4 tokens x V=6 logits
  const std::vector<int> targets = {0, 5, 2, 2};
  setPasses<SoftmaxCrossEntropy::Cache>(
      t, [targets](const auto&, const auto& x, auto& c) { return SoftmaxCrossEntropy().forward(x, targets, c); },
      [targets](const auto&, const auto&, auto& c, const auto& dy, auto&) { return SoftmaxCrossEntropy().backward(c, dy); });
  return t;
}

// Token ids 0..V-1, with repeats so that the scatter-add of the embedding gradient is exercised.
LayerUnderTest makeEmbedding() {
  LayerUnderTest t;
  auto layer = std::make_shared<Embedding>(t.params, "embedding.token", 6, 4);
  Rng rng(2);
  layer->initialize(t.params, rng);
  t.input = Matrix(5, 1);  // T=5 ids, stored as floats
  t.input << 2, 0, 2, 5, 1;
  t.checkInput = false;
  auto ids = [](const Matrix& x) {
    std::vector<int> out;
    for (Index i = 0; i < x.rows(); ++i) out.push_back(static_cast<int>(x(i, 0)));
    return out;
  };
  setPasses<Embedding::Cache>(
      t, [layer, ids](const auto& p, const auto& x, auto& c) { return layer->forward(p, ids(x), c); },
      [layer](const auto& p, const auto& x, auto& c, const auto& dy, auto& g) {
        layer->backward(p, c, dy, g);
        return Matrix(Matrix::Zero(x.rows(), 1));  // ids have no gradient
      });
  return t;
}

LayerUnderTest makePositionEmbedding() {
  LayerUnderTest t;
  auto layer = std::make_shared<PositionEmbedding>(t.params, "embedding.position", 7, 4);
  Rng rng(3);
  layer->initialize(t.params, rng);
  t.input = randomMatrix(5, 4, rng);  // T=5 < length 7: the last rows get no gradient
  t.forward = [layer](const ParameterSet& p, const Matrix& x) { return layer->forward(p, x); };
  t.backward = [layer](const ParameterSet& p, const Matrix& x, const Matrix& dy, Gradients& g) {
    layer->forward(p, x);
    return layer->backward(p, x.rows(), dy, g);
  };
  return t;
}

// Inputs kept at least 0.1 away from the kink at 0, which a finite difference of h=1e-2 would straddle.
LayerUnderTest makeRelu() {
  LayerUnderTest t;
  Rng rng(4);
  t.input = randomMatrix(4, 5, rng);
  for (Index i = 0; i < t.input.size(); ++i) {
    float& v = t.input.data()[i];
    v = (v < 0 ? -1.0f : 1.0f) * (0.1f + std::abs(v));
  }
  setPasses<Relu::Cache>(
      t, [](const auto&, const auto& x, auto& c) { return Relu{}.forward(x, c); },
      [](const auto&, const auto&, auto& c, const auto& dy, auto&) { return Relu{}.backward(c, dy); });
  return t;
}

// Smooth everywhere, so any input will do; the range covers its dip near -0.75 and its tails.
LayerUnderTest makeGelu() {
  LayerUnderTest t;
  Rng rng(4);
  t.input = randomMatrix(4, 5, rng, 3.0f);
  setPasses<Gelu::Cache>(
      t, [](const auto&, const auto& x, auto& c) { return Gelu{}.forward(x, c); },
      [](const auto&, const auto&, auto& c, const auto& dy, auto&) { return Gelu{}.backward(c, dy); });
  return t;
}

// A fresh Rng with the same seed in every call: the mask is the same in every forward pass.
LayerUnderTest makeDropout() {
  LayerUnderTest t;
  Rng rng(5);
  t.input = randomMatrix(6, 5, rng);
  setPasses<Dropout::Cache>(
      t,
      [](const auto&, const auto& x, auto& c) {
        Rng maskRng(99);
        return Dropout{0.4f}.forward(x, Mode::Train, maskRng, c);
      },
      [](const auto&, const auto&, auto& c, const auto& dy, auto&) { return Dropout{0.4f}.backward(c, dy); });
  return t;
}

// Random biases too, so that every bias gradient is non-trivial. With a mask, the causal one. `scaling` None is
// the teaching mode without ÷√K: backward must use the factor forward used.
LayerUnderTest makeAttention(bool causal, ScoreScaling scaling = ScoreScaling::SqrtKeyDim) {
  LayerUnderTest t;
  auto layer = std::make_shared<MultiHeadAttention>(t.params, "encoder.0.attention", 6, 2, 3);
  Rng rng(6);
  layer->initialize(t.params, rng);
  for (const auto& part : {layer->query(), layer->key(), layer->value(), layer->output()})
    t.params.value(part.bias) = randomMatrix(1, t.params.info(part.bias).cols, rng, 0.5f);
  t.input = randomMatrix(5, 6, rng);  // T=5 x D=6
  t.zeroGradient = {"encoder.0.attention.key.bias"};  // q_i·b_k is the same for every key j of row i
  auto mask = causal ? std::make_shared<Matrix>(causalMask(5)) : nullptr;
  setPasses<MultiHeadAttention::Cache>(
      t,
      [layer, mask, scaling](const auto& p, const auto& x, auto& c) {
        return layer->forward(p, x, c, mask.get(), scaling);
      },
      [layer, mask](const auto& p, const auto&, auto& c, const auto& dy, auto& g) { return layer->backward(p, c, dy, g); });
  return t;
}

// Transformer-XL's attention over [memory ; x]: the input is the segment x (T=4 x D=6); the memory (M'=3 x D) is a
// constant of the pass, so the checker's central differences hold it fixed, as backward does. Random biases, u and
// v, so that every one of the eleven tensors has a non-trivial gradient. memoryRows 0: the first segment.
LayerUnderTest makeRelativeAttention(Index memoryRows) {
  LayerUnderTest t;
  auto layer = std::make_shared<RelativeAttention>(t.params, "decoder.0.self_attention", 6, 2, 3, 4 + 3);
  Rng rng(26);
  layer->initialize(t.params, rng);
  for (const auto& part : {layer->query(), layer->key(), layer->value(), layer->output()})
    t.params.value(part.bias) = randomMatrix(1, t.params.info(part.bias).cols, rng, 0.5f);
  t.params.value(layer->uBias()) = randomMatrix(2, 3, rng, 0.5f);
  t.params.value(layer->vBias()) = randomMatrix(2, 3, rng, 0.5f);
  t.params.value(layer->relativeKernel()) *= 2.0f;  // a position term as large as the content term
  t.input = randomMatrix(4, 6, rng);                // T=4 x D=6
  auto memory = std::make_shared<Matrix>(randomMatrix(memoryRows, 6, rng));
  t.zeroGradient = {"decoder.0.self_attention.key.bias"};  // (q_t + u)·b_k is the same for every key j of row t
  setPasses<RelativeAttention::Cache>(
      t, [layer, memory](const auto& p, const auto& x, auto& c) { return layer->forward(p, x, *memory, c); },
      [layer](const auto& p, const auto&, auto& c, const auto& dy, auto& g) { return layer->backward(p, c, dy, g); });
  return t;
}

// Cross-attention: the input stacks the T=4 query rows over the S=5 key/value rows, so that one checker sees
// the gradients of both inputs.
LayerUnderTest makeCrossAttention() {
  LayerUnderTest t;
  auto layer = std::make_shared<MultiHeadAttention>(t.params, "decoder.0.cross_attention", 6, 2, 3);
  Rng rng(16);
  layer->initialize(t.params, rng);
  for (const auto& part : {layer->query(), layer->key(), layer->value(), layer->output()})
    t.params.value(part.bias) = randomMatrix(1, t.params.info(part.bias).cols, rng, 0.5f);
  t.input = randomMatrix(4 + 5, 6, rng);  // rows 0..3: X_q (T=4 x D=6); rows 4..8: X_kv (S=5 x D)
  t.zeroGradient = {"decoder.0.cross_attention.key.bias"};
  setPasses<MultiHeadAttention::Cache>(
      t, [layer](const auto& p, const auto& x, auto& c) { return layer->forward(p, x.topRows(4), x.bottomRows(5), c); },
      [layer](const auto& p, const auto&, auto& c, const auto& dy, auto& g) {
        const MultiHeadAttention::InputGradients d = layer->backwardCross(p, c, dy, g);
        return stackRows(d.query, d.keyValue);
      });
  return t;
}

// A decoder layer: causal self-attention, cross-attention to an encoder output, feed-forward, three norms. The
// input stacks the decoder's T=4 rows over the encoder's S=3 rows.
LayerUnderTest makeDecoderLayer() {
  LayerUnderTest t;
  const TransformerDecoderSizes sizes{7, 6, 6, 2, 3, 5, 1, 1e-3f};
  auto layer = std::make_shared<TransformerDecoderLayer>(t.params, "decoder.0", sizes);
  Rng rng(19);
  layer->initialize(t.params, rng);
  for (float& w : t.params.data()) w += rng.uniform(-0.3f, 0.3f);  // non-zero biases, gammas away from 1
  t.input = randomMatrix(4 + 3, 6, rng);
  t.zeroGradient = {"decoder.0.self_attention.key.bias", "decoder.0.cross_attention.key.bias"};
  setPasses<TransformerDecoderLayer::Cache>(
      t, [layer](const auto& p, const auto& x, auto& c) { return layer->forward(p, x.topRows(4), x.bottomRows(3), c); },
      [layer](const auto& p, const auto&, auto& c, const auto& dy, auto& g) {
        const TransformerDecoderLayer::InputGradients d = layer->backward(p, c, dy, g);
        return stackRows(d.x, d.encoded);
      });
  return t;
}

// One encoder layer as BERT has it (GELU, layer norm epsilon 1e-12), through its own forward and backward steps.
LayerUnderTest makeEncoderLayerGelu() {
  LayerUnderTest t;
  TransformerConfig c;
  c.embedDim = 6, c.numHeads = 2, c.keyDim = 3, c.denseDim = 5, c.normEpsilon = 1e-12f;
  c.activation = ActivationKind::Gelu;
  auto layer = std::make_shared<TransformerEncoder::Layer>(t.params, "encoder.0", c);
  Rng rng(23);
  for (float& w : t.params.data()) w = rng.uniform(-0.5f, 0.5f);
  for (const auto& norm : {*layer->layerNorm1, *layer->layerNorm2})
    t.params.value(norm.gammaSlot()).array() += 1.0f;  // gammas near 1
  t.input = randomMatrix(4, 6, rng);
  t.zeroGradient = {"encoder.0.attention.key.bias"};
  setPasses<TransformerEncoder::LayerCache>(
      t, [layer](const auto& p, const auto& x, auto& cache) { return layer->forward(p, x, cache); },
      [layer](const auto& p, const auto&, auto& cache, const auto& dy, auto& g) { return layer->backward(p, cache, dy, g); });
  return t;
}

// The whole encoder-decoder Transformer on one pair (2 layers a side, dropout with a fixed mask): its logits.
LayerUnderTest makeSeq2seqTransformer() {
  LayerUnderTest t;
  const Seq2SeqTransformerConfig c{.sourceVocabSize = 7, .targetVocabSize = 6, .embedDim = 4, .numHeads = 2,
                                   .keyDim = 3, .denseDim = 5, .numLayers = 2, .maxSourceLength = 6,
                                   .maxTargetLength = 6, .dropout = 0.25f};
  auto model = std::make_shared<Seq2SeqTransformer>(c);
  model->initialize(18);
  Rng rng(23);
  for (float& w : model->parameters().data()) w += rng.uniform(-0.3f, 0.3f);  // non-zero biases, gammas away from 1
  // Through two layers a side (four softmaxes, eight layer norms, relus) a central difference with h = 1e-2 is
  // accurate to about 1 % (it converges to the analytic gradient as h shrinks); a wiring error (a missing path,
  // a wrong sign) gives errors of order 1.
  t.tolerance = 2e-2;
  t.params = model->parameters();
  const auto pair = std::make_shared<Seq2SeqExample>(Seq2SeqExample{{2, 4, 6, 4, 3}, {2, 5, 4, 1, 3}});
  t.input = Matrix::Zero(1, 1);  // the ids are fixed; only the parameters are checked
  t.checkInput = false;
  t.zeroGradient = {"decoder.0.self_attention.key.bias", "decoder.0.cross_attention.key.bias",
                    "decoder.1.self_attention.key.bias", "decoder.1.cross_attention.key.bias",
                    "encoder.0.attention.key.bias", "encoder.1.attention.key.bias"};
  t.forward = [model, pair](const ParameterSet& p, const Matrix&) {
    Rng dropoutRng(5);  // the same mask every time
    TransformerEncoder::BatchCache encoder;
    Seq2SeqTransformer::SampleCache cache;
    return model->forwardPair(p, *pair, Mode::Train, dropoutRng, encoder, cache);
  };
  t.backward = [model, pair](const ParameterSet& p, const Matrix&, const Matrix& dy, Gradients& g) {
    Rng dropoutRng(5);
    TransformerEncoder::BatchCache encoder;
    Seq2SeqTransformer::SampleCache cache;
    model->forwardPair(p, *pair, Mode::Train, dropoutRng, encoder, cache);
    model->backwardPair(p, encoder, cache, dy, g);
    return Matrix(Matrix::Zero(1, 1));
  };
  return t;
}

LayerUnderTest makeLayerNorm() {
  LayerUnderTest t;
  auto layer = std::make_shared<LayerNorm>(t.params, "encoder.0.norm1", 6, 1e-3f);
  Rng rng(7);
  t.params.value(layer->gammaSlot()) = randomMatrix(1, 6, rng).array() + 1.0f;
  t.params.value(layer->betaSlot()) = randomMatrix(1, 6, rng);
  t.input = randomMatrix(4, 6, rng);
  setPasses<LayerNorm::Cache>(
      t, [layer](const auto& p, const auto& x, auto& c) { return layer->forward(p, x, c); },
      [layer](const auto& p, const auto&, auto& c, const auto& dy, auto& g) { return layer->backward(p, c, dy, g); });
  return t;
}

// A batch of three sequences of different lengths, stacked into one input and split again inside the lambdas.
LayerUnderTest makeBatchNorm(Mode mode) {
  LayerUnderTest t;
  auto layer = std::make_shared<BatchNorm>(t.params, "encoder.0.norm1", 4, 1e-3f, 0.99f);
  Rng rng(8);
  t.params.value(layer->gammaSlot()) = randomMatrix(1, 4, rng).array() + 1.0f;
  t.params.value(layer->betaSlot()) = randomMatrix(1, 4, rng);
  t.params.value(layer->movingMeanSlot()) = randomMatrix(1, 4, rng);
  t.params.value(layer->movingVarianceSlot()) = randomMatrix(1, 4, rng).array() + 1.5f;
  const std::vector<Index> lengths = {2, 4, 3};
  t.input = randomMatrix(9, 4, rng);  // N=9 x D=4
  auto split = [lengths](const Matrix& stacked) {
    std::vector<Matrix> parts;
    Index row = 0;
    for (Index n : lengths) {
      parts.emplace_back(stacked.middleRows(row, n));
      row += n;
    }
    return parts;
  };
  auto stack = [](const std::vector<Matrix>& parts) {
    Matrix out(9, 4);
    Index row = 0;
    for (const Matrix& m : parts) {
      out.middleRows(row, m.rows()) = m;
      row += m.rows();
    }
    return out;
  };
  setPasses<BatchNorm::Cache>(
      t,
      [layer, split, stack, mode](const auto& p, const auto& x, auto& c) {
        return stack(layer->forwardBatch(p, split(x), mode, c));
      },
      [layer, split, stack](const auto& p, const auto&, auto& c, const auto& dy, auto& g) {
        return stack(layer->backwardBatch(p, c, split(dy), g));
      });
  return t;
}

// Values a random permutation of 0.1-spaced levels, so that no nudge of h=1e-2 changes the arg-max.
LayerUnderTest makeMaxPool() {
  LayerUnderTest t;
  Rng rng(9);
  t.input = Matrix(5, 4);
  for (Index i = 0; i < t.input.size(); ++i) t.input.data()[i] = 0.1f * static_cast<float>(i) - 1.0f;
  for (Index i = t.input.size() - 1; i > 0; --i)
    std::swap(t.input.data()[i], t.input.data()[static_cast<Index>(rng.below(static_cast<uint64_t>(i + 1)))]);
  setPasses<MaxPool::Cache>(
      t, [](const auto&, const auto& x, auto& c) { return MaxPool{}.forward(x, c); },
      [](const auto&, const auto&, auto& c, const auto& dy, auto&) { return MaxPool{}.backward(c, dy); });
  return t;
}

LayerUnderTest makeMeanPool() {
  LayerUnderTest t;
  Rng rng(10);
  t.input = randomMatrix(5, 4, rng);
  setPasses<MeanPool::Cache>(
      t, [](const auto&, const auto& x, auto& c) { return MeanPool{}.forward(x, c); },
      [](const auto&, const auto&, auto& c, const auto& dy, auto&) { return MeanPool{}.backward(c, dy); });
  return t;
}

// The masked-lm's output head at chosen positions (rows 4, 1 and 1 again: a position may be chosen twice by a
// caller, and the scatter must add), with dropout in training mode under a fixed mask.
LayerUnderTest makeMaskedLmHead() {
  LayerUnderTest t;
  auto head = std::make_shared<MaskedLmHead>(t.params, 4, 7, 0.25f);  // D=4, V=7
  Rng rng(11);
  head->initialize(t.params, rng);
  for (float& w : t.params.data()) w += rng.uniform(-0.3f, 0.3f);  // non-zero biases
  t.input = randomMatrix(5, 4, rng);                                // T=5 x D=4: the encoder's output
  const std::vector<int> positions = {4, 1, 1}, targets = {2, 6, 0};
  setPasses<MaskedLmHead::Cache>(
      t,
      [head, positions, targets](const auto& p, const auto& x, auto& c) {
        Rng dropoutRng(5);
        return head->forward(p, x, positions, targets, Mode::Train, dropoutRng, c);  // N=3 x 1 losses
      },
      [head](const auto& p, const auto&, auto& c, const auto& dy, auto& g) { return head->backward(p, c, dy, g); });
  return t;
}

// The whole masked-lm on a batch of three masked sequences: the loss (mean over the batch's chosen positions)
// as a function of every parameter, in training mode (dropout with a fixed seed; batch norm on batch statistics).
LayerUnderTest makeMaskedLm(NormKind norm) {
  LayerUnderTest t;
  MaskedLmConfig config;
  TransformerConfig& c = config.encoder;
  c.vocabSize = 9, c.sequenceLength = 7, c.embedDim = 4, c.numHeads = 2, c.keyDim = 3, c.denseDim = 5, c.numLayers = 2;
  c.norm = norm;
  c.dropout = 0.2f;
  config.maskRate = 0.4;
  auto model = std::make_shared<MaskedLanguageModel>(config);
  model->initialize(12);
  Rng rng(13);
  for (float& w : model->parameters().data()) w += rng.uniform(-0.2f, 0.2f);
  auto sequences = std::make_shared<std::vector<MaskedSequence>>();
  for (const std::vector<int>& ids : {std::vector<int>{3, 4, 5, 6, 7}, {8, 3, 3}, {4, 6, 8, 5, 7, 3, 2}})
    sequences->push_back(maskTokens(ids, config.maskRate, c.vocabSize, rng));
  t.params = model->parameters();
  t.input = Matrix::Zero(1, 1);  // the data is fixed; only the parameters vary
  t.checkInput = false;
  for (const std::string layer : {"encoder.0.", "encoder.1."}) {
    t.zeroGradient.push_back(layer + "attention.key.bias");  // q_i·b_k is the same for every key j of row i
    if (norm == NormKind::Batch)  // a bias added to every token alike is taken out again by the batch mean
      for (const char* bias : {"attention.value.bias", "attention.output.bias", "ffn.dense2.bias"})
        t.zeroGradient.push_back(layer + bias);
  }
  t.step = 2e-3f;
  t.tolerance = 3e-2;
  auto batch = [sequences] {
    std::vector<const MaskedSequence*> out;
    for (const MaskedSequence& s : *sequences) out.push_back(&s);
    return out;
  };
  t.forward = [model, batch](const ParameterSet& p, const Matrix&) {
    model->parameters().data() = p.data();
    return Matrix::Constant(1, 1, static_cast<float>(model->loss(batch(), Mode::Train, 21).loss()));
  };
  t.backward = [model, batch](const ParameterSet& p, const Matrix& x, const Matrix& dy, Gradients& g) {
    model->parameters().data() = p.data();
    Gradients own(model->parameters());
    model->trainBatch(batch(), own, 21);
    for (size_t i = 0; i < g.data().size(); ++i) g.data()[i] += dy(0, 0) * own.data()[i];
    return Matrix::Zero(x.rows(), x.cols()).eval();
  };
  return t;
}

// The whole IMDB classifier on a batch of three reviews shorter than sequence_length, in training mode, with
// batch norm counting the padding (batch_norm_padding "include"): the padding positions run through every layer
// and enter the batch statistics, so their path must carry gradient back to the weights (and to token 0's
// embedding row, which only padding uses).
LayerUnderTest makeClassifierCountingPadding() {
  LayerUnderTest t;
  TransformerConfig c;
  c.vocabSize = 9, c.sequenceLength = 6, c.embedDim = 4, c.numHeads = 2, c.keyDim = 3, c.denseDim = 5, c.numLayers = 2;
  c.norm = NormKind::Batch;
  c.batchNormPadding = BatchNormPadding::Include;
  c.pooling = PoolingKind::Mean;  // max pooling's arg-max could jump under a nudge
  c.dropout = 0.2f;
  auto model = std::make_shared<TransformerClassifier>(c);
  model->initialize(14);
  Rng rng(15);
  for (float& w : model->parameters().data()) w += rng.uniform(-0.2f, 0.2f);
  auto samples = std::make_shared<std::vector<EncodedSample>>(std::vector<EncodedSample>{
      {{3, 4, 5, 6}, 1.0f}, {{8, 2}, 0.0f}, {{4, 6, 8, 5, 7}, 1.0f}});
  t.params = model->parameters();
  t.input = Matrix::Zero(1, 1);  // the data is fixed; only the parameters vary
  t.checkInput = false;
  for (const std::string layer : {"encoder.0.", "encoder.1."}) {
    t.zeroGradient.push_back(layer + "attention.key.bias");  // q_i·b_k is the same for every key j of row i
    for (const char* bias : {"attention.value.bias", "attention.output.bias", "ffn.dense2.bias"})
      t.zeroGradient.push_back(layer + bias);  // added to every position alike, taken out again by the batch mean
  }
  t.step = 2e-3f;
  t.tolerance = 3e-2;
  auto batch = [samples] {
    std::vector<const EncodedSample*> out;
    for (const EncodedSample& s : *samples) out.push_back(&s);
    return out;
  };
  // trainBatch returns the loss before its own update of the moving statistics, which training mode never reads.
  t.forward = [model, batch](const ParameterSet& p, const Matrix&) {
    model->parameters().data() = p.data();
    Gradients unused(model->parameters());
    return Matrix::Constant(1, 1, static_cast<float>(model->trainBatch(batch(), unused, 22).loss()));
  };
  t.backward = [model, batch](const ParameterSet& p, const Matrix& x, const Matrix& dy, Gradients& g) {
    model->parameters().data() = p.data();
    Gradients own(model->parameters());
    model->trainBatch(batch(), own, 22);
    for (size_t i = 0; i < g.data().size(); ++i) g.data()[i] += dy(0, 0) * own.data()[i];
    return Matrix::Zero(x.rows(), x.cols()).eval();
  };
  return t;
}

const std::map<QString, Factory>& factories() {
  static const std::map<QString, Factory> table = {
      {"dense", makeDense},
      {"embedding", makeEmbedding},
      {"position_embedding", makePositionEmbedding},
      {"relu", makeRelu},
      {"gelu", makeGelu},
      {"dropout", makeDropout},
      {"attention", [] { return makeAttention(false); }},
      {"attention_causal", [] { return makeAttention(true); }},
      {"attention_unscaled", [] { return makeAttention(false, ScoreScaling::None); }},
      {"attention_cross", makeCrossAttention},
      {"attention_relative", [] { return makeRelativeAttention(0); }},
      {"attention_relative_memory", [] { return makeRelativeAttention(3); }},
      {"transformer_decoder_layer", makeDecoderLayer},
      {"transformer_encoder_layer_gelu", makeEncoderLayerGelu},
      {"seq2seq_transformer", makeSeq2seqTransformer},
      {"layer_norm", makeLayerNorm},
      {"batch_norm_train", [] { return makeBatchNorm(Mode::Train); }},
      {"batch_norm_eval", [] { return makeBatchNorm(Mode::Eval); }},
      {"max_pool", makeMaxPool},
      {"mean_pool", makeMeanPool},
      {"gru", makeGru},
      {"additive_attention", makeAdditiveAttention},
      {"softmax_cross_entropy", makeSoftmaxCrossEntropy},
      {"masked_lm_head", makeMaskedLmHead},
      {"masked_lm_model_layer_norm", [] { return makeMaskedLm(NormKind::Layer); }},
      {"masked_lm_model_batch_norm", [] { return makeMaskedLm(NormKind::Batch); }},
      {"imdb_model_batch_norm_counting_padding", makeClassifierCountingPadding},
  };
  return table;
}

}  // namespace

class TestGradients : public QObject {
  Q_OBJECT
 private slots:
  void gradients_data() {
    QTest::addColumn<QString>("layer");
    for (const auto& [name, factory] : factories()) QTest::newRow(name.toUtf8().constData()) << name;
  }

  void gradients() {
    QFETCH(QString, layer);
    LayerUnderTest t = factories().at(layer)();
    const auto reports = checkGradients(t, t.step);
    QVERIFY(!reports.empty());
    for (const GradientReport& r : reports) {
      const QString what = QString("%1 / %2: relative error %3").arg(layer, QString::fromStdString(r.tensor)).arg(r.relativeError);
      QVERIFY2(r.relativeError < t.tolerance, qPrintable(what));
    }
  }

  // The checker itself must catch a wrong gradient, or its green means nothing.
  void checkerCatchesWrongGradient() {
    LayerUnderTest t = makeDense();
    auto correct = t.backward;
    t.backward = [correct](const ParameterSet& p, const Matrix& x, const Matrix& dy, Gradients& g) {
      Matrix dx = correct(p, x, dy, g);
      dx *= 1.1f;  // 10% off
      return dx;
    };
    const auto reports = checkGradients(t);
    QVERIFY(reports.front().tensor == "input");
    QVERIFY(reports.front().relativeError > 1e-2);
  }
};

QTEST_APPLESS_MAIN(TestGradients)
#include "test_gradients.moc"
