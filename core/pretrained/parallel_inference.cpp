#include "core/pretrained/parallel_inference.h"

#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <cmath>

namespace al::pretrained {

namespace {

constexpr Index kColumnGrain = 16;  // a block's width is a multiple of this: whole vector registers (AVX-512 floats)

// Products smaller than this many multiply-adds stay on one thread: a task costs more than it saves.
constexpr double kSmallProduct = 64.0 * 64.0 * 64.0;

// Calls f(first, count) for about one block of `columns` per thread of the arena, in parallel.
void forColumnBlocks(Index columns, double multiplyAdds, const std::function<void(Index, Index)>& f) {
  const Index threads = tbb::this_task_arena::max_concurrency();
  if (threads <= 1 || multiplyAdds < kSmallProduct) {
    f(0, columns);
    return;
  }
  const Index perThread = (columns + threads - 1) / threads;
  const Index perBlock = (perThread + kColumnGrain - 1) / kColumnGrain * kColumnGrain;
  const Index blocks = (columns + perBlock - 1) / perBlock;
  tbb::parallel_for(Index{0}, blocks, [&](Index block) {
    const Index first = block * perBlock;
    f(first, std::min(perBlock, columns - first));
  });
}

// y = x·w + b for the columns [first, first + count) of w, b and y, on the calling thread.
void affineColumns(ConstMatrixRef x, ConstMatrixRef w, ConstMatrixRef b, Matrix& y, Index first, Index count) {
  auto block = y.middleCols(first, count);  // T x count
  block.rowwise() = b.middleCols(first, count).row(0);
  // One row: a matrix-vector product reads W once; BLAS's matrix-matrix routine would first copy W's block
  // into its packed layout, several times slower for a generation step.
  if (x.rows() == 1) block.noalias() += x * w.middleCols(first, count);
  else multiply(x, Op::Plain, w.middleCols(first, count), Op::Plain, block, 1.0f, 1.0f);
}

}  // namespace

Matrix parallelAffine(ConstMatrixRef x, ConstMatrixRef w, ConstMatrixRef b) {
  Matrix y(x.rows(), w.cols());  // T x out
  const double work = static_cast<double>(x.rows()) * static_cast<double>(x.cols()) * static_cast<double>(w.cols());
  forColumnBlocks(w.cols(), work, [&](Index first, Index count) { affineColumns(x, w, b, y, first, count); });
  return y;
}

Matrix parallelAffine(ConstMatrixRef x, ConstMatrixRef w, ConstMatrixRef b, const std::function<void(MatrixRef)>& f) {
  Matrix y(x.rows(), w.cols());  // T x out
  const double work = static_cast<double>(x.rows()) * static_cast<double>(x.cols()) * static_cast<double>(w.cols());
  forColumnBlocks(w.cols(), work, [&](Index first, Index count) {
    affineColumns(x, w, b, y, first, count);
    f(y.middleCols(first, count));
  });
  return y;
}

std::vector<Matrix> parallelAffines(ConstMatrixRef x, const std::vector<AffineWeights>& weights) {
  std::vector<Matrix> ys;
  Index columns = 0;  // of all the weights side by side
  for (const AffineWeights& a : weights) {
    ys.emplace_back(x.rows(), a.w.cols());  // T x out_i
    columns += a.w.cols();
  }
  const double work = static_cast<double>(x.rows()) * static_cast<double>(x.cols()) * static_cast<double>(columns);
  forColumnBlocks(columns, work, [&](Index first, Index count) {
    // The block [first, first + count) of the joined columns, cut where one weight ends and the next begins.
    Index start = 0;  // of weight i among the joined columns
    for (size_t i = 0; i < weights.size(); start += weights[i].w.cols(), ++i) {
      const Index from = std::max(first, start), to = std::min(first + count, start + weights[i].w.cols());
      if (from < to) affineColumns(x, weights[i].w, weights[i].b, ys[i], from - start, to - from);
    }
  });
  return ys;
}

Matrix parallelLogits(ConstMatrixRef z, ConstMatrixRef e) {
  Matrix logits(z.rows(), e.rows());  // T x V
  const double work = static_cast<double>(z.rows()) * static_cast<double>(z.cols()) * static_cast<double>(e.rows());
  forColumnBlocks(e.rows(), work, [&](Index first, Index count) {
    auto block = logits.middleCols(first, count);  // T x count
    if (z.rows() == 1) block.noalias() = (e.middleRows(first, count) * z.transpose()).transpose();  // E·z: E read once
    else multiply(z, Op::Plain, e.middleRows(first, count), Op::Transposed, block);
  });
  return logits;
}

// The body of MultiHeadAttention::forward with its loops spread: A_h = softmax(Q_h·K_hᵀ/√K), Z_h = A_h·V_h,
// Y = concat_h(Z_h)·W_o + b_o.
Matrix parallelAttention(const ParameterSet& params, const MultiHeadAttention& layer, const Matrix& x,
                         MultiHeadAttention::Cache& cache, const Matrix* allowed) {
  const Index T = x.rows(), H = layer.heads(), K = layer.keyDim();
  const float scale = 1.0f / std::sqrt(static_cast<float>(K));
  auto weightsOf = [&](const MultiHeadAttention::Projection& p) {
    return AffineWeights{params.value(p.kernel), params.value(p.bias)};  // D x (H*K), 1 x (H*K)
  };
  cache.scoreScale = scale;
  cache.queryInput = x;             // T x D
  cache.keyValueInput.resize(0, 0);  // self-attention: X_kv = X_q, kept once
  std::vector<Matrix> qkv =
      parallelAffines(x, {weightsOf(layer.query()), weightsOf(layer.key()), weightsOf(layer.value())});
  cache.q = std::move(qkv[0]);  // T x (H*K) each
  cache.k = std::move(qkv[1]);
  cache.v = std::move(qkv[2]);
  cache.weights.resize(static_cast<size_t>(H));
  cache.scores.resize(cache.keepScores ? static_cast<size_t>(H) : 0);
  cache.scaledScores.resize(cache.scores.size());
  cache.heads.resize(T, H * K);  // T x (H*K)
  tbb::parallel_for(Index{0}, H, [&](Index h) {
    const auto qh = cache.q.middleCols(h * K, K);  // T x K
    const auto kh = cache.k.middleCols(h * K, K);  // T x K
    const auto vh = cache.v.middleCols(h * K, K);  // T x K
    Matrix& a = cache.weights[static_cast<size_t>(h)];  // T x T
    a.resize(T, T);
    if (cache.keepScores) {  // the teaching walk also shows the raw and the scaled scores
      Matrix& scores = cache.scores[static_cast<size_t>(h)];  // T x T
      scores.resize(T, T);
      multiply(qh, Op::Plain, kh, Op::Transposed, scores);
      a = scale * scores;
      cache.scaledScores[static_cast<size_t>(h)] = a;
    } else {
      multiply(qh, Op::Plain, kh, Op::Transposed, a, scale);
    }
    maskedSoftmaxRows(a, allowed);
    multiply(a, Op::Plain, vh, Op::Plain, cache.heads.middleCols(h * K, K));  // T x K
  });
  cache.switchedOff = switchHeadsOff(cache.headMask, cache.heads, H, K);
  return parallelAffine(cache.heads, params.value(layer.output().kernel), params.value(layer.output().bias));
}

void parallelRows(Index rows, const std::function<void(Index, Index)>& f) {
  const Index threads = tbb::this_task_arena::max_concurrency();
  const Index perBlock = std::max<Index>(1, (rows + threads - 1) / threads);
  tbb::parallel_for(Index{0}, (rows + perBlock - 1) / perBlock, [&](Index block) {
    const Index first = block * perBlock;
    f(first, std::min(perBlock, rows - first));
  });
}

}  // namespace al::pretrained
