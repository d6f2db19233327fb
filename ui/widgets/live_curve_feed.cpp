#include "ui/widgets/live_curve_feed.h"

#include <algorithm>

#include <QTimer>

#include "ui/widgets/curve_plot.h"

namespace al::ui {

namespace {
constexpr int kRedrawIntervalMs = 33;  // about 30 redraws a second
}

void SmoothedCurve::add(double loss, double accuracy) {
  ++batches;
  lossAverage = kWeight * lossAverage + (1 - kWeight) * loss;
  accuracyAverage = kWeight * accuracyAverage + (1 - kWeight) * accuracy;
  weightPower *= kWeight;
}

LiveCurveFeed::LiveCurveFeed(CurvePlot* plot, QObject* parent) : QObject(parent), plot_(plot), timer_(new QTimer(this)) {
  timer_->setInterval(kRedrawIntervalMs);
  connect(timer_, &QTimer::timeout, this, [this] {
    emit tick();
    plot_->refresh();
  });
}

void LiveCurveFeed::start() { timer_->start(); }
void LiveCurveFeed::stop() { timer_->stop(); }
void LiveCurveFeed::forget(int runId) { curves_.erase(runId); }

void LiveCurveFeed::addBatch(int runId, const BatchEvent& e) {
  SmoothedCurve& curve = curves_[runId];
  curve.add(e.loss, e.accuracy);
  const double batchesPerEpoch = static_cast<double>(std::max<size_t>(1, e.batchesPerEpoch));
  const double x = (e.epoch - 1) + static_cast<double>(e.batch) / batchesPerEpoch;
  plot_->addBatchPoint(runId, x, curve.loss(), curve.accuracy());
}

void LiveCurveFeed::addEpoch(int runId, const EpochEvent& e) {
  plot_->addEpochPoint(runId, e.epoch, e.loss, e.accuracy, e.valLoss, e.valAccuracy);
}

int LiveCurveFeed::batches(int runId) const {
  const auto it = curves_.find(runId);
  return it == curves_.end() ? 0 : it->second.batches;
}

SmoothedCurve LiveCurveFeed::curve(int runId) const {
  const auto it = curves_.find(runId);
  return it == curves_.end() ? SmoothedCurve{} : it->second;
}

}  // namespace al::ui
