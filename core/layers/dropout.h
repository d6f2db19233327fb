#pragma once
// Inverted dropout: in training each element is zeroed with probability `rate` and the survivors are scaled
// by 1/(1-rate), so that the expected value is unchanged and evaluation needs no rescaling at all.
// In evaluation (or with rate 0) it is the identity.
#include "core/layers/layer.h"

namespace al {

struct Dropout {
  float rate = 0.0f;  // probability of dropping an element, in [0, 1)

  struct Cache {
    Matrix mask;  // same shape as X: 0 or 1/(1-rate); empty when dropout was the identity
  };

  // Draws the mask from rng (so a fixed Rng gives a fixed mask). Throws InputError for a rate outside [0, 1).
  Matrix forward(const Matrix& x, Mode mode, Rng& rng, Cache& cache) const;
  Matrix backward(const Cache& cache, const Matrix& dy) const;
};

}  // namespace al
