#include "core/pretrained/gpt2_model.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/error.h"
#include "core/finite_values.h"
#include "core/matrix_product.h"
#include "core/pretrained/checkpoint_reader.h"
#include "core/pretrained/parallel_inference.h"
#include "core/pretrained/weight_buffer.h"

namespace al::pretrained {

namespace {

// gelu_new(x) = 0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³))): the tanh approximation of GELU that GPT-2 was
// trained with (not BERT's erf form; the two differ by up to about 1e-3). The core has no GELU layer.
void geluTanhInPlace(Matrix& x) {
  const float c = std::sqrt(2.0f / static_cast<float>(M_PI));
  parallelRows(x.rows(), [&](Index first, Index count) {
    auto rows = x.middleRows(first, count);
    rows = rows.unaryExpr([c](float v) { return 0.5f * v * (1.0f + std::tanh(c * (v + 0.044715f * v * v * v))); });
  });
}

Matrix layerNorm(const ParameterSet& params, const LayerNorm& norm, const Matrix& x) {
  LayerNorm::Cache unused;  // inference: nothing is kept for a backward pass
  return norm.forward(params, x, unused);
}

// X·W + b on the arena's threads. For one row (a generation step) it is a matrix-vector product, which reads W
// once (parallel_inference.h).
Matrix linear(const Matrix& x, ConstMatrixMap w, ConstMatrixMap b) { return parallelAffine(x, w, b); }  // T x out


std::string layerName(Index i) { return "h." + std::to_string(i) + "."; }

// Room for at least `rows` rows in a cache matrix, keeping its contents; doubles so that n appends copy O(n).
void reserveRows(Matrix& m, Index rows, Index width) {
  if (m.rows() >= rows) return;
  m.conservativeResize(std::max<Index>({rows, 2 * m.rows(), 16}), width);
}

}  // namespace

Gpt2Model::Gpt2Model(const Gpt2Config& config) : config_(config) {
  const Index V = config.vocabSize, D = config.width, H = config.numHeads;
  const float eps = config.layerNormEps;
  reserveWeightBuffer(params_, config.parameterCount());
  tokenEmbeddings_ = params_.add("wte", {V, D});
  positionEmbeddings_ = params_.add("wpe", {config.maxPositions, D});
  layers_.reserve(static_cast<size_t>(config.numLayers));
  for (Index i = 0; i < config.numLayers; ++i) {
    const std::string p = layerName(i);
    layers_.push_back({LayerNorm(params_, p + "ln_1", D, eps), MultiHeadAttention(params_, p + "attn", D, H, D / H),
                       LayerNorm(params_, p + "ln_2", D, eps), Dense(params_, p + "mlp.c_fc", D, config.innerSize()),
                       Dense(params_, p + "mlp.c_proj", config.innerSize(), D)});
  }
  finalNorm_.emplace(params_, "ln_f", D, eps);
  outputEmbeddings_ = config.tieWordEmbeddings ? tokenEmbeddings_ : params_.add("lm_head", {V, D});
}

Gpt2Model Gpt2Model::load(const std::filesystem::path& dir) {
  const Gpt2Config config = readGpt2Config(dir);
  const CheckpointReader weights(weightsFile(dir), "transformer.");
  Gpt2Model model(config);
  model.loadWeights(weights);
  return model;
}

void Gpt2Model::loadWeights(const CheckpointReader& w) {
  const int64_t V = config_.vocabSize, D = config_.width, I = config_.innerSize();
  ParameterSet& p = params_;
  auto norm = [&](const std::string& name, const LayerNorm& n) {
    w.copy(name + ".weight", {D}, p.value(n.gammaSlot()));
    w.copy(name + ".bias", {D}, p.value(n.betaSlot()));
  };
  // Conv1D: weight [in, out] is already the core's kernel layout.
  auto conv = [&](const std::string& name, int kernel, int bias, int64_t in, int64_t out) {
    w.copy(name + ".weight", {in, out}, p.value(kernel));
    w.copy(name + ".bias", {out}, p.value(bias));
  };

  w.copy("wte.weight", {V, D}, p.value(tokenEmbeddings_));
  w.copy("wpe.weight", {config_.maxPositions, D}, p.value(positionEmbeddings_));
  for (size_t i = 0; i < layers_.size(); ++i) {
    const Layer& l = layers_[i];
    const std::string name = layerName(static_cast<Index>(i));
    norm(name + "ln_1", l.norm1);
    // c_attn: D x 3D, columns q | k | v; each third is one projection of the core's attention layer.
    const Matrix qkv = w.matrix(name + "attn.c_attn.weight", {D, 3 * D});  // D x 3D
    const Matrix bias = w.matrix(name + "attn.c_attn.bias", {3 * D});      // 1 x 3D
    const MultiHeadAttention::Projection parts[] = {l.attention.query(), l.attention.key(), l.attention.value()};
    for (Index part = 0; part < 3; ++part) {
      p.value(parts[part].kernel) = qkv.middleCols(part * D, D);
      p.value(parts[part].bias) = bias.middleCols(part * D, D);
    }
    conv(name + "attn.c_proj", l.attention.output().kernel, l.attention.output().bias, D, D);
    norm(name + "ln_2", l.norm2);
    conv(name + "mlp.c_fc", l.fc.kernelSlot(), l.fc.biasSlot(), D, I);
    conv(name + "mlp.c_proj", l.proj.kernelSlot(), l.proj.biasSlot(), I, D);
  }
  norm("ln_f", *finalNorm_);
  // Tied (the default): the logits reuse wte, and a stored lm_head.weight is ignored, as the contract says.
  if (!config_.tieWordEmbeddings) w.copy("lm_head.weight", {V, D}, p.value(outputEmbeddings_));
}

void Gpt2Model::checkIds(const std::vector<int64_t>& ids, Index first) const {
  if (first + static_cast<Index>(ids.size()) > config_.maxPositions)
    throw InputError(ErrorKind::SentenceTooLong,
                     {.expected = std::to_string(config_.maxPositions), .found = std::to_string(first + static_cast<Index>(ids.size()))},
                     "the text has " + std::to_string(first + static_cast<Index>(ids.size())) +
                     " tokens; this GPT-2 reads at most " + std::to_string(config_.maxPositions) + " (n_positions)");
  for (int64_t id : ids)
    if (id < 0 || id >= config_.vocabSize)
      throw InputError(ErrorKind::TokenOutOfVocabulary,
                       {.expected = std::to_string(config_.vocabSize), .found = std::to_string(id)},
                       "token id " + std::to_string(id) + " is outside the vocabulary (" +
                       std::to_string(config_.vocabSize) + " entries)");
}

// x + ... is done by the caller; this is gelu_new(LN_2(x)·W_fc + b_fc)·W_proj + b_proj.
Matrix Gpt2Model::mlp(const Layer& l, const Matrix& x, Gpt2Trace* trace) const {
  Matrix normed = layerNorm(params_, l.norm2, x);                                                // T x D
  Matrix h = linear(normed, params_.value(l.fc.kernelSlot()), params_.value(l.fc.biasSlot()));  // T x 4D
  if (trace) {
    trace->norm2 = std::move(normed);
    trace->preActivation = h;
  }
  geluTanhInPlace(h);
  Matrix out = linear(h, params_.value(l.proj.kernelSlot()), params_.value(l.proj.biasSlot()));  // T x D
  if (trace) {
    trace->activated = std::move(h);
    trace->mlpOutput = out;
  }
  return out;
}

// x = x + attention(LN_1(x)), then x = x + mlp(x): the pre-norm layer, keeping its intermediates for a trace.
void Gpt2Model::runLayer(const Layer& l, Matrix& x, MultiHeadAttention::Cache& cache, const Matrix& allowed,
                         Gpt2Trace* trace) const {
  Matrix normed = layerNorm(params_, l.norm1, x);                          // T x D
  const Matrix a = parallelAttention(params_, l.attention, normed, cache, &allowed);  // T x D
  if (trace) {
    trace->input = x;
    trace->norm1 = std::move(normed);
    trace->attentionOutput = a;
  }
  x += a;  // residual
  if (trace) trace->residual1 = x;
  x += mlp(l, x, trace);
  if (trace) trace->output = x;
}

// LN_f(x)·Eᵀ: every position's final state compared with every token's embedding.
Matrix Gpt2Model::logits(const Matrix& x, Matrix* normed) const {
  const Matrix z = layerNorm(params_, *finalNorm_, x);  // T x D
  Matrix out = parallelLogits(z, params_.value(outputEmbeddings_));  // T x V
  if (normed) *normed = z;
  return out;
}

Gpt2Output Gpt2Model::run(const std::vector<int64_t>& ids, const Gpt2Options& options, Gpt2Cache* fill) const {
  const Index T = static_cast<Index>(ids.size());
  if (T == 0) throw InputError(ErrorKind::EmptySentence, {}, "GPT-2 needs at least one token");
  checkIds(ids, 0);
  if (!fill) options.attention.checkMemory(config_.numLayers, config_.numHeads, T);  // prefill keeps one row a map
  const auto wte = params_.value(tokenEmbeddings_);     // V x D
  const auto wpe = params_.value(positionEmbeddings_);  // P x D
  Matrix x(T, config_.width);                           // T x D
  for (Index t = 0; t < T; ++t) x.row(t) = wte.row(ids[static_cast<size_t>(t)]) + wpe.row(t);

  const Matrix allowed = causalMask(T);  // T x T: query t sees keys 0..t
  Gpt2Output out;
  Gpt2Trace* trace = nullptr;
  if (options.traceLayer >= 0 && !fill) {
    if (options.traceLayer >= config_.numLayers)
      throw InputError(ErrorKind::Internal, {},
                       "GPT-2 has " + std::to_string(config_.numLayers) + " layers; there is no layer " +
                       std::to_string(options.traceLayer + 1) + " to trace");
    trace = &out.trace.emplace();
    trace->layer = options.traceLayer;
    trace->attention.keepScores = true;
    trace->token = trace->position = Matrix(T, config_.width);  // T x D each
    for (Index t = 0; t < T; ++t) {
      trace->token.row(t) = wte.row(ids[static_cast<size_t>(t)]);
      trace->position.row(t) = wpe.row(t);
    }
    trace->embedded = x;
  }
  out.attention.resize(layers_.size());
  if (fill) {
    fill->keys.assign(layers_.size(), Matrix());
    fill->values.assign(layers_.size(), Matrix());
    fill->length = T;
  }
  const bool keepStates = options.hiddenStates && !fill;
  if (keepStates) out.hiddenStates.push_back(x);
  MultiHeadAttention::Cache shared;  // reused by every layer: one layer's H x T x T weights at a time
  for (size_t i = 0; i < layers_.size(); ++i) {
    const bool traced = trace && static_cast<int>(i) == options.traceLayer;
    MultiHeadAttention::Cache& cache = traced ? trace->attention : shared;
    cache.headMask = options.headSwitches ? options.headSwitches->of(i) : nullptr;
    runLayer(layers_[i], x, cache, allowed, traced ? trace : nullptr);  // pre-norm, residual
    requireFiniteOutput(x, "h." + std::to_string(i));  // weights that overflow stop here, not as nan in the output
    for (const Matrix& map : cache.weights) requireFiniteOutput(map, "h." + std::to_string(i) + ".attn");
    if (keepStates) out.hiddenStates.push_back(x);
    if (fill) {
      fill->keys[i] = std::move(cache.k);    // T x D
      fill->values[i] = std::move(cache.v);  // T x D
    }
    if (options.attention.keeps(static_cast<int>(i))) {
      if (fill)  // prefill: only the last token's row (1 x T) of each map, not T x T for every layer at once
        for (Matrix& a : cache.weights) a = Matrix(a.bottomRows(1));
      out.attention[i] = traced ? cache.weights : std::move(cache.weights);
    }
  }
  if (trace) trace->attention.headMask = nullptr;  // the switches belong to the caller and may not outlive this call
  const bool lastTraced = trace && trace->layer + 1 == config_.numLayers;
  // Prefill needs only the next token's scores: T x V for a long prompt would be most of the work.
  out.logits = logits(fill ? Matrix(x.bottomRows(1)) : x, lastTraced ? &trace->finalNorm : nullptr);
  requireFiniteOutput(out.logits, "ln_f");
  return out;
}

Gpt2Output Gpt2Model::forward(const std::vector<int64_t>& ids, const Gpt2Options& options) const {
  return run(ids, options, nullptr);
}

Gpt2Step Gpt2Model::prefill(Gpt2Cache& cache, const std::vector<int64_t>& prompt) const {
  Gpt2Output all = run(prompt, {}, &cache);
  Gpt2Step s;
  s.logits = all.logits.row(0);  // run kept only the last token's logits and attention rows
  for (auto& heads : all.attention) {
    s.attention.emplace_back();
    for (const Matrix& a : heads) s.attention.back().push_back(a.row(0));
  }
  return s;
}

// One new token at position t, with the keys and values of positions 0..t-1 from the cache:
//   x = wte[id] + wpe[t]                                                          1 x D
//   each layer: z = LN_1(x);  q, k, v = z·W_{q,k,v} + b                           1 x D each
//               K = cache.keys + k, V = cache.values + v                          (t+1) x D
//               a_h = softmax(q_h·K_hᵀ / √K)                                      1 x (t+1), no mask needed:
//                                                                                 the cache holds only the past
//               x = x + concat_h(a_h·V_h)·W_o + b_o;  x = x + mlp(x)
// The core's attention layer computes a whole sequence's queries against its own keys, so a single query
// against cached keys is written here with the same products and the same softmax (maskedSoftmaxRows).
Gpt2Step Gpt2Model::step(Gpt2Cache& cache, int64_t id) const {
  const Index t = cache.length;  // the new token's position
  checkIds({id}, t);
  const Index D = config_.width, H = config_.numHeads, K = D / H;
  if (cache.keys.size() != layers_.size()) {
    cache.keys.assign(layers_.size(), Matrix());
    cache.values.assign(layers_.size(), Matrix());
  }
  Matrix x = params_.value(tokenEmbeddings_).row(id) + params_.value(positionEmbeddings_).row(t);  // 1 x D
  Gpt2Step s;
  s.attention.resize(layers_.size());
  const float scale = 1.0f / std::sqrt(static_cast<float>(K));
  for (size_t i = 0; i < layers_.size(); ++i) {
    const Layer& l = layers_[i];
    const Matrix z = layerNorm(params_, l.norm1, x);                   // 1 x D
    auto project = [&](const MultiHeadAttention::Projection& p) {
      return linear(z, params_.value(p.kernel), params_.value(p.bias));  // 1 x D
    };
    const Matrix q = project(l.attention.query());                     // 1 x D
    Matrix& keys = cache.keys[i];                                      // (t+1) x D in use
    Matrix& values = cache.values[i];
    reserveRows(keys, t + 1, D);
    reserveRows(values, t + 1, D);
    keys.row(t) = project(l.attention.key());
    values.row(t) = project(l.attention.value());

    Matrix heads(1, D);  // 1 x D, concat_h(a_h·V_h)
    for (Index h = 0; h < H; ++h) {
      Matrix a(1, t + 1);  // 1 x (t+1)
      multiply(q.middleCols(h * K, K), Op::Plain, keys.topRows(t + 1).middleCols(h * K, K), Op::Transposed, a, scale);
      maskedSoftmaxRows(a, nullptr);
      multiply(a, Op::Plain, values.topRows(t + 1).middleCols(h * K, K), Op::Plain, heads.middleCols(h * K, K));
      s.attention[i].push_back(a.row(0));
    }
    x += linear(heads, params_.value(l.attention.output().kernel), params_.value(l.attention.output().bias));
    x += mlp(l, x);
    requireFiniteOutput(x, "h." + std::to_string(i));
  }
  cache.length = t + 1;
  s.logits = logits(x).row(0);
  requireFiniteOutput(s.logits, "ln_f");
  return s;
}

}  // namespace al::pretrained
