#pragma once
// Softmax cross-entropy over a vocabulary, for the real target tokens only.
//
// Dimension key (core/tensor.h): N target tokens (rows; padding never appears), V vocabulary size.
//
//   p_n = softmax(logits_n)         (1 x V per row)
//   L_n = -log p_n[target_n]        the loss of one token
// forward returns the per-token losses (N x 1); the caller sums them and divides by how many there are.
// backward: dL_n/dlogits_n = p_n - onehot(target_n), times the upstream dL/dL_n.
#include <vector>

#include "core/layers/layer.h"

namespace al {

class SoftmaxCrossEntropy {
 public:
  struct Cache {
    Matrix probabilities;  // N x V
    std::vector<int> targets;  // N
  };

  // logits (N x V), targets (N ids in [0, V)) -> per-token losses (N x 1).
  Matrix forward(const Matrix& logits, const std::vector<int>& targets, Cache& cache) const;
  // dL/dlosses (N x 1) -> dL/dlogits (N x V).
  Matrix backward(const Cache& cache, const Matrix& dLosses) const;

  // How many rows' largest logit is the target (ties go to the lowest id, as argmax does).
  static Index countCorrect(const Matrix& logits, const std::vector<int>& targets);
};

// The same loss with plain loops and double sums, one row at a time: the test oracles of forward, backward and
// countCorrect, and the versions to read first. Every target must lie in [0, V) (forward checks it, these do not).
//   L_n = log Σ_v exp(logits[n][v]) - logits[n][target_n]                 N x V  ->  N x 1
// (the same as -log p_n[target_n]; the row's largest logit is subtracted inside the exp so that it never
// overflows, which changes nothing since softmax ignores a shift of the whole row)
Matrix softmaxCrossEntropyReference(const Matrix& logits, const std::vector<int>& targets);
//   dlogits[n][v] = (p_n[v] - [v = target_n]) · dL_n                       N x V
Matrix softmaxCrossEntropyBackwardReference(const Matrix& logits, const std::vector<int>& targets,
                                            const Matrix& dLosses);
// The rows whose first largest logit (the lowest id among equal ones) is the target.
Index countCorrectReference(const Matrix& logits, const std::vector<int>& targets);

}  // namespace al
