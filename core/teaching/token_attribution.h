#pragma once
// Which words did the IMDB classifier's prediction rest on? Four answers that a heatmap invites us to take for
// one, measured side by side so that a class can see whether they agree ("attention is not explanation" as a
// number, whatever it turns out to be):
//
//   attention   a_j = (1/T) Σ_i A_ij                    what token j receives from one head, or from the last
//                                                       layer's mean over its heads (A: T x T, row = query)
//   rollout     r_j = (1/T) Σ_i R_ij                    the same of the rollout of the whole stack
//                                                       (core/teaching/attention_rollout.h)
//   saliency    s_j = σ · Σ_d ∂z/∂x_jd · x_jd           gradient × input: z the logit, x = token embedding +
//                                                       position (T x D), from the model's own backward pass
//   deletion    e_j = p̂(review) − p̂(review without j)   the change of the predicted label's probability when
//                                                       token j is taken out (the tokens after it move up)
// σ = +1 when the model says positive, −1 when negative: −z is the negative label's logit (log p(neg)/p(pos)),
// so a positive s_j or e_j always means "token j pushed towards the label the model gave". p̂ is the predicted
// label's probability (p or 1 − p).
// The classifier pools over all tokens rather than reading a [CLS] token, so no single attention row speaks for
// the prediction; the mean over the query rows (what each token contributes to a mean-pooled state) takes its place.
//
// Over a sample of reviews: Spearman's rank correlation of each pair, review by review, then the mean over the
// reviews. Attention has no sign, so the pairs compare magnitudes (|s_j|, |e_j|: how much a token matters, not in
// which direction); saliency against deletion is also given signed.
//
// Dimension key (core/tensor.h): T tokens, D model width, L layers, H heads.
#include <array>
#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "core/models/transformer_classifier.h"

namespace al::teaching {

// Spearman's rank correlation: the Pearson correlation of the ranks (ties get their mean rank). NaN when the
// lengths differ, when there are fewer than two values, or when either side is constant (no order to compare).
double spearman(std::span<const double> a, std::span<const double> b);
// 1-based ranks, ties sharing their mean rank: {10, 30, 20, 20} -> {1, 4, 2.5, 2.5}.
std::vector<double> ranks(std::span<const double> values);

// Saliency and deletion of one review.
struct TokenAttribution {
  float logit = 0;
  float probability = 0;               // of "positive"
  bool positive = true;                // the predicted label (probability >= 0.5)
  std::vector<double> saliency;        // T: s_j
  std::vector<double> deletion;        // T: e_j; empty for a one-token review (removing it leaves nothing to read)
};
// ids: 1 <= T <= sequence_length. Throws InputError as predict does.
TokenAttribution attributeTokens(const TransformerClassifier& model, std::span<const int> ids);
// The saliency alone (one forward and one backward pass; deletion costs T more forward passes): deletion empty.
TokenAttribution gradientTimesInput(const TransformerClassifier& model, std::span<const int> ids);

// Which attention the correlations read.
struct AttentionSource {
  std::optional<size_t> layer, head;  // both set: that head; unset: the last layer's mean over its heads
};

// The four explanations, in the order of RankCorrelations' rows and columns.
enum Explanation : size_t { kAttention, kRollout, kSaliency, kDeletion, kExplanations };

// The per-token scores of one review (each T), magnitudes of saliency and deletion as the correlations use them.
std::array<std::vector<double>, kExplanations> explanationScores(const TransformerClassifier& model,
                                                                 std::span<const int> ids, const AttentionSource& source);

struct RankCorrelations {
  // kExplanations x kExplanations: the mean over the reviews of Spearman's ρ (diagonal 1), its standard
  // deviation over the reviews, and how many reviews gave a number (a constant score gives none).
  std::array<std::array<double, kExplanations>, kExplanations> mean{}, deviation{};
  std::array<std::array<size_t, kExplanations>, kExplanations> counted{};
  double signedSaliencyDeletion = 0;  // mean ρ of signed s_j against signed e_j
  size_t signedCounted = 0;
  size_t reviews = 0;  // reviews read (those of fewer than 3 tokens are skipped: no order to speak of)
  size_t skipped = 0;
};

// Called after each review; return false to cancel (rankCorrelations then throws RunError, kind Cancelled).
using AttributionProgress = std::function<bool(size_t done, size_t total)>;

// reviews: token ids, each cut to the model's sequence_length. Throws std::invalid_argument for a source head
// the model does not have.
RankCorrelations rankCorrelations(const TransformerClassifier& model, std::span<const std::vector<int>> reviews,
                                  const AttentionSource& source, const AttributionProgress& progress = {});

}  // namespace al::teaching
