#include "ui/widgets/replot_pacer.h"

#include <QPointer>
#include <QTimer>
#include <deque>
#include <qcustomplot.h>

namespace al::ui {

namespace {

// The plots waiting, oldest first; a zero timer started after each replot takes the next on the following turn
// (a timer started during a turn of the event loop is not due in that same turn).
class ReplotPacer : public QObject {
 public:
  ReplotPacer() {
    timer_.setSingleShot(true);
    timer_.setInterval(0);
    connect(&timer_, &QTimer::timeout, this, &ReplotPacer::next);
  }

  void add(QCustomPlot* plot) {
    for (const QPointer<QCustomPlot>& waiting : waiting_)
      if (waiting == plot) return;
    waiting_.emplace_back(plot);
    if (!timer_.isActive()) timer_.start();
  }

 private:
  void next() {
    while (!waiting_.empty() && !waiting_.front()) waiting_.pop_front();  // deleted meanwhile
    if (waiting_.empty()) return;
    QPointer<QCustomPlot> plot = waiting_.front();
    waiting_.pop_front();
    plot->replot(QCustomPlot::rpRefreshHint);
    if (!waiting_.empty()) timer_.start();
  }

  QTimer timer_;
  std::deque<QPointer<QCustomPlot>> waiting_;
};

}  // namespace

void paceReplot(QCustomPlot* plot) {
  static ReplotPacer* pacer = new ReplotPacer;  // lives as long as the application's event loop
  pacer->add(plot);
}

}  // namespace al::ui
