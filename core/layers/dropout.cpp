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

}  // namespace al
