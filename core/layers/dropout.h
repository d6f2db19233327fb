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

// The same layer with plain loops: the test oracle of forward and backward, and the version to read first.
// In training, one draw u from rng per element, row by row (so the same rng state gives forward's mask):
//   Y[i] = X[i] / (1 - rate) if u >= rate (kept), else 0 (dropped)
// In evaluation, or with rate 0, Y = X and nothing is drawn. `kept`, when given, receives 1 for every kept
// element and 0 for every dropped one (empty when nothing was dropped on purpose: the identity).
Matrix dropoutReference(const Dropout& layer, const Matrix& x, Mode mode, Rng& rng, Matrix* kept = nullptr);
//   dX[i] = dY[i] / (1 - rate) where kept, else 0;  an empty `kept`: dX = dY
Matrix dropoutBackwardReference(const Dropout& layer, const Matrix& kept, const Matrix& dy);

}  // namespace al
