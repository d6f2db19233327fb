// Core headers first (through the header): Qt's `emit` macro must not reach them.
#include "ui/pages/timeline_moments.h"

#include <QWidget>

#include "ui/pages/timeline_reading.h"
#include "ui/widgets/timeline_bar.h"

namespace al::ui {

TimelineMoments::TimelineMoments(QWidget* page, Page callbacks, bool showsPrediction)
    : QObject(page), bar_(new TimelineBar(page)), page_(std::move(callbacks)) {
  bar_->setShowsPrediction(showsPrediction);
  connect(bar_, &TimelineBar::positionChanged, this, &TimelineMoments::moved);
  connect(bar_, &TimelineBar::probeChosen, this, [this](int probe) {
    if (const TrainingTimeline* timeline = bar_->timeline(); timeline && size_t(probe) < timeline->probes.size())
      page_.setSentence(QString::fromStdString(timeline->probes[size_t(probe)].text));
  });
}

void TimelineMoments::follow(const SessionModel* model) { showTimelineOf(*bar_, model); }

int TimelineMoments::notePageSentence(const QString& text) {
  const int probe = bar_->probeOf(text);
  if (probe >= 0) bar_->setProbe(probe);
  return probe;
}

const ProbeReading* TimelineMoments::readingOf(const QString& text) const {
  const TimelineSnapshot* moment = bar_->snapshot();
  const int probe = bar_->probeOf(text);
  if (!moment || probe < 0 || size_t(probe) >= moment->probes.size()) return nullptr;
  return &moment->probes[size_t(probe)];
}

const TimelineSnapshot* TimelineMoments::snapshot() const { return bar_->snapshot(); }
bool TimelineMoments::atKeptModel() const { return bar_->atFinalModel(); }

int TimelineMoments::moment() const { return bar_->snapshotCount() > 0 && !bar_->atFinalModel() ? bar_->position() : -1; }

void TimelineMoments::setMoment(int moment) { bar_->setPosition(moment < 0 ? bar_->snapshotCount() : moment); }

// A page that draws the moment needs a watched sentence in hand: another one gives way to the bar's.
void TimelineMoments::moved() {
  if (!page_.redraw) return;
  if (!bar_->atFinalModel() && bar_->probeOf(page_.sentence()) < 0 && bar_->timeline() &&
      size_t(bar_->probe()) < bar_->timeline()->probes.size())
    return page_.setSentence(QString::fromStdString(bar_->timeline()->probes[size_t(bar_->probe())].text));
  page_.redraw();
}

}  // namespace al::ui
