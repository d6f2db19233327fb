#pragma once
// The products of a pretrained model's forward pass spread over the threads of the calling task arena
// (tbb::task_arena; all cores outside one), as PyTorch spreads them over torch.set_num_threads. BERT base and
// GPT-2 small are one large product after another, a handful per layer, with nothing else to run beside them:
// unless each product is split, a second thread has nothing to do. The core's own products are single-threaded
// on purpose (training runs one sample per thread, core/matrix_product.h).
//
//   parallelAffine     X·W + b. W's columns are split into one block per thread; each block is one call of
//                      the core's product (or, for a single row, a generation step, Eigen's matrix-vector
//                      product, which reads W once instead of packing it). The split is along the output columns,
//                      never along a sum, so every number is summed in the order the single-threaded product
//                      sums it.
//                      With an element-wise function, applied to each block by the thread that computed it.
//   parallelAffines    several X·W_i + b_i of one X (queries, keys, values), their columns split as one range.
//   parallelLogits     Z·Eᵀ for an output layer E of V rows (the vocabulary), E's rows split the same way.
//   parallelAttention  MultiHeadAttention::forward for inference, filling the same Cache:
//                      the projections as above, then the heads side by side, one task each.
//   parallelRows       f applied to blocks of rows (an activation function over T x F).
//
// Dimension key (core/tensor.h): T tokens, D model width, H heads, K key width, V vocabulary.
#include <functional>
#include <vector>

#include "core/layers/multi_head_attention.h"
#include "core/matrix_product.h"
#include "core/parameters.h"

namespace al::pretrained {

// X·W + b: x (T x in), w (in x out), b (1 x out). T x out.
Matrix parallelAffine(ConstMatrixRef x, ConstMatrixRef w, ConstMatrixRef b);

// f(X·W + b) for an element-wise f (GELU after the feed-forward product): each thread applies f to its own
// block of columns as soon as it has computed it, while the block is in its cache, and the threads meet once
// instead of twice. The numbers are those of f applied to parallelAffine's result.
Matrix parallelAffine(ConstMatrixRef x, ConstMatrixRef w, ConstMatrixRef b, const std::function<void(MatrixRef)>& f);

// X·W_i + b_i for several weights of the same input at once (a layer's query, key and value projections): the
// columns of all of them are shared out among the threads as one range, so that the threads meet once instead of
// once per projection, and a thread whose share spans two projections packs X fewer times. Each result is what
// parallelAffine gives. x (T x in), each w_i (in x out_i), b_i (1 x out_i); T x out_i each.
struct AffineWeights {
  ConstMatrixRef w, b;
};
std::vector<Matrix> parallelAffines(ConstMatrixRef x, const std::vector<AffineWeights>& weights);

// Z·Eᵀ: z (T x D), e (V x D). T x V.
Matrix parallelLogits(ConstMatrixRef z, ConstMatrixRef e);

// The layer's self-attention on x (T x D), filling cache as MultiHeadAttention::forward does (q, k, v, every
// head's weights, the scores when cache.keepScores, heads switched off by cache.headMask). allowed: T x T mask or
// null. T x D.
Matrix parallelAttention(const ParameterSet& params, const MultiHeadAttention& layer, const Matrix& x,
                         MultiHeadAttention::Cache& cache, const Matrix* allowed = nullptr);

// f(first, count) on blocks of rows 0..rows-1, in parallel.
void parallelRows(Index rows, const std::function<void(Index first, Index count)>& f);

}  // namespace al::pretrained
