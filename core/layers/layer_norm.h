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

// The same layer with plain loops and double sums, one token at a time: the test oracle of forward and backward,
// and the version to read first.
//   the formulas at the top                                                T x D  ->  T x D
Matrix layerNormReference(const ParameterSet& params, const LayerNorm& layer, const Matrix& x);
// Backward from the input X itself (the statistics are computed again), per token t, with g = dY[t] ⊙ gamma:
//   dgamma[d] += Σ_t dY[t][d]·X̂[t][d],   dbeta[d] += Σ_t dY[t][d]          added into grads
//   dX[t][d] = (g[d] - mean_d(g) - X̂[t][d]·mean_d(g ⊙ X̂[t])) / √(var_t + ε)   T x D, returned
// (the two means are how mean_t and var_t, which every feature of the token moved, pass the gradient on).
Matrix layerNormBackwardReference(const ParameterSet& params, const LayerNorm& layer, const Matrix& x,
                                  const Matrix& dy, Gradients& grads);

}  // namespace al
