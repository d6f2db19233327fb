#include "core/layers/gru.h"

#include <Eigen/QR>
#include <cmath>
#include <vector>

namespace al {

namespace {

float sigmoid(float v) { return 1.0f / (1.0f + std::exp(-v)); }

// Element-wise work in the layout of Matrix (row-major), so that no expression mixes layouts.
using Array = Eigen::Array<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

}  // namespace

Gru::Gru(ParameterSet& params, const std::string& name, Index in, Index units)
    : in_(in),
      units_(units),
      kernel_(params.add(name + ".kernel", {in, 3 * units})),
      recurrentKernel_(params.add(name + ".recurrent_kernel", {units, 3 * units})),
      bias_(params.add(name + ".bias", {2, 3 * units})) {}

void Gru::initialize(ParameterSet& params, Rng& rng) const {
  initGlorotUniform(params.value(kernel_), rng);
  initOrthogonal(params.value(recurrentKernel_), rng);
  params.value(bias_).setZero();
}

Matrix Gru::step(const ParameterSet& params, const Matrix& x, const Matrix& h, StepCache& cache) const {
  Matrix inputGates = projectInputs(params, x);              // B x 3U   x·W
  inputGates.rowwise() += params.value(bias_).row(0);        //          + b0
  cache.input = x;
  return stepProjected(params, inputGates, h, cache);
}

Matrix Gru::projectInputs(const ParameterSet& params, const Matrix& x, Index from) const {
  return x * params.value(kernel_).middleRows(from, x.cols());  // N x 3U
}

Matrix Gru::inputGradient(const ParameterSet& params, const Matrix& dInputGates, Index from, Index k) const {
  // x_* = x·W + b0  =>  dx = d(x_*)·Wᵀ, restricted to the columns of x that meet kernel rows from..from+k-1
  Eigen::MatrixXf product = dInputGates * params.value(kernel_).middleRows(from, k).transpose();  // column-major, as timesTransposed
  return product;  // N x k
}

Matrix Gru::stepProjected(const ParameterSet& params, const Matrix& inputGates, const Matrix& h,
                          StepCache& cache) const {
  const Index U = units_;
  Matrix recurrentGates = h * params.value(recurrentKernel_);    // B x 3U   h·U
  recurrentGates.rowwise() += params.value(bias_).row(1);        //          + b1

  cache.state = h;
  // z and r see the input and the old state in full.
  cache.update = (inputGates.leftCols(U) + recurrentGates.leftCols(U)).unaryExpr(&sigmoid);          // B x U
  cache.reset = (inputGates.middleCols(U, U) + recurrentGates.middleCols(U, U)).unaryExpr(&sigmoid);  // B x U
  // reset_after: the reset gate scales the recurrent projection, not the state itself.
  cache.recurrentCandidate = recurrentGates.rightCols(U);                                            // B x U
  cache.candidate = (inputGates.rightCols(U).array() + cache.reset.array() * cache.recurrentCandidate.array()).tanh();
  // h' = z ⊙ h + (1 - z) ⊙ ĥ
  return (cache.update.array() * h.array() + (1.0f - cache.update.array()) * cache.candidate.array()).matrix();
}

Gru::StepGradients Gru::stepBackward(const ParameterSet& params, const StepCache& c, const Matrix& dNext,
                                     Index inputColumns) const {
  const Index U = units_;
  const auto z = c.update.array(), r = c.reset.array(), cand = c.candidate.array();
  const auto dh = dNext.array();
  StepGradients g;
  g.inputGates.resize(dNext.rows(), 3 * U);
  g.recurrentGates.resize(dNext.rows(), 3 * U);

  // h' = z ⊙ h + (1 - z) ⊙ ĥ  =>  dz = dh' ⊙ (h - ĥ),  dĥ = dh' ⊙ (1 - z),  dh (direct) = dh' ⊙ z
  const Array dUpdate = dh * (c.state.array() - cand);
  const Array dCandidate = dh * (1.0f - z);
  // ĥ = tanh(a_h)  =>  da_h = dĥ ⊙ (1 - ĥ²);  a_h = x_h + r ⊙ h_h  =>  dx_h = da_h, dh_h = da_h ⊙ r, dr = da_h ⊙ h_h
  const Array dCandidatePre = dCandidate * (1.0f - cand * cand);
  const Array dReset = dCandidatePre * c.recurrentCandidate.array();
  // z = σ(a_z)  =>  da_z = dz ⊙ z ⊙ (1 - z);  the same for r
  const Array dUpdatePre = dUpdate * z * (1.0f - z);
  const Array dResetPre = dReset * r * (1.0f - r);

  g.inputGates.leftCols(U) = dUpdatePre.matrix();          // B x U   dx_z
  g.inputGates.middleCols(U, U) = dResetPre.matrix();      // B x U   dx_r
  g.inputGates.rightCols(U) = dCandidatePre.matrix();      // B x U   dx_h
  g.recurrentGates.leftCols(2 * U) = g.inputGates.leftCols(2 * U);         // z and r: the same sum
  g.recurrentGates.rightCols(U) = (dCandidatePre * r).matrix();            // dh_h = da_h ⊙ r

  // x_* = x·W + b0  =>  dx = d(x_*)·Wᵀ;   h_* = h·U + b1  =>  dh += d(h_*)·Uᵀ
  if (inputColumns < 0) g.input = timesTransposed(g.inputGates, params.value(kernel_));   // B x in
  else if (inputColumns > 0) g.input = inputGradient(params, g.inputGates, 0, inputColumns);  // B x inputColumns
  g.state = (dh * z).matrix() + timesTransposed(g.recurrentGates, params.value(recurrentKernel_));  // B x U
  return g;
}

void Gru::addParameterGradients(const Matrix& inputs, const Matrix& states, const Matrix& inputGates,
                                const Matrix& recurrentGates, Gradients& grads) const {
  // x_* = x·W + b0  =>  dW = Xᵀ·dX_*,  db0 = Σ_rows dX_*;   the same for U and b1 with the states
  grads[kernel_].noalias() += inputs.transpose() * inputGates;              // in x 3U
  grads[recurrentKernel_].noalias() += states.transpose() * recurrentGates;  // U x 3U
  auto dBias = grads[bias_];                                                 // 2 x 3U
  dBias.row(0) += inputGates.colwise().sum();
  dBias.row(1) += recurrentGates.colwise().sum();
}

Matrix Gru::forward(const ParameterSet& params, const Matrix& x, Cache& cache) const {
  const Index T = x.rows();
  cache.steps.assign(static_cast<size_t>(T), StepCache{});
  Matrix states(T, units_);         // T x U
  Matrix h = Matrix::Zero(1, units_);  // 1 x U, the state carried from step to step
  for (Index t = 0; t < T; ++t) {
    h = step(params, x.row(t), h, cache.steps[static_cast<size_t>(t)]);
    states.row(t) = h;
  }
  return states;
}

Matrix Gru::backward(const ParameterSet& params, const Cache& cache, const Matrix& dy, Gradients& grads) const {
  const Index T = dy.rows();
  Matrix dx(T, in_);                 // T x in
  Matrix inputs(T, in_), states(T, units_), inputGates(T, 3 * units_), recurrentGates(T, 3 * units_);
  Matrix carried = Matrix::Zero(1, units_);  // dL/dh flowing back from the later steps
  for (Index t = T - 1; t >= 0; --t) {
    const StepCache& c = cache.steps[static_cast<size_t>(t)];
    // The state after step t is both an output (dy) and the next step's input (carried).
    const StepGradients g = stepBackward(params, c, dy.row(t) + carried);
    dx.row(t) = g.input;
    carried = g.state;
    inputs.row(t) = c.input;
    states.row(t) = c.state;
    inputGates.row(t) = g.inputGates;
    recurrentGates.row(t) = g.recurrentGates;
  }
  addParameterGradients(inputs, states, inputGates, recurrentGates, grads);
  return dx;
}

RowVector Gru::stepReference(const ParameterSet& params, const Gru& gru, const RowVector& x, const RowVector& h) {
  const Index U = gru.units(), in = gru.in();
  const auto W = params.value(gru.kernelSlot());
  const auto R = params.value(gru.recurrentKernelSlot());
  const auto b = params.value(gru.biasSlot());
  RowVector out(U);
  for (Index j = 0; j < U; ++j) {
    float xz = b(0, j), xr = b(0, U + j), xh = b(0, 2 * U + j);
    float hz = b(1, j), hr = b(1, U + j), hh = b(1, 2 * U + j);
    for (Index i = 0; i < in; ++i) {
      xz += x(i) * W(i, j);
      xr += x(i) * W(i, U + j);
      xh += x(i) * W(i, 2 * U + j);
    }
    for (Index i = 0; i < U; ++i) {
      hz += h(i) * R(i, j);
      hr += h(i) * R(i, U + j);
      hh += h(i) * R(i, 2 * U + j);
    }
    const float z = sigmoid(xz + hz);
    const float r = sigmoid(xr + hr);
    const float candidate = std::tanh(xh + r * hh);
    out(j) = z * h(j) + (1.0f - z) * candidate;
  }
  return out;
}

namespace {

// What one step of the reference keeps for going back: its input, the state before it, and per unit j the gates
// and the recurrent candidate h_h (the names of the header's formulas).
struct ReferenceStep {
  std::vector<double> input, state;              // in, U
  std::vector<double> z, r, candidate, hh;      // U each
};

double sigmoidOf(double v) { return 1.0 / (1.0 + std::exp(-v)); }

}  // namespace

Matrix Gru::backwardReference(const ParameterSet& params, const Gru& gru, const Matrix& x, const Matrix& dy,
                              Gradients& grads) {
  const Index U = gru.units(), in = gru.in(), T = x.rows();
  const auto W = params.value(gru.kernelSlot());           // in x 3U, the gates' columns [z | r | h]
  const auto R = params.value(gru.recurrentKernelSlot());  // U x 3U
  const auto b = params.value(gru.biasSlot());             // 2 x 3U: row 0 input side, row 1 recurrent side

  // Forward again, keeping every step.
  std::vector<ReferenceStep> steps(static_cast<size_t>(T));
  std::vector<double> h(static_cast<size_t>(U), 0.0);  // the state, zero before the first step
  for (Index t = 0; t < T; ++t) {
    ReferenceStep& s = steps[static_cast<size_t>(t)];
    for (Index i = 0; i < in; ++i) s.input.push_back(x(t, i));
    s.state = h;
    for (Index j = 0; j < U; ++j) {
      double xz = b(0, j), xr = b(0, U + j), xh = b(0, 2 * U + j);
      double hz = b(1, j), hr = b(1, U + j), hh = b(1, 2 * U + j);
      for (Index i = 0; i < in; ++i) {
        xz += s.input[static_cast<size_t>(i)] * W(i, j);
        xr += s.input[static_cast<size_t>(i)] * W(i, U + j);
        xh += s.input[static_cast<size_t>(i)] * W(i, 2 * U + j);
      }
      for (Index i = 0; i < U; ++i) {
        hz += s.state[static_cast<size_t>(i)] * R(i, j);
        hr += s.state[static_cast<size_t>(i)] * R(i, U + j);
        hh += s.state[static_cast<size_t>(i)] * R(i, 2 * U + j);
      }
      s.z.push_back(sigmoidOf(xz + hz));
      s.r.push_back(sigmoidOf(xr + hr));
      s.hh.push_back(hh);
      s.candidate.push_back(std::tanh(xh + s.r.back() * hh));
      const size_t u = static_cast<size_t>(j);
      h[u] = s.z[u] * s.state[u] + (1.0 - s.z[u]) * s.candidate[u];  // h' = z·h + (1 - z)·ĥ
    }
  }

  // Back through time. The state after step t is an output (dY[t]) and the input of step t+1 (carried).
  MatrixMap dW = grads[gru.kernelSlot()], dR = grads[gru.recurrentKernelSlot()], db = grads[gru.biasSlot()];
  Matrix dx(T, in);                                          // T x in
  std::vector<double> carried(static_cast<size_t>(U), 0.0);  // dL/dh from the later steps
  for (Index t = T - 1; t >= 0; --t) {
    const ReferenceStep& s = steps[static_cast<size_t>(t)];
    std::vector<double> inputGates(static_cast<size_t>(3 * U)), recurrentGates(static_cast<size_t>(3 * U));
    std::vector<double> dState(static_cast<size_t>(U));  // dL/dh of the state before the step
    for (Index j = 0; j < U; ++j) {
      const size_t u = static_cast<size_t>(j);
      const double dNext = dy(t, j) + carried[u];  // dL/dh'
      // h' = z·h + (1 - z)·ĥ
      const double dz = dNext * (s.state[u] - s.candidate[u]);
      const double dCandidate = dNext * (1.0 - s.z[u]);
      dState[u] = dNext * s.z[u];
      // ĥ = tanh(x_h + r·h_h): tanh' = 1 - tanh²
      const double dCandidatePre = dCandidate * (1.0 - s.candidate[u] * s.candidate[u]);
      const double dr = dCandidatePre * s.hh[u];
      // z = σ(x_z + h_z), r = σ(x_r + h_r): σ' = σ·(1 - σ)
      const double dzPre = dz * s.z[u] * (1.0 - s.z[u]);
      const double drPre = dr * s.r[u] * (1.0 - s.r[u]);
      inputGates[u] = recurrentGates[u] = dzPre;
      inputGates[static_cast<size_t>(U) + u] = recurrentGates[static_cast<size_t>(U) + u] = drPre;
      inputGates[static_cast<size_t>(2 * U) + u] = dCandidatePre;
      recurrentGates[static_cast<size_t>(2 * U) + u] = dCandidatePre * s.r[u];  // the reset gate scales h_h
    }
    // x_* = x·W + b0 and h_* = h·U + b1: the products' gradients, as a dense layer's
    for (Index c = 0; c < 3 * U; ++c) {
      const double gx = inputGates[static_cast<size_t>(c)], gh = recurrentGates[static_cast<size_t>(c)];
      db(0, c) += static_cast<float>(gx);
      db(1, c) += static_cast<float>(gh);
      for (Index i = 0; i < in; ++i) dW(i, c) += static_cast<float>(s.input[static_cast<size_t>(i)] * gx);
      for (Index i = 0; i < U; ++i) dR(i, c) += static_cast<float>(s.state[static_cast<size_t>(i)] * gh);
    }
    for (Index i = 0; i < in; ++i) {
      double sum = 0;
      for (Index c = 0; c < 3 * U; ++c) sum += inputGates[static_cast<size_t>(c)] * W(i, c);
      dx(t, i) = static_cast<float>(sum);
    }
    for (Index i = 0; i < U; ++i) {
      double sum = dState[static_cast<size_t>(i)];
      for (Index c = 0; c < 3 * U; ++c) sum += recurrentGates[static_cast<size_t>(c)] * R(i, c);
      carried[static_cast<size_t>(i)] = sum;
    }
  }
  return dx;
}

Matrix timesTransposed(const Matrix& a, const ConstMatrixMap& b) {
  Eigen::MatrixXf product = a * b.transpose();  // column-major on purpose (see the header)
  return product;                               // converted to row-major
}

void initOrthogonal(MatrixMap matrix, Rng& rng) {
  // QR of a tall Gaussian matrix gives orthonormal columns; the sign fix makes the result uniformly distributed.
  const bool wide = matrix.rows() < matrix.cols();
  const Index tall = wide ? matrix.cols() : matrix.rows(), narrow = wide ? matrix.rows() : matrix.cols();
  Eigen::MatrixXf gaussian(tall, narrow);
  for (Index i = 0; i < gaussian.size(); ++i) gaussian.data()[i] = rng.normal();
  Eigen::HouseholderQR<Eigen::MatrixXf> qr(gaussian);
  Eigen::MatrixXf q = qr.householderQ() * Eigen::MatrixXf::Identity(tall, narrow);  // tall x narrow
  const Eigen::MatrixXf r = qr.matrixQR().topRows(narrow).triangularView<Eigen::Upper>();
  for (Index j = 0; j < narrow; ++j)
    if (r(j, j) < 0) q.col(j) *= -1.0f;
  if (wide)
    matrix = q.transpose();
  else
    matrix = q;
}

}  // namespace al
