#include "core/matrix_product.h"

#include <cstdlib>
#include <mutex>

#include <blis.h>

namespace al {

namespace {

// BLIS picks its kernel from the processor's identification. Some virtual machines report a processor it does
// not know (a generic "AMD EPYC", say), and BLIS then falls back to its slow reference code although the
// instructions are there. So, unless the user chose one (BLIS_ARCH_TYPE), pick by instruction set before the
// first product: "skx" for AVX-512, "haswell" for AVX2 with FMA.
void chooseKernelOnce() {
  static std::once_flag once;
  std::call_once(once, [] {
#if defined(__x86_64__)
    if (std::getenv("BLIS_ARCH_TYPE") == nullptr) {
      __builtin_cpu_init();
      if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq"))
        setenv("BLIS_ARCH_TYPE", "skx", 0);
      else if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
        setenv("BLIS_ARCH_TYPE", "haswell", 0);
    }
#endif
    bli_init();
  });
}

// The same product with Eigen, for the small ones.
void multiplyWithEigen(ConstMatrixRef a, Op opA, ConstMatrixRef b, Op opB, MatrixRef c, float alpha, float beta) {
  auto assign = [&](const auto& product) {
    if (beta == 0.0f) c.noalias() = alpha * product;
    else {
      c *= beta;
      c.noalias() += alpha * product;
    }
  };
  const bool ta = opA == Op::Transposed, tb = opB == Op::Transposed;
  if (!ta && !tb) assign(a * b);
  else if (ta && !tb) assign(a.transpose() * b);
  else if (!ta && tb) assign(a * b.transpose());
  else assign(a.transpose() * b.transpose());
}

}  // namespace

void multiply(ConstMatrixRef a, Op opA, ConstMatrixRef b, Op opB, MatrixRef c, float alpha, float beta) {
  const Index m = opA == Op::Plain ? a.rows() : a.cols();  // op(a): m x k, op(b): k x n, c: m x n
  const Index k = opA == Op::Plain ? a.cols() : a.rows();
  const Index n = opB == Op::Plain ? b.cols() : b.rows();
  eigen_assert((opB == Op::Plain ? b.rows() : b.cols()) == k && c.rows() == m && c.cols() == n);
  if (m == 0 || n == 0) return;
  if (k == 0 || static_cast<double>(m) * static_cast<double>(n) * static_cast<double>(k) < 32.0 * 32.0 * 32.0) {
    multiplyWithEigen(a, opA, b, opB, c, alpha, beta);
    return;
  }
  chooseKernelOnce();
  // Row-major strides: element (i, j) of x sits at x.data()[i * outerStride + j].
  const inc_t unit = 1;
  const trans_t ta = opA == Op::Plain ? BLIS_NO_TRANSPOSE : BLIS_TRANSPOSE;
  const trans_t tb = opB == Op::Plain ? BLIS_NO_TRANSPOSE : BLIS_TRANSPOSE;
  float alphaValue = alpha, betaValue = beta;
  bli_sgemm(ta, tb, m, n, k, &alphaValue, const_cast<float*>(a.data()), a.outerStride(), unit,
            const_cast<float*>(b.data()), b.outerStride(), unit, &betaValue, c.data(), c.outerStride(), unit);
}

Matrix affine(ConstMatrixRef x, ConstMatrixRef w, ConstMatrixRef b) {
  Matrix y(x.rows(), w.cols());  // T x out
  for (Index t = 0; t < y.rows(); ++t) y.row(t) = b.row(0);
  multiply(x, Op::Plain, w, Op::Plain, y, 1.0f, 1.0f);
  return y;
}

const char* matrixProductKernel() {
  chooseKernelOnce();
  return bli_arch_string(bli_arch_query_id());
}

}  // namespace al
