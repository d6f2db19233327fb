#pragma once
// Gaussian error linear unit, element-wise, in the exact erf form BERT was trained with ("gelu" in its config).
// Any shape (T x F in the feed-forward block).
//
//   Y = gelu(X) = X·Φ(X) = 0.5·X·(1 + erf(X/√2))          Φ: the standard normal's distribution function
//   dX = dY ⊙ gelu'(X),  gelu'(x) = Φ(x) + x·φ(x)          φ(x) = exp(-x²/2) / √(2π), its density
//
// Unlike ReLU it lets a little of a negative input through (its minimum is about -0.17 at x ≈ -0.75), and its
// gradient is smooth at 0.
#include "core/tensor.h"

namespace al {

struct Gelu {
  struct Cache {
    Matrix input;  // same shape as X: gelu' is evaluated at X
  };

  Matrix forward(const Matrix& x, Cache& cache) const;
  Matrix backward(const Cache& cache, const Matrix& dy) const;

  // Inference: Y = gelu(X) in place, nothing kept (a pretrained model's forward pass, which splits a large
  // T x F block over threads by rows and calls this on each block).
  static void applyInPlace(Eigen::Ref<Matrix> x);
  // One value and one derivative: the plain formulas, the reference the whole-matrix passes use.
  static float value(float x);
  static float derivative(float x);
};

// The same formulas with plain loops in double precision: the test oracle of the whole-matrix passes above
// (which run in float), and the version to read first. Any shape.
//   Y[i] = 0.5·X[i]·(1 + erf(X[i]/√2))
Matrix geluReference(const Matrix& x);
//   dX[i] = dY[i]·(Φ(X[i]) + X[i]·φ(X[i]))
Matrix geluBackwardReference(const Matrix& x, const Matrix& dy);

}  // namespace al
