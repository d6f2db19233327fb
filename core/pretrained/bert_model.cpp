#include "core/pretrained/bert_model.h"

#include <cmath>
#include <string>

#include "core/error.h"
#include "core/finite_values.h"
#include "core/layers/gelu.h"
#include "core/matrix_product.h"
#include "core/pretrained/checkpoint_reader.h"
#include "core/pretrained/parallel_inference.h"
#include "core/pretrained/weight_buffer.h"

namespace al::pretrained {

namespace {

// gelu(x) = 0.5·x·(1 + erf(x/√2)), the exact form BERT was trained with ("gelu" in its config): the core's GELU
// layer, over blocks of rows in parallel (over T x F values erf costs as much as a product).
void geluErfInPlace(Matrix& x) {
  parallelRows(x.rows(), [&](Index first, Index count) { Gelu::applyInPlace(x.middleRows(first, count)); });
}

Matrix layerNorm(const ParameterSet& params, const LayerNorm& norm, const Matrix& x) {
  LayerNorm::Cache unused;  // inference: nothing is kept for a backward pass
  return norm.forward(params, x, unused);
}

// LN(x + y) over blocks of rows in parallel, each block's residual sum normed while it is in the cache; the sum is
// kept in *sum when given (a trace). A row's norm reads that row only, so the numbers are LN's on the whole. T x D.
Matrix addAndNorm(const ParameterSet& params, const LayerNorm& norm, const Matrix& x, const Matrix& y, Matrix* sum) {
  Matrix out(x.rows(), x.cols());  // T x D
  if (sum) sum->resize(x.rows(), x.cols());
  parallelRows(x.rows(), [&](Index first, Index count) {
    const Matrix block = x.middleRows(first, count) + y.middleRows(first, count);  // count x D
    out.middleRows(first, count) = layerNorm(params, norm, block);
    if (sum) sum->middleRows(first, count) = block;
  });
  return out;
}

// x·W + b with the kernel and bias of a Dense layer (its forward would also keep a copy of x for backward), on the
// arena's threads.
Matrix apply(const ParameterSet& params, const Dense& dense, const Matrix& x) {
  return parallelAffine(x, params.value(dense.kernelSlot()), params.value(dense.biasSlot()));
}

std::string layerName(Index i) { return "encoder.layer." + std::to_string(i) + "."; }

}  // namespace

BertModel::BertModel(const BertConfig& config, bool maskedLm, bool nextSentence)
    : config_(config), hasMaskedLm_(maskedLm), hasNextSentence_(nextSentence) {
  const Index V = config.vocabSize, D = config.hiddenSize, H = config.numHeads, F = config.intermediateSize;
  const float eps = config.layerNormEps;
  reserveWeightBuffer(params_, config.parameterCount());
  wordEmbeddings_ = params_.add("embeddings.word_embeddings", {V, D});
  positionEmbeddings_ = params_.add("embeddings.position_embeddings", {config.maxPositions, D});
  typeEmbeddings_ = params_.add("embeddings.token_type_embeddings", {config.typeVocabSize, D});
  embeddingNorm_.emplace(params_, "embeddings.norm", D, eps);
  layers_.reserve(static_cast<size_t>(config.numLayers));
  for (Index i = 0; i < config.numLayers; ++i) {
    const std::string p = layerName(i);
    layers_.push_back({MultiHeadAttention(params_, p + "attention", D, H, D / H),
                       LayerNorm(params_, p + "attention.norm", D, eps), Dense(params_, p + "intermediate", D, F),
                       Dense(params_, p + "output", F, D), LayerNorm(params_, p + "output.norm", D, eps)});
  }
  if (maskedLm) {
    transform_.emplace(params_, "cls.transform", D, D);
    transformNorm_.emplace(params_, "cls.transform.norm", D, eps);
    decoder_ = config.tieWordEmbeddings ? wordEmbeddings_ : params_.add("cls.decoder", {V, D});
    decoderBias_ = params_.add("cls.bias", {V});
  }
  if (nextSentence) {
    pooler_.emplace(params_, "pooler", D, D);
    nextSentence_.emplace(params_, "cls.seq_relationship", D, 2);
  }
}

BertModel BertModel::load(const std::filesystem::path& dir) {
  const BertConfig config = readBertConfig(dir);
  const CheckpointReader weights(weightsFile(dir), "bert.");
  // The heads are there when the checkpoint holds them: BertModel has none, BertForMaskedLM the masked-LM one,
  // BertForPreTraining both.
  BertModel model(config, weights.has("cls.predictions.transform.dense.weight"), weights.has("cls.seq_relationship.weight"));
  model.loadWeights(weights);
  return model;
}

void BertModel::loadWeights(const CheckpointReader& w) {
  const int64_t V = config_.vocabSize, D = config_.hiddenSize;
  ParameterSet& p = params_;
  // A Linear layer of the checkpoint: weight [out, in] transposed into the kernel [in, out], bias [out].
  auto linear = [&](const std::string& name, int kernel, int bias, int64_t in, int64_t out) {
    w.copyTransposed(name + ".weight", {out, in}, p.value(kernel));
    w.copy(name + ".bias", {out}, p.value(bias));
  };
  auto dense = [&](const std::string& name, const Dense& d) { linear(name, d.kernelSlot(), d.biasSlot(), d.in(), d.out()); };
  auto norm = [&](const std::string& name, const LayerNorm& n) {
    w.copy(name + ".weight", {D}, p.value(n.gammaSlot()));
    w.copy(name + ".bias", {D}, p.value(n.betaSlot()));
  };

  w.copy("embeddings.word_embeddings.weight", {V, D}, p.value(wordEmbeddings_));
  w.copy("embeddings.position_embeddings.weight", {config_.maxPositions, D}, p.value(positionEmbeddings_));
  w.copy("embeddings.token_type_embeddings.weight", {config_.typeVocabSize, D}, p.value(typeEmbeddings_));
  norm("embeddings.LayerNorm", *embeddingNorm_);
  for (size_t i = 0; i < layers_.size(); ++i) {
    const Layer& l = layers_[i];
    const std::string name = layerName(static_cast<Index>(i));
    linear(name + "attention.self.query", l.attention.query().kernel, l.attention.query().bias, D, D);
    linear(name + "attention.self.key", l.attention.key().kernel, l.attention.key().bias, D, D);
    linear(name + "attention.self.value", l.attention.value().kernel, l.attention.value().bias, D, D);
    linear(name + "attention.output.dense", l.attention.output().kernel, l.attention.output().bias, D, D);
    norm(name + "attention.output.LayerNorm", l.attentionNorm);
    dense(name + "intermediate.dense", l.intermediate);
    dense(name + "output.dense", l.output);
    norm(name + "output.LayerNorm", l.outputNorm);
  }
  if (hasMaskedLm_) {
    dense("cls.predictions.transform.dense", *transform_);
    norm("cls.predictions.transform.LayerNorm", *transformNorm_);
    if (!config_.tieWordEmbeddings) w.copy("cls.predictions.decoder.weight", {V, D}, p.value(decoder_));
    // The output bias is one parameter that PyTorch also shows as decoder.bias; a file may keep either name.
    const bool plain = w.has("cls.predictions.bias") || !w.has("cls.predictions.decoder.bias");
    w.copy(plain ? "cls.predictions.bias" : "cls.predictions.decoder.bias", {V}, p.value(decoderBias_));
  }
  if (hasNextSentence_) {
    dense("pooler.dense", *pooler_);
    dense("cls.seq_relationship", *nextSentence_);
  }
}

std::vector<int> BertModel::segmentsOf(const std::vector<int64_t>& ids, int64_t separatorId) {
  std::vector<int> segments(ids.size(), 0);
  bool afterFirstSeparator = false;
  for (size_t t = 0; t < ids.size(); ++t) {
    segments[t] = afterFirstSeparator ? 1 : 0;
    if (ids[t] == separatorId) afterFirstSeparator = true;
  }
  return segments;
}

// x_0 = LN(word[ids] + position[0..T-1] + token_type[segments])
Matrix BertModel::embed(const std::vector<int64_t>& ids, const std::vector<int>& segments, BertTrace* trace) const {
  const Index T = static_cast<Index>(ids.size());
  const auto word = params_.value(wordEmbeddings_);          // V x D
  const auto position = params_.value(positionEmbeddings_);  // P x D
  const auto type = params_.value(typeEmbeddings_);          // types x D
  Matrix x(T, config_.hiddenSize);                           // T x D
  for (Index t = 0; t < T; ++t)
    x.row(t) = word.row(ids[static_cast<size_t>(t)]) + position.row(t) + type.row(segments[static_cast<size_t>(t)]);
  Matrix embedded = layerNorm(params_, *embeddingNorm_, x);  // T x D
  if (trace) {
    trace->word = trace->position = trace->type = Matrix(T, config_.hiddenSize);  // T x D each
    for (Index t = 0; t < T; ++t) {
      trace->word.row(t) = word.row(ids[static_cast<size_t>(t)]);
      trace->position.row(t) = position.row(t);
      trace->type.row(t) = type.row(segments[static_cast<size_t>(t)]);
    }
    trace->embeddingSum = std::move(x);
    trace->embedded = embedded;
  }
  return embedded;
}

// y = LN(x + a),  x_{i+1} = LN(y + gelu(y·W_i + b_i)·W_2 + b_2). Every intermediate is named, so that a trace
// keeps exactly what the untraced pass computes.
Matrix BertModel::runLayer(const Layer& l, const Matrix& x, MultiHeadAttention::Cache& cache, BertTrace* trace) const {
  Matrix a = parallelAttention(params_, l.attention, x, cache);   // T x D, A_h in cache.weights
  Matrix residual1;                                               // T x D  x + a, kept only for a trace
  Matrix y = addAndNorm(params_, l.attentionNorm, x, a, trace ? &residual1 : nullptr);  // T x D, post-norm
  Matrix preActivation;                                           // T x F, kept only for a trace
  Matrix h;                                                       // T x F  gelu(y·W_i + b_i)
  if (trace) {
    h = apply(params_, l.intermediate, y);
    preActivation = h;
    geluErfInPlace(h);
  } else {
    h = parallelAffine(y, params_.value(l.intermediate.kernelSlot()), params_.value(l.intermediate.biasSlot()),
                       [](MatrixRef block) { Gelu::applyInPlace(block); });  // GELU on each block as it is made
  }
  Matrix f = apply(params_, l.output, h);                         // T x D
  Matrix residual2;                                               // T x D  y + f, kept only for a trace
  Matrix out = addAndNorm(params_, l.outputNorm, y, f, trace ? &residual2 : nullptr);  // T x D
  if (trace) {
    trace->input = x;
    trace->attentionOutput = std::move(a);
    trace->residual1 = std::move(residual1);
    trace->attentionNormed = std::move(y);
    trace->preActivation = std::move(preActivation);
    trace->activated = std::move(h);
    trace->feedForward = std::move(f);
    trace->residual2 = std::move(residual2);
    trace->output = out;
  }
  return out;
}

// LN(gelu(x·W_t + b_t))·decoderᵀ + bias: each token's hidden state compared with every word's embedding.
Matrix BertModel::maskedLmLogits(const Matrix& x) const {
  Matrix t = apply(params_, *transform_, x);  // T x D
  geluErfInPlace(t);
  t = layerNorm(params_, *transformNorm_, t);
  Matrix logits = parallelLogits(t, params_.value(decoder_));  // T x V
  logits.rowwise() += params_.value(decoderBias_).row(0);
  return logits;
}

// softmax(tanh(x[CLS]·W_p + b_p)·W_nsp + b_nsp)[0]: the [CLS] token's summary of the pair, then two scores.
float BertModel::isNextProbability(const Matrix& x) const {
  Matrix pooled = apply(params_, *pooler_, x.topRows(1));  // 1 x D
  pooled = pooled.array().tanh().matrix();
  const Matrix scores = apply(params_, *nextSentence_, pooled);  // 1 x 2: "B follows A", "B is random"
  const float shift = scores.maxCoeff();
  const float isNext = std::exp(scores(0, 0) - shift), notNext = std::exp(scores(0, 1) - shift);
  return isNext / (isNext + notNext);
}

BertOutput BertModel::forward(const std::vector<int64_t>& ids, const std::vector<int>& segments,
                              const BertOptions& options) const {
  const size_t T = ids.size();
  if (T == 0) throw InputError(ErrorKind::EmptySentence, {}, "BERT needs at least one token");
  if (T > static_cast<size_t>(config_.maxPositions))
    throw InputError(ErrorKind::SentenceTooLong, {.expected = std::to_string(config_.maxPositions), .found = std::to_string(T)},
                     "the text has " + std::to_string(T) + " tokens; this BERT reads at most " +
                     std::to_string(config_.maxPositions) + " (max_position_embeddings)");
  if (segments.size() != T)
    throw InputError(ErrorKind::Internal, {},
                     "BERT got " + std::to_string(T) + " tokens but " + std::to_string(segments.size()) + " segments");
  for (size_t t = 0; t < T; ++t) {
    if (ids[t] < 0 || ids[t] >= config_.vocabSize)
      throw InputError(ErrorKind::TokenOutOfVocabulary,
                       {.expected = std::to_string(config_.vocabSize), .found = std::to_string(ids[t])},
                       "token id " + std::to_string(ids[t]) + " is outside the vocabulary (" +
                       std::to_string(config_.vocabSize) + " entries)");
    if (segments[t] < 0 || segments[t] >= config_.typeVocabSize)
      throw InputError(ErrorKind::Internal, {},
                       "segment " + std::to_string(segments[t]) + " is outside type_vocab_size " +
                       std::to_string(config_.typeVocabSize));
  }

  options.attention.checkMemory(config_.numLayers, config_.numHeads, static_cast<int64_t>(T));
  if (options.layers > config_.numLayers)
    throw InputError(ErrorKind::Internal, {},
                     "BERT has " + std::to_string(config_.numLayers) + " layers; it cannot run " +
                     std::to_string(options.layers));
  const size_t layersToRun = options.layers < 0 ? layers_.size() : static_cast<size_t>(options.layers);

  if (options.traceLayer >= config_.numLayers)
    throw InputError(ErrorKind::Internal, {},
                     "BERT has " + std::to_string(config_.numLayers) + " layers; there is no layer " +
                     std::to_string(options.traceLayer + 1) + " to trace");

  BertOutput out;
  BertTrace* trace = nullptr;
  if (options.traceLayer >= 0) {
    trace = &out.trace.emplace();
    trace->layer = options.traceLayer;
    trace->attention.keepScores = true;
  }
  Matrix x = embed(ids, segments, trace);  // T x D
  requireFiniteOutput(x, "embeddings");   // weights that overflow stop at the layer where they do, not as nan
  if (options.hiddenStates) out.hiddenStates.push_back(x);
  out.attention.resize(layers_.size());
  MultiHeadAttention::Cache shared;  // reused by every layer: only one layer's H x T x T weights live at a time
  for (size_t i = 0; i < layersToRun; ++i) {
    const bool traced = trace && static_cast<int>(i) == options.traceLayer;
    MultiHeadAttention::Cache& cache = traced ? trace->attention : shared;
    cache.headMask = options.headSwitches ? options.headSwitches->of(i) : nullptr;
    x = runLayer(layers_[i], x, cache, traced ? trace : nullptr);  // T x D
    requireFiniteOutput(x, "encoder.layer." + std::to_string(i));
    for (const Matrix& map : cache.weights) requireFiniteOutput(map, "encoder.layer." + std::to_string(i) + ".attention");
    if (options.attention.keeps(static_cast<int>(i)))
      out.attention[i] = traced ? cache.weights : std::move(cache.weights);
    if (options.hiddenStates) out.hiddenStates.push_back(x);
  }
  if (trace) trace->attention.headMask = nullptr;  // the switches belong to the caller and may not outlive this call
  const bool wholeStack = layersToRun == layers_.size();  // the heads read the last layer's output only
  if (wholeStack && hasMaskedLm_ && options.maskedLmLogits) {
    out.maskedLmLogits = maskedLmLogits(x);
    requireFiniteOutput(out.maskedLmLogits, "cls.predictions");
  }
  if (wholeStack && hasNextSentence_) {
    out.isNextProbability = isNextProbability(x);
    requireFiniteOutput(Matrix::Constant(1, 1, *out.isNextProbability), "cls.seq_relationship");
  }
  if (!options.hiddenStates) out.hiddenStates.push_back(std::move(x));
  return out;
}

}  // namespace al::pretrained
