#include "core/layers/gelu.h"

#include <cmath>

namespace al {

namespace {
constexpr double kInverseSqrt2 = 0.70710678118654752440;       // 1/√2
constexpr double kInverseSqrt2Pi = 0.39894228040143267794;     // 1/√(2π)
}  // namespace

// gelu(x) = 0.5·x·(1 + erf(x/√2))
float Gelu::value(float x) { return 0.5f * x * (1.0f + std::erf(x * static_cast<float>(kInverseSqrt2))); }

// gelu'(x) = Φ(x) + x·φ(x),  Φ(x) = 0.5·(1 + erf(x/√2)),  φ(x) = exp(-x²/2)/√(2π)
float Gelu::derivative(float x) {
  const float cdf = 0.5f * (1.0f + std::erf(x * static_cast<float>(kInverseSqrt2)));
  const float pdf = static_cast<float>(kInverseSqrt2Pi) * std::exp(-0.5f * x * x);
  return cdf + x * pdf;
}

void Gelu::applyInPlace(Eigen::Ref<Matrix> x) { x = x.unaryExpr(&Gelu::value); }

Matrix Gelu::forward(const Matrix& x, Cache& cache) const {
  cache.input = x;
  Matrix y = x;
  applyInPlace(y);
  return y;
}

Matrix Gelu::backward(const Cache& cache, const Matrix& dy) const {
  // dX = dY ⊙ gelu'(X)
  return dy.cwiseProduct(cache.input.unaryExpr(&Gelu::derivative));
}

}  // namespace al
