#include "core/teaching/normalization_demo.h"

#include <algorithm>

#include "core/error.h"
#include "core/layers/batch_norm.h"
#include "core/layers/layer_norm.h"

namespace al::teaching {

Normalized layerNormalize(const Matrix& x, float epsilon) {
  ParameterSet params;
  const LayerNorm norm(params, "demo", x.cols(), epsilon);
  norm.initialize(params);  // gamma 1, beta 0: the bare normalization
  LayerNorm::Cache cache;

  Normalized result;
  result.output = norm.forward(params, x, cache);                                        // rows x F
  result.mean = x.rowwise().mean();                                                      // rows x 1
  result.variance = (x.colwise() - x.rowwise().mean()).array().square().rowwise().mean();  // rows x 1
  result.count = x.cols();
  return result;
}

BatchNormDemo::BatchNormDemo(Index features, float epsilon, float momentum)
    : features_(features), epsilon_(epsilon), momentum_(momentum) {
  reset();
}

void BatchNormDemo::reset() {
  movingMean_ = RowVector::Zero(features_);
  movingVariance_ = RowVector::Ones(features_);
  batchesSeen_ = 0;
}

Normalized BatchNormDemo::train(const std::vector<Matrix>& xs) const { return run(xs, Mode::Train, nullptr); }

Normalized BatchNormDemo::infer(const std::vector<Matrix>& xs) const { return run(xs, Mode::Eval, nullptr); }

Normalized BatchNormDemo::learnFrom(const std::vector<Matrix>& xs) {
  Normalized result = run(xs, Mode::Train, this);
  ++batchesSeen_;
  return result;
}

// A fresh layer for every call (it is tiny), loaded with this demo's moving statistics, so that epsilon and
// momentum can change between calls as the page's controls do. With `learner`, the layer's updated moving
// statistics are written back there.
Normalized BatchNormDemo::run(const std::vector<Matrix>& xs, Mode mode, BatchNormDemo* learner) const {
  ParameterSet params;
  const BatchNorm norm(params, "demo", features_, epsilon_, momentum_);
  norm.initialize(params);
  params.value(norm.movingMeanSlot()) = movingMean_;
  params.value(norm.movingVarianceSlot()) = movingVariance_;

  BatchNorm::Cache cache;
  const std::vector<Matrix> ys = norm.forwardBatch(params, xs, mode, cache);
  if (learner) {
    norm.updateMovingStatistics(params, cache);
    learner->movingMean_ = params.value(norm.movingMeanSlot());
    learner->movingVariance_ = params.value(norm.movingVarianceSlot());
  }

  Normalized result;
  result.output = stackSequences(ys, features_);  // N x F, in the order of BatchNorm's tokens
  result.mean = cache.mean;                  // 1 x F, the statistics the layer used
  result.variance = cache.variance;
  result.count = result.output.rows();
  return result;
}

Index PaddedBatch::length() const {
  Index longest = 0;
  for (const Matrix& x : sequences) longest = std::max(longest, x.rows());
  return longest;
}

Index PaddedBatch::features() const { return sequences.empty() ? 0 : sequences.front().cols(); }

Matrix PaddedBatch::padded() const {
  const Index T = length();
  Matrix out = Matrix::Zero(static_cast<Index>(sequences.size()) * T, features());  // (B·T) x F
  for (size_t b = 0; b < sequences.size(); ++b)
    out.middleRows(static_cast<Index>(b) * T, sequences[b].rows()) = sequences[b];
  return out;
}

std::vector<bool> PaddedBatch::realRows() const {
  const Index T = length();
  std::vector<bool> real;
  for (const Matrix& x : sequences)
    for (Index t = 0; t < T; ++t) real.push_back(t < x.rows());
  return real;
}

Matrix withNoise(const Matrix& x, float standardDeviation, Rng& rng) {
  Matrix noisy = x;
  for (Index i = 0; i < noisy.size(); ++i) noisy.data()[i] += standardDeviation * rng.normal();
  return noisy;
}

Normalized batchNormalizePadded(const PaddedBatch& batch, Padding padding, float epsilon) {
  const Index T = batch.length();
  const Index F = batch.features();
  const BatchNormDemo norm(F, epsilon, 0.0f);  // training mode only: the momentum plays no part
  if (padding == Padding::Counted) {
    // Every sequence handed over at the padded length: the layer cannot tell a zero row from a token.
    std::vector<Matrix> padded;
    for (const Matrix& x : batch.sequences) {
      Matrix filled = Matrix::Zero(T, F);  // T x F
      filled.topRows(x.rows()) = x;
      padded.push_back(std::move(filled));
    }
    return norm.train(padded);
  }
  // Masked: only the real tokens go in; put the results back at their padded rows.
  Normalized result = norm.train(batch.sequences);
  Matrix output = Matrix::Zero(static_cast<Index>(batch.sequences.size()) * T, F);  // (B·T) x F
  Index row = 0;
  for (size_t b = 0; b < batch.sequences.size(); ++b) {
    const Index length = batch.sequences[b].rows();
    output.middleRows(static_cast<Index>(b) * T, length) = result.output.middleRows(row, length);
    row += length;
  }
  result.output = std::move(output);
  return result;
}

}  // namespace al::teaching
