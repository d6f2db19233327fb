#pragma once
// Dense (fully connected) layer: Y = X·W + b, applied to every token (row) of a sequence.
#include <string>

#include "core/layers/layer.h"

namespace al {

class Dense {
 public:
  struct Cache {
    Matrix input;  // T x in
  };

  // Registers "<name>.kernel" [in, out] and "<name>.bias" [out].
  Dense(ParameterSet& params, const std::string& name, Index in, Index out);

  void initialize(ParameterSet& params, Rng& rng) const;  // Glorot kernel, zero bias

  Matrix forward(const ParameterSet& params, const Matrix& x, Cache& cache) const;  // T x in -> T x out
  Matrix backward(const ParameterSet& params, const Cache& cache, const Matrix& dy, Gradients& grads) const;

  Index in() const { return in_; }
  Index out() const { return out_; }
  int kernelSlot() const { return kernel_; }
  int biasSlot() const { return bias_; }

 private:
  Index in_, out_;
  int kernel_, bias_;
};

// The same layer with plain loops and double sums, no matrix library: the test oracle of forward and backward,
// and the version to read first.
//   Y[t][j] = b[j] + Σ_i X[t][i]·W[i][j]                                    x: T x in  ->  T x out
Matrix denseReference(const ParameterSet& params, const Dense& layer, const Matrix& x);
//   dX[t][i] = Σ_j dY[t][j]·W[i][j]                                         T x in, returned
//   dW[i][j] += Σ_t X[t][i]·dY[t][j],   db[j] += Σ_t dY[t][j]               added into grads
Matrix denseBackwardReference(const ParameterSet& params, const Dense& layer, const Matrix& x, const Matrix& dy,
                              Gradients& grads);

}  // namespace al
