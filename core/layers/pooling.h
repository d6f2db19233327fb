#pragma once
// Global pooling over the T tokens of a sequence: one D-wide summary of the whole review.
//   MaxPool:  Y[d] = max_t X[t,d]        (the strongest evidence for each feature, wherever it is)
//   MeanPool: Y[d] = Σ_t X[t,d] / T      (every token counts equally)
//
// Dimension key (core/tensor.h): T tokens (at least one), D model width.
#include <vector>

#include "core/tensor.h"

namespace al {

struct MaxPool {
  struct Cache {
    Index tokens = 0;             // T
    std::vector<Index> argMax;   // D: the token that won each feature (the first one on ties)
  };

  Matrix forward(const Matrix& x, Cache& cache) const;        // T x D -> 1 x D
  Matrix backward(const Cache& cache, const Matrix& dy) const;  // 1 x D -> T x D
};

struct MeanPool {
  struct Cache {
    Index tokens = 0;  // T
  };

  Matrix forward(const Matrix& x, Cache& cache) const;        // T x D -> 1 x D
  Matrix backward(const Cache& cache, const Matrix& dy) const;  // 1 x D -> T x D
};

// Both poolings with plain loops, one feature at a time: the test oracles of forward and backward, and the
// versions to read first. x has at least one token (forward checks it, the references do not).
//   Y[d] = max_t X[t][d]                                                   T x D  ->  1 x D
Matrix maxPoolReference(const Matrix& x);
//   dX[t][d] = dY[d] for the first token t holding feature d's maximum, 0 for the others
Matrix maxPoolBackwardReference(const Matrix& x, const Matrix& dy);
//   Y[d] = Σ_t X[t][d] / T                                                 T x D  ->  1 x D
Matrix meanPoolReference(const Matrix& x);
//   dX[t][d] = dY[d] / T                                                   1 x D  ->  T x D
Matrix meanPoolBackwardReference(Index tokens, const Matrix& dy);

}  // namespace al
