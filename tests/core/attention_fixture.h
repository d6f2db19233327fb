#pragma once
// A multi-head attention layer with random kernels and biases and a random input, for the layer tests and the
// head-switch tests. The biases are random because a zero bias hides mistakes (a head whose Z is not replaced
// would still look right).
//
// Dimension key (core/tensor.h): T tokens, D model width, H heads, K key dimension.
#include <cstdint>

#include "core/layers/multi_head_attention.h"
#include "core/parameters.h"
#include "core/random.h"
#include "tests/core/gradient_check.h"

namespace al::test {

struct AttentionFixture {
  ParameterSet params;
  MultiHeadAttention layer;
  Matrix x;  // T x D

  // queryKeyGain scales the query and key kernels: the default makes the softmax peaked, so that a wrong scale or
  // mask changes the result visibly.
  AttentionFixture(Index T, Index D, Index H, Index K, uint64_t seed, float queryKeyGain = 2.0f)
      : layer(params, "encoder.0.attention", D, H, K) {
    Rng rng(seed);
    layer.initialize(params, rng);
    for (const auto& part : {layer.query(), layer.key(), layer.value(), layer.output()})
      params.value(part.bias) = randomMatrix(1, params.info(part.bias).cols, rng, 0.5f);
    params.value(layer.query().kernel) *= queryKeyGain;
    params.value(layer.key().kernel) *= queryKeyGain;
    x = randomMatrix(T, D, rng);
  }

  // Y = Z·W_o + b_o of a given Z (T x H*K), by hand.
  Matrix outputOf(const Matrix& z) const {
    Matrix y = z * params.value(layer.output().kernel);
    y.rowwise() += params.value(layer.output().bias).row(0);
    return y;
  }
};

}  // namespace al::test
