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

// ---------------------------------------------------------------------------------------------------------
// The reference: the formulas of the header, one loop at a time.

Matrix denseReference(const ParameterSet& params, const Dense& layer, const Matrix& x) {
  const ConstMatrixMap w = params.value(layer.kernelSlot());  // in x out
  const ConstMatrixMap b = params.value(layer.biasSlot());    // 1 x out
  Matrix y(x.rows(), layer.out());                            // T x out
  for (Index t = 0; t < x.rows(); ++t)
    for (Index j = 0; j < layer.out(); ++j) {
      double sum = b(0, j);
      for (Index i = 0; i < layer.in(); ++i) sum += double(x(t, i)) * w(i, j);
      y(t, j) = static_cast<float>(sum);
    }
  return y;
}

Matrix denseBackwardReference(const ParameterSet& params, const Dense& layer, const Matrix& x, const Matrix& dy,
                              Gradients& grads) {
  const ConstMatrixMap w = params.value(layer.kernelSlot());  // in x out
  MatrixMap dw = grads[layer.kernelSlot()];                   // in x out
  MatrixMap db = grads[layer.biasSlot()];                     // 1 x out
  const Index T = x.rows();

  // Every weight W[i][j] met every token: its gradient sums X[t][i]·dY[t][j] over the tokens.
  for (Index i = 0; i < layer.in(); ++i)
    for (Index j = 0; j < layer.out(); ++j) {
      double sum = 0;
      for (Index t = 0; t < T; ++t) sum += double(x(t, i)) * dy(t, j);
      dw(i, j) += static_cast<float>(sum);
    }
  for (Index j = 0; j < layer.out(); ++j) {
    double sum = 0;
    for (Index t = 0; t < T; ++t) sum += dy(t, j);
    db(0, j) += static_cast<float>(sum);
  }

  // X[t][i] reached every output j of its token through W[i][j].
  Matrix dx(T, layer.in());  // T x in
  for (Index t = 0; t < T; ++t)
    for (Index i = 0; i < layer.in(); ++i) {
      double sum = 0;
      for (Index j = 0; j < layer.out(); ++j) sum += double(dy(t, j)) * w(i, j);
      dx(t, i) = static_cast<float>(sum);
    }
  return dx;
}

}  // namespace al
