#include "core/layers/gelu.h"

#include <cmath>

#include <unsupported/Eigen/SpecialFunctions>

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

// Eigen's erf on whole vector registers (a rational approximation, a couple of float rounding steps from the true
// value, as std::erf is): one element at a time std::erf made GELU a tenth of BERT's forward pass.
void Gelu::applyInPlace(Eigen::Ref<Matrix> x) {
  x.array() = 0.5f * x.array() * (1.0f + (x.array() * static_cast<float>(kInverseSqrt2)).erf());
}

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

// ---------------------------------------------------------------------------------------------------------
// The reference: the formulas of the header, one element at a time, in double.

Matrix geluReference(const Matrix& x) {
  Matrix y(x.rows(), x.cols());
  for (Index r = 0; r < x.rows(); ++r)
    for (Index c = 0; c < x.cols(); ++c) {
      const double v = x(r, c);
      const double cdf = 0.5 * (1.0 + std::erf(v * kInverseSqrt2));  // Φ(v): how likely a normal draw is below v
      y(r, c) = static_cast<float>(v * cdf);
    }
  return y;
}

Matrix geluBackwardReference(const Matrix& x, const Matrix& dy) {
  Matrix dx(x.rows(), x.cols());
  for (Index r = 0; r < x.rows(); ++r)
    for (Index c = 0; c < x.cols(); ++c) {
      const double v = x(r, c);
      const double cdf = 0.5 * (1.0 + std::erf(v * kInverseSqrt2));  // Φ(v)
      const double pdf = kInverseSqrt2Pi * std::exp(-0.5 * v * v);    // φ(v)
      // gelu(v) = v·Φ(v), product rule: gelu'(v) = Φ(v) + v·Φ'(v) = Φ(v) + v·φ(v)
      dx(r, c) = static_cast<float>(dy(r, c) * (cdf + v * pdf));
    }
  return dx;
}

}  // namespace al
