// Core headers first: Qt's `emit` macro must not reach them.
#include "core/teaching/attention_rollout.h"
#include "core/teaching/attention_steps.h"  // headAverage

#include "ui/pages/timeline_reading.h"
#include "ui/session/model_library.h"
#include "ui/widgets/timeline_bar.h"

namespace al::ui {

namespace {

bool sameShape(const std::vector<std::vector<Matrix>>& a, const std::vector<std::vector<Matrix>>& b) {
  if (a.size() != b.size()) return false;
  for (size_t l = 0; l < a.size(); ++l) {
    if (a[l].size() != b[l].size()) return false;
    for (size_t h = 0; h < a[l].size(); ++h)
      if (a[l][h].rows() != b[l][h].rows() || a[l][h].cols() != b[l][h].cols()) return false;
  }
  return true;
}

}  // namespace

void showTimelineOf(TimelineBar& bar, const SessionModel* model) {
  bar.setTimeline(model ? model->timeline : nullptr, model ? model->timelineError : nullptr);
}

// Every epoch has as many steps (the batches of the same training data), so the first epoch end gives them all.
std::optional<double> epochPosition(const TrainingTimeline& timeline, const TimelineSnapshot& moment) {
  for (const TimelineSnapshot& s : timeline.snapshots)
    if (s.epochEnd && s.epoch > 0 && s.step > 0) {
      const double stepsPerEpoch = double(s.step) / s.epoch;
      return double(moment.step) / stepsPerEpoch;
    }
  return std::nullopt;
}

SharedReading readingAtMoment(const AttentionReading& kept, const ProbeReading& moment) {
  if (!kept.error.isEmpty() || !sameShape(kept.prediction.attention, moment.attention)) return nullptr;
  auto reading = std::make_shared<AttentionReading>(kept);
  reading->prediction.attention = moment.attention;
  if (moment.prediction.kind == PredictionKind::Class) reading->prediction.probability = moment.prediction.probability;
  reading->averages.clear();
  for (const std::vector<Matrix>& heads : moment.attention) reading->averages.push_back(teaching::headAverage(heads));
  reading->rollout = moment.attention.empty() ? std::vector<Matrix>{} : teaching::attentionRollout(moment.attention);
  reading->saliency.clear();  // the kept model's gradients say nothing of that moment
  return reading;
}

}  // namespace al::ui
