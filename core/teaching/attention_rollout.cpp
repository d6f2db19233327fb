#include "core/teaching/attention_rollout.h"

#include <stdexcept>
#include <string>

namespace al::teaching {

Matrix headMean(const std::vector<Matrix>& heads) {
  if (heads.empty()) throw std::invalid_argument("attention rollout: a layer without heads");
  Matrix mean = Matrix::Zero(heads.front().rows(), heads.front().cols());  // T x T
  for (const Matrix& a : heads) {
    if (a.rows() != mean.rows() || a.cols() != mean.cols() || a.rows() != a.cols())
      throw std::invalid_argument("attention rollout: every map must be the same T x T");
    mean += a;
  }
  return mean / static_cast<float>(heads.size());
}

std::vector<Matrix> attentionRollout(const std::vector<std::vector<Matrix>>& attention, float residualShare) {
  std::vector<Matrix> rollout;
  rollout.reserve(attention.size());
  for (const std::vector<Matrix>& layer : attention) {
    const Matrix mean = headMean(layer);  // T x T, Ā_l
    const Index T = mean.rows();
    if (!rollout.empty() && rollout.back().rows() != T)
      throw std::invalid_argument("attention rollout: layers of " + std::to_string(rollout.back().rows()) + " and " +
                                  std::to_string(T) + " tokens");
    // Â_l = rownorm(r·Ā_l + (1 − r)·I)
    Matrix mixed = (1.0f - residualShare) * mean + residualShare * Matrix::Identity(T, T);  // T x T
    for (Index i = 0; i < T; ++i) {
      const float sum = mixed.row(i).sum();
      if (sum > 0) mixed.row(i) /= sum;
    }
    // R_l = Â_l·R_{l−1}
    rollout.push_back(rollout.empty() ? mixed : Matrix(mixed * rollout.back()));
  }
  return rollout;
}

RowVector attentionReceived(const Matrix& map) {
  if (map.rows() == 0) return RowVector(0);
  return map.colwise().mean();  // 1 x T
}

}  // namespace al::teaching
