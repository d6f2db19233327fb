#include "core/layers/layer_norm.h"

#include <cmath>
#include <vector>

#include "core/error.h"

namespace al {

LayerNorm::LayerNorm(ParameterSet& params, const std::string& name, Index width, float epsilon)
    : width_(width),
      epsilon_(epsilon),
      gamma_(params.add(name + ".gamma", {width})),
      beta_(params.add(name + ".beta", {width})) {}

void LayerNorm::initialize(ParameterSet& params) const {
  params.value(gamma_).setOnes();
  params.value(beta_).setZero();
}

Matrix LayerNorm::forward(const ParameterSet& params, const Matrix& x, Cache& cache) const {
  if (x.cols() != width_)
    throw InputError(ErrorKind::Internal, {},
                     "layer norm input has width " + std::to_string(x.cols()) + ", expected " + std::to_string(width_));
  const Index T = x.rows();
  const auto gamma = params.value(gamma_).row(0).array();  // 1 x D
  const auto beta = params.value(beta_).row(0).array();    // 1 x D
  cache.normalized.resize(T, width_);                      // T x D, X̂
  cache.inverseStd.resize(T);                              // T
  Matrix y(T, width_);                                     // T x D
  // One token at a time: a token is a contiguous row, so every line below runs on whole vector registers.
  for (Index t = 0; t < T; ++t) {
    auto xhat = cache.normalized.row(t).array();
    xhat = x.row(t).array() - x.row(t).mean();              // centred
    const float variance = xhat.square().mean();            // biased
    cache.inverseStd(t) = 1.0f / std::sqrt(variance + epsilon_);
    xhat *= cache.inverseStd(t);
    y.row(t).array() = xhat * gamma + beta;
  }
  return y;
}

Matrix LayerNorm::backward(const ParameterSet& params, const Cache& cache, const Matrix& dy, Gradients& grads) const {
  const Matrix& xhat = cache.normalized;  // T x D
  // Y = X̂ ⊙ gamma + beta  =>  dgamma = Σ_t dY ⊙ X̂,  dbeta = Σ_t dY,  dX̂ = dY ⊙ gamma
  grads[gamma_] += dy.cwiseProduct(xhat).colwise().sum();
  grads[beta_] += dy.colwise().sum();
  const auto gamma = params.value(gamma_).row(0).array();  // 1 x D

  // X̂ = (X - mean) / σ with mean and σ depending on the whole row:
  //   dX = (1/σ) · (dX̂ - mean_d(dX̂) - X̂ ⊙ mean_d(dX̂ ⊙ X̂))      (per token t, means over its D features)
  Matrix dx(dy.rows(), width_);  // T x D
  for (Index t = 0; t < dy.rows(); ++t) {
    auto dxRow = dx.row(t).array();
    dxRow = dy.row(t).array() * gamma;  // dX̂ of token t, 1 x D
    const float meanDxhat = dxRow.mean();
    const float meanDxhatXhat = (dxRow * xhat.row(t).array()).mean();
    dxRow = (dxRow - meanDxhat - xhat.row(t).array() * meanDxhatXhat) * cache.inverseStd(t);
  }
  return dx;
}

// ---------------------------------------------------------------------------------------------------------
// The reference: the formulas of the header, one loop at a time, in double.

namespace {

// X̂ of one token and its 1/√(var + ε): mean and (biased) variance over the token's D features.
struct NormalizedToken {
  std::vector<double> xhat;  // D
  double inverseStd = 0;
};

NormalizedToken normalizeToken(const Matrix& x, Index t, float epsilon) {
  const Index D = x.cols();
  double mean = 0;
  for (Index d = 0; d < D; ++d) mean += x(t, d);
  mean /= static_cast<double>(D);
  double variance = 0;
  for (Index d = 0; d < D; ++d) variance += (x(t, d) - mean) * (x(t, d) - mean);
  variance /= static_cast<double>(D);

  NormalizedToken token;
  token.inverseStd = 1.0 / std::sqrt(variance + epsilon);
  for (Index d = 0; d < D; ++d) token.xhat.push_back((x(t, d) - mean) * token.inverseStd);
  return token;
}

}  // namespace

Matrix layerNormReference(const ParameterSet& params, const LayerNorm& layer, const Matrix& x) {
  const ConstMatrixMap gamma = params.value(layer.gammaSlot());  // 1 x D
  const ConstMatrixMap beta = params.value(layer.betaSlot());    // 1 x D
  Matrix y(x.rows(), x.cols());                                  // T x D
  for (Index t = 0; t < x.rows(); ++t) {
    const NormalizedToken token = normalizeToken(x, t, layer.epsilon());
    for (Index d = 0; d < x.cols(); ++d)
      y(t, d) = static_cast<float>(token.xhat[static_cast<size_t>(d)] * gamma(0, d) + beta(0, d));
  }
  return y;
}

Matrix layerNormBackwardReference(const ParameterSet& params, const LayerNorm& layer, const Matrix& x,
                                  const Matrix& dy, Gradients& grads) {
  const ConstMatrixMap gamma = params.value(layer.gammaSlot());  // 1 x D
  MatrixMap dgamma = grads[layer.gammaSlot()];                   // 1 x D
  MatrixMap dbeta = grads[layer.betaSlot()];                     // 1 x D
  const Index D = x.cols();
  Matrix dx(x.rows(), D);  // T x D
  for (Index t = 0; t < x.rows(); ++t) {
    const NormalizedToken token = normalizeToken(x, t, layer.epsilon());
    // Y = X̂ ⊙ gamma + beta: the gradients of gamma and beta, and g = dL/dX̂ of this token
    std::vector<double> g(static_cast<size_t>(D));
    double meanG = 0, meanGXhat = 0;
    for (Index d = 0; d < D; ++d) {
      const double xhat = token.xhat[static_cast<size_t>(d)];
      dgamma(0, d) += static_cast<float>(dy(t, d) * xhat);
      dbeta(0, d) += dy(t, d);
      g[static_cast<size_t>(d)] = double(dy(t, d)) * gamma(0, d);
      meanG += g[static_cast<size_t>(d)] / static_cast<double>(D);
      meanGXhat += g[static_cast<size_t>(d)] * xhat / static_cast<double>(D);
    }
    for (Index d = 0; d < D; ++d) {
      const double xhat = token.xhat[static_cast<size_t>(d)];
      dx(t, d) = static_cast<float>((g[static_cast<size_t>(d)] - meanG - xhat * meanGXhat) * token.inverseStd);
    }
  }
  return dx;
}

}  // namespace al
