#include "core/layers/dropout.h"

#include <string>

#include "core/error.h"

namespace al {

Matrix Dropout::forward(const Matrix& x, Mode mode, Rng& rng, Cache& cache) const {
  if (!(rate >= 0.0f && rate < 1.0f))
    throw InputError(ErrorKind::OptionInvalid, {.name = "dropout", .expected = "[0, 1)", .found = std::to_string(rate)},
                     "dropout rate " + std::to_string(rate) + " is outside [0, 1)");
  cache.mask.resize(0, 0);
  if (mode == Mode::Eval || rate == 0.0f) return x;

  const float keepScale = 1.0f / (1.0f - rate);
  cache.mask.resize(x.rows(), x.cols());
  for (Index i = 0; i < x.size(); ++i) cache.mask.data()[i] = rng.uniform() < rate ? 0.0f : keepScale;
  return x.cwiseProduct(cache.mask);
}

Matrix Dropout::backward(const Cache& cache, const Matrix& dy) const {
  // Y = X ⊙ M  =>  dX = dY ⊙ M   (no mask: the identity)
  if (cache.mask.size() == 0) return dy;
  return dy.cwiseProduct(cache.mask);
}

// ---------------------------------------------------------------------------------------------------------
// The reference: the formulas of the header, one element at a time.

Matrix dropoutReference(const Dropout& layer, const Matrix& x, Mode mode, Rng& rng, Matrix* kept) {
  if (kept) kept->resize(0, 0);
  if (mode == Mode::Eval || layer.rate == 0.0f) return x;  // the identity: nothing is drawn
  if (kept) kept->resize(x.rows(), x.cols());
  Matrix y(x.rows(), x.cols());
  for (Index r = 0; r < x.rows(); ++r)
    for (Index c = 0; c < x.cols(); ++c) {
      const bool keep = rng.uniform() >= layer.rate;
      // Dividing the survivors by the chance 1 - rate of surviving keeps the expected value of Y[i] at X[i].
      y(r, c) = keep ? static_cast<float>(double(x(r, c)) / (1.0 - layer.rate)) : 0.0f;
      if (kept) (*kept)(r, c) = keep ? 1.0f : 0.0f;
    }
  return y;
}

Matrix dropoutBackwardReference(const Dropout& layer, const Matrix& kept, const Matrix& dy) {
  if (kept.size() == 0) return dy;
  Matrix dx(dy.rows(), dy.cols());
  for (Index r = 0; r < dy.rows(); ++r)
    for (Index c = 0; c < dy.cols(); ++c)
      dx(r, c) = kept(r, c) != 0.0f ? static_cast<float>(double(dy(r, c)) / (1.0 - layer.rate)) : 0.0f;
  return dx;
}

}  // namespace al
