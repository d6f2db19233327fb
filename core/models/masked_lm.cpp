#include "core/models/masked_lm.h"

#include <algorithm>

#include "core/error.h"
#include "core/io/json_fields.h"
#include "core/parallel.h"

namespace al {

// ---------------------------------------------------------------------------------------------------------
// config.json

nlohmann::json toJson(const MaskedLmConfig& c) {
  nlohmann::json j = toJson(c.encoder);
  j.erase("pooling");  // the masked-lm predicts at every position: nothing is pooled
  j["mask_rate"] = c.maskRate;
  return j;
}

MaskedLmConfig maskedLmConfigFromJson(const nlohmann::json& j, const std::string& file) {
  nlohmann::json encoder = j;
  encoder["pooling"] = "max";  // not a masked-lm field; the encoder reader wants one
  MaskedLmConfig c;
  c.encoder = transformerConfigFromJson(encoder, file);
  c.maskRate = static_cast<float>(io::requireNumber(j, "mask_rate", file));
  if (!(c.maskRate > 0 && c.maskRate < 1))
    throw InputError(ErrorKind::JsonOutOfRange, {.file = file, .name = "mask_rate", .expected = "(0, 1)"},
                     file + ": field \"mask_rate\" must be in (0, 1)");
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// The output head at the chosen positions

MaskedLmHead::MaskedLmHead(ParameterSet& params, Index embedDim, Index vocabSize, float dropout)
    : output_(params, "mlm.output", embedDim, vocabSize), dropout_{dropout} {}

void MaskedLmHead::initialize(ParameterSet& params, Rng& rng) const { output_.initialize(params, rng); }

Matrix MaskedLmHead::forward(const ParameterSet& params, const Matrix& x, std::span<const int> positions,
                             std::span<const int> targets, Mode mode, Rng& rng, Cache& cache) const {
  const Index N = static_cast<Index>(positions.size());
  cache.tokens = x.rows();
  cache.positions.assign(positions.begin(), positions.end());
  Matrix rows(N, x.cols());  // N x D
  for (Index n = 0; n < N; ++n) rows.row(n) = x.row(positions[static_cast<size_t>(n)]);
  rows = dropout_.forward(rows, mode, rng, cache.dropout);
  cache.logits = output_.forward(params, rows, cache.output);  // N x V
  return SoftmaxCrossEntropy{}.forward(cache.logits, std::vector<int>(targets.begin(), targets.end()), cache.loss);
}

Matrix MaskedLmHead::backward(const ParameterSet& params, const Cache& cache, const Matrix& dLosses,
                              Gradients& grads) const {
  const Matrix dLogits = SoftmaxCrossEntropy{}.backward(cache.loss, dLosses);                      // N x V
  const Matrix dRows = dropout_.backward(cache.dropout, output_.backward(params, cache.output, dLogits, grads));  // N x D
  Matrix dx = Matrix::Zero(cache.tokens, dRows.cols());  // T x D: rows that were not chosen get no gradient
  for (Index n = 0; n < dRows.rows(); ++n) dx.row(cache.positions[static_cast<size_t>(n)]) += dRows.row(n);
  return dx;
}

Matrix MaskedLmHead::logits(const ParameterSet& params, const Matrix& rows) const {
  Dense::Cache unused;
  return output_.forward(params, rows, unused);
}

// ---------------------------------------------------------------------------------------------------------
// The model

MaskedLanguageModel::MaskedLanguageModel(const MaskedLmConfig& config)
    : config_(config),
      encoder_(params_, config.encoder, "embedding", "encoder"),
      head_(params_, config.encoder.embedDim, config.encoder.vocabSize, config.encoder.dropout) {}

void MaskedLanguageModel::initialize(uint64_t seed) {
  Rng rng(seed);
  encoder_.initialize(params_, rng);
  head_.initialize(params_, rng);
}

double MaskedLanguageModel::forwardFlops(Index T, Index chosen) const {
  return encoder_.forwardFlops(T) + 2.0 * static_cast<double>(chosen) * config_.encoder.embedDim * config_.encoder.vocabSize;
}

struct MaskedLanguageModel::BatchCache {
  std::vector<const MaskedSequence*> sequences;
  TransformerEncoder::BatchCache encoder;
  std::vector<MaskedLmHead::Cache> heads;  // B
  std::vector<Matrix> losses;              // B, each N_b x 1
};

void MaskedLanguageModel::forwardBatch(BatchCache& b, Mode mode, uint64_t seed) const {
  const size_t B = b.sequences.size();
  std::vector<std::span<const int>> ids;
  ids.reserve(B);
  for (const MaskedSequence* s : b.sequences) {
    if (s->chosen.empty())
      throw InputError(ErrorKind::Internal, {}, "a masked sequence must have at least one chosen position");
    ids.emplace_back(s->input);
  }
  encoder_.forwardBatch(params_, ids, mode, b.encoder);

  b.heads.resize(B);
  b.losses.resize(B);
  forEachSampleInChunks(B, chunkCount(B), [&](size_t s, size_t) {
    const MaskedSequence& sequence = *b.sequences[s];
    std::vector<int> positions, targets;  // N
    for (const MaskedPosition& m : sequence.chosen) {
      positions.push_back(m.position);
      targets.push_back(m.original);
    }
    Rng rng = Rng::derive(seed, s);
    b.losses[s] = head_.forward(params_, b.encoder.samples[s].x, positions, targets, mode, rng, b.heads[s]);
  });
}

void MaskedLanguageModel::backwardBatch(BatchCache& b, Gradients& grads) {
  const size_t B = b.sequences.size();
  const size_t chunks = chunkCount(B);
  if (chunkGrads_.size() < chunks) chunkGrads_.resize(chunks);
  for (size_t k = 0; k < chunks; ++k) {
    if (chunkGrads_[k].data().size() != params_.data().size()) chunkGrads_[k] = Gradients(params_);
    else chunkGrads_[k].setZero();
  }
  size_t chosen = 0;
  for (const MaskedSequence* s : b.sequences) chosen += s->chosen.size();
  const float invChosen = 1.0f / static_cast<float>(chosen);

  forEachSampleInChunks(B, chunks, [&](size_t s, size_t k) {
    // L = (1 / chosen positions of the batch) Σ losses  =>  dL/dloss_n = 1 / chosen
    const Matrix dLosses = Matrix::Constant(b.losses[s].rows(), 1, invChosen);  // N x 1
    b.encoder.samples[s].x = head_.backward(params_, b.heads[s], dLosses, chunkGrads_[k]);  // T x D
  });
  encoder_.backwardBatch(params_, b.encoder, grads);
  for (size_t k = 0; k < chunks; ++k) grads.add(chunkGrads_[k]);  // fixed order: reproducible sums
}

namespace {
BatchStats statsOf(const std::vector<MaskedLmHead::Cache>& heads, const std::vector<Matrix>& losses) {
  BatchStats stats;
  for (size_t s = 0; s < heads.size(); ++s) {
    stats.lossSum += static_cast<double>(losses[s].sum());
    stats.lossCount += static_cast<double>(losses[s].rows());
    stats.correct += static_cast<double>(SoftmaxCrossEntropy::countCorrect(heads[s].logits, heads[s].loss.targets));
    stats.total += static_cast<double>(losses[s].rows());
  }
  return stats;
}
}  // namespace

BatchStats MaskedLanguageModel::trainBatch(std::span<const MaskedSequence* const> batch, Gradients& grads, uint64_t seed) {
  BatchCache b;
  b.sequences.assign(batch.begin(), batch.end());
  forwardBatch(b, Mode::Train, seed);
  const BatchStats stats = statsOf(b.heads, b.losses);
  backwardBatch(b, grads);
  encoder_.updateMovingStatistics(params_, b.encoder);
  return stats;
}

BatchStats MaskedLanguageModel::loss(std::span<const MaskedSequence* const> batch, Mode mode, uint64_t seed) const {
  BatchCache b;
  b.sequences.assign(batch.begin(), batch.end());
  forwardBatch(b, mode, seed);
  return statsOf(b.heads, b.losses);
}

BatchStats MaskedLanguageModel::evaluate(std::span<const MaskedSequence* const> sequences) const {
  BatchStats stats;
  // Evaluation mode has no batch dependence; blocks only bound the memory. A block holds every sequence's
  // N x V logits and probabilities (about 3 MB per review at 10,000 words): 8 keep that within what the
  // allocator reuses (core/train/allocator.h), where 64 took fresh pages from the system for every block.
  constexpr size_t kBlock = 8;
  for (size_t first = 0; first < sequences.size(); first += kBlock)
    stats += loss(sequences.subspan(first, std::min(kBlock, sequences.size() - first)), Mode::Eval, 0);
  return stats;
}

MaskedLanguageModel::Prediction MaskedLanguageModel::predict(std::span<const int> ids, std::span<const int> positions,
                                                             const HeadSwitches* switches) const {
  for (const int p : positions)
    if (p < 0 || static_cast<size_t>(p) >= ids.size())
      throw InputError(ErrorKind::Internal, {},
                       "position " + std::to_string(p) + " is outside the " + std::to_string(ids.size()) + " tokens");
  const std::span<const int> one[] = {ids};
  TransformerEncoder::BatchCache cache;
  cache.headSwitches = switches;
  encoder_.forwardBatch(params_, one, Mode::Eval, cache);
  const Matrix& x = cache.samples[0].x;  // T x D
  Matrix rows(static_cast<Index>(positions.size()), x.cols());  // N x D
  for (size_t n = 0; n < positions.size(); ++n) rows.row(static_cast<Index>(n)) = x.row(positions[n]);
  Prediction p;
  const Matrix logits = head_.logits(params_, rows);  // N x V
  p.probabilities.resize(logits.rows(), logits.cols());
  for (Index n = 0; n < logits.rows(); ++n) {  // softmax, the largest logit subtracted to keep exp finite
    p.probabilities.row(n) = (logits.row(n).array() - logits.row(n).maxCoeff()).exp().matrix();
    p.probabilities.row(n) /= p.probabilities.row(n).sum();
  }
  for (const auto& lc : cache.samples[0].layers) p.attention.push_back(lc.attention.weights);
  return p;
}

std::vector<Matrix> MaskedLanguageModel::hiddenStates(std::span<const int> ids, const HeadSwitches* switches) const {
  const std::span<const int> one[] = {ids};
  TransformerEncoder::BatchCache cache;
  cache.headSwitches = switches;
  cache.keepHiddenStates = true;
  encoder_.forwardBatch(params_, one, Mode::Eval, cache);
  return std::move(cache.samples[0].hiddenStates);  // L+1 of T x D
}

}  // namespace al
