#pragma once
// One finite-difference gradient checker for every layer.
//
// The loss is L = Σ Y ⊙ R for a fixed random upstream gradient R, so dL/dY = R. Every parameter and every
// input element is nudged by ±h and the central difference (L(+h) - L(-h)) / 2h is compared with what the
// layer's backward pass returned, as one relative error over the whole tensor:
//   |numeric - analytic| / max(|numeric| + |analytic|, tiny)   (Euclidean norms)
#include <algorithm>
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "core/parameters.h"
#include "core/random.h"
#include "core/tensor.h"

namespace al::test {

struct LayerUnderTest {
  ParameterSet params;
  Matrix input;
  // Pure forward pass (training mode where it matters, with a fixed dropout mask).
  std::function<Matrix(const ParameterSet&, const Matrix&)> forward;
  // Forward then backward: returns dL/dX for upstream dy, adds parameter gradients into grads.
  std::function<Matrix(const ParameterSet&, const Matrix&, const Matrix& dy, Gradients&)> backward;
  bool checkInput = true;  // false when the input is discrete (token ids)
  // Tensors whose gradient is exactly zero by the mathematics (attention's key bias: softmax ignores a shift
  // of a whole row). A relative error of float noise against zero means nothing, so for these the report holds
  // the larger Euclidean norm of the numeric and analytic gradients: both must be ~0.
  std::vector<std::string> zeroGradient;
  // The finite-difference step. A whole model is more curved than one layer (ReLU kinks, normalizations):
  // a smaller step keeps the central difference's truncation error below the tolerance.
  float step = 1e-2f;
  // The largest relative error accepted. A whole model in float32 has a noise floor of about 1e-2 on its
  // smallest gradients (attention's query and key kernels): rounding grows with the depth, and a larger step
  // meets ReLU kinks. A mistake in how the parts are wired (a missing factor, a row scattered to the wrong
  // place, a dropout mask forgotten) is off by far more.
  double tolerance = 2e-3;
};

struct GradientReport {
  std::string tensor;  // "input" or a parameter name
  double relativeError = 0;
};

inline double relativeError(const std::vector<double>& a, const std::vector<double>& b) {
  double diff = 0, na = 0, nb = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    diff += (a[i] - b[i]) * (a[i] - b[i]);
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  const double denom = std::max(std::sqrt(na) + std::sqrt(nb), 1e-7);
  return std::sqrt(diff) / denom;
}

inline double norm(const std::vector<double>& a) {
  double sum = 0;
  for (double v : a) sum += v * v;
  return std::sqrt(sum);
}

// Returns one report per checked tensor (the input first, then every trainable parameter).
inline std::vector<GradientReport> checkGradients(LayerUnderTest& layer, float h = 1e-2f, uint64_t seed = 7) {
  Rng rng(seed);
  Matrix y = layer.forward(layer.params, layer.input);
  Matrix upstream(y.rows(), y.cols());  // dL/dY = R
  for (Index i = 0; i < upstream.size(); ++i) upstream.data()[i] = rng.uniform(-1.0f, 1.0f);

  auto loss = [&](const ParameterSet& p, const Matrix& x) {
    const Matrix out = layer.forward(p, x);
    return (out.cast<double>().array() * upstream.cast<double>().array()).sum();
  };

  Gradients grads(layer.params);
  const Matrix dx = layer.backward(layer.params, layer.input, upstream, grads);

  std::vector<GradientReport> reports;
  if (layer.checkInput) {
    std::vector<double> numeric, analytic;
    Matrix x = layer.input;
    for (Index i = 0; i < x.size(); ++i) {
      const float saved = x.data()[i];
      x.data()[i] = saved + h;
      const double up = loss(layer.params, x);
      x.data()[i] = saved - h;
      const double down = loss(layer.params, x);
      x.data()[i] = saved;
      numeric.push_back((up - down) / (2.0 * h));
      analytic.push_back(dx.data()[i]);
    }
    reports.push_back({"input", relativeError(numeric, analytic)});
  }
  for (size_t s = 0; s < layer.params.tensors().size(); ++s) {
    const ParameterInfo& info = layer.params.tensors()[s];
    if (!info.trainable) continue;
    std::vector<double> numeric, analytic;
    ParameterSet p = layer.params;
    for (Index i = 0; i < info.size(); ++i) {
      float& w = p.data()[static_cast<size_t>(info.offset + i)];
      const float saved = w;
      w = saved + h;
      const double up = loss(p, layer.input);
      w = saved - h;
      const double down = loss(p, layer.input);
      w = saved;
      numeric.push_back((up - down) / (2.0 * h));
      analytic.push_back(grads.data()[static_cast<size_t>(info.offset + i)]);
    }
    const bool zero = std::find(layer.zeroGradient.begin(), layer.zeroGradient.end(), info.name) != layer.zeroGradient.end();
    reports.push_back({info.name, zero ? std::max(norm(numeric), norm(analytic)) : relativeError(numeric, analytic)});
  }
  return reports;
}

inline Matrix randomMatrix(Index rows, Index cols, Rng& rng, float scale = 1.0f) {
  Matrix m(rows, cols);
  for (Index i = 0; i < m.size(); ++i) m.data()[i] = rng.uniform(-scale, scale);
  return m;
}

}  // namespace al::test
