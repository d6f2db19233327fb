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

}  // namespace al
