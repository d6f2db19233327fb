#include "core/layers/relu.h"

namespace al {

Matrix Relu::forward(const Matrix& x, Cache& cache) const {
  cache.input = x;
  return x.cwiseMax(0.0f);
}

Matrix Relu::backward(const Cache& cache, const Matrix& dy) const {
  // Y = max(X, 0)  =>  dX = dY ⊙ [X > 0]   (at exactly 0 we take the derivative 0, as Keras does)
  return (cache.input.array() > 0.0f).select(dy, 0.0f);
}

// ---------------------------------------------------------------------------------------------------------
// The reference: the formulas of the header, one element at a time.

Matrix reluReference(const Matrix& x) {
  Matrix y(x.rows(), x.cols());
  for (Index r = 0; r < x.rows(); ++r)
    for (Index c = 0; c < x.cols(); ++c) y(r, c) = x(r, c) > 0.0f ? x(r, c) : 0.0f;
  return y;
}

Matrix reluBackwardReference(const Matrix& x, const Matrix& dy) {
  Matrix dx(x.rows(), x.cols());
  for (Index r = 0; r < x.rows(); ++r)
    for (Index c = 0; c < x.cols(); ++c) dx(r, c) = x(r, c) > 0.0f ? dy(r, c) : 0.0f;  // slope 1 or 0
  return dx;
}

}  // namespace al
