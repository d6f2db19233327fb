#include "core/layers/layer.h"

#include <cmath>

namespace al {

void initGlorotUniform(MatrixMap kernel, Rng& rng) {
  const float limit = std::sqrt(6.0f / static_cast<float>(kernel.rows() + kernel.cols()));
  initUniform(kernel, limit, rng);
}

void initUniform(MatrixMap tensor, float limit, Rng& rng) {
  for (Index i = 0; i < tensor.size(); ++i) tensor.data()[i] = rng.uniform(-limit, limit);
}

}  // namespace al
