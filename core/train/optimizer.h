#pragma once
// Optimizers: one loop over the model's parameter buffer. State (moving averages) is indexed like the
// buffer, and the step count is passed in, so an optimizer holds nothing that depends on pointers.
#include <memory>
#include <string>
#include <vector>

#include "core/parameters.h"

namespace al {

struct OptimizerSettings {
  std::string name = "rmsprop";  // rmsprop | adam | sgd
  float learningRate = 1e-3f;
  // RMSprop (Keras defaults): rho 0.9, epsilon 1e-7.  Adam: beta1 0.9, beta2 0.999, epsilon 1e-7.
  float rho = 0.9f;
  float beta1 = 0.9f;
  float beta2 = 0.999f;
  float epsilon = 1e-7f;
};

class Optimizer {
 public:
  virtual ~Optimizer() = default;
  // Applies one update to every trainable parameter. step counts from 1.
  virtual void update(ParameterSet& params, const Gradients& grads, long step) = 0;
};

// Plain gradient descent: w -= lr * g.
class Sgd : public Optimizer {
 public:
  explicit Sgd(float learningRate) : lr_(learningRate) {}
  void update(ParameterSet& params, const Gradients& grads, long step) override;

 private:
  float lr_;
};

// RMSprop as in Keras: a = rho*a + (1-rho)*g²;  w -= lr * g / (sqrt(a) + eps).
//
// A row of a table whose gradient is all zero (a word the batch did not contain: most of the 20,000 rows of the
// token table) keeps its weights, since w -= lr * 0 / (...) changes nothing, and only its a decays by rho. The
// update skips such rows and applies the decays it owes, rho^k at once, when the row next has a gradient. That
// leaves a few thousand rows of work per batch instead of 20,000, and the same weights.
class RmsProp : public Optimizer {
 public:
  RmsProp(float learningRate, float rho, float epsilon) : lr_(learningRate), rho_(rho), eps_(epsilon) {}
  void update(ParameterSet& params, const Gradients& grads, long step) override;

 private:
  // One row of `cols` values starting at `first` in the buffers, whose index among all rows is `row`.
  void updateRow(float* w, const float* g, size_t first, size_t cols, Index row, long step);

  float lr_, rho_, eps_;
  FloatBuffer meanSquare_;             // like the parameter buffer
  std::vector<long> rowLastUpdated_;   // one per row of every tensor in the buffer: the step that last decayed a
  std::vector<Index> firstRow_;        // slot -> index of its first row in rowLastUpdated_
};

// Adam as in Keras: m = b1*m + (1-b1)*g;  v = b2*v + (1-b2)*g²;
// w -= lr * sqrt(1-b2^t)/(1-b1^t) * m / (sqrt(v) + eps).
class Adam : public Optimizer {
 public:
  Adam(float learningRate, float beta1, float beta2, float epsilon) : lr_(learningRate), b1_(beta1), b2_(beta2), eps_(epsilon) {}
  void update(ParameterSet& params, const Gradients& grads, long step) override;

 private:
  float lr_, b1_, b2_, eps_;
  FloatBuffer m_, v_;  // like the parameter buffer
};

// Throws std::invalid_argument for an unknown name.
std::unique_ptr<Optimizer> makeOptimizer(const OptimizerSettings& settings);

}  // namespace al
