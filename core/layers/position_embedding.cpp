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

}  // namespace al
