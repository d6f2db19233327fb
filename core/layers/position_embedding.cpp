#include "core/layers/position_embedding.h"

#include "core/error.h"

namespace al {

PositionEmbedding::PositionEmbedding(ParameterSet& params, const std::string& name, Index sequenceLength, Index width)
    : name_(name), length_(sequenceLength), width_(width), table_(params.add(name, {sequenceLength, width})) {}

void PositionEmbedding::initialize(ParameterSet& params, Rng& rng) const {
  initUniform(params.value(table_), 0.05f, rng);
}

Matrix PositionEmbedding::forward(const ParameterSet& params, const Matrix& x) const {
  if (x.rows() > length_ || x.cols() != width_)
    throw InputError(ErrorKind::SentenceTooLong,
                     {.expected = std::to_string(length_), .found = std::to_string(x.rows())},
                     name_ + ": got a sequence of " + std::to_string(x.rows()) + " x " + std::to_string(x.cols()) +
                     ", expected at most " + std::to_string(length_) + " tokens of width " + std::to_string(width_));
  return x + params.value(table_).topRows(x.rows());  // T x D
}

Matrix PositionEmbedding::backward(const ParameterSet&, Index tokens, const Matrix& dy, Gradients& grads) const {
  // Y = X + P[0..T-1]  =>  dP[0..T-1] = dY,  dX = dY
  grads[table_].topRows(tokens) += dy;
  return dy;
}

// ---------------------------------------------------------------------------------------------------------
// The reference: the formulas of the header, one loop at a time.

Matrix positionEmbeddingReference(const ParameterSet& params, const PositionEmbedding& layer, const Matrix& x) {
  const ConstMatrixMap table = params.value(layer.tableSlot());  // L x D
  Matrix y(x.rows(), x.cols());                                  // T x D
  for (Index t = 0; t < x.rows(); ++t)
    for (Index d = 0; d < x.cols(); ++d) y(t, d) = x(t, d) + table(t, d);  // token t gets position t's vector
  return y;
}

Matrix positionEmbeddingBackwardReference(const PositionEmbedding& layer, const Matrix& dy, Gradients& grads) {
  MatrixMap dtable = grads[layer.tableSlot()];  // L x D; positions past T were not used and get nothing
  Matrix dx(dy.rows(), dy.cols());              // T x D
  for (Index t = 0; t < dy.rows(); ++t)
    for (Index d = 0; d < dy.cols(); ++d) {
      dtable(t, d) += dy(t, d);  // an addition passes its gradient to both of its terms
      dx(t, d) = dy(t, d);
    }
  return dx;
}

}  // namespace al
