#pragma once
// Additive (Bahdanau) attention: a decoder state s looks at the S encoder outputs O and takes their weighted sum.
//
// Dimension key (core/tensor.h): S source tokens, U GRU units (width of s and of each O_j), A attention units,
// B decoder rows processed together.
//
//   e_j = V·tanh(s·W1 + b1 + O_j·W2 + b2) + bV     one score per source token (1 x S)
//   a   = softmax_j(e)                              the alignment: where the decoder looks (sums to 1)
//   c   = Σ_j a_j O_j                                the context vector (1 x U)
//
// Tensors: "<name>.W1.kernel" [U, A] / ".bias" [A] (decoder state), "<name>.W2.kernel" [U, A] / ".bias" [A]
// (encoder outputs), "<name>.V.kernel" [A, 1] / ".bias" [1].
//
// The work splits in three parts, so that a decoder can do the big products once for many rows and steps:
//   keys    = projectKeys(O)      O·W2 + b2, once per source sentence (S x A)
//   queries = projectQueries(s)   s·W1 + b1, once per step for all B rows (B x A)
//   c       = attend(query, keys, O)   the scores, the softmax and the weighted sum for one row
// Each part has its backward; attendBackward adds into dKeys and dO, which the caller hands to
// projectKeysBackward once per sentence.
// forward/backward below chain the three parts for one query, for the gradient check and for teaching.
#include <string>

#include "core/layers/dense.h"
#include "core/layers/layer.h"

namespace al {

class AdditiveAttention {
 public:
  // What attend keeps for its backward pass.
  struct StepCache {
    Matrix activations;  // S x A   tanh(q + keys_j)
    RowVector scores;    // 1 x S   e, as the softmax sees them (bV left out: it shifts all alike, see attend)
    RowVector weights;   // 1 x S   a
  };

  // Registers the six tensors above.
  AdditiveAttention(ParameterSet& params, const std::string& name, Index units, Index attentionUnits);

  void initialize(ParameterSet& params, Rng& rng) const;  // Glorot kernels, zero biases

  Matrix projectKeys(const ParameterSet& params, const Matrix& outputs) const;    // S x U -> S x A
  Matrix projectQueries(const ParameterSet& params, const Matrix& states) const;  // B x U -> B x A
  // One row: query (1 x A), keys (S x A), outputs (S x U) -> context (1 x U); the weights are in cache.weights.
  RowVector attend(const ParameterSet& params, const RowVector& query, const Matrix& keys, const Matrix& outputs,
                   StepCache& cache) const;

  // dL/dc (1 x U) -> dL/dquery (1 x A). Adds dL/dkeys into dKeys (S x A), dL/dO into dOutputs (S x U) and the
  // gradients of V and bV into grads.
  RowVector attendBackward(const ParameterSet& params, const StepCache& cache, const Matrix& outputs,
                           const RowVector& dContext, Matrix& dKeys, Matrix& dOutputs, Gradients& grads) const;
  // dL/dqueries (B x A) -> dL/dstates (B x U); adds the gradients of W1 and b1.
  Matrix projectQueriesBackward(const ParameterSet& params, const Matrix& states, const Matrix& dQueries,
                                Gradients& grads) const;
  // dL/dkeys (S x A) -> dL/doutputs (S x U); adds the gradients of W2 and b2.
  Matrix projectKeysBackward(const ParameterSet& params, const Matrix& outputs, const Matrix& dKeys,
                             Gradients& grads) const;

  // One query over one sentence. Input rows: row 0 is the decoder state s, rows 1..S the encoder outputs O
  // ((1+S) x U). Output: the context (1 x U). Used by the gradient check.
  struct Cache {
    Matrix keys;  // S x A
    StepCache step;
  };
  Matrix forward(const ParameterSet& params, const Matrix& stateAndOutputs, Cache& cache) const;
  Matrix backward(const ParameterSet& params, const Matrix& stateAndOutputs, const Cache& cache,
                  const Matrix& dContext, Gradients& grads) const;

  // Plain-loop alignment weights for one query (the test oracle): s (1 x U), O (S x U) -> a (1 x S).
  RowVector weightsReference(const ParameterSet& params, const RowVector& state, const Matrix& outputs) const;
  // Plain-loop backward of forward for one query, in double (the test oracle of backward): the scores and weights
  // again from s and O, then back through c = Σ_j a_j O_j, the softmax, e_j = V·tanh(p_j) and
  // p_j = s·W1 + b1 + O_j·W2 + b2. stateAndOutputs ((1+S) x U), dL/dc (1 x U) -> dL/d(stateAndOutputs)
  // ((1+S) x U); adds the gradients of W1, b1, W2, b2 and V (bV gets none: it never changes a weight).
  Matrix backwardReference(const ParameterSet& params, const Matrix& stateAndOutputs, const Matrix& dContext,
                           Gradients& grads) const;

  Index units() const { return units_; }
  Index attentionUnits() const { return attentionUnits_; }

 private:
  Index units_, attentionUnits_;
  Dense w1_, w2_, v_;  // used for their tensors; the products are written out here
};

}  // namespace al
