#pragma once
// The large matrix products of training, C = alpha·op(A)·op(B) + beta·C, done by OpenBLAS: a BLAS library with
// a hand-tuned kernel for each processor family (AVX-512, AVX2, ...), faster than Eigen's portable one on the
// products that dominate a Transformer step (T x D times D x (H*K), and their transposes in backward). On the
// shapes of a real review (T of 100 to 600) it is 5 to 20 % faster than BLIS, which it replaced; BLIS stays for
// one case, described in matrix_product.cpp.
//
// Small products (under about 32 x 32 x 32 multiply-adds) stay with Eigen, where a library call costs more than
// it saves. Either way a product is computed by one thread in a fixed order, so the same inputs give the same
// bits on a machine: results stay reproducible for a seed and a thread count.
//
// The matrices are row-major (core/tensor.h); a block of a matrix (middleCols, topRows, a map into the
// parameter buffer) is fine, as long as its rows are contiguous.
#include "core/tensor.h"

#include <string>

namespace al {

using ConstMatrixRef = Eigen::Ref<const Matrix, 0, Eigen::OuterStride<>>;
using MatrixRef = Eigen::Ref<Matrix, 0, Eigen::OuterStride<>>;

// op(X) of the BLAS routine: X itself or its transpose.
enum class Op { Plain, Transposed };

// c = alpha · op(a) · op(b) + beta · c. c must already have the shape of the product (beta 0: its old values are
// ignored, even NaN).
void multiply(ConstMatrixRef a, Op opA, ConstMatrixRef b, Op opB, MatrixRef c, float alpha = 1.0f, float beta = 0.0f);

// X·W + b: every row of x (T x in) times w (in x out), plus the bias b (1 x out) on every row. T x out.
Matrix affine(ConstMatrixRef x, ConstMatrixRef w, ConstMatrixRef b);

// Which library and processor kernel the big products use, e.g. "OpenBLAS Cooperlake" or "BLIS skx".
const std::string& matrixProductKernel();

}  // namespace al
