#include "core/layers/additive_attention.h"

#include <cmath>

namespace al {

AdditiveAttention::AdditiveAttention(ParameterSet& params, const std::string& name, Index units, Index attentionUnits)
    : units_(units),
      attentionUnits_(attentionUnits),
      w1_(params, name + ".W1", units, attentionUnits),
      w2_(params, name + ".W2", units, attentionUnits),
      v_(params, name + ".V", attentionUnits, 1) {}

void AdditiveAttention::initialize(ParameterSet& params, Rng& rng) const {
  w1_.initialize(params, rng);
  w2_.initialize(params, rng);
  v_.initialize(params, rng);
}

Matrix AdditiveAttention::projectKeys(const ParameterSet& params, const Matrix& outputs) const {
  Matrix keys = outputs * params.value(w2_.kernelSlot());  // S x A   O·W2
  keys.rowwise() += params.value(w2_.biasSlot()).row(0);   //         + b2
  return keys;
}

Matrix AdditiveAttention::projectQueries(const ParameterSet& params, const Matrix& states) const {
  Matrix queries = states * params.value(w1_.kernelSlot());  // B x A   s·W1
  queries.rowwise() += params.value(w1_.biasSlot()).row(0);  //         + b1
  return queries;
}

RowVector AdditiveAttention::attend(const ParameterSet& params, const RowVector& query, const Matrix& keys,
                                    const Matrix& outputs, StepCache& cache) const {
  // The same query is added to every source token's key.
  cache.activations = (keys.rowwise() + query).array().tanh().matrix();  // S x A
  // e = tanh(·)·V + bV   (S x 1, kept as a row 1 x S). bV adds the same number to every score, and softmax
  // does not change when all its inputs move together, so bV is part of the file but never changes a result:
  // it is left out here, which keeps the weights exactly independent of it.
  cache.scores = (cache.activations * params.value(v_.kernelSlot())).transpose();
  // softmax over the source tokens; subtracting the maximum changes nothing but avoids overflow
  cache.weights = (cache.scores.array() - cache.scores.maxCoeff()).exp().matrix();
  cache.weights /= cache.weights.sum();
  return cache.weights * outputs;  // 1 x U   c = Σ_j a_j O_j
}

RowVector AdditiveAttention::attendBackward(const ParameterSet& params, const StepCache& cache, const Matrix& outputs,
                                            const RowVector& dContext, Matrix& dKeys, Matrix& dOutputs,
                                            Gradients& grads) const {
  const RowVector& a = cache.weights;  // 1 x S
  // c = a·O  =>  da = dc·Oᵀ (1 x S),  dO += aᵀ·dc (S x U)
  const RowVector dWeights = dContext * outputs.transpose();
  dOutputs.noalias() += a.transpose() * dContext;
  // a = softmax(e)  =>  de_j = a_j (da_j - Σ_k a_k da_k)
  const RowVector dScores = (a.array() * (dWeights.array() - a.dot(dWeights))).matrix();
  // e = tanh(·)·V + bV  =>  dV = tanh(·)ᵀ·deᵀ,  dtanh = deᵀ·Vᵀ;  dbV = Σ de = 0 exactly (see attend), nothing to add
  grads[v_.kernelSlot()].noalias() += cache.activations.transpose() * dScores.transpose();  // A x 1
  const auto vT = params.value(v_.kernelSlot()).transpose();                               // 1 x A
  // tanh(p)' = 1 - tanh²;  p = q + keys_j  =>  dkeys_j = dp_j,  dq = Σ_j dp_j
  const Matrix dPre = ((dScores.transpose() * vT).array() * (1.0f - cache.activations.array().square())).matrix();
  dKeys += dPre;                   // S x A
  return dPre.colwise().sum();     // 1 x A
}

Matrix AdditiveAttention::projectQueriesBackward(const ParameterSet& params, const Matrix& states,
                                                 const Matrix& dQueries, Gradients& grads) const {
  // q = s·W1 + b1  =>  dW1 = sᵀ·dq,  db1 = Σ_rows dq,  ds = dq·W1ᵀ
  grads[w1_.kernelSlot()].noalias() += states.transpose() * dQueries;  // U x A
  grads[w1_.biasSlot()] += dQueries.colwise().sum();
  return dQueries * params.value(w1_.kernelSlot()).transpose();        // B x U
}

Matrix AdditiveAttention::projectKeysBackward(const ParameterSet& params, const Matrix& outputs, const Matrix& dKeys,
                                              Gradients& grads) const {
  // keys = O·W2 + b2  =>  dW2 = Oᵀ·dkeys,  db2 = Σ_rows dkeys,  dO = dkeys·W2ᵀ
  grads[w2_.kernelSlot()].noalias() += outputs.transpose() * dKeys;  // U x A
  grads[w2_.biasSlot()] += dKeys.colwise().sum();
  return dKeys * params.value(w2_.kernelSlot()).transpose();         // S x U
}

Matrix AdditiveAttention::forward(const ParameterSet& params, const Matrix& stateAndOutputs, Cache& cache) const {
  const Matrix state = stateAndOutputs.topRows(1);                              // 1 x U
  const Matrix outputs = stateAndOutputs.bottomRows(stateAndOutputs.rows() - 1);  // S x U
  cache.keys = projectKeys(params, outputs);
  const RowVector query = projectQueries(params, state);
  return attend(params, query, cache.keys, outputs, cache.step);
}

Matrix AdditiveAttention::backward(const ParameterSet& params, const Matrix& stateAndOutputs, const Cache& cache,
                                   const Matrix& dContext, Gradients& grads) const {
  const Index S = stateAndOutputs.rows() - 1;
  const Matrix state = stateAndOutputs.topRows(1);
  const Matrix outputs = stateAndOutputs.bottomRows(S);
  Matrix dKeys = Matrix::Zero(S, attentionUnits_);
  Matrix dOutputs = Matrix::Zero(S, units_);
  const Matrix dQuery = attendBackward(params, cache.step, outputs, dContext, dKeys, dOutputs, grads);
  Matrix dInput(S + 1, units_);  // (1+S) x U
  dInput.topRows(1) = projectQueriesBackward(params, state, dQuery, grads);
  dInput.bottomRows(S) = dOutputs + projectKeysBackward(params, outputs, dKeys, grads);
  return dInput;
}

RowVector AdditiveAttention::weightsReference(const ParameterSet& params, const RowVector& state,
                                              const Matrix& outputs) const {
  const auto W1 = params.value(w1_.kernelSlot()), b1 = params.value(w1_.biasSlot());
  const auto W2 = params.value(w2_.kernelSlot()), b2 = params.value(w2_.biasSlot());
  const auto V = params.value(v_.kernelSlot());
  const Index S = outputs.rows(), U = units_, A = attentionUnits_;
  RowVector scores(S);
  for (Index j = 0; j < S; ++j) {
    float e = 0;  // + bV would cancel in the softmax
    for (Index k = 0; k < A; ++k) {
      float pre = b1(0, k) + b2(0, k);
      for (Index i = 0; i < U; ++i) pre += state(i) * W1(i, k) + outputs(j, i) * W2(i, k);
      e += std::tanh(pre) * V(k, 0);
    }
    scores(j) = e;
  }
  float total = 0;
  const float maxScore = scores.maxCoeff();
  for (Index j = 0; j < S; ++j) total += (scores(j) = std::exp(scores(j) - maxScore));
  return scores / total;
}

}  // namespace al
