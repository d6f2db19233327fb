#pragma once
// Attention rollout (Abnar & Zuidema, "Quantifying Attention Flow in Transformers", 2020): one head's map says
// where a layer looked, not what the model's output is made of, because every layer mixes tokens that earlier
// layers have already mixed, and the residual connection carries each token's own state past the attention.
// Rollout follows the mixing through the whole stack:
//
//   Ā_l = (1/H) Σ_h A_{l,h}                            T x T, the heads' mean in layer l (row = query)
//   Â_l = rownorm(r·Ā_l + (1 − r)·I)                   T x T, the residual as attention to oneself (r = 0.5)
//   R_1 = Â_1,  R_l = Â_l·R_{l−1}                      T x T, row i: how much of the input token j reaches
//                                                      token i's state after layer l
// Each Â_l is row-stochastic (rows ≥ 0, summing to 1), so every R_l is too. rownorm only matters for a query
// whose attention row is all zero (a head with no allowed key): its row becomes the identity's.
// A causal model (GPT-2, the language models) has lower-triangular maps; I and products of lower-triangular
// matrices are lower-triangular, so its rollout stays causal.
//
// Attention flow, the paper's other measure (a max-flow through the layers' maps, with capacities the weights), is
// not computed: it takes one max-flow problem per (output token, input token) pair over a graph of (L+1)·T nodes
// and L·T² edges, about 40,000 problems of 160,000 edges for a 200-token review in four layers: minutes per
// sentence on a laptop, not a view that follows the typed text.
//
// Dimension key (core/tensor.h): T tokens, L layers, H heads.
#include <vector>

#include "core/tensor.h"

namespace al::teaching {

// attention: [layer][head], each T x T, row = query (what every model kind with self-attention reports).
// Returns R_1 .. R_L, each T x T; the last is the rollout of the whole stack. residualShare is 1 − r above (0.5 in
// the paper). Throws std::invalid_argument for an empty layer or maps of different sizes.
std::vector<Matrix> attentionRollout(const std::vector<std::vector<Matrix>>& attention, float residualShare = 0.5f);

// The heads' mean of one layer: H maps of T x T -> T x T.
Matrix headMean(const std::vector<Matrix>& heads);

// How much attention each key token receives, averaged over the query rows: T x T -> T values (1 x T).
// The IMDB classifier pools over every token instead of reading a [CLS] token, so no single row speaks for the
// prediction; the mean over the rows is the share of the pooled state each token contributes (exactly so for
// mean pooling; for max pooling, the rows' average stands in for the feature-wise maxima).
RowVector attentionReceived(const Matrix& map);

}  // namespace al::teaching
