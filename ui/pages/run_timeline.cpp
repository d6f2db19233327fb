// Core headers first (through the page's header): Qt's `emit` macro must not reach them.
#include "ui/pages/run_timeline.h"

#include "ui/pages/timeline_reading.h"
#include "ui/widgets/curve_plot.h"
#include "ui/widgets/runs_list.h"
#include "ui/widgets/timeline_bar.h"

namespace al::ui {

void followRunTimelines(TrainPage& page, TimelineBar& bar, CurvePlot& curves, RunsList& runs) {
  // A run still training has no timeline yet (TrainPage::timeline): the bar hides until it ends.
  auto showRun = [&page, &bar, &curves](int runId) {
    bar.setTimeline(page.timeline(runId));
    curves.setMoment(std::nullopt);  // at the run's kept model
  };
  QObject::connect(&page, &TrainPage::runFinished, &bar, showRun);
  QObject::connect(&runs, &RunsList::selectedRunChanged, &bar, [showRun](int runId) {
    if (runId >= 0) showRun(runId);
  });
  QObject::connect(&bar, &TimelineBar::positionChanged, &curves, [&bar, &curves] {
    const TimelineSnapshot* moment = bar.snapshot();
    curves.setMoment(moment ? epochPosition(*bar.timeline(), *moment) : std::nullopt);
  });
}

}  // namespace al::ui
