#pragma once
// A moment of a training timeline as the Attention page draws it: the reading of a watched sentence by the model the
// run kept (its tokens, unknown words and word groups, which training does not change), with the maps and the
// prediction the timeline stored for that moment in place of the kept model's.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include "core/inference/training_timeline.h"
#include "ui/pages/attention_reader.h"

namespace al::ui {

// `kept`: the kept model's reading of the sentence the timeline watched as `moment`. Null when the two do not fit
// (another number of layers, heads or tokens): the page then shows the kept model.
SharedReading readingAtMoment(const AttentionReading& kept, const ProbeReading& moment);

}  // namespace al::ui
