#include "core/layers/multi_head_attention.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "core/error.h"
#include "core/matrix_product.h"

namespace al {

namespace {

void checkMask(const Matrix* allowed, Index T, Index S) {
  if (allowed && (allowed->rows() != T || allowed->cols() != S))
    throw InputError(ErrorKind::Internal, {},
                     "attention mask is " + std::to_string(allowed->rows()) + " x " +
                     std::to_string(allowed->cols()) + ", expected " + std::to_string(T) + " x " + std::to_string(S));
}

void checkHeadMask(const HeadMask* mask, Index heads, Index keyDim) {
  if (mask && mask->means.size() && (mask->means.rows() != heads || mask->means.cols() != keyDim))
    throw InputError(ErrorKind::Internal, {},
                     "the heads' mean outputs are " + std::to_string(mask->means.rows()) + " x " +
                     std::to_string(mask->means.cols()) + ", expected " + std::to_string(heads) + " x " +
                     std::to_string(keyDim) + " (heads x key dimension)");
}

void checkWidth(const Matrix& x, Index width) {
  if (x.cols() != width)
    throw InputError(ErrorKind::Internal, {},
                     "attention input has width " + std::to_string(x.cols()) + ", expected " + std::to_string(width));
}

}  // namespace

MultiHeadAttention::Projection MultiHeadAttention::Projection::add(ParameterSet& params, const std::string& name,
                                                                   Index in, Index out) {
  return {params.add(name + ".kernel", {in, out}), params.add(name + ".bias", {out})};
}

Matrix MultiHeadAttention::Projection::apply(const ParameterSet& params, const Matrix& x) const {
  return affine(x, params.value(kernel), params.value(bias));  // N x out
}

void MultiHeadAttention::Projection::addGradients(const Matrix& x, const Matrix& dy, Gradients& grads) const {
  grads[bias] += dy.colwise().sum();
  grads.addKernelGradient(kernel, x, dy);  // dW += Xᵀ·dY
}

void MultiHeadAttention::Projection::addGradients(const Matrix& x, Matrix&& dy, Gradients& grads) const {
  grads[bias] += dy.colwise().sum();
  grads.addKernelGradient(kernel, x, std::move(dy));  // dW += Xᵀ·dY
}

Matrix maskScores(const Matrix& scores, const Matrix& allowed) {
  constexpr float minusInfinity = -std::numeric_limits<float>::infinity();
  return (allowed.array() != 0.0f).select(scores, minusInfinity);
}

// Turns T x S scores into attention weights, in place: each row becomes softmax over its allowed keys.
// The row maximum is subtracted first so that exp never overflows (softmax does not change under a shift).
// Masked keys get weight exactly 0, and a row with no allowed key becomes all zeros instead of 0/0 = NaN.
void maskedSoftmaxRows(Matrix& scores, const Matrix* allowed) {
  if (allowed) scores = maskScores(scores, *allowed);

  for (Index i = 0; i < scores.rows(); ++i) {
    auto row = scores.row(i).array();               // 1 x T, contiguous: exp runs on whole vector registers
    float rowMax = row.maxCoeff();                  // over the allowed keys only
    if (!std::isfinite(rowMax)) rowMax = 0.0f;      // a fully masked row: shift by 0, not by -inf
    row = (row - rowMax).exp();
  }
  // A vectorized exp may return a tiny denormal for -inf instead of 0: set the masked weights explicitly.
  if (allowed) scores = (allowed->array() != 0.0f).select(scores, 0.0f);

  Eigen::VectorXf rowSum = scores.rowwise().sum();             // T
  rowSum = (rowSum.array() > 0.0f).select(rowSum, 1.0f);       // a fully masked row: 0 / 1 = 0, not 0 / 0
  scores.array().colwise() /= rowSum.array();
}

MultiHeadAttention::MultiHeadAttention(ParameterSet& params, const std::string& name, Index width, Index heads,
                                       Index keyDim)
    : width_(width),
      heads_(heads),
      keyDim_(keyDim),
      projections_(Projections::add(params, name, width, heads, keyDim)) {}

MultiHeadAttention::Projections MultiHeadAttention::Projections::add(ParameterSet& params, const std::string& name,
                                                                     Index width, Index heads, Index keyDim) {
  return {Projection::add(params, name + ".query", width, heads * keyDim),
          Projection::add(params, name + ".key", width, heads * keyDim),
          Projection::add(params, name + ".value", width, heads * keyDim),
          Projection::add(params, name + ".output", heads * keyDim, width)};
}

void MultiHeadAttention::Projections::initialize(ParameterSet& params, Rng& rng) const {
  for (const Projection& p : {query, key, value, output}) {
    initGlorotUniform(params.value(p.kernel), rng);
    params.value(p.bias).setZero();
  }
}

void MultiHeadAttention::initialize(ParameterSet& params, Rng& rng) const { projections_.initialize(params, rng); }

float MultiHeadAttention::scoreScale(ScoreScaling scaling) const {
  return scaling == ScoreScaling::SqrtKeyDim ? 1.0f / std::sqrt(static_cast<float>(keyDim_)) : 1.0f;
}

Matrix MultiHeadAttention::forward(const ParameterSet& params, const Matrix& x, Cache& cache,
                                   const Matrix* allowed, ScoreScaling scaling) const {
  cache.lengths.clear();
  Matrix y = forwardSequences(params, x, x, cache, allowed, scaling);
  cache.keyValueInput.resize(0, 0);  // X_kv = X_q: kept once
  return y;
}

Matrix MultiHeadAttention::forwardStacked(const ParameterSet& params, const Matrix& x, std::span<const Index> lengths,
                                          Cache& cache) const {
  Index total = 0;
  for (Index length : lengths) total += std::max<Index>(length, 0);
  if (lengths.empty() || total != x.rows() || std::find(lengths.begin(), lengths.end(), 0) != lengths.end())
    throw InputError(ErrorKind::Internal, {},
                     "stacked attention input has " + std::to_string(x.rows()) + " rows, but its " +
                     std::to_string(lengths.size()) + " sequences' lengths add up to " + std::to_string(total));
  // The teaching walk reads one sequence's scores at a time; a caller asking for them here has the wrong path.
  if (cache.keepScores) throw std::logic_error("forwardStacked keeps no scores: use forward for the teaching walk");
  cache.lengths.assign(lengths.begin(), lengths.end());
  Matrix y = forwardSequences(params, x, x, cache, nullptr, ScoreScaling::SqrtKeyDim);
  cache.keyValueInput.resize(0, 0);
  return y;
}

Matrix MultiHeadAttention::forward(const ParameterSet& params, const Matrix& xQuery, const Matrix& xKeyValue,
                                   Cache& cache, const Matrix* allowed, ScoreScaling scaling) const {
  cache.lengths.clear();
  return forwardSequences(params, xQuery, xKeyValue, cache, allowed, scaling);
}

std::vector<MultiHeadAttention::Rows> MultiHeadAttention::sequencesOf(const Cache& cache, Index T, Index S) {
  if (cache.lengths.empty()) return {{0, T, 0, S}};
  std::vector<Rows> sequences;
  Index first = 0;
  for (Index length : cache.lengths) {
    sequences.push_back({first, length, first, length});  // self-attention: queries and keys are the same rows
    first += length;
  }
  return sequences;
}

Matrix MultiHeadAttention::forwardSequences(const ParameterSet& params, const Matrix& xQuery, const Matrix& xKeyValue,
                                            Cache& cache, const Matrix* allowed, ScoreScaling scaling) const {
  const Index T = xQuery.rows(), S = xKeyValue.rows();
  checkWidth(xQuery, width_);
  checkWidth(xKeyValue, width_);
  checkMask(allowed, T, S);
  checkHeadMask(cache.headMask, heads_, keyDim_);
  const float scale = scoreScale(scaling);

  cache.scoreScale = scale;
  cache.queryInput = xQuery;                        // T x D
  cache.keyValueInput = xKeyValue;                  // S x D
  cache.q = projections_.query.apply(params, xQuery);        // T x (H*K)
  cache.k = projections_.key.apply(params, xKeyValue);       // S x (H*K)
  cache.v = projections_.value.apply(params, xKeyValue);     // S x (H*K)
  const std::vector<Rows> sequences = sequencesOf(cache, T, S);
  cache.weights.resize(sequences.size() * static_cast<size_t>(heads_));
  cache.scores.resize(cache.keepScores ? static_cast<size_t>(heads_) : 0);
  cache.scaledScores.resize(cache.scores.size());
  cache.heads.resize(T, heads_ * keyDim_);          // T x (H*K)

  for (size_t b = 0; b < sequences.size(); ++b) {
    const Rows& rows = sequences[b];  // one sequence: T_b queries, S_b keys (stacked: T_b = S_b)
    for (Index h = 0; h < heads_; ++h) {
      const Index first = h * keyDim_;  // head h owns columns first .. first+K-1
      const auto qh = cache.q.block(rows.queryFirst, first, rows.queries, keyDim_);  // T_b x K
      const auto kh = cache.k.block(rows.keyFirst, first, rows.keys, keyDim_);       // S_b x K
      const auto vh = cache.v.block(rows.keyFirst, first, rows.keys, keyDim_);       // S_b x K

      Matrix& a = cache.weights[b * static_cast<size_t>(heads_) + static_cast<size_t>(h)];  // T_b x S_b
      a.resize(rows.queries, rows.keys);
      if (cache.keepScores) {
        Matrix& scores = cache.scores[static_cast<size_t>(h)];  // T x S, kept for teaching
        scores.resize(T, S);
        multiply(qh, Op::Plain, kh, Op::Transposed, scores);
        a = scale * scores;
        cache.scaledScores[static_cast<size_t>(h)] = a;
      } else {
        multiply(qh, Op::Plain, kh, Op::Transposed, a, scale);  // scores S_h = Q_h·K_hᵀ / √K
      }
      maskedSoftmaxRows(a, allowed);                        // weights A_h
      // T_b x K: each token's weighted values
      multiply(a, Op::Plain, vh, Op::Plain, cache.heads.block(rows.queryFirst, first, rows.queries, keyDim_));
    }
  }
  cache.switchedOff = switchHeadsOff(cache.headMask, cache.heads, heads_, keyDim_);
  return projections_.output.apply(params, cache.heads);  // T x D
}

// Z_h = 0, or every row = m_h, for each head the mask switches off (the header's formula).
std::vector<bool> switchHeadsOff(const HeadMask* mask, Matrix& z, Index heads, Index keyDim) {
  std::vector<bool> switchedOff(static_cast<size_t>(heads), false);
  if (!mask) return switchedOff;
  for (Index h = 0; h < heads; ++h) {
    if (!mask->isOff(h)) continue;
    switchedOff[static_cast<size_t>(h)] = true;
    auto zh = z.middleCols(h * keyDim, keyDim);  // T x K
    if (mask->means.size()) zh.rowwise() = mask->means.row(h);
    else zh.setZero();
  }
  return switchedOff;
}

Matrix MultiHeadAttention::backward(const ParameterSet& params, const Cache& cache, const Matrix& dy,
                                    Gradients& grads) const {
  // X_q = X_kv = X: both paths reach X, so their gradients add
  InputGradients d = backwardCross(params, cache, dy, grads);
  d.query += d.keyValue;
  return d.query;
}

MultiHeadAttention::InputGradients MultiHeadAttention::backwardCross(const ParameterSet& params, const Cache& cache,
                                                                     const Matrix& dy, Gradients& grads) const {
  const Matrix& xQuery = cache.queryInput;                                                      // T x D
  const Matrix& xKeyValue = cache.keyValueInput.size() ? cache.keyValueInput : cache.queryInput;  // S x D
  const Index T = xQuery.rows(), S = xKeyValue.rows();

  // Y = Z·W_o + b_o  =>  dZ = dY·W_oᵀ
  projections_.output.addGradients(cache.heads, dy, grads);
  Matrix dz(T, heads_ * keyDim_);  // T x (H*K)
  multiply(dy, Op::Plain, params.value(projections_.output.kernel), Op::Transposed, dz);

  Matrix dq(T, heads_ * keyDim_), dk(S, heads_ * keyDim_), dv(S, heads_ * keyDim_);  // T / S x (H*K)
  const std::vector<Rows> sequences = sequencesOf(cache, T, S);
  for (size_t b = 0; b < sequences.size(); ++b) attentionBackward(cache, sequences[b], b, dz, dq, dk, dv);

  // Q reads X_q  =>  dX_q = dQ·W_qᵀ;  K and V read X_kv  =>  dX_kv = dK·W_kᵀ + dV·W_vᵀ
  InputGradients d;
  d.query.resize(T, width_);     // T x D
  d.keyValue.resize(S, width_);  // S x D
  multiply(dq, Op::Plain, params.value(projections_.query.kernel), Op::Transposed, d.query);
  multiply(dk, Op::Plain, params.value(projections_.key.kernel), Op::Transposed, d.keyValue);
  multiply(dv, Op::Plain, params.value(projections_.value.kernel), Op::Transposed, d.keyValue, 1.0f, 1.0f);
  projections_.query.addGradients(xQuery, std::move(dq), grads);  // dQ, dK, dV are not needed here any more
  projections_.key.addGradients(xKeyValue, std::move(dk), grads);
  projections_.value.addGradients(xKeyValue, std::move(dv), grads);
  return d;
}

void MultiHeadAttention::attentionBackward(const Cache& cache, const Rows& rows, size_t index, const Matrix& dz,
                                           Matrix& dq, Matrix& dk, Matrix& dv) const {
  const float scale = cache.scoreScale;  // the forward pass's 1/√K, or 1 when teaching switched scaling off
  Matrix da(rows.queries, rows.keys);    // T_b x S_b, reused by every head
  for (Index h = 0; h < heads_; ++h) {
    const Index first = h * keyDim_;
    const Matrix& a = cache.weights[index * static_cast<size_t>(heads_) + static_cast<size_t>(h)];  // T_b x S_b
    const auto qh = cache.q.block(rows.queryFirst, first, rows.queries, keyDim_);  // T_b x K
    const auto kh = cache.k.block(rows.keyFirst, first, rows.keys, keyDim_);       // S_b x K
    const auto vh = cache.v.block(rows.keyFirst, first, rows.keys, keyDim_);       // S_b x K
    const auto dzh = dz.block(rows.queryFirst, first, rows.queries, keyDim_);      // T_b x K
    auto dqh = dq.block(rows.queryFirst, first, rows.queries, keyDim_);            // T_b x K
    auto dkh = dk.block(rows.keyFirst, first, rows.keys, keyDim_);                 // S_b x K
    auto dvh = dv.block(rows.keyFirst, first, rows.keys, keyDim_);                 // S_b x K
    if (h < static_cast<Index>(cache.switchedOff.size()) && cache.switchedOff[static_cast<size_t>(h)]) {
      // Z_h is a constant: nothing flows back into this head's A_h, Q_h, K_h or V_h
      dqh.setZero();
      dkh.setZero();
      dvh.setZero();
      continue;
    }

    // Z_h = A_h·V_h  =>  dA_h = dZ_h·V_hᵀ,  dV_h = A_hᵀ·dZ_h
    multiply(dzh, Op::Plain, vh, Op::Transposed, da);
    multiply(a, Op::Transposed, dzh, Op::Plain, dvh);

    // A = softmax_rows(S)  =>  dS = A ⊙ (dA - rowsum(dA ⊙ A))   (a masked weight is 0, so its dS is 0 too)
    const Eigen::VectorXf rowDot = (da.array() * a.array()).rowwise().sum();  // T_b
    da.array() = a.array() * (da.array().colwise() - rowDot.array());        // now dS, T_b x S_b

    // S = Q_h·K_hᵀ·scale  =>  dQ_h = dS·K_h·scale,  dK_h = dSᵀ·Q_h·scale   (scale = 1/√K, or 1 unscaled)
    multiply(da, Op::Plain, kh, Op::Plain, dqh, scale);
    multiply(da, Op::Transposed, qh, Op::Plain, dkh, scale);
  }
}

Matrix causalMask(Index T) {
  Matrix allowed = Matrix::Zero(T, T);  // T x T
  allowed.triangularView<Eigen::Lower>().setOnes();  // key j <= query i
  return allowed;
}

Matrix keyPaddingMask(Index T, Index realTokens) {
  Matrix allowed = Matrix::Zero(T, T);  // T x T
  allowed.leftCols(std::min(std::max<Index>(realTokens, 0), T)).setOnes();
  return allowed;
}

// ---------------------------------------------------------------------------------------------------------
// The reference: the formulas at the top of the header, one loop at a time.

namespace {

// out[t][j] = b[j] + Σ_i x[t][i] · W[i][j]
std::vector<std::vector<double>> projectReference(const ParameterSet& params,
                                                  const MultiHeadAttention::Projection& p,
                                                  const std::vector<std::vector<double>>& x) {
  const ConstMatrixMap w = params.value(p.kernel);  // in x out
  const ConstMatrixMap b = params.value(p.bias);    // 1 x out
  std::vector<std::vector<double>> out(x.size(), std::vector<double>(static_cast<size_t>(w.cols())));
  for (size_t t = 0; t < x.size(); ++t)
    for (Index j = 0; j < w.cols(); ++j) {
      double sum = b(0, j);
      for (Index i = 0; i < w.rows(); ++i) sum += x[t][static_cast<size_t>(i)] * w(i, j);
      out[t][static_cast<size_t>(j)] = sum;
    }
  return out;
}

}  // namespace

Matrix multiHeadAttentionReference(const ParameterSet& params, const MultiHeadAttention& layer, const Matrix& x,
                                   const Matrix* allowed, std::vector<Matrix>* weights, const HeadMask* mask) {
  return multiHeadAttentionReference(params, layer, x, x, allowed, weights, mask);
}

Matrix multiHeadAttentionReference(const ParameterSet& params, const MultiHeadAttention& layer, const Matrix& xQuery,
                                   const Matrix& xKeyValue, const Matrix* allowed, std::vector<Matrix>* weights,
                                   const HeadMask* mask) {
  const size_t T = static_cast<size_t>(xQuery.rows());
  const size_t S = static_cast<size_t>(xKeyValue.rows());
  const size_t H = static_cast<size_t>(layer.heads());
  const size_t K = static_cast<size_t>(layer.keyDim());
  checkMask(allowed, xQuery.rows(), xKeyValue.rows());
  auto mayAttend = [&](size_t i, size_t j) {
    return allowed == nullptr || (*allowed)(static_cast<Index>(i), static_cast<Index>(j)) != 0.0f;
  };
  auto toRows = [](const Matrix& m) {
    std::vector<std::vector<double>> rows(static_cast<size_t>(m.rows()), std::vector<double>(static_cast<size_t>(m.cols())));
    for (size_t t = 0; t < rows.size(); ++t)
      for (size_t i = 0; i < rows[t].size(); ++i) rows[t][i] = m(static_cast<Index>(t), static_cast<Index>(i));
    return rows;
  };
  const auto queryInput = toRows(xQuery);        // T x D
  const auto keyValueInput = toRows(xKeyValue);  // S x D

  const auto q = projectReference(params, layer.query(), queryInput);     // T x (H*K)
  const auto k = projectReference(params, layer.key(), keyValueInput);    // S x (H*K)
  const auto v = projectReference(params, layer.value(), keyValueInput);  // S x (H*K)
  std::vector<std::vector<double>> z(T, std::vector<double>(H * K, 0.0));  // T x (H*K), concatenated heads
  if (weights) weights->assign(H, Matrix::Zero(xQuery.rows(), xKeyValue.rows()));

  for (size_t h = 0; h < H; ++h) {
    for (size_t i = 0; i < T; ++i) {  // query token i
      // scores of query i against every key j of this head
      std::vector<double> score(S, 0.0);
      double maxScore = -std::numeric_limits<double>::infinity();
      for (size_t j = 0; j < S; ++j) {
        if (!mayAttend(i, j)) continue;
        double dot = 0;
        for (size_t c = 0; c < K; ++c) dot += q[i][h * K + c] * k[j][h * K + c];
        score[j] = dot / std::sqrt(static_cast<double>(K));
        maxScore = std::max(maxScore, score[j]);
      }
      // softmax over the allowed keys
      std::vector<double> weight(S, 0.0);
      double total = 0;
      for (size_t j = 0; j < S; ++j)
        if (mayAttend(i, j)) total += weight[j] = std::exp(score[j] - maxScore);
      for (size_t j = 0; j < S; ++j) {
        if (total > 0) weight[j] /= total;
        if (weights) (*weights)[h](static_cast<Index>(i), static_cast<Index>(j)) = static_cast<float>(weight[j]);
      }
      // weighted average of the values
      for (size_t c = 0; c < K; ++c)
        for (size_t j = 0; j < S; ++j) z[i][h * K + c] += weight[j] * v[j][h * K + c];
      // a switched-off head: its output is replaced by zeros or by the mean the caller gave
      if (mask && mask->isOff(static_cast<Index>(h)))
        for (size_t c = 0; c < K; ++c)
          z[i][h * K + c] = mask->means.size() ? mask->means(static_cast<Index>(h), static_cast<Index>(c)) : 0.0;
    }
  }

  const auto y = projectReference(params, layer.output(), z);  // T x D
  Matrix out(xQuery.rows(), layer.width());
  for (size_t t = 0; t < T; ++t)
    for (Index d = 0; d < layer.width(); ++d)
      out(static_cast<Index>(t), d) = static_cast<float>(y[t][static_cast<size_t>(d)]);
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// The backward reference: the chain rule of the header's formulas, from the output back, one loop at a time.

namespace {

using Rows = std::vector<std::vector<double>>;

Rows rowsOf(const Matrix& m) {
  Rows rows(static_cast<size_t>(m.rows()), std::vector<double>(static_cast<size_t>(m.cols())));
  for (size_t t = 0; t < rows.size(); ++t)
    for (size_t i = 0; i < rows[t].size(); ++i) rows[t][i] = m(static_cast<Index>(t), static_cast<Index>(i));
  return rows;
}

Matrix matrixOf(const Rows& rows, Index cols) {
  Matrix m(static_cast<Index>(rows.size()), cols);
  for (size_t t = 0; t < rows.size(); ++t)
    for (Index i = 0; i < cols; ++i) m(static_cast<Index>(t), i) = static_cast<float>(rows[t][static_cast<size_t>(i)]);
  return m;
}

// Out = X·W + b  =>  dW[i][j] += Σ_t X[t][i]·dOut[t][j],  db[j] += Σ_t dOut[t][j],  dX[t][i] += Σ_j dOut[t][j]·W[i][j]
void projectBackwardReference(const ParameterSet& params, const MultiHeadAttention::Projection& p, const Rows& x,
                              const Rows& dOut, Gradients& grads, Rows& dx) {
  const ConstMatrixMap w = params.value(p.kernel);  // in x out
  MatrixMap dw = grads[p.kernel];                   // in x out
  MatrixMap db = grads[p.bias];                     // 1 x out
  for (Index i = 0; i < w.rows(); ++i)
    for (Index j = 0; j < w.cols(); ++j) {
      double sum = 0;
      for (size_t t = 0; t < x.size(); ++t) sum += x[t][static_cast<size_t>(i)] * dOut[t][static_cast<size_t>(j)];
      dw(i, j) += static_cast<float>(sum);
    }
  for (Index j = 0; j < w.cols(); ++j) {
    double sum = 0;
    for (size_t t = 0; t < x.size(); ++t) sum += dOut[t][static_cast<size_t>(j)];
    db(0, j) += static_cast<float>(sum);
  }
  for (size_t t = 0; t < x.size(); ++t)
    for (Index i = 0; i < w.rows(); ++i)
      for (Index j = 0; j < w.cols(); ++j) dx[t][static_cast<size_t>(i)] += dOut[t][static_cast<size_t>(j)] * w(i, j);
}

}  // namespace

MultiHeadAttention::InputGradients multiHeadAttentionBackwardReference(const ParameterSet& params,
                                                                       const MultiHeadAttention& layer,
                                                                       const Matrix& xQuery, const Matrix& xKeyValue,
                                                                       const Matrix& dy, Gradients& grads,
                                                                       const Matrix* allowed) {
  const size_t T = static_cast<size_t>(xQuery.rows()), S = static_cast<size_t>(xKeyValue.rows());
  const size_t H = static_cast<size_t>(layer.heads()), K = static_cast<size_t>(layer.keyDim());
  const size_t D = static_cast<size_t>(layer.width());
  const double scale = 1.0 / std::sqrt(static_cast<double>(K));
  auto mayAttend = [&](size_t i, size_t j) {
    return allowed == nullptr || (*allowed)(static_cast<Index>(i), static_cast<Index>(j)) != 0.0f;
  };

  // Forward again: Q, K, V, every head's weights A_h (H x T x S) and the concatenated heads Z.
  const Rows queryInput = rowsOf(xQuery), keyValueInput = rowsOf(xKeyValue);  // T x D, S x D
  const Rows q = projectReference(params, layer.query(), queryInput);          // T x (H*K)
  const Rows k = projectReference(params, layer.key(), keyValueInput);         // S x (H*K)
  const Rows v = projectReference(params, layer.value(), keyValueInput);       // S x (H*K)
  std::vector<Rows> a(H, Rows(T, std::vector<double>(S, 0.0)));               // A_h[i][j]
  Rows z(T, std::vector<double>(H * K, 0.0));                                  // T x (H*K)
  for (size_t h = 0; h < H; ++h)
    for (size_t i = 0; i < T; ++i) {
      double largest = -std::numeric_limits<double>::infinity();
      std::vector<double> score(S, 0.0);
      for (size_t j = 0; j < S; ++j) {
        if (!mayAttend(i, j)) continue;
        for (size_t c = 0; c < K; ++c) score[j] += q[i][h * K + c] * k[j][h * K + c] * scale;
        largest = std::max(largest, score[j]);
      }
      double total = 0;
      for (size_t j = 0; j < S; ++j)
        if (mayAttend(i, j)) total += a[h][i][j] = std::exp(score[j] - largest);
      for (size_t j = 0; j < S; ++j) {
        if (total > 0) a[h][i][j] /= total;  // a query with no allowed key keeps weights of 0
        for (size_t c = 0; c < K; ++c) z[i][h * K + c] += a[h][i][j] * v[j][h * K + c];
      }
    }

  // Y = Z·W_o + b_o
  const Rows dOutput = rowsOf(dy);  // T x D
  Rows dz(T, std::vector<double>(H * K, 0.0));
  projectBackwardReference(params, layer.output(), z, dOutput, grads, dz);

  Rows dq(T, std::vector<double>(H * K, 0.0)), dk(S, std::vector<double>(H * K, 0.0));
  Rows dv(S, std::vector<double>(H * K, 0.0));
  for (size_t h = 0; h < H; ++h)
    for (size_t i = 0; i < T; ++i) {
      // Z_h = A_h·V_h: what weight A_h[i][j] contributed, and what value row j received
      std::vector<double> da(S, 0.0);
      for (size_t j = 0; j < S; ++j)
        for (size_t c = 0; c < K; ++c) {
          da[j] += dz[i][h * K + c] * v[j][h * K + c];
          dv[j][h * K + c] += a[h][i][j] * dz[i][h * K + c];
        }
      // softmax: the weights of a row sum to 1, so raising one score lowers the others' weights
      double rowDot = 0;
      for (size_t j = 0; j < S; ++j) rowDot += a[h][i][j] * da[j];
      for (size_t j = 0; j < S; ++j) {
        const double ds = a[h][i][j] * (da[j] - rowDot);  // 0 for a masked key, whose weight is 0
        // S_h[i][j] = Q_h[i]·K_h[j] / √K
        for (size_t c = 0; c < K; ++c) {
          dq[i][h * K + c] += ds * k[j][h * K + c] * scale;
          dk[j][h * K + c] += ds * q[i][h * K + c] * scale;
        }
      }
    }

  Rows dxQuery(T, std::vector<double>(D, 0.0)), dxKeyValue(S, std::vector<double>(D, 0.0));
  projectBackwardReference(params, layer.query(), queryInput, dq, grads, dxQuery);
  projectBackwardReference(params, layer.key(), keyValueInput, dk, grads, dxKeyValue);
  projectBackwardReference(params, layer.value(), keyValueInput, dv, grads, dxKeyValue);
  return {matrixOf(dxQuery, layer.width()), matrixOf(dxKeyValue, layer.width())};
}

Matrix multiHeadAttentionBackwardReference(const ParameterSet& params, const MultiHeadAttention& layer,
                                           const Matrix& x, const Matrix& dy, Gradients& grads,
                                           const Matrix* allowed) {
  const MultiHeadAttention::InputGradients d =
      multiHeadAttentionBackwardReference(params, layer, x, x, dy, grads, allowed);
  return d.query + d.keyValue;  // X reaches Y through the queries and through the keys and values
}

}  // namespace al
