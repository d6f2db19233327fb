#include "core/teaching/head_importance.h"

#include <algorithm>

#include "core/error.h"
#include "core/random.h"

namespace al::teaching {

HeadImportance measureEachHeadOff(size_t layers, size_t heads, const EvaluateWithHeadsOff& evaluate,
                                  const std::vector<Matrix>& means) {
  HeadImportance r;
  r.accuracy.assign(layers, std::vector<double>(heads, 0.0));
  r.loss = r.accuracy;
  const BatchStats all = evaluate(nullptr);
  r.baseline = all.accuracy();
  r.baselineLoss = all.loss();
  for (size_t l = 0; l < layers; ++l)
    for (size_t h = 0; h < heads; ++h) {
      HeadSwitches one;
      one.switchOff(l, static_cast<Index>(h));
      if (!means.empty()) one.setMeans(l, means[l]);
      const BatchStats s = evaluate(&one);
      r.accuracy[l][h] = s.accuracy();
      r.loss[l][h] = s.loss();
    }
  return r;
}

HeadImportance headImportance(const TransformerClassifier& model, std::span<const EncodedSample* const> samples,
                              HeadReplacement replacement, const HeadImportanceProgress& progress) {
  const size_t L = static_cast<size_t>(model.config().numLayers), H = static_cast<size_t>(model.config().numHeads);
  const std::vector<Matrix> means = replacement == HeadReplacement::Mean ? model.headMeans(samples) : std::vector<Matrix>{};

  const size_t total = (L * H + 1) * samples.size();
  size_t done = 0;
  constexpr size_t kBlock = 64;  // how often progress is reported (and Cancel is heard)
  auto evaluate = [&](const HeadSwitches* switches) {
    BatchStats stats;
    for (size_t first = 0; first < samples.size(); first += kBlock) {
      const size_t count = std::min(kBlock, samples.size() - first);
      stats += model.evaluate(samples.subspan(first, count), switches);
      done += count;
      if (progress && !progress(done, total)) throw RunError(ErrorKind::Cancelled, {}, "cancelled");
    }
    return stats;
  };
  HeadImportance r = measureEachHeadOff(L, H, evaluate, means);
  r.replacement = replacement;
  r.samples = samples.size();
  return r;
}

std::vector<EncodedSample> headImportanceReviews(const ImdbTransformerModel& model, const std::string& source,
                                                 uint64_t seed, const LoadProgress& progress) {
  LabeledDataset data = loadImdbSource(source, progress, seed);
  const std::vector<LabeledText>& texts = data.hasTestSplit ? data.test : data.train;
  const TransformerConfig& c = model.model->config();
  std::vector<EncodedSample> out;
  out.reserve(texts.size());
  for (const LabeledText& t : texts) {
    EncodedSample s{model.vocabulary.encode(c.tokenizer, t.text, static_cast<size_t>(c.sequenceLength)), t.label};
    if (!s.ids.empty()) out.push_back(std::move(s));  // a review of punctuation only has nothing to classify
  }
  return out;
}

namespace {

template <class Review>
std::vector<const Review*> chooseFrom(const std::vector<Review>& all, size_t limit) {
  std::vector<const Review*> chosen;
  for (const Review& s : all) chosen.push_back(&s);
  if (limit == 0 || limit >= chosen.size()) return chosen;
  Rng rng(1337);
  for (size_t i = 0; i < limit; ++i) std::swap(chosen[i], chosen[i + rng.next() % (chosen.size() - i)]);
  chosen.resize(limit);
  return chosen;
}

}  // namespace

std::vector<const EncodedSample*> chooseReviews(const std::vector<EncodedSample>& all, size_t limit) {
  return chooseFrom(all, limit);
}

std::vector<const LabeledText*> chooseReviews(const std::vector<LabeledText>& all, size_t limit) {
  return chooseFrom(all, limit);
}

}  // namespace al::teaching
