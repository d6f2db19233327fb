#pragma once
// Rectified linear unit, element-wise: Y = max(X, 0). Any shape (T x F in the feed-forward block).
#include "core/tensor.h"

namespace al {

struct Relu {
  struct Cache {
    Matrix input;  // same shape as X: where X > 0 the gradient passes
  };

  Matrix forward(const Matrix& x, Cache& cache) const;
  Matrix backward(const Cache& cache, const Matrix& dy) const;
};

// The same layer with plain loops: the test oracle of forward and backward, and the version to read first.
//   Y[i] = X[i] if X[i] > 0, else 0
Matrix reluReference(const Matrix& x);
//   dX[i] = dY[i] if X[i] > 0, else 0
Matrix reluBackwardReference(const Matrix& x, const Matrix& dy);

}  // namespace al
