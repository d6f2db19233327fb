#pragma once
// The Train page's training timeline: under the curves, the bar (ui/widgets/timeline_bar.h) of the moments the run
// chosen in the runs list recorded while it trained (or of the run that finished last), and while the class
// scrubs, the moment's step marked on the loss and accuracy curves (CurvePlot::setMoment).
//
// Core headers come first (through the page's header): a core header must never see Qt's `emit` macro.
#include "ui/pages/train_page.h"

namespace al::ui {

class CurvePlot;
class RunsList;
class TimelineBar;

// Connects the bar to the page's runs and the curves; all four live as long as the page.
void followRunTimelines(TrainPage& page, TimelineBar& bar, CurvePlot& curves, RunsList& runs);

}  // namespace al::ui
