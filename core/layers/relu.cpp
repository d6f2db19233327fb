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

}  // namespace al
