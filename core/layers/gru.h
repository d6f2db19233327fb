#pragma once
// Gated recurrent unit (GRU), Keras flavour with reset_after = true, as in the model file contract.
//
// Dimension key (core/tensor.h): B rows processed together (independent sequences at the same time step),
// T time steps of one sequence, U units, and `in` the width of one input vector.
//
// Tensors: "<name>.kernel" [in, 3U], "<name>.recurrent_kernel" [U, 3U], "<name>.bias" [2, 3U]. The 3U columns
// are the gates [z | r | h]; bias row 0 is added to the input side, row 1 to the recurrent side.
//
//   x_* = x·W_* + b0_*        h_* = h·U_* + b1_*
//   z = σ(x_z + h_z)          update gate: how much of the old state to keep
//   r = σ(x_r + h_r)          reset gate: how much of the old state the candidate may see
//   ĥ = tanh(x_h + r ⊙ h_h)  candidate state
//   h' = z ⊙ h + (1 - z) ⊙ ĥ
//
// Two ways to use it:
// - forward/backward over one whole sequence (T x in -> T x U, starting from a zero state): the layer contract
//   of layer.h, used by the gradient check and by anything that has nothing to do between steps.
// - step/stepBackward on B rows at once, for models that do work between steps (the attention decoder) or that
//   batch several sequences together. stepBackward does not touch the parameter gradients: the caller stacks the
//   per-step inputs and gate gradients of many steps and hands them to addParameterGradients, which then needs
//   one large matrix product per tensor instead of one small one per step.
// - projectInputs/stepProjected/inputGradient: the input side x·W does not depend on the state, so a model that
//   knows the inputs of every step in advance (the encoder's embeddings) computes x·W for all steps in one
//   product before the recurrence, and dL/dx in one product after it, as cuDNN and PyTorch do. Only h·U stays
//   inside the loop. Per-step products of a few rows pay for packing the whole weight matrix each time.
#include <string>
#include <vector>

#include "core/layers/layer.h"

namespace al {

class Gru {
 public:
  // What one step keeps for its backward pass.
  struct StepCache {
    Matrix input;              // B x in    x
    Matrix state;              // B x U     h (the state before the step)
    Matrix update;             // B x U     z
    Matrix reset;              // B x U     r
    Matrix candidate;          // B x U     ĥ
    Matrix recurrentCandidate; // B x U     h_h = h·U_h + b1_h (before the reset gate multiplies it)
  };

  // Gradients of one step, for the loss L, given dL/dh'.
  struct StepGradients {
    Matrix input;           // B x in   dL/dx
    Matrix state;           // B x U    dL/dh (the state before the step)
    Matrix inputGates;      // B x 3U   dL/d(x·W + b0)
    Matrix recurrentGates;  // B x 3U   dL/d(h·U + b1)
  };

  struct Cache {
    std::vector<StepCache> steps;  // T
  };

  // Registers "<name>.kernel" [in, 3U], "<name>.recurrent_kernel" [U, 3U] and "<name>.bias" [2, 3U].
  Gru(ParameterSet& params, const std::string& name, Index in, Index units);

  // As Keras: Glorot-uniform kernel, orthogonal recurrent kernel, zero bias.
  void initialize(ParameterSet& params, Rng& rng) const;

  // One time step for B rows: x (B x in), h (B x U) -> h' (B x U).
  Matrix step(const ParameterSet& params, const Matrix& x, const Matrix& h, StepCache& cache) const;
  // x·W[from : from + k] (no bias) for N rows at once: x (N x k) -> N x 3U. With from = 0 and k = in, plus
  // bias row 0, it is the input side of step for every row.
  Matrix projectInputs(const ParameterSet& params, const Matrix& x, Index from = 0) const;
  // step with the input side given: inputGates = x·W + b0 (B x 3U), h (B x U) -> h' (B x U). Leaves cache.input
  // to the caller (addParameterGradients needs the inputs).
  Matrix stepProjected(const ParameterSet& params, const Matrix& inputGates, const Matrix& h, StepCache& cache) const;
  // dL/dh' (B x U) -> the gradients of the step's inputs and gates. Parameters: see addParameterGradients.
  // Only the first inputColumns columns of dL/dx are computed (all when negative); the rest can come later, for
  // all steps at once, from inputGradient.
  StepGradients stepBackward(const ParameterSet& params, const StepCache& cache, const Matrix& dNextState,
                             Index inputColumns = -1) const;
  // dL/dx[:, from : from + k] from the input-gate gradients of N rows: dInputGates (N x 3U) -> N x k.
  Matrix inputGradient(const ParameterSet& params, const Matrix& dInputGates, Index from, Index k) const;
  // Adds the parameter gradients of many steps at once; row i of every matrix belongs to the same step row:
  // inputs (N x in), states (N x U), inputGates and recurrentGates (N x 3U) from stepBackward.
  void addParameterGradients(const Matrix& inputs, const Matrix& states, const Matrix& inputGates,
                             const Matrix& recurrentGates, Gradients& grads) const;

  // The whole sequence from a zero state: X (T x in) -> the states after every step (T x U).
  Matrix forward(const ParameterSet& params, const Matrix& x, Cache& cache) const;
  // dL/dY (T x U) -> dL/dX (T x in); adds the parameter gradients.
  Matrix backward(const ParameterSet& params, const Cache& cache, const Matrix& dy, Gradients& grads) const;

  // Plain-loop version of step for one row (no Eigen products): the test oracle, and the one to read first.
  static RowVector stepReference(const ParameterSet& params, const Gru& gru, const RowVector& x, const RowVector& h);
  // Plain-loop version of backward over a whole sequence from a zero state, in double (the test oracle of
  // backward): it runs the steps again from X (T x in), then goes back through time, one step and one unit at a
  // time. dY (T x U) -> dX (T x in); adds the gradients of the kernel, the recurrent kernel and the bias.
  static Matrix backwardReference(const ParameterSet& params, const Gru& gru, const Matrix& x, const Matrix& dy,
                                  Gradients& grads);

  Index in() const { return in_; }
  Index units() const { return units_; }
  int kernelSlot() const { return kernel_; }
  int recurrentKernelSlot() const { return recurrentKernel_; }
  int biasSlot() const { return bias_; }

 private:
  Index in_, units_;
  int kernel_, recurrentKernel_, bias_;
};

// Fills a [rows, cols] matrix with an orthogonal one (rows or columns orthonormal), as Keras' Orthogonal.
void initOrthogonal(MatrixMap matrix, Rng& rng);

// a·bᵀ, the backward pass's dY·Wᵀ. Same numbers as `a * b.transpose()`, but computed into a column-major
// temporary: Eigen then packs the large b in its fast layout (about 1.5x faster for the GRU's 32 x 3072 by
// 3072 x 1280 products, where packing the weights costs as much as multiplying).
Matrix timesTransposed(const Matrix& a, const ConstMatrixMap& b);

}  // namespace al
