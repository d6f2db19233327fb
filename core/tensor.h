#pragma once
// The numeric types of the core. Everything is float32, row-major, as in the model files.
//
// Dimension key used in shape comments across core/:
//   B batch size (sequences)      T tokens of one sequence (real tokens only, never padding)
//   D model width (embed_dim)     H attention heads          K key dimension of one head
//   F feed-forward width          V vocabulary size          N tokens of a whole batch
//   E embedding width (seq2seq)   U GRU units                A attention units (additive attention)
//   S source length (seq2seq)
#include <Eigen/Core>
#include <vector>

namespace al {

using Index = Eigen::Index;
using Matrix = Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using RowVector = Eigen::Matrix<float, 1, Eigen::Dynamic>;
using MatrixMap = Eigen::Map<Matrix>;
using ConstMatrixMap = Eigen::Map<const Matrix>;

// A flat buffer of floats whose start is aligned for the widest vector instructions. Eigen's vectorized
// reductions start at the first aligned element, so a tensor viewed inside a buffer must sit at the same
// alignment in every run, or the order of additions (and the last bits of a result) would change from run
// to run. With an aligned start, the same seed and thread count give bit-identical training.
using FloatBuffer = std::vector<float, Eigen::aligned_allocator<float>>;

}  // namespace al
