#pragma once
// Learned position embedding: one D-wide vector per position, added to the token embeddings so that
// attention (which by itself ignores order) can tell "not good" from "good, not".
//   Y = X + P[0..T-1]
//
// Dimension key (core/tensor.h): T tokens of the sequence, D model width; L below is the table length
// (the model's sequence_length).
#include <string>

#include "core/layers/layer.h"

namespace al {

class PositionEmbedding {
 public:
  // Registers exactly `name` (e.g. "embedding.position") with shape [sequenceLength, width].
  PositionEmbedding(ParameterSet& params, const std::string& name, Index sequenceLength, Index width);

  void initialize(ParameterSet& params, Rng& rng) const;  // uniform(-0.05, 0.05), as Keras does

  // x: T x D with T <= L (else InputError) -> T x D.
  Matrix forward(const ParameterSet& params, const Matrix& x) const;
  // Adds dY into the first T rows of the table; returns dX = dY (the addition passes it through).
  Matrix backward(const ParameterSet& params, Index tokens, const Matrix& dy, Gradients& grads) const;

  Index sequenceLength() const { return length_; }
  Index width() const { return width_; }
  int tableSlot() const { return table_; }

 private:
  std::string name_;
  Index length_, width_;
  int table_;
};

// The same layer with plain loops: the test oracle of forward and backward, and the version to read first.
// The sequence must fit the table (T <= L: forward checks it, the reference does not).
//   Y[t][d] = X[t][d] + P[t][d]                                             T x D  ->  T x D
Matrix positionEmbeddingReference(const ParameterSet& params, const PositionEmbedding& layer, const Matrix& x);
//   dX[t][d] = dY[t][d],   dP[t][d] += dY[t][d] for the first T positions   dX returned, dP added into grads
Matrix positionEmbeddingBackwardReference(const PositionEmbedding& layer, const Matrix& dy, Gradients& grads);

}  // namespace al
