#pragma once
// A training timeline on the pages that show a model: the model's timeline on the bar (ui/widgets/timeline_bar.h),
// where a moment lies on the Train page's curves, and a moment as the Attention page draws it: the reading of a watched sentence by the model the
// run kept (its tokens, unknown words and word groups, which training does not change), with the maps and the
// prediction the timeline stored for that moment in place of the kept model's.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <optional>

#include "core/inference/training_timeline.h"
#include "ui/pages/attention_reader.h"

namespace al::ui {

struct SessionModel;
class TimelineBar;

// The bar shows the model's timeline (a run's, recorded here, or its directory's), or why its directory's could not
// be read; a model without one, or none, hides it.
void showTimelineOf(TimelineBar& bar, const SessionModel* model);

// Where `moment` lies on curves that count epochs (ui/widgets/curve_plot.h: step k of n in epoch e at e - 1 + k/n),
// n read off the timeline's first epoch end. Nothing when no epoch ended while it recorded (a run stopped early).
std::optional<double> epochPosition(const TrainingTimeline& timeline, const TimelineSnapshot& moment);

// `kept`: the kept model's reading of the sentence the timeline watched as `moment`. Null when the two do not fit
// (another number of layers, heads or tokens): the page then shows the kept model.
SharedReading readingAtMoment(const AttentionReading& kept, const ProbeReading& moment);

}  // namespace al::ui
