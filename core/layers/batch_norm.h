#pragma once
// Batch normalization over the tokens of a batch: every feature d is normalized with the mean and variance
// of that feature over all N real tokens of all B sequences (padding never counts, because it is never
// computed), then scaled and shifted by learned gamma and beta.
//   Train:  mean_d = Σ_n X[n,d] / N,   var_d = Σ_n (X[n,d] - mean_d)² / N   (biased)
//   Eval:   mean_d, var_d = the moving statistics
//   X̂ = (X - mean_d) / √(var_d + ε),   Y = X̂ ⊙ gamma + beta
// After a training batch, updateMovingStatistics() does m = momentum·m + (1 - momentum)·batch statistic.
//
// Unlike layer norm, a token's output depends on the other sequences of the batch in training, and on the
// moving statistics in evaluation: the two modes compute different things. Comparing both is a lesson.
//
// Dimension key (core/tensor.h): B sequences, T tokens of one sequence, N tokens of the batch, D model width.
#include <string>
#include <vector>

#include "core/layers/layer.h"

namespace al {

// B sequences of T_b x D -> one N x D matrix, sequences one after another (the order of the batch's N tokens).
// Throws al::InputError, naming `what` and its index, for a sequence whose width is not `width`.
Matrix stackSequences(const std::vector<Matrix>& xs, Index width, const char* what = "sequence");

class BatchNorm {
 public:
  struct Cache {
    Mode mode = Mode::Train;
    std::vector<Index> lengths;  // B: T of every sequence, to split the batch again
    Matrix normalized;           // N x D, X̂ of all tokens stacked in order
    RowVector mean;              // 1 x D, the statistics used (batch's in Train, moving in Eval)
    RowVector variance;          // 1 x D
    RowVector inverseStd;        // 1 x D, 1 / √(var + ε)
  };

  // Registers name + ".gamma", ".beta" (trainable) and ".moving_mean", ".moving_variance" (state), all [D].
  BatchNorm(ParameterSet& params, const std::string& name, Index width, float epsilon, float momentum);

  void initialize(ParameterSet& params) const;  // gamma 1, beta 0, moving mean 0, moving variance 1

  // xs: B sequences, each T_b x D -> B sequences of the same shapes.
  std::vector<Matrix> forwardBatch(const ParameterSet& params, const std::vector<Matrix>& xs, Mode mode,
                                   Cache& cache) const;
  // dys: B sequences, each T_b x D -> dXs; adds dgamma and dbeta into grads.
  std::vector<Matrix> backwardBatch(const ParameterSet& params, const Cache& cache, const std::vector<Matrix>& dys,
                                    Gradients& grads) const;
  // m = momentum·m + (1 - momentum)·batch statistic, for mean and (biased) variance. Needs a Train cache.
  void updateMovingStatistics(ParameterSet& params, const Cache& cache) const;

  // A batch of one sequence.
  Matrix forward(const ParameterSet& params, const Matrix& x, Mode mode, Cache& cache) const;
  Matrix backward(const ParameterSet& params, const Cache& cache, const Matrix& dy, Gradients& grads) const;

  Index width() const { return width_; }
  float epsilon() const { return epsilon_; }
  float momentum() const { return momentum_; }
  int gammaSlot() const { return gamma_; }
  int betaSlot() const { return beta_; }
  int movingMeanSlot() const { return movingMean_; }
  int movingVarianceSlot() const { return movingVariance_; }

 private:
  Index width_;
  float epsilon_, momentum_;
  int gamma_, beta_, movingMean_, movingVariance_;
};

// The same layer with plain loops and double sums, one feature at a time over every token of every sequence:
// the test oracles of forward, backward and the moving statistics, and the versions to read first. Every
// sequence must be D wide, and a training batch must hold a token (forwardBatch checks both, these do not).
//   the formulas at the top                                    xs: B sequences of T_b x D  ->  the same shapes
std::vector<Matrix> batchNormReference(const ParameterSet& params, const BatchNorm& layer,
                                       const std::vector<Matrix>& xs, Mode mode);
// Backward from the inputs themselves (the statistics are computed again). Per feature d, with g = dY ⊙ gamma
// over the N tokens of the batch:
//   dgamma[d] += Σ_n dY[n][d]·X̂[n][d],   dbeta[d] += Σ_n dY[n][d]                      added into grads
//   Train: dX[n][d] = (g[n] - mean_n(g) - X̂[n][d]·mean_n(g ⊙ X̂[., d])) / √(var_d + ε)  (the statistics moved)
//   Eval:  dX[n][d] = g[n] / √(var_d + ε)                                  (the moving statistics are constants)
std::vector<Matrix> batchNormBackwardReference(const ParameterSet& params, const BatchNorm& layer,
                                               const std::vector<Matrix>& xs, Mode mode,
                                               const std::vector<Matrix>& dys, Gradients& grads);
// After a training batch xs: m = momentum·m + (1 - momentum)·batch statistic, for the mean and the variance.
void batchNormMovingStatisticsReference(ParameterSet& params, const BatchNorm& layer, const std::vector<Matrix>& xs);

}  // namespace al
