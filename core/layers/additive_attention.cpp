#include "core/layers/additive_attention.h"

#include <algorithm>
#include <cmath>
#include <vector>

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

Matrix AdditiveAttention::backwardReference(const ParameterSet& params, const Matrix& stateAndOutputs,
                                            const Matrix& dContext, Gradients& grads) const {
  const auto W1 = params.value(w1_.kernelSlot()), b1 = params.value(w1_.biasSlot());  // U x A, 1 x A
  const auto W2 = params.value(w2_.kernelSlot()), b2 = params.value(w2_.biasSlot());  // U x A, 1 x A
  const auto V = params.value(v_.kernelSlot());                                        // A x 1
  const size_t S = static_cast<size_t>(stateAndOutputs.rows() - 1);
  const size_t U = static_cast<size_t>(units_), A = static_cast<size_t>(attentionUnits_);
  using Table = std::vector<std::vector<double>>;
  // Row 0 is the state s, row 1 + j the output O_j.
  auto state = [&](size_t i) { return double(stateAndOutputs(0, Index(i))); };
  auto output = [&](size_t j, size_t i) { return double(stateAndOutputs(Index(1 + j), Index(i))); };

  // Forward again: the activations tanh(p_j) (S x A), the scores e and the weights a (S each).
  Table activation(S, std::vector<double>(A));
  std::vector<double> score(S, 0.0), weight(S);
  for (size_t j = 0; j < S; ++j)
    for (size_t k = 0; k < A; ++k) {
      double pre = double(b1(0, Index(k))) + b2(0, Index(k));
      for (size_t i = 0; i < U; ++i) pre += state(i) * W1(Index(i), Index(k)) + output(j, i) * W2(Index(i), Index(k));
      activation[j][k] = std::tanh(pre);
      score[j] += activation[j][k] * V(Index(k), 0);
    }
  const double largest = *std::max_element(score.begin(), score.end());
  double total = 0;
  for (size_t j = 0; j < S; ++j) total += weight[j] = std::exp(score[j] - largest);
  for (double& a : weight) a /= total;

  // c = Σ_j a_j O_j  =>  da_j = dc·O_j   (and dO_j gets a_j·dc, below)
  std::vector<double> dWeight(S, 0.0);
  for (size_t j = 0; j < S; ++j)
    for (size_t u = 0; u < U; ++u) dWeight[j] += dContext(0, Index(u)) * output(j, u);
  // a = softmax(e)  =>  de_j = a_j·(da_j - Σ_k a_k·da_k)
  double rowDot = 0;
  for (size_t j = 0; j < S; ++j) rowDot += weight[j] * dWeight[j];
  // e_j = Σ_k tanh(p_j)[k]·V[k]  =>  dV[k] += Σ_j tanh(p_j)[k]·de_j,  dp_j[k] = de_j·V[k]·(1 - tanh(p_j)[k]²)
  auto dV = grads[v_.kernelSlot()];
  Table dPre(S, std::vector<double>(A));
  for (size_t k = 0; k < A; ++k) {
    double sum = 0;
    for (size_t j = 0; j < S; ++j) {
      const double dScore = weight[j] * (dWeight[j] - rowDot);
      sum += activation[j][k] * dScore;
      dPre[j][k] = dScore * V(Index(k), 0) * (1.0 - activation[j][k] * activation[j][k]);
    }
    dV(Index(k), 0) += static_cast<float>(sum);
  }

  // p_j = s·W1 + b1 + O_j·W2 + b2: s, W1 and b1 meet every source token; O_j only its own p_j, through W2.
  auto dW1 = grads[w1_.kernelSlot()], db1 = grads[w1_.biasSlot()];
  auto dW2 = grads[w2_.kernelSlot()], db2 = grads[w2_.biasSlot()];
  for (size_t k = 0; k < A; ++k) {
    double dBias = 0;
    for (size_t j = 0; j < S; ++j) dBias += dPre[j][k];
    db1(0, Index(k)) += static_cast<float>(dBias);
    db2(0, Index(k)) += static_cast<float>(dBias);
    for (size_t i = 0; i < U; ++i) {
      double sum = 0;
      for (size_t j = 0; j < S; ++j) sum += output(j, i) * dPre[j][k];
      dW1(Index(i), Index(k)) += static_cast<float>(state(i) * dBias);
      dW2(Index(i), Index(k)) += static_cast<float>(sum);
    }
  }
  Matrix dInput(Index(S + 1), Index(U));  // (1+S) x U: ds in row 0, dO_j in row 1 + j
  for (size_t i = 0; i < U; ++i) {
    double ds = 0;
    for (size_t j = 0; j < S; ++j)
      for (size_t k = 0; k < A; ++k) ds += dPre[j][k] * W1(Index(i), Index(k));
    dInput(0, Index(i)) = static_cast<float>(ds);
  }
  for (size_t j = 0; j < S; ++j)
    for (size_t i = 0; i < U; ++i) {
      double dOutput = weight[j] * dContext(0, Index(i));  // through the weighted sum
      for (size_t k = 0; k < A; ++k) dOutput += dPre[j][k] * W2(Index(i), Index(k));  // through the score
      dInput(Index(1 + j), Index(i)) = static_cast<float>(dOutput);
    }
  return dInput;
}

}  // namespace al
