#include "core/models/causal_lm.h"

#include "core/error.h"
#include "core/finite_values.h"
#include "core/io/json_fields.h"
#include "core/io/limits.h"
#include "core/layers/sinusoidal_encoding.h"
#include "core/models/transformer_sizes.h"

namespace al {

// ---------------------------------------------------------------------------------------------------------
// config.json

std::string toString(CausalPosition p) {
  return p == CausalPosition::Learned ? "learned" : p == CausalPosition::Sinusoidal ? "sinusoidal" : "relative";
}

nlohmann::json toJson(const CausalLmConfig& c) {
  return {{"vocab_size", c.vocabSize},   {"sequence_length", c.sequenceLength},
          {"embed_dim", c.embedDim},     {"num_heads", c.numHeads},
          {"key_dim", c.keyDim},         {"dense_dim", c.denseDim},
          {"num_layers", c.numLayers},   {"position", toString(c.position)},
          {"memory_length", c.memoryLength},
          {"dropout", c.dropout},        {"norm_epsilon", c.normEpsilon},
          {"tokenizer", c.tokenizer}};
}

CausalLmConfig causalLmConfigFromJson(const nlohmann::json& j, const std::string& file) {
  using namespace io;
  CausalLmConfig c;
  readTransformerSizes(j, file, c);
  const std::string position = requireOneOf(j, "position", {"learned", "sinusoidal", "relative"}, file);
  c.position = position == "learned" ? CausalPosition::Learned
               : position == "sinusoidal" ? CausalPosition::Sinusoidal : CausalPosition::Relative;
  c.memoryLength = static_cast<int>(optionalInt(j, "memory_length", 0, file));
  if (c.memoryLength < 0 || c.memoryLength > limits::kMaxSequenceLength)
    throw InputError(ErrorKind::JsonOutOfRange, {.file = file, .name = "memory_length", .expected = "0 or more"},
                     file + ": field \"memory_length\" must be 0 or more");
  if (c.memoryLength > 0 && c.position != CausalPosition::Relative)
    throw InputError(ErrorKind::JsonOutOfRange, {.file = file, .name = "memory_length", .expected = "0"},
                     file + ": field \"memory_length\" > 0 needs \"position\": \"relative\"");
  c.dropout = requireDropout(j, file);
  c.normEpsilon = optionalEpsilon(j, "norm_epsilon", 1e-3, file);
  c.tokenizer = optionalOneOf(j, "tokenizer", {"chars", "keras", "ascii", "icu_words"}, "chars", file);
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// The model

CausalLanguageModel::Layer::Layer(ParameterSet& params, const std::string& prefix, const CausalLmConfig& c)
    : attention(c.position == CausalPosition::Relative
                    ? std::nullopt
                    : std::optional<MultiHeadAttention>(std::in_place, params, prefix + ".self_attention", c.embedDim,
                                                        c.numHeads, c.keyDim)),
      // the distances a query may look back: a whole segment and the memory before it
      relative(c.position != CausalPosition::Relative
                   ? std::nullopt
                   : std::optional<RelativeAttention>(std::in_place, params, prefix + ".self_attention", c.embedDim,
                                                      c.numHeads, c.keyDim, c.sequenceLength + c.memoryLength)),
      norm1(params, prefix + ".norm1", c.embedDim, c.normEpsilon),
      norm2(params, prefix + ".norm2", c.embedDim, c.normEpsilon),
      dense1(params, prefix + ".ffn.dense1", c.embedDim, c.denseDim),
      dense2(params, prefix + ".ffn.dense2", c.denseDim, c.embedDim) {}

CausalLanguageModel::CausalLanguageModel(const CausalLmConfig& config)
    : config_(config),
      tokenEmbedding_(params_, "embedding.token", config.vocabSize, config.embedDim),
      dropout_{config.dropout},
      output_(params_, "output", config.embedDim, config.vocabSize) {
  if (config.position == CausalPosition::Learned)
    positionEmbedding_ = std::make_unique<PositionEmbedding>(params_, "embedding.position", config.sequenceLength,
                                                             config.embedDim);
  else if (config.position == CausalPosition::Sinusoidal)
    sinusoid_ = sinusoidalEncoding(config.sequenceLength, config.embedDim);  // S x D
  layers_.reserve(static_cast<size_t>(config.numLayers));
  for (int i = 0; i < config.numLayers; ++i) layers_.emplace_back(params_, "decoder." + std::to_string(i), config);
}

void CausalLanguageModel::initialize(uint64_t seed) {
  Rng rng(seed);
  tokenEmbedding_.initialize(params_, rng);
  if (positionEmbedding_) positionEmbedding_->initialize(params_, rng);
  for (const Layer& layer : layers_) {
    if (layer.relative) layer.relative->initialize(params_, rng);
    else layer.attention->initialize(params_, rng);
    layer.dense1.initialize(params_, rng);
    layer.dense2.initialize(params_, rng);
    layer.norm1.initialize(params_);
    layer.norm2.initialize(params_);
  }
  output_.initialize(params_, rng);
}

Matrix CausalLanguageModel::positionRows(const ParameterSet& params, Index T) const {
  if (positionEmbedding_) return params.value(positionEmbedding_->tableSlot()).topRows(T);  // T x D
  if (config_.position == CausalPosition::Relative) return Matrix::Zero(T, config_.embedDim);  // in the attention
  return sinusoid_.topRows(T);                                                                // T x D
}

namespace {
// A memory holds at most M rows; a stream (core/inference/causal_lm_stream.h) also passes the rows of its segment
// read so far: at most M + S keys with the segment's T ids.
void checkMemory(const CausalLanguageModel::Memory* memory, const CausalLmConfig& config, Index T) {
  if (!memory || memory->layers.empty()) return;
  if (config.memoryLength == 0)
    throw InputError(ErrorKind::NoMemory, {},
                     "this language model has no memory (memory_length 0) to read a previous segment from");
  if (memory->layers.size() != static_cast<size_t>(config.numLayers))
    throw InputError(ErrorKind::Internal, {},
                     "a memory of " + std::to_string(memory->layers.size()) + " layers for a model of " +
                     std::to_string(config.numLayers));
  for (const Matrix& m : memory->layers)
    if (m.rows() != memory->rows() || m.rows() + T > config.memoryLength + config.sequenceLength ||
        m.cols() != config.embedDim)
      throw InputError(ErrorKind::Internal, {},
                       "a layer's memory is " + std::to_string(m.rows()) + " x " + std::to_string(m.cols()) +
                       ", expected at most " + std::to_string(config.memoryLength + config.sequenceLength - T) +
                       " x " + std::to_string(config.embedDim));
}
}  // namespace

Matrix CausalLanguageModel::forward(const ParameterSet& params, std::span<const int> ids, Mode mode, Rng& rng,
                                    Cache& c, const Memory* memory) const {
  const Index T = static_cast<Index>(ids.size());
  if (T < 1) throw InputError(ErrorKind::EmptySentence, {}, "the language model needs at least one token");
  if (T > config_.sequenceLength)
    throw InputError(ErrorKind::SentenceTooLong,
                     {.expected = std::to_string(config_.sequenceLength), .found = std::to_string(T)},
                     "a segment of " + std::to_string(T) + " tokens is longer than sequence_length " +
                     std::to_string(config_.sequenceLength));
  checkMemory(memory, config_, T);
  const bool relative = config_.position == CausalPosition::Relative;
  // x = token[ids] + position[0..T-1] (learned) or + PE[0..T-1] (sinusoidal); relative: token[ids] alone
  Matrix x = tokenEmbedding_.forward(params, std::vector<int>(ids.begin(), ids.end()), c.embedding);  // T x D
  if (!relative) x += positionRows(params, T);
  const Matrix causal = relative ? Matrix() : causalMask(T);  // T x T: query t sees keys 0..t
  const Matrix noMemory(0, config_.embedDim);                 // 0 x D: the first segment
  c.layers.resize(layers_.size());
  c.hiddenStates.clear();
  if (c.keepHiddenStates) c.hiddenStates.push_back(x);
  for (size_t l = 0; l < layers_.size(); ++l) {
    const Layer& layer = layers_[l];
    Cache::LayerCache& lc = c.layers[l];
    // x1 = norm1(x + causal_self_attention(x)); relative: the attention also reads this layer's memory
    const HeadMask* heads = c.headSwitches ? c.headSwitches->of(l) : nullptr;
    Matrix a;  // T x D
    if (layer.relative) {
      lc.relative.headMask = heads;
      const bool hasMemory = memory && !memory->layers.empty();
      a = layer.relative->forward(params, x, hasMemory ? memory->layers[l] : noMemory, lc.relative);
    } else {
      lc.attention.headMask = heads;
      a = layer.attention->forward(params, x, lc.attention, &causal);
    }
    const Matrix x1 = layer.norm1.forward(params, x + a, lc.norm1);
    // x = norm2(x1 + dense2(relu(dense1(x1))))
    const Matrix hidden = Relu{}.forward(layer.dense1.forward(params, x1, lc.dense1), lc.relu);  // T x F
    x = layer.norm2.forward(params, x1 + layer.dense2.forward(params, hidden, lc.dense2), lc.norm2);  // T x D
    // Reading a text: weights that overflow stop here, naming the layer (training: the trainer's loss check).
    if (mode == Mode::Eval) requireFiniteOutput(x, "decoder." + std::to_string(l));
    if (c.keepHiddenStates) c.hiddenStates.push_back(x);
  }
  // logits = dropout(x)·W_out + b_out
  c.logits = output_.forward(params, dropout_.forward(x, mode, rng, c.dropout), c.output);  // T x V
  if (mode == Mode::Eval) requireFiniteOutput(c.logits, "output");
  return c.logits;
}

CausalLanguageModel::Memory CausalLanguageModel::memoryAfter(const Cache& c) const {
  Memory next;
  if (config_.memoryLength == 0) return next;
  for (const Cache::LayerCache& lc : c.layers) {
    const Matrix& context = lc.relative.context;  // (M'+T) x D: [memory ; this segment's inputs]
    next.layers.push_back(context.bottomRows(std::min<Index>(config_.memoryLength, context.rows())));  // M x D
  }
  return next;
}

void CausalLanguageModel::backward(const ParameterSet& params, const Cache& c, const Matrix& dLogits,
                                   Gradients& grads) const {
  Matrix dx = dropout_.backward(c.dropout, output_.backward(params, c.output, dLogits, grads));  // T x D
  for (size_t l = layers_.size(); l-- > 0;) {
    const Layer& layer = layers_[l];
    const Cache::LayerCache& lc = c.layers[l];
    // y = norm2(x1 + ffn(x1))  =>  dx1 = dh2 + ffn'(x1)ᵀ·dh2
    const Matrix dh2 = layer.norm2.backward(params, lc.norm2, dx, grads);  // T x D
    const Matrix dHidden = Relu{}.backward(lc.relu, layer.dense2.backward(params, lc.dense2, dh2, grads));  // T x F
    const Matrix dx1 = dh2 + layer.dense1.backward(params, lc.dense1, dHidden, grads);  // T x D
    // x1 = norm1(x + attention(x))  =>  dx = dh1 + attention'(x)ᵀ·dh1
    const Matrix dh1 = layer.norm1.backward(params, lc.norm1, dx1, grads);  // T x D
    // (relative: the memory's rows get nothing, they are a constant of this segment)
    dx = dh1 + (layer.relative ? layer.relative->backward(params, lc.relative, dh1, grads)
                               : layer.attention->backward(params, lc.attention, dh1, grads));  // T x D
  }
  if (positionEmbedding_) positionEmbedding_->backward(params, dx.rows(), dx, grads);
  tokenEmbedding_.backward(params, c.embedding, dx, grads);
}

Matrix CausalLanguageModel::loss(const ParameterSet& params, std::span<const int> ids, Mode mode, Rng& rng,
                                 Cache& c) const {
  std::vector<int> next(ids.size(), 0);  // T: row t predicts ids[t+1]; the last row predicts nothing
  for (size_t t = 0; t + 1 < ids.size(); ++t) next[t] = ids[t + 1];
  return segmentLoss(params, ids, next, mode, rng, c);
}

Matrix CausalLanguageModel::segmentLoss(const ParameterSet& params, std::span<const int> ids,
                                        std::span<const int> next, Mode mode, Rng& rng, Cache& c,
                                        const Memory* memory) const {
  if (next.size() != ids.size())
    throw InputError(ErrorKind::Internal, {},
                     "a segment of " + std::to_string(ids.size()) + " ids with " + std::to_string(next.size()) +
                     " next ids");
  forward(params, ids, mode, rng, c, memory);
  c.predicted.clear();
  std::vector<int> targets;  // N
  for (size_t t = 0; t < next.size(); ++t)
    if (next[t] != 0) {
      c.predicted.push_back(static_cast<int>(t));
      targets.push_back(next[t]);
    }
  Matrix rows(static_cast<Index>(c.predicted.size()), c.logits.cols());  // N x V
  for (size_t n = 0; n < c.predicted.size(); ++n) rows.row(static_cast<Index>(n)) = c.logits.row(c.predicted[n]);
  return SoftmaxCrossEntropy{}.forward(rows, targets, c.loss);  // N x 1
}

void CausalLanguageModel::backwardLoss(const ParameterSet& params, const Cache& c, const Matrix& dLosses,
                                       Gradients& grads) const {
  const Matrix dRows = SoftmaxCrossEntropy{}.backward(c.loss, dLosses);  // N x V
  Matrix dLogits = Matrix::Zero(c.logits.rows(), c.logits.cols());       // T x V: rows not predicted get nothing
  for (size_t n = 0; n < c.predicted.size(); ++n) dLogits.row(c.predicted[n]) = dRows.row(static_cast<Index>(n));
  backward(params, c, dLogits, grads);
}

BatchStats CausalLanguageModel::statsOf(const Cache& c, const Matrix& losses) {
  BatchStats s;
  s.lossSum = static_cast<double>(losses.sum());
  s.lossCount = static_cast<double>(losses.rows());
  s.total = s.lossCount;
  // argmax of the probabilities = argmax of the logits
  if (losses.rows() > 0) s.correct = static_cast<double>(SoftmaxCrossEntropy::countCorrect(c.loss.probabilities, c.loss.targets));
  return s;
}

BatchStats CausalLanguageModel::trainBatch(std::span<const std::vector<int>> batch, Gradients& grads, uint64_t seed) {
  std::vector<Cache> caches(batch.size());
  std::vector<Matrix> losses(batch.size());
  BatchStats stats;
  for (size_t b = 0; b < batch.size(); ++b) {
    Rng rng = Rng::derive(seed, b);
    losses[b] = loss(params_, batch[b], Mode::Train, rng, caches[b]);
    stats += statsOf(caches[b], losses[b]);
  }
  if (stats.lossCount == 0) return stats;
  // L = (1 / predicted positions of the batch) Σ losses  =>  dL/dloss_n = 1 / count
  const float inverseCount = static_cast<float>(1.0 / stats.lossCount);
  for (size_t b = 0; b < batch.size(); ++b)
    if (losses[b].rows() > 0) backwardLoss(params_, caches[b], Matrix::Constant(losses[b].rows(), 1, inverseCount), grads);
  return stats;
}

BatchStats CausalLanguageModel::lossOf(std::span<const std::vector<int>> batch, Mode mode, uint64_t seed) const {
  BatchStats stats;
  for (size_t b = 0; b < batch.size(); ++b) {
    Rng rng = Rng::derive(seed, b);
    Cache c;
    const Matrix losses = loss(params_, batch[b], mode, rng, c);
    stats += statsOf(c, losses);
  }
  return stats;
}

CausalLanguageModel::Prediction CausalLanguageModel::predict(std::span<const int> ids, const HeadSwitches* switches,
                                                             const Memory* memory) const {
  Rng unused(0);
  Cache c;
  c.headSwitches = switches;
  Prediction p;
  p.logits = forward(params_, ids, Mode::Eval, unused, c, memory);
  p.memoryRows = memory ? memory->rows() : 0;
  const bool relative = config_.position == CausalPosition::Relative;
  for (const Cache::LayerCache& lc : c.layers) p.attention.push_back(relative ? lc.relative.weights : lc.attention.weights);
  p.memory = memoryAfter(c);
  return p;
}

CausalLanguageModel::SegmentedPrediction CausalLanguageModel::readSegments(std::span<const int> ids,
                                                                           const HeadSwitches* switches) const {
  if (ids.empty()) throw InputError(ErrorKind::EmptySentence, {}, "the text has no tokens to read");
  SegmentedPrediction r;
  r.segmentStart = lastSegmentStart(ids.size());
  // Without memory the segments do not meet: the last one alone gives the same. With memory, each in turn.
  const Memory memory = readMemory(ids.first(r.segmentStart), switches);
  r.last = predict(ids.subspan(r.segmentStart), switches, &memory);
  return r;
}

size_t CausalLanguageModel::lastSegmentStart(size_t n) const {
  const auto S = static_cast<size_t>(config_.sequenceLength);
  return n == 0 ? 0 : (n - 1) / S * S;  // segments of S from the start: the last one may be shorter
}

CausalLanguageModel::Memory CausalLanguageModel::readMemory(std::span<const int> ids,
                                                            const HeadSwitches* switches) const {
  Memory memory;
  if (config_.memoryLength == 0) return memory;
  const auto S = static_cast<size_t>(config_.sequenceLength);
  for (size_t start = 0; start < ids.size(); start += S)
    memory = predict(ids.subspan(start, std::min(S, ids.size() - start)), switches, &memory).memory;
  return memory;
}

std::vector<Matrix> CausalLanguageModel::hiddenStates(std::span<const int> ids, const HeadSwitches* switches) const {
  Rng unused(0);
  Cache c;
  c.headSwitches = switches;
  c.keepHiddenStates = true;
  forward(params_, ids, Mode::Eval, unused, c);
  return std::move(c.hiddenStates);  // L+1 of T x D
}

Matrix CausalLanguageModel::outputLogits(const Matrix& x) const {
  Dense::Cache unused;
  return output_.forward(params_, x, unused);  // N x V: x·W_out + b_out
}

}  // namespace al
