#include "core/teaching/bert_head_importance.h"

#include <oneapi/tbb/parallel_for.h>

#include <algorithm>

#include "core/error.h"
#include "core/layers/sigmoid_cross_entropy.h"

namespace al::teaching {

namespace {

// z = [CLS]·W + b of one review, BERT read with these heads off (none kept but the last layer's state).
float logitWith(const BertSentimentModel& model, const LabeledText& review, const HeadSwitches* switches) {
  try {
    const pretrained::Encoding e = sentimentEncoding(model.encoder, review.text, model.sequenceLength);
    const pretrained::BertOutput out = model.encoder.model->forward(
        e.ids, e.segments,
        {.attention = pretrained::AttentionCapture::none(), .maskedLmLogits = false, .hiddenStates = false,
         .headSwitches = switches});
    return model.head->logits(out.hiddenStates.back().topRows(1))(0, 0);  // 1 x D -> 1 x 1
  } catch (const InputError& e) {
    ErrorFields fields = e.fields();  // what is wrong, said of this review
    if (fields.file.empty()) fields.file = review.origin;
    throw InputError(e.kind(), fields, review.origin + ": " + e.what());
  }
}

}  // namespace

HeadImportance bertHeadImportance(const BertSentimentModel& model, std::span<const LabeledText* const> reviews,
                                  const HeadImportanceProgress& progress) {
  const pretrained::BertConfig& c = model.encoder.model->config();
  const size_t L = static_cast<size_t>(c.numLayers), H = static_cast<size_t>(c.numHeads), N = reviews.size();

  const size_t total = (L * H + 1) * N;
  size_t done = 0;
  constexpr size_t kBlock = 64;  // how often progress is reported (and Cancel is heard)
  std::vector<float> logits(N);
  auto evaluate = [&](const HeadSwitches* switches) {
    for (size_t first = 0; first < N; first += kBlock) {
      const size_t end = std::min(N, first + kBlock);
      // Each review writes its own logit; the sums below run in review order, the same for any thread count.
      tbb::parallel_for(first, end, [&](size_t i) { logits[i] = logitWith(model, *reviews[i], switches); });
      done += end - first;
      if (progress && !progress(done, total)) throw RunError(ErrorKind::Cancelled, {}, "cancelled");
    }
    BatchStats stats;
    for (size_t i = 0; i < N; ++i) {
      const float y = reviews[i]->label;
      stats.lossSum += binaryCrossEntropyWithLogit(logits[i], y);
      stats.correct += (logits[i] >= 0) == (y >= 0.5f) ? 1 : 0;
    }
    stats.lossCount = stats.total = static_cast<double>(N);
    return stats;
  };
  HeadImportance r = measureEachHeadOff(L, H, evaluate);  // a BERT head switched off gives zeros
  r.samples = N;
  return r;
}

}  // namespace al::teaching
