#include "core/layers/embedding.h"

#include "core/error.h"

namespace al {

Embedding::Embedding(ParameterSet& params, const std::string& name, Index vocabSize, Index width)
    : name_(name), vocabSize_(vocabSize), width_(width), table_(params.add(name, {vocabSize, width})) {}

void Embedding::initialize(ParameterSet& params, Rng& rng) const { initUniform(params.value(table_), 0.05f, rng); }

Matrix Embedding::forward(const ParameterSet& params, const std::vector<int>& ids, Cache& cache) const {
  const ConstMatrixMap table = params.value(table_);  // V x D
  Matrix y(static_cast<Index>(ids.size()), width_);   // T x D
  for (size_t t = 0; t < ids.size(); ++t) {
    const int id = ids[t];
    if (id < 0 || id >= vocabSize_)
      throw InputError(ErrorKind::TokenOutOfVocabulary,
                       {.expected = std::to_string(vocabSize_), .found = std::to_string(id)},
                       name_ + ": token id " + std::to_string(id) + " at position " + std::to_string(t) +
                       " is outside the vocabulary [0, " + std::to_string(vocabSize_) + ")");
    y.row(static_cast<Index>(t)) = table.row(id);
  }
  cache.ids = ids;
  return y;
}

void Embedding::backward(const ParameterSet&, const Cache& cache, const Matrix& dy, Gradients& grads) const {
  // Y[t] = table[ids[t]]  =>  dtable[v] = Σ_{t : ids[t] = v} dY[t]   (a token seen twice gets both rows)
  MatrixMap dtable = grads.rows(table_, cache.ids);  // V x D, of which the rows of ids change
  for (size_t t = 0; t < cache.ids.size(); ++t) dtable.row(cache.ids[t]) += dy.row(static_cast<Index>(t));
}

// ---------------------------------------------------------------------------------------------------------
// The reference: the formulas of the header, one loop at a time.

Matrix embeddingReference(const ParameterSet& params, const Embedding& layer, const std::vector<int>& ids) {
  const ConstMatrixMap table = params.value(layer.tableSlot());  // V x D
  Matrix y(static_cast<Index>(ids.size()), layer.width());       // T x D
  for (Index t = 0; t < y.rows(); ++t)
    for (Index d = 0; d < layer.width(); ++d) y(t, d) = table(ids[static_cast<size_t>(t)], d);
  return y;
}

void embeddingBackwardReference(const Embedding& layer, const std::vector<int>& ids, const Matrix& dy,
                                Gradients& grads) {
  MatrixMap dtable = grads[layer.tableSlot()];  // V x D
  // Each token sends its gradient to the row it was read from; a word seen twice collects both.
  for (Index t = 0; t < dy.rows(); ++t)
    for (Index d = 0; d < layer.width(); ++d) dtable(ids[static_cast<size_t>(t)], d) += dy(t, d);
}

}  // namespace al
