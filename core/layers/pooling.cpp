#include "core/layers/pooling.h"

#include <string>

#include "core/error.h"

namespace al {

namespace {

void requireTokens(const Matrix& x, const char* pooling) {
  if (x.rows() == 0)
    throw InputError(ErrorKind::EmptySentence, {}, std::string(pooling) + ": a sequence needs at least one token");
}

}  // namespace

Matrix MaxPool::forward(const Matrix& x, Cache& cache) const {
  requireTokens(x, "max pooling");
  cache.tokens = x.rows();
  cache.argMax.assign(static_cast<size_t>(x.cols()), 0);
  Matrix y = x.row(0);  // 1 x D, the best so far
  for (Index t = 1; t < x.rows(); ++t)
    for (Index d = 0; d < x.cols(); ++d)
      if (x(t, d) > y(0, d)) {  // strictly greater: the first token keeps a tie
        y(0, d) = x(t, d);
        cache.argMax[static_cast<size_t>(d)] = t;
      }
  return y;
}

Matrix MaxPool::backward(const Cache& cache, const Matrix& dy) const {
  // Y[d] = X[argmax_d, d]  =>  dX[t,d] = dY[d] if t = argmax_d, else 0
  Matrix dx = Matrix::Zero(cache.tokens, dy.cols());  // T x D
  for (Index d = 0; d < dy.cols(); ++d) dx(cache.argMax[static_cast<size_t>(d)], d) = dy(0, d);
  return dx;
}

Matrix MeanPool::forward(const Matrix& x, Cache& cache) const {
  requireTokens(x, "mean pooling");
  cache.tokens = x.rows();
  return x.colwise().mean();  // 1 x D
}

Matrix MeanPool::backward(const Cache& cache, const Matrix& dy) const {
  // Y = Σ_t X[t] / T  =>  dX[t] = dY / T for every token t
  return dy.replicate(cache.tokens, 1) / static_cast<float>(cache.tokens);  // T x D
}

// ---------------------------------------------------------------------------------------------------------
// The references: the formulas of the header, one feature at a time.

namespace {

// The first token holding the largest value of feature d.
Index winnerOf(const Matrix& x, Index d) {
  Index winner = 0;
  for (Index t = 1; t < x.rows(); ++t)
    if (x(t, d) > x(winner, d)) winner = t;
  return winner;
}

}  // namespace

Matrix maxPoolReference(const Matrix& x) {
  Matrix y(1, x.cols());  // 1 x D
  for (Index d = 0; d < x.cols(); ++d) y(0, d) = x(winnerOf(x, d), d);
  return y;
}

Matrix maxPoolBackwardReference(const Matrix& x, const Matrix& dy) {
  // Only the winner's value reached Y[d]: moving any other token's value a little changes nothing.
  Matrix dx = Matrix::Zero(x.rows(), x.cols());  // T x D
  for (Index d = 0; d < x.cols(); ++d) dx(winnerOf(x, d), d) = dy(0, d);
  return dx;
}

Matrix meanPoolReference(const Matrix& x) {
  Matrix y(1, x.cols());  // 1 x D
  for (Index d = 0; d < x.cols(); ++d) {
    double sum = 0;
    for (Index t = 0; t < x.rows(); ++t) sum += x(t, d);
    y(0, d) = static_cast<float>(sum / static_cast<double>(x.rows()));
  }
  return y;
}

Matrix meanPoolBackwardReference(Index tokens, const Matrix& dy) {
  Matrix dx(tokens, dy.cols());  // T x D
  for (Index t = 0; t < tokens; ++t)
    for (Index d = 0; d < dy.cols(); ++d) dx(t, d) = static_cast<float>(double(dy(0, d)) / static_cast<double>(tokens));
  return dx;
}

}  // namespace al
