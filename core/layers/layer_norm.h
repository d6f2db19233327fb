#pragma once
// Layer normalization: every token is normalized over its own D features, then scaled and shifted by
// learned gamma and beta. It needs no batch statistics, so training and evaluation compute the same thing
// and a sequence of one token works as well as a batch of a thousand.
//   mean_t = Σ_d X[t,d] / D,   var_t = Σ_d (X[t,d] - mean_t)² / D   (biased)
//   X̂ = (X - mean_t) / √(var_t + ε),   Y = X̂ ⊙ gamma + beta
//
// Dimension key (core/tensor.h): T tokens, D model width.
#include <string>

#include "core/layers/layer.h"

namespace al {

class LayerNorm {
 public:
  struct Cache {
    Matrix normalized;            // T x D, X̂
    Eigen::VectorXf inverseStd;  // T, 1 / √(var_t + ε)
  };

  // Registers name + ".gamma" and ".beta", both [D].
  LayerNorm(ParameterSet& params, const std::string& name, Index width, float epsilon);

  void initialize(ParameterSet& params) const;  // gamma 1, beta 0

  Matrix forward(const ParameterSet& params, const Matrix& x, Cache& cache) const;  // T x D -> T x D
  Matrix backward(const ParameterSet& params, const Cache& cache, const Matrix& dy, Gradients& grads) const;

  Index width() const { return width_; }
  float epsilon() const { return epsilon_; }
  int gammaSlot() const { return gamma_; }
  int betaSlot() const { return beta_; }

 private:
  Index width_;
  float epsilon_;
  int gamma_, beta_;
};

}  // namespace al
