#include "core/layers/dense.h"

namespace al {

Dense::Dense(ParameterSet& params, const std::string& name, Index in, Index out)
    : in_(in), out_(out), kernel_(params.add(name + ".kernel", {in, out})), bias_(params.add(name + ".bias", {out})) {}

void Dense::initialize(ParameterSet& params, Rng& rng) const {
  initGlorotUniform(params.value(kernel_), rng);
  params.value(bias_).setZero();
}

Matrix Dense::forward(const ParameterSet& params, const Matrix& x, Cache& cache) const {
  cache.input = x;                                      // T x in
  Matrix y = x * params.value(kernel_);                 // T x out
  y.rowwise() += params.value(bias_).row(0);            // broadcast b over the T rows
  return y;
}

Matrix Dense::backward(const ParameterSet& params, const Cache& cache, const Matrix& dy, Gradients& grads) const {
  // Y = X·W + b  =>  dW = Xᵀ·dY,  db = Σ_rows dY,  dX = dY·Wᵀ
  grads[kernel_].noalias() += cache.input.transpose() * dy;  // in x out
  grads[bias_] += dy.colwise().sum();                        // 1 x out
  return dy * params.value(kernel_).transpose();             // T x in
}

}  // namespace al
