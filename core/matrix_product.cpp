#include "core/matrix_product.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>

// OpenBLAS's cblas.h first: blis.h brings its own, under the same include guard, without OpenBLAS's extensions.
#include <cblas.h>
#include <blis.h>

namespace al {

namespace {

bool processorHasAvx512() {
#if defined(__x86_64__)
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq");
#else
  return false;
#endif
}

// OpenBLAS's kernels that use AVX-512 for single precision.
bool usesAvx512(std::string openBlasCore) {
  std::transform(openBlasCore.begin(), openBlasCore.end(), openBlasCore.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return openBlasCore == "skylakex" || openBlasCore == "cooperlake" || openBlasCore == "sapphirerapids";
}

// BLIS picks its kernel from the processor's identification. Some virtual machines report a processor it does
// not know (a generic "AMD EPYC", say), and BLIS then falls back to its slow reference code although the
// instructions are there. So, unless the user chose one (BLIS_ARCH_TYPE), ask for "skx", its AVX-512 kernel.
void startBlis() {
  if (std::getenv("BLIS_ARCH_TYPE") == nullptr) setenv("BLIS_ARCH_TYPE", "skx", 0);
  bli_init();
}

// Which library does the products, chosen once. OpenBLAS picks its kernel from the processor when it loads,
// unless OPENBLAS_CORETYPE names one. That variable is often exported for other programs (to pin numpy to an older
// kernel, say), and on a processor with AVX-512 an older kernel here runs at half the speed. So when OpenBLAS was
// told to use a kernel without AVX-512 on a processor that has it, the products go to BLIS's AVX-512 kernel
// instead. Either library computes each product on the calling thread in a fixed order.
struct Library {
  bool blis = false;
  std::string name;
};

const Library& library() {
  static const Library chosen = [] {
    const std::string core = openblas_get_corename();
    if (processorHasAvx512() && !usesAvx512(core)) {
      startBlis();
      return Library{true, std::string("BLIS ") + bli_arch_string(bli_arch_query_id())};
    }
    openblas_set_num_threads(1);  // each product on the calling thread: the core's threads are the parallelism
    return Library{false, "OpenBLAS " + core};
  }();
  return chosen;
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
  // Row-major strides: element (i, j) of x sits at x.data()[i * outerStride + j].
  if (library().blis) {
    const inc_t unit = 1;
    float alphaValue = alpha, betaValue = beta;
    bli_sgemm(opA == Op::Plain ? BLIS_NO_TRANSPOSE : BLIS_TRANSPOSE, opB == Op::Plain ? BLIS_NO_TRANSPOSE : BLIS_TRANSPOSE,
              m, n, k, &alphaValue, const_cast<float*>(a.data()), a.outerStride(), unit, const_cast<float*>(b.data()),
              b.outerStride(), unit, &betaValue, c.data(), c.outerStride(), unit);
    return;
  }
  cblas_sgemm(CblasRowMajor, opA == Op::Plain ? CblasNoTrans : CblasTrans, opB == Op::Plain ? CblasNoTrans : CblasTrans,
              static_cast<blasint>(m), static_cast<blasint>(n), static_cast<blasint>(k), alpha, a.data(),
              static_cast<blasint>(a.outerStride()), b.data(), static_cast<blasint>(b.outerStride()), beta, c.data(),
              static_cast<blasint>(c.outerStride()));
}

Matrix affine(ConstMatrixRef x, ConstMatrixRef w, ConstMatrixRef b) {
  Matrix y(x.rows(), w.cols());  // T x out
  for (Index t = 0; t < y.rows(); ++t) y.row(t) = b.row(0);
  multiply(x, Op::Plain, w, Op::Plain, y, 1.0f, 1.0f);
  return y;
}

const std::string& matrixProductKernel() { return library().name; }

}  // namespace al
