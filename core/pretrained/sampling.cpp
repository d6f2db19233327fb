#include "core/pretrained/sampling.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

#include "core/error.h"

namespace al::pretrained {

namespace {

// Token ids by probability, best first (the lower id first on a tie, so the order never depends on the sort).
std::vector<int64_t> rankedIds(const std::vector<float>& p) {
  std::vector<int64_t> order(p.size());
  std::iota(order.begin(), order.end(), int64_t{0});
  std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return p[a] > p[b]; });
  return order;
}

// Zeroes every token but `kept` (ids), and scales the rest to sum to 1.
void keepOnly(std::vector<float>& p, const std::vector<int64_t>& kept) {
  double sum = 0;
  for (int64_t id : kept) sum += p[id];
  std::vector<float> out(p.size(), 0.0f);
  for (int64_t id : kept) out[id] = static_cast<float>(p[id] / sum);
  p = std::move(out);
}

}  // namespace

std::vector<float> softmaxOf(const RowVector& logits) {
  std::vector<float> p(static_cast<size_t>(logits.size()));
  if (p.empty()) return p;
  const float top = logits.maxCoeff();
  double sum = 0;
  for (size_t i = 0; i < p.size(); ++i) sum += (p[i] = std::exp(logits[static_cast<Index>(i)] - top));
  for (float& v : p) v = static_cast<float>(v / sum);
  return p;
}

Sampler::Sampler(const SamplingSettings& settings) : settings_(settings), generator_(settings.seed) {
  if (!(settings.temperature >= 0) || !std::isfinite(settings.temperature))
    throw InputError(ErrorKind::OptionInvalid,
                     {.name = "temperature", .expected = ">= 0", .found = std::to_string(settings.temperature)},
                     "temperature " + std::to_string(settings.temperature) + ": expected 0 (greedy) or more");
  if (settings.topK < 0)
    throw InputError(ErrorKind::OptionInvalid,
                     {.name = "top-k", .expected = ">= 0", .found = std::to_string(settings.topK)},
                     "top-k " + std::to_string(settings.topK) + ": expected 0 (no limit) or more");
  if (!(settings.topP > 0 && settings.topP <= 1))
    throw InputError(ErrorKind::OptionInvalid,
                     {.name = "top-p", .expected = "(0, 1]", .found = std::to_string(settings.topP)},
                     "top-p " + std::to_string(settings.topP) + ": expected more than 0 and at most 1");
}

std::vector<float> Sampler::distribution(const RowVector& logits) const {
  if (greedy()) return softmaxOf(logits);
  std::vector<float> p = softmaxOf(logits / settings_.temperature);
  std::vector<int64_t> ranked = rankedIds(p);
  if (settings_.topK > 0 && static_cast<size_t>(settings_.topK) < ranked.size()) {
    ranked.resize(static_cast<size_t>(settings_.topK));
    keepOnly(p, ranked);
  }
  if (settings_.topP < 1) {
    // The fewest best tokens whose probabilities reach p (at least one).
    double sum = 0;
    size_t n = 0;
    while (n < ranked.size() && (n == 0 || sum < settings_.topP)) sum += p[ranked[n++]];
    ranked.resize(n);
    keepOnly(p, ranked);
  }
  return p;
}

int64_t Sampler::choose(const std::vector<float>& probabilities) {
  if (probabilities.empty())
    throw InputError(ErrorKind::Internal, {}, "no token to choose from: the model's vocabulary is empty");
  if (greedy()) return rankedIds(probabilities).front();
  // A uniform number in [0, 1) from the generator's 53 high bits: the same on every platform (the standard's
  // distributions are not).
  const double u = static_cast<double>(generator_() >> 11) * (1.0 / 9007199254740992.0);
  double sum = 0;
  int64_t last = 0;
  for (size_t i = 0; i < probabilities.size(); ++i) {
    if (probabilities[i] <= 0) continue;
    last = static_cast<int64_t>(i);
    sum += probabilities[i];
    if (u < sum) return last;
  }
  return last;  // rounding left the sum just under u: the last token with any probability
}

}  // namespace al::pretrained
