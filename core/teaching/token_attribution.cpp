#include "core/teaching/token_attribution.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <string>

#include "core/error.h"
#include "core/layers/sigmoid_cross_entropy.h"
#include "core/teaching/attention_rollout.h"

namespace al::teaching {

std::vector<double> ranks(std::span<const double> values) {
  std::vector<size_t> order(values.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return values[a] < values[b]; });
  std::vector<double> rank(values.size());
  for (size_t first = 0; first < order.size();) {
    size_t last = first;  // [first, last] tie
    while (last + 1 < order.size() && values[order[last + 1]] == values[order[first]]) ++last;
    const double mean = 0.5 * static_cast<double>(first + last) + 1.0;  // mean of the 1-based ranks first+1..last+1
    for (size_t k = first; k <= last; ++k) rank[order[k]] = mean;
    first = last + 1;
  }
  return rank;
}

double spearman(std::span<const double> a, std::span<const double> b) {
  constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
  if (a.size() != b.size() || a.size() < 2) return kNone;
  const std::vector<double> ra = ranks(a), rb = ranks(b);
  const double mean = 0.5 * static_cast<double>(a.size() + 1);  // the mean of any n ranks, ties or not
  double ab = 0, aa = 0, bb = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    ab += (ra[i] - mean) * (rb[i] - mean);
    aa += (ra[i] - mean) * (ra[i] - mean);
    bb += (rb[i] - mean) * (rb[i] - mean);
  }
  if (aa == 0 || bb == 0) return kNone;
  return ab / std::sqrt(aa * bb);
}

TokenAttribution gradientTimesInput(const TransformerClassifier& model, std::span<const int> ids) {
  TokenAttribution r;
  const Matrix x = model.embeddedInput(ids);        // T x D
  const Matrix dzdx = model.logitGradient(ids);     // T x D
  r.logit = model.logits(std::vector<std::vector<int>>{std::vector<int>(ids.begin(), ids.end())}).front();
  r.probability = sigmoid(r.logit);
  r.positive = r.probability >= 0.5f;
  const double sign = r.positive ? 1.0 : -1.0;  // σ
  const Index T = x.rows();
  // s_j = σ · Σ_d ∂z/∂x_jd · x_jd
  for (Index j = 0; j < T; ++j) r.saliency.push_back(sign * static_cast<double>(dzdx.row(j).dot(x.row(j))));
  return r;
}

TokenAttribution attributeTokens(const TransformerClassifier& model, std::span<const int> ids) {
  TokenAttribution r = gradientTimesInput(model, ids);
  const auto T = static_cast<Index>(ids.size());
  if (T < 2) return r;
  // e_j = p̂(review) − p̂(review without j): all T shorter reviews in one parallel pass
  std::vector<std::vector<int>> without(static_cast<size_t>(T));
  for (size_t j = 0; j < without.size(); ++j) {
    without[j].assign(ids.begin(), ids.end());
    without[j].erase(without[j].begin() + static_cast<std::ptrdiff_t>(j));
  }
  // e_j = (1 − p̂(without j)) − (1 − p̂(review)), with 1 − p̂ = 1 / (1 + exp(σ·z)): a confident review's p̂ rounds
  // to 1 (in float for |z| > 17, in double for |z| > 37) and every deletion would round to 0; 1 − p̂ keeps its digits.
  const double sign = r.positive ? 1.0 : -1.0;
  const auto rest = [&](float logit) { return 1.0 / (1.0 + std::exp(sign * double(logit))); };  // 1 − p̂
  const double full = rest(r.logit);
  for (float logit : model.logits(without)) r.deletion.push_back(rest(logit) - full);
  return r;
}

namespace {

std::vector<double> toDoubles(const RowVector& v) { return std::vector<double>(v.data(), v.data() + v.size()); }

std::vector<double> magnitudes(std::vector<double> v) {
  for (double& x : v) x = std::abs(x);
  return v;
}

using Scores = std::array<std::vector<double>, kExplanations>;

Scores scoresOf(const TransformerClassifier& model, std::span<const int> ids, const AttentionSource& source,
                const TokenAttribution& t) {
  const TransformerClassifier::Prediction p = model.predict(ids);
  const std::vector<std::vector<Matrix>>& maps = p.attention;  // [layer][head], T x T
  Matrix chosen;
  if (source.layer && source.head) {
    if (*source.layer >= maps.size() || *source.head >= maps[*source.layer].size())
      throw std::invalid_argument("the model has no head " + std::to_string(*source.layer) + "." +
                                  std::to_string(*source.head) + " (layers and heads count from 0)");
    chosen = maps[*source.layer][*source.head];
  } else {
    chosen = headMean(maps.back());
  }
  Scores s;
  s[kAttention] = toDoubles(attentionReceived(chosen));
  s[kRollout] = toDoubles(attentionReceived(attentionRollout(maps).back()));
  s[kSaliency] = magnitudes(t.saliency);
  s[kDeletion] = magnitudes(t.deletion);
  return s;
}

}  // namespace

std::array<std::vector<double>, kExplanations> explanationScores(const TransformerClassifier& model,
                                                                 std::span<const int> ids, const AttentionSource& source) {
  return scoresOf(model, ids, source, attributeTokens(model, ids));
}

RankCorrelations rankCorrelations(const TransformerClassifier& model, std::span<const std::vector<int>> reviews,
                                  const AttentionSource& source, const AttributionProgress& progress) {
  RankCorrelations r;
  std::array<std::array<double, kExplanations>, kExplanations> sum{}, sumSquares{};
  double signedSum = 0;
  for (size_t n = 0; n < reviews.size(); ++n) {
    const std::vector<int>& ids = reviews[n];
    if (ids.size() < 3) {
      ++r.skipped;
    } else {
      ++r.reviews;
      const TokenAttribution t = attributeTokens(model, ids);
      const Scores scores = scoresOf(model, ids, source, t);
      for (size_t a = 0; a < kExplanations; ++a)
        for (size_t b = 0; b < kExplanations; ++b) {
          const double rho = spearman(scores[a], scores[b]);
          if (std::isnan(rho)) continue;
          sum[a][b] += rho, sumSquares[a][b] += rho * rho, ++r.counted[a][b];
        }
      const double rho = spearman(t.saliency, t.deletion);
      if (!std::isnan(rho)) signedSum += rho, ++r.signedCounted;
    }
    if (progress && !progress(n + 1, reviews.size())) throw RunError(ErrorKind::Cancelled, {}, "cancelled");
  }
  for (size_t a = 0; a < kExplanations; ++a)
    for (size_t b = 0; b < kExplanations; ++b) {
      const double count = static_cast<double>(r.counted[a][b]);
      if (count == 0) continue;
      r.mean[a][b] = sum[a][b] / count;
      r.deviation[a][b] = std::sqrt(std::max(0.0, sumSquares[a][b] / count - r.mean[a][b] * r.mean[a][b]));
    }
  if (r.signedCounted) r.signedSaliencyDeletion = signedSum / static_cast<double>(r.signedCounted);
  return r;
}

}  // namespace al::teaching
