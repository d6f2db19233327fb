#include "core/layers/dense.h"

#include "core/matrix_product.h"

namespace al {

Dense::Dense(ParameterSet& params, const std::string& name, Index in, Index out)
    : in_(in), out_(out), kernel_(params.add(name + ".kernel", {in, out})), bias_(params.add(name + ".bias", {out})) {}

void Dense::initialize(ParameterSet& params, Rng& rng) const {
  initGlorotUniform(params.value(kernel_), rng);
  params.value(bias_).setZero();
}

Matrix Dense::forward(const ParameterSet& params, const Matrix& x, Cache& cache) const {
  cache.input = x;                                      // T x in
  return affine(x, params.value(kernel_), params.value(bias_));  // T x out
}

Matrix Dense::backward(const ParameterSet& params, const Cache& cache, const Matrix& dy, Gradients& grads) const {
  // Y = X·W + b  =>  dW = Xᵀ·dY,  db = Σ_rows dY,  dX = dY·Wᵀ
  grads.addKernelGradient(kernel_, cache.input, dy);  // dW += Xᵀ·dY, in x out
  grads[bias_] += dy.colwise().sum();                 // 1 x out
  Matrix dx(dy.rows(), in_);                                                         // T x in
  multiply(dy, Op::Plain, params.value(kernel_), Op::Transposed, dx);
  return dx;
}

}  // namespace al
