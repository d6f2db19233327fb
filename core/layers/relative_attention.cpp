#include "core/layers/relative_attention.h"

#include <cmath>
#include <limits>

#include "core/error.h"
#include "core/layers/sinusoidal_encoding.h"
#include "core/matrix_product.h"

namespace al {

namespace {

void checkInputs(const Matrix& x, const Matrix& memory, Index width, Index maxKeys) {
  if (x.rows() < 1) throw InputError(ErrorKind::EmptySentence, {}, "relative attention needs at least one token");
  if (x.cols() != width || (memory.rows() > 0 && memory.cols() != width))
    throw InputError(ErrorKind::Internal, {},
                     "relative attention input has width " + std::to_string(x.cols()) + " (memory " +
                     std::to_string(memory.cols()) + "), expected " + std::to_string(width));
  if (x.rows() + memory.rows() > maxKeys)
    throw InputError(ErrorKind::SentenceTooLong,
                     {.expected = std::to_string(maxKeys), .found = std::to_string(x.rows() + memory.rows())},
                     "relative attention reads " + std::to_string(x.rows() + memory.rows()) +
                     " keys (segment and memory), more than its " + std::to_string(maxKeys));
}

}  // namespace

Matrix causalMaskWithMemory(Index T, Index memoryRows) {
  Matrix allowed = Matrix::Zero(T, memoryRows + T);  // T x C
  for (Index t = 0; t < T; ++t) allowed.row(t).head(memoryRows + t + 1).setOnes();  // j <= M'+t
  return allowed;
}

RelativeAttention::RelativeAttention(ParameterSet& params, const std::string& name, Index width, Index heads,
                                     Index keyDim, Index maxKeys)
    : width_(width),
      heads_(heads),
      keyDim_(keyDim),
      projections_(Projections::add(params, name, width, heads, keyDim)),
      relative_(params.add(name + ".relative.kernel", {width, heads * keyDim})),
      u_(params.add(name + ".u_bias", {heads, keyDim})),
      v_(params.add(name + ".v_bias", {heads, keyDim})),
      positions_(sinusoidalEncoding(maxKeys, width)) {}

void RelativeAttention::initialize(ParameterSet& params, Rng& rng) const {
  projections_.initialize(params, rng);
  initGlorotUniform(params.value(relative_), rng);
  params.value(u_).setZero();
  params.value(v_).setZero();
}

Matrix RelativeAttention::forward(const ParameterSet& params, const Matrix& x, const Matrix& memory,
                                  Cache& cache) const {
  checkInputs(x, memory, width_, maxKeys());
  const Index T = x.rows(), M = memory.rows(), C = M + T, K = keyDim_;
  const float scale = 1.0f / std::sqrt(static_cast<float>(K));

  cache.memoryRows = M;
  cache.context.resize(C, width_);  // C x D: c = [m ; x]
  if (M > 0) cache.context.topRows(M) = memory;  // (an empty memory may be 0 x 0)
  cache.context.bottomRows(T) = x;
  cache.input = x;                                                                            // T x D
  cache.q = projections_.query.apply(params, x);                                                          // T x (H*K)
  cache.k = projections_.key.apply(params, cache.context);                                                // C x (H*K)
  cache.v = projections_.value.apply(params, cache.context);                                              // C x (H*K)
  cache.positions = positions_.topRows(C);                                                     // C x D: R
  cache.p.resize(C, heads_ * K);                                                               // C x (H*K)
  multiply(cache.positions, Op::Plain, params.value(relative_), Op::Plain, cache.p);           // P = R·W_R
  // Q + u and Q + v: u_h and v_h added to every query row of head h
  cache.qu = cache.q;
  cache.qv = cache.q;
  for (Index h = 0; h < heads_; ++h) {
    cache.qu.middleCols(h * K, K).rowwise() += params.value(u_).row(h);
    cache.qv.middleCols(h * K, K).rowwise() += params.value(v_).row(h);
  }

  const Matrix allowed = causalMaskWithMemory(T, M);  // T x C
  cache.weights.resize(static_cast<size_t>(heads_));
  cache.contentScores.resize(cache.keepScores ? static_cast<size_t>(heads_) : 0);
  cache.positionScores.resize(cache.keepScores ? static_cast<size_t>(heads_) : 0);
  cache.heads.resize(T, heads_ * K);  // T x (H*K)
  Matrix byDistance(T, C);            // T x C: B_h, column d = distance d
  for (Index h = 0; h < heads_; ++h) {
    const Index first = h * K;
    Matrix& a = cache.weights[static_cast<size_t>(h)];  // T x C
    a.resize(T, C);
    // content: (Q_h + u_h)·Kc_hᵀ / √K
    multiply(cache.qu.middleCols(first, K), Op::Plain, cache.k.middleCols(first, K), Op::Transposed, a, scale);
    // position: B_h = (Q_h + v_h)·P_hᵀ / √K, then the relative shift: key j of query t reads column M'+t-j
    multiply(cache.qv.middleCols(first, K), Op::Plain, cache.p.middleCols(first, K), Op::Transposed, byDistance, scale);
    if (cache.keepScores) {
      cache.contentScores[static_cast<size_t>(h)] = a.cwiseProduct(allowed);  // T x C
      cache.positionScores[static_cast<size_t>(h)] = Matrix::Zero(T, C);
    }
    for (Index t = 0; t < T; ++t)
      for (Index j = 0; j <= M + t; ++j) {
        a(t, j) += byDistance(t, M + t - j);
        if (cache.keepScores) cache.positionScores[static_cast<size_t>(h)](t, j) = byDistance(t, M + t - j);
      }
    maskedSoftmaxRows(a, &allowed);  // A_h; keys after the query get exactly 0
    multiply(a, Op::Plain, cache.v.middleCols(first, K), Op::Plain, cache.heads.middleCols(first, K));  // A_h·Vc_h
  }
  cache.switchedOff = switchHeadsOff(cache.headMask, cache.heads, heads_, keyDim_);
  return projections_.output.apply(params, cache.heads);  // T x D
}

Matrix RelativeAttention::backward(const ParameterSet& params, const Cache& cache, const Matrix& dy,
                                   Gradients& grads) const {
  const Index T = cache.input.rows(), M = cache.memoryRows, C = M + T, K = keyDim_, HK = heads_ * keyDim_;
  const float scale = 1.0f / std::sqrt(static_cast<float>(K));

  // Y = Z·W_o + b_o  =>  dZ = dY·W_oᵀ
  projections_.output.addGradients(cache.heads, dy, grads);
  Matrix dz(T, HK);  // T x (H*K)
  multiply(dy, Op::Plain, params.value(projections_.output.kernel), Op::Transposed, dz);

  Matrix dqu = Matrix::Zero(T, HK), dqv = Matrix::Zero(T, HK);                        // T x (H*K)
  Matrix dk = Matrix::Zero(C, HK), dv = Matrix::Zero(C, HK), dp = Matrix::Zero(C, HK);  // C x (H*K)
  Matrix ds(T, C), dByDistance(T, C);  // T x C, reused by every head
  for (Index h = 0; h < heads_; ++h) {
    if (h < static_cast<Index>(cache.switchedOff.size()) && cache.switchedOff[static_cast<size_t>(h)])
      continue;  // Z_h is a constant: nothing flows back into this head
    const Index first = h * K;
    const Matrix& a = cache.weights[static_cast<size_t>(h)];  // T x C
    const auto dzh = dz.middleCols(first, K);                 // T x K

    // Z_h = A_h·Vc_h  =>  dA_h = dZ_h·Vc_hᵀ,  dVc_h = A_hᵀ·dZ_h
    multiply(dzh, Op::Plain, cache.v.middleCols(first, K), Op::Transposed, ds);
    multiply(a, Op::Transposed, dzh, Op::Plain, dv.middleCols(first, K));
    // A = softmax_rows(S)  =>  dS = A ⊙ (dA - rowsum(dA ⊙ A))   (a masked weight is 0, so its dS is 0 too)
    const Eigen::VectorXf rowDot = (ds.array() * a.array()).rowwise().sum();  // T
    ds.array() = a.array() * (ds.array().colwise() - rowDot.array());        // now dS, T x C

    // content S = (Q_h + u_h)·Kc_hᵀ / √K  =>  d(Q_h + u_h) = dS·Kc_h / √K,  dKc_h = dSᵀ·(Q_h + u_h) / √K
    multiply(ds, Op::Plain, cache.k.middleCols(first, K), Op::Plain, dqu.middleCols(first, K), scale);
    multiply(ds, Op::Transposed, cache.qu.middleCols(first, K), Op::Plain, dk.middleCols(first, K), scale);

    // position S[t, j] = B[t, M'+t-j]  =>  dB[t, d] = dS[t, M'+t-d] for d <= M'+t (the shift undone), else 0
    dByDistance.setZero();
    for (Index t = 0; t < T; ++t)
      for (Index d = 0; d <= M + t; ++d) dByDistance(t, d) = ds(t, M + t - d);
    // B = (Q_h + v_h)·P_hᵀ / √K  =>  d(Q_h + v_h) = dB·P_h / √K,  dP_h = dBᵀ·(Q_h + v_h) / √K
    multiply(dByDistance, Op::Plain, cache.p.middleCols(first, K), Op::Plain, dqv.middleCols(first, K), scale);
    multiply(dByDistance, Op::Transposed, cache.qv.middleCols(first, K), Op::Plain, dp.middleCols(first, K), scale);
  }

  // Q + u_h and Q + v_h  =>  du_h = Σ_rows d(Q_h + u_h),  dv_h = Σ_rows d(Q_h + v_h),  dQ = both
  MatrixMap du = grads[u_], dvBias = grads[v_];  // H x K each
  for (Index h = 0; h < heads_; ++h) {
    du.row(h) += dqu.middleCols(h * K, K).colwise().sum();
    dvBias.row(h) += dqv.middleCols(h * K, K).colwise().sum();
  }
  Matrix dq = dqu + dqv;  // T x (H*K)

  // P = R·W_R  =>  dW_R = Rᵀ·dP   (R is a constant table: no gradient of its own)
  grads.addKernelGradient(relative_, cache.positions, std::move(dp));

  // Q reads x; Kc and Vc read [m ; x]: x gets dQ·W_qᵀ + the bottom T rows of dKc·W_kᵀ + dVc·W_vᵀ. The top M' rows
  // would be the memory's gradient: the memory is a constant of this segment, so they are not computed.
  Matrix dx(T, width_);  // T x D
  multiply(dq, Op::Plain, params.value(projections_.query.kernel), Op::Transposed, dx);
  multiply(dk.bottomRows(T), Op::Plain, params.value(projections_.key.kernel), Op::Transposed, dx, 1.0f, 1.0f);
  multiply(dv.bottomRows(T), Op::Plain, params.value(projections_.value.kernel), Op::Transposed, dx, 1.0f, 1.0f);
  // the kernels still learn from the memory's rows: W_k and W_v made its keys and values in this pass
  projections_.query.addGradients(cache.input, std::move(dq), grads);
  projections_.key.addGradients(cache.context, std::move(dk), grads);
  projections_.value.addGradients(cache.context, std::move(dv), grads);
  return dx;
}

// ---------------------------------------------------------------------------------------------------------
// The reference: the formulas at the top of the header, one loop at a time.

namespace {

using Rows = std::vector<std::vector<double>>;

Rows toRows(const Matrix& m) {
  Rows rows(static_cast<size_t>(m.rows()), std::vector<double>(static_cast<size_t>(m.cols())));
  for (size_t t = 0; t < rows.size(); ++t)
    for (size_t i = 0; i < rows[t].size(); ++i) rows[t][i] = m(static_cast<Index>(t), static_cast<Index>(i));
  return rows;
}

// out[t][j] = b[j] + Σ_i x[t][i] · W[i][j]   (no bias when biasSlot < 0)
Rows projectReference(const ParameterSet& params, int kernelSlot, int biasSlot, const Rows& x) {
  const ConstMatrixMap w = params.value(kernelSlot);  // in x out
  Rows out(x.size(), std::vector<double>(static_cast<size_t>(w.cols())));
  for (size_t t = 0; t < x.size(); ++t)
    for (Index j = 0; j < w.cols(); ++j) {
      double sum = biasSlot >= 0 ? params.value(biasSlot)(0, j) : 0.0;
      for (Index i = 0; i < w.rows(); ++i) sum += x[t][static_cast<size_t>(i)] * w(i, j);
      out[t][static_cast<size_t>(j)] = sum;
    }
  return out;
}

}  // namespace

Matrix relativeAttentionReference(const ParameterSet& params, const RelativeAttention& layer, const Matrix& x,
                                  const Matrix& memory, std::vector<Matrix>* weights) {
  checkInputs(x, memory, layer.width(), layer.maxKeys());
  const size_t T = static_cast<size_t>(x.rows()), M = static_cast<size_t>(memory.rows()), C = M + T;
  const size_t H = static_cast<size_t>(layer.heads()), K = static_cast<size_t>(layer.keyDim());
  Rows context = toRows(memory);  // c = [m ; x], C x D
  for (const auto& row : toRows(x)) context.push_back(row);
  const Rows segment = toRows(x);  // T x D
  Rows positions(C);               // R: C x D, PE[0 .. C-1]
  for (size_t p = 0; p < C; ++p)
    for (Index d = 0; d < layer.width(); ++d) positions[p].push_back(layer.positionTable()(static_cast<Index>(p), d));

  const Rows q = projectReference(params, layer.query().kernel, layer.query().bias, segment);  // T x (H*K)
  const Rows k = projectReference(params, layer.key().kernel, layer.key().bias, context);      // C x (H*K)
  const Rows v = projectReference(params, layer.value().kernel, layer.value().bias, context);  // C x (H*K)
  const Rows r = projectReference(params, layer.relativeKernel(), -1, positions);              // C x (H*K), P
  const ConstMatrixMap u = params.value(layer.uBias()), vBias = params.value(layer.vBias());    // H x K each
  Rows z(T, std::vector<double>(H * K, 0.0));  // T x (H*K)
  if (weights) weights->assign(H, Matrix::Zero(x.rows(), static_cast<Index>(C)));

  for (size_t h = 0; h < H; ++h) {
    for (size_t t = 0; t < T; ++t) {  // query t, at position M+t of c
      std::vector<double> score(C, 0.0);
      double maxScore = -std::numeric_limits<double>::infinity();
      for (size_t j = 0; j <= M + t; ++j) {  // keys at or before the query
        const size_t distance = M + t - j;
        double content = 0, position = 0;
        for (size_t c = 0; c < K; ++c) {
          const double qc = q[t][h * K + c];
          content += (qc + u(static_cast<Index>(h), static_cast<Index>(c))) * k[j][h * K + c];
          position += (qc + vBias(static_cast<Index>(h), static_cast<Index>(c))) * r[distance][h * K + c];
        }
        score[j] = (content + position) / std::sqrt(static_cast<double>(K));
        maxScore = std::max(maxScore, score[j]);
      }
      // softmax over the keys the query sees
      std::vector<double> weight(C, 0.0);
      double total = 0;
      for (size_t j = 0; j <= M + t; ++j) total += weight[j] = std::exp(score[j] - maxScore);
      for (size_t j = 0; j <= M + t; ++j) {
        weight[j] /= total;
        if (weights) (*weights)[h](static_cast<Index>(t), static_cast<Index>(j)) = static_cast<float>(weight[j]);
      }
      // weighted average of the values, memory and segment alike
      for (size_t c = 0; c < K; ++c)
        for (size_t j = 0; j <= M + t; ++j) z[t][h * K + c] += weight[j] * v[j][h * K + c];
    }
  }

  const Rows y = projectReference(params, layer.output().kernel, layer.output().bias, z);  // T x D
  Matrix out(x.rows(), layer.width());
  for (size_t t = 0; t < T; ++t)
    for (Index d = 0; d < layer.width(); ++d) out(static_cast<Index>(t), d) = static_cast<float>(y[t][static_cast<size_t>(d)]);
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// The backward reference: the chain rule of the header's formulas, from the output back, one loop at a time.

namespace {

Rows zeros(size_t rows, size_t cols) { return Rows(rows, std::vector<double>(cols, 0.0)); }

// Out = X·W + b  =>  dW[i][j] += Σ_t X[t][i]·dOut[t][j],  db[j] += Σ_t dOut[t][j] (no bias when biasSlot < 0),
// and dX[t][i] += Σ_j dOut[t][j]·W[i][j]
void projectBackwardReference(const ParameterSet& params, int kernelSlot, int biasSlot, const Rows& x,
                              const Rows& dOut, Gradients& grads, Rows& dx) {
  const ConstMatrixMap w = params.value(kernelSlot);  // in x out
  MatrixMap dw = grads[kernelSlot];                   // in x out
  for (Index i = 0; i < w.rows(); ++i)
    for (Index j = 0; j < w.cols(); ++j) {
      double sum = 0;
      for (size_t t = 0; t < x.size(); ++t) sum += x[t][static_cast<size_t>(i)] * dOut[t][static_cast<size_t>(j)];
      dw(i, j) += static_cast<float>(sum);
    }
  if (biasSlot >= 0) {
    MatrixMap db = grads[biasSlot];  // 1 x out
    for (Index j = 0; j < w.cols(); ++j) {
      double sum = 0;
      for (size_t t = 0; t < x.size(); ++t) sum += dOut[t][static_cast<size_t>(j)];
      db(0, j) += static_cast<float>(sum);
    }
  }
  for (size_t t = 0; t < x.size(); ++t)
    for (Index i = 0; i < w.rows(); ++i)
      for (Index j = 0; j < w.cols(); ++j) dx[t][static_cast<size_t>(i)] += dOut[t][static_cast<size_t>(j)] * w(i, j);
}

}  // namespace

Matrix relativeAttentionBackwardReference(const ParameterSet& params, const RelativeAttention& layer,
                                          const Matrix& x, const Matrix& memory, const Matrix& dy, Gradients& grads) {
  checkInputs(x, memory, layer.width(), layer.maxKeys());
  const size_t T = static_cast<size_t>(x.rows()), M = static_cast<size_t>(memory.rows()), C = M + T;
  const size_t H = static_cast<size_t>(layer.heads()), K = static_cast<size_t>(layer.keyDim());
  const size_t D = static_cast<size_t>(layer.width());
  const double scale = 1.0 / std::sqrt(static_cast<double>(K));
  Rows context = toRows(memory);  // c = [m ; x], C x D
  for (const auto& row : toRows(x)) context.push_back(row);
  const Rows segment = toRows(x);  // T x D
  Rows positions(C);               // R: C x D, PE[0 .. C-1]
  for (size_t p = 0; p < C; ++p)
    for (Index d = 0; d < layer.width(); ++d) positions[p].push_back(layer.positionTable()(static_cast<Index>(p), d));
  const ConstMatrixMap u = params.value(layer.uBias()), vBias = params.value(layer.vBias());  // H x K each
  auto plusU = [&](double q, size_t h, size_t c) { return q + u(static_cast<Index>(h), static_cast<Index>(c)); };
  auto plusV = [&](double q, size_t h, size_t c) { return q + vBias(static_cast<Index>(h), static_cast<Index>(c)); };

  // Forward again: Q, Kc, Vc, P, every head's weights A_h[t][j] (keys j <= M'+t) and Z.
  const Rows q = projectReference(params, layer.query().kernel, layer.query().bias, segment);  // T x (H*K)
  const Rows k = projectReference(params, layer.key().kernel, layer.key().bias, context);      // C x (H*K)
  const Rows v = projectReference(params, layer.value().kernel, layer.value().bias, context);  // C x (H*K)
  const Rows p = projectReference(params, layer.relativeKernel(), -1, positions);              // C x (H*K)
  std::vector<Rows> a(H, zeros(T, C));
  Rows z = zeros(T, H * K);
  for (size_t h = 0; h < H; ++h)
    for (size_t t = 0; t < T; ++t) {
      std::vector<double> score(C, 0.0);
      double largest = -std::numeric_limits<double>::infinity();
      for (size_t j = 0; j <= M + t; ++j) {
        for (size_t c = 0; c < K; ++c)
          score[j] += (plusU(q[t][h * K + c], h, c) * k[j][h * K + c] +
                       plusV(q[t][h * K + c], h, c) * p[M + t - j][h * K + c]) * scale;
        largest = std::max(largest, score[j]);
      }
      double total = 0;
      for (size_t j = 0; j <= M + t; ++j) total += a[h][t][j] = std::exp(score[j] - largest);
      for (size_t j = 0; j <= M + t; ++j) {
        a[h][t][j] /= total;
        for (size_t c = 0; c < K; ++c) z[t][h * K + c] += a[h][t][j] * v[j][h * K + c];
      }
    }

  // Y = Z·W_o + b_o
  Rows dz = zeros(T, H * K);
  projectBackwardReference(params, layer.output().kernel, layer.output().bias, z, toRows(dy), grads, dz);

  Rows dqu = zeros(T, H * K), dqv = zeros(T, H * K);                    // d(Q + u), d(Q + v)
  Rows dk = zeros(C, H * K), dv = zeros(C, H * K), dp = zeros(C, H * K);
  for (size_t h = 0; h < H; ++h)
    for (size_t t = 0; t < T; ++t) {
      // Z_h = A_h·Vc_h
      std::vector<double> da(C, 0.0);
      for (size_t j = 0; j <= M + t; ++j)
        for (size_t c = 0; c < K; ++c) {
          da[j] += dz[t][h * K + c] * v[j][h * K + c];
          dv[j][h * K + c] += a[h][t][j] * dz[t][h * K + c];
        }
      // A_h = softmax_rows(S_h)
      double rowDot = 0;
      for (size_t j = 0; j <= M + t; ++j) rowDot += a[h][t][j] * da[j];
      for (size_t j = 0; j <= M + t; ++j) {
        const double ds = a[h][t][j] * (da[j] - rowDot) * scale;  // with the 1/√K of both terms
        const size_t distance = M + t - j;
        for (size_t c = 0; c < K; ++c) {
          dqu[t][h * K + c] += ds * k[j][h * K + c];
          dk[j][h * K + c] += ds * plusU(q[t][h * K + c], h, c);
          dqv[t][h * K + c] += ds * p[distance][h * K + c];
          dp[distance][h * K + c] += ds * plusV(q[t][h * K + c], h, c);
        }
      }
    }

  // Q + u_h and Q + v_h: u_h and v_h were added to every query row of head h; Q is in both sums.
  MatrixMap du = grads[layer.uBias()], dvBias = grads[layer.vBias()];  // H x K each
  Rows dq = zeros(T, H * K);
  for (size_t h = 0; h < H; ++h)
    for (size_t c = 0; c < K; ++c) {
      double sumU = 0, sumV = 0;
      for (size_t t = 0; t < T; ++t) {
        sumU += dqu[t][h * K + c];
        sumV += dqv[t][h * K + c];
        dq[t][h * K + c] = dqu[t][h * K + c] + dqv[t][h * K + c];
      }
      du(static_cast<Index>(h), static_cast<Index>(c)) += static_cast<float>(sumU);
      dvBias(static_cast<Index>(h), static_cast<Index>(c)) += static_cast<float>(sumV);
    }

  // P = R·W_R (R is a constant table: its own gradient is not needed); Q reads x; Kc and Vc read [m ; x].
  Rows dPositions = zeros(C, D), dSegment = zeros(T, D), dContext = zeros(C, D);
  projectBackwardReference(params, layer.relativeKernel(), -1, positions, dp, grads, dPositions);
  projectBackwardReference(params, layer.query().kernel, layer.query().bias, segment, dq, grads, dSegment);
  projectBackwardReference(params, layer.key().kernel, layer.key().bias, context, dk, grads, dContext);
  projectBackwardReference(params, layer.value().kernel, layer.value().bias, context, dv, grads, dContext);

  // x is the last T rows of c: dX = the query path + those rows of the key and value paths (the memory's first
  // M' rows of dContext are dropped: the memory is a constant).
  Matrix dx(x.rows(), layer.width());  // T x D
  for (size_t t = 0; t < T; ++t)
    for (size_t d = 0; d < D; ++d)
      dx(static_cast<Index>(t), static_cast<Index>(d)) = static_cast<float>(dSegment[t][d] + dContext[M + t][d]);
  return dx;
}

}  // namespace al
