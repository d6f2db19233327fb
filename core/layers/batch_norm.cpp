#include "core/layers/batch_norm.h"

#include "core/error.h"

namespace al {

namespace {

// The inverse of stackSequences(): one N x D matrix -> B sequences of the given lengths.
std::vector<Matrix> split(const Matrix& stacked, const std::vector<Index>& lengths) {
  std::vector<Matrix> parts;
  parts.reserve(lengths.size());
  Index row = 0;
  for (Index length : lengths) {
    parts.emplace_back(stacked.middleRows(row, length));
    row += length;
  }
  return parts;
}

}  // namespace

Matrix stackSequences(const std::vector<Matrix>& xs, Index width, const char* what) {
  Index total = 0;
  for (size_t b = 0; b < xs.size(); ++b) {
    if (xs[b].cols() != width)
      throw InputError(ErrorKind::Internal, {},
                       std::string("batch norm: ") + what + " " + std::to_string(b) + " has width " +
                       std::to_string(xs[b].cols()) + ", expected " + std::to_string(width));
    total += xs[b].rows();
  }
  Matrix stacked(total, width);  // N x D
  Index row = 0;
  for (const Matrix& x : xs) {
    stacked.middleRows(row, x.rows()) = x;
    row += x.rows();
  }
  return stacked;
}

BatchNorm::BatchNorm(ParameterSet& params, const std::string& name, Index width, float epsilon, float momentum)
    : width_(width),
      epsilon_(epsilon),
      momentum_(momentum),
      gamma_(params.add(name + ".gamma", {width})),
      beta_(params.add(name + ".beta", {width})),
      movingMean_(params.add(name + ".moving_mean", {width}, false)),
      movingVariance_(params.add(name + ".moving_variance", {width}, false)) {}

void BatchNorm::initialize(ParameterSet& params) const {
  params.value(gamma_).setOnes();
  params.value(beta_).setZero();
  params.value(movingMean_).setZero();
  params.value(movingVariance_).setOnes();
}

std::vector<Matrix> BatchNorm::forwardBatch(const ParameterSet& params, const std::vector<Matrix>& xs, Mode mode,
                                            Cache& cache) const {
  cache.mode = mode;
  cache.lengths.clear();
  for (const Matrix& x : xs) cache.lengths.push_back(x.rows());
  cache.normalized = stackSequences(xs, width_, "sequence");  // N x D, X for now
  const Index N = cache.normalized.rows();

  if (mode == Mode::Train) {
    if (N == 0)
      throw InputError(ErrorKind::EmptySentence, {}, "batch norm: the batch has no tokens to take statistics from");
    cache.mean = cache.normalized.colwise().mean();                                         // 1 x D
    cache.variance = (cache.normalized.rowwise() - cache.mean).array().square().colwise().mean();  // 1 x D, biased
  } else {
    cache.mean = params.value(movingMean_);
    cache.variance = params.value(movingVariance_);
  }
  cache.inverseStd = (cache.variance.array() + epsilon_).rsqrt();  // 1 x D

  cache.normalized.rowwise() -= cache.mean;                                // N x D
  cache.normalized.array().rowwise() *= cache.inverseStd.array();          // X̂
  Matrix y = cache.normalized.array().rowwise() * params.value(gamma_).row(0).array();  // N x D
  y.rowwise() += params.value(beta_).row(0);
  return split(y, cache.lengths);
}

std::vector<Matrix> BatchNorm::backwardBatch(const ParameterSet& params, const Cache& cache,
                                             const std::vector<Matrix>& dys, Gradients& grads) const {
  if (dys.size() != cache.lengths.size())
    throw RunError(ErrorKind::Internal, {},
                   "batch norm backward: got " + std::to_string(dys.size()) + " gradients for a batch of " +
                   std::to_string(cache.lengths.size()));
  const Matrix dy = stackSequences(dys, width_, "gradient");  // N x D
  const Matrix& xhat = cache.normalized;             // N x D

  // Y = X̂ ⊙ gamma + beta  =>  dgamma = Σ_n dY ⊙ X̂,  dbeta = Σ_n dY,  dX̂ = dY ⊙ gamma
  grads[gamma_] += dy.cwiseProduct(xhat).colwise().sum();
  grads[beta_] += dy.colwise().sum();
  Matrix dx = dy.array().rowwise() * params.value(gamma_).row(0).array();  // N x D, dX̂ for now

  if (cache.mode == Mode::Train) {
    // The batch mean and variance depend on every token, so (per feature d, means over the N tokens):
    //   dX = (1/σ) · (dX̂ - mean_n(dX̂) - X̂ ⊙ mean_n(dX̂ ⊙ X̂))
    const RowVector meanDxhat = dx.colwise().mean();                         // 1 x D
    const RowVector meanDxhatXhat = dx.cwiseProduct(xhat).colwise().mean();  // 1 x D
    dx.rowwise() -= meanDxhat;
    dx.array() -= xhat.array().rowwise() * meanDxhatXhat.array();
  }
  // In evaluation the statistics are constants: dX = dX̂ / σ. In training this is the last factor 1/σ.
  dx.array().rowwise() *= cache.inverseStd.array();
  return split(dx, cache.lengths);
}

void BatchNorm::updateMovingStatistics(ParameterSet& params, const Cache& cache) const {
  if (cache.mode != Mode::Train)
    throw RunError(ErrorKind::Internal, {}, "batch norm: moving statistics can only learn from a training batch");
  // m = momentum·m + (1 - momentum)·batch statistic
  MatrixMap movingMean = params.value(movingMean_);
  MatrixMap movingVariance = params.value(movingVariance_);
  movingMean = momentum_ * movingMean + (1.0f - momentum_) * cache.mean;
  movingVariance = momentum_ * movingVariance + (1.0f - momentum_) * cache.variance;
}

Matrix BatchNorm::forward(const ParameterSet& params, const Matrix& x, Mode mode, Cache& cache) const {
  return forwardBatch(params, {x}, mode, cache).front();
}

Matrix BatchNorm::backward(const ParameterSet& params, const Cache& cache, const Matrix& dy, Gradients& grads) const {
  return backwardBatch(params, cache, {dy}, grads).front();
}

// ---------------------------------------------------------------------------------------------------------
// The reference: the formulas of the header, one feature at a time, in double.

namespace {

// The mean and (biased) variance of feature d that normalize it.
struct FeatureStatistics {
  double mean = 0;
  double variance = 0;
};

// Train: over the N tokens of all sequences of the batch. Eval: the moving statistics.
FeatureStatistics statisticsOf(const ParameterSet& params, const BatchNorm& layer, const std::vector<Matrix>& xs,
                               Mode mode, Index d) {
  if (mode == Mode::Eval)
    return {params.value(layer.movingMeanSlot())(0, d), params.value(layer.movingVarianceSlot())(0, d)};
  FeatureStatistics s;
  double tokens = 0;
  for (const Matrix& x : xs)
    for (Index t = 0; t < x.rows(); ++t) {
      s.mean += x(t, d);
      tokens += 1;
    }
  s.mean /= tokens;
  for (const Matrix& x : xs)
    for (Index t = 0; t < x.rows(); ++t) s.variance += (x(t, d) - s.mean) * (x(t, d) - s.mean);
  s.variance /= tokens;
  return s;
}

// Matrices of the shapes of xs, to fill in.
std::vector<Matrix> shapedLike(const std::vector<Matrix>& xs) {
  std::vector<Matrix> out;
  for (const Matrix& x : xs) out.emplace_back(x.rows(), x.cols());
  return out;
}

}  // namespace

std::vector<Matrix> batchNormReference(const ParameterSet& params, const BatchNorm& layer,
                                       const std::vector<Matrix>& xs, Mode mode) {
  const ConstMatrixMap gamma = params.value(layer.gammaSlot());  // 1 x D
  const ConstMatrixMap beta = params.value(layer.betaSlot());    // 1 x D
  std::vector<Matrix> ys = shapedLike(xs);
  for (Index d = 0; d < layer.width(); ++d) {
    const FeatureStatistics s = statisticsOf(params, layer, xs, mode, d);
    const double inverseStd = 1.0 / std::sqrt(s.variance + layer.epsilon());
    for (size_t b = 0; b < xs.size(); ++b)
      for (Index t = 0; t < xs[b].rows(); ++t) {
        const double xhat = (xs[b](t, d) - s.mean) * inverseStd;
        ys[b](t, d) = static_cast<float>(xhat * gamma(0, d) + beta(0, d));
      }
  }
  return ys;
}

std::vector<Matrix> batchNormBackwardReference(const ParameterSet& params, const BatchNorm& layer,
                                               const std::vector<Matrix>& xs, Mode mode,
                                               const std::vector<Matrix>& dys, Gradients& grads) {
  const ConstMatrixMap gamma = params.value(layer.gammaSlot());  // 1 x D
  MatrixMap dgamma = grads[layer.gammaSlot()];                   // 1 x D
  MatrixMap dbeta = grads[layer.betaSlot()];                     // 1 x D
  std::vector<Matrix> dxs = shapedLike(xs);
  for (Index d = 0; d < layer.width(); ++d) {
    const FeatureStatistics s = statisticsOf(params, layer, xs, mode, d);
    const double inverseStd = 1.0 / std::sqrt(s.variance + layer.epsilon());
    // First pass over the batch: the sums of this feature (dgamma, dbeta and the two means of dL/dX̂).
    double sumDy = 0, sumDyXhat = 0, tokens = 0;
    for (size_t b = 0; b < xs.size(); ++b)
      for (Index t = 0; t < xs[b].rows(); ++t) {
        const double xhat = (xs[b](t, d) - s.mean) * inverseStd;
        sumDy += dys[b](t, d);
        sumDyXhat += dys[b](t, d) * xhat;
        tokens += 1;
      }
    dgamma(0, d) += static_cast<float>(sumDyXhat);
    dbeta(0, d) += static_cast<float>(sumDy);
    const double meanG = sumDy * gamma(0, d) / tokens;          // mean_n(g), g = dY ⊙ gamma = dL/dX̂
    const double meanGXhat = sumDyXhat * gamma(0, d) / tokens;  // mean_n(g ⊙ X̂)
    // Second pass: every token's dX.
    for (size_t b = 0; b < xs.size(); ++b)
      for (Index t = 0; t < xs[b].rows(); ++t) {
        const double xhat = (xs[b](t, d) - s.mean) * inverseStd;
        const double g = double(dys[b](t, d)) * gamma(0, d);
        const double dxhat = mode == Mode::Train ? g - meanG - xhat * meanGXhat : g;
        dxs[b](t, d) = static_cast<float>(dxhat * inverseStd);
      }
  }
  return dxs;
}

void batchNormMovingStatisticsReference(ParameterSet& params, const BatchNorm& layer, const std::vector<Matrix>& xs) {
  MatrixMap movingMean = params.value(layer.movingMeanSlot());          // 1 x D
  MatrixMap movingVariance = params.value(layer.movingVarianceSlot());  // 1 x D
  const double momentum = layer.momentum();
  for (Index d = 0; d < layer.width(); ++d) {
    const FeatureStatistics s = statisticsOf(params, layer, xs, Mode::Train, d);
    movingMean(0, d) = static_cast<float>(momentum * movingMean(0, d) + (1.0 - momentum) * s.mean);
    movingVariance(0, d) = static_cast<float>(momentum * movingVariance(0, d) + (1.0 - momentum) * s.variance);
  }
}

}  // namespace al
