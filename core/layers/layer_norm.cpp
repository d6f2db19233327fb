#include "core/layers/layer_norm.h"

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
    throw InputError("layer norm input has width " + std::to_string(x.cols()) + ", expected " + std::to_string(width_));
  const Eigen::VectorXf mean = x.rowwise().mean();                                     // T
  cache.normalized = x.colwise() - mean;                                               // T x D, centred
  const Eigen::VectorXf variance = cache.normalized.array().square().rowwise().mean();  // T, biased
  cache.inverseStd = (variance.array() + epsilon_).rsqrt();                            // T
  cache.normalized.array().colwise() *= cache.inverseStd.array();                      // X̂

  Matrix y = cache.normalized.array().rowwise() * params.value(gamma_).row(0).array();  // T x D
  y.rowwise() += params.value(beta_).row(0);
  return y;
}

Matrix LayerNorm::backward(const ParameterSet& params, const Cache& cache, const Matrix& dy, Gradients& grads) const {
  const Matrix& xhat = cache.normalized;  // T x D
  // Y = X̂ ⊙ gamma + beta  =>  dgamma = Σ_t dY ⊙ X̂,  dbeta = Σ_t dY,  dX̂ = dY ⊙ gamma
  grads[gamma_] += dy.cwiseProduct(xhat).colwise().sum();
  grads[beta_] += dy.colwise().sum();
  const Matrix dxhat = dy.array().rowwise() * params.value(gamma_).row(0).array();  // T x D

  // X̂ = (X - mean) / σ with mean and σ depending on the whole row:
  //   dX = (1/σ) · (dX̂ - mean_d(dX̂) - X̂ ⊙ mean_d(dX̂ ⊙ X̂))      (per token t, means over its D features)
  const Eigen::VectorXf meanDxhat = dxhat.rowwise().mean();                         // T
  const Eigen::VectorXf meanDxhatXhat = dxhat.cwiseProduct(xhat).rowwise().mean();  // T
  Matrix dx = dxhat.colwise() - meanDxhat;                                          // T x D
  dx.array() -= xhat.array().colwise() * meanDxhatXhat.array();
  dx.array().colwise() *= cache.inverseStd.array();
  return dx;
}

}  // namespace al
