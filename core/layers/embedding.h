#pragma once
// Token embedding: a learned table of V rows, one D-wide vector per token id. Y[t] = table[ids[t]].
//
// Dimension key (core/tensor.h): T tokens of the sequence, V vocabulary size, D model width.
#include <string>
#include <vector>

#include "core/layers/layer.h"

namespace al {

class Embedding {
 public:
  struct Cache {
    std::vector<int> ids;  // T token ids, to know which rows receive the gradient
  };

  // Registers exactly `name` (e.g. "embedding.token") with shape [vocabSize, width].
  Embedding(ParameterSet& params, const std::string& name, Index vocabSize, Index width);

  void initialize(ParameterSet& params, Rng& rng) const;  // uniform(-0.05, 0.05), as Keras does

  // ids (T) -> T x D. An id outside [0, V) throws InputError naming the id and its position.
  Matrix forward(const ParameterSet& params, const std::vector<int>& ids, Cache& cache) const;
  // The input is discrete, so there is no dX: only the table receives a gradient.
  void backward(const ParameterSet& params, const Cache& cache, const Matrix& dy, Gradients& grads) const;

  Index vocabSize() const { return vocabSize_; }
  Index width() const { return width_; }
  int tableSlot() const { return table_; }

 private:
  std::string name_;
  Index vocabSize_, width_;
  int table_;
};

// The same layer with plain loops: the test oracle of forward and backward, and the version to read first.
// The ids must lie in [0, V) (forward checks them, the reference does not).
//   Y[t][d] = table[ids[t]][d]                                              ids: T  ->  T x D
Matrix embeddingReference(const ParameterSet& params, const Embedding& layer, const std::vector<int>& ids);
//   dtable[v][d] += Σ_{t : ids[t] = v} dY[t][d]                             added into grads
void embeddingBackwardReference(const Embedding& layer, const std::vector<int>& ids, const Matrix& dy,
                                Gradients& grads);

}  // namespace al
