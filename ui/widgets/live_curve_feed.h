#pragma once
// Feeds a training's events into a CurvePlot as they come, for every page that shows a run learning live (the
// Train page, the Normalization page's race):
//   - each batch adds one point of a smoothed curve: a moving average of the batch loss and accuracy, debiased as
//     TensorBoard does (without the correction the curve would start at 0);
//   - each epoch adds its points as they are;
//   - a timer ticks about 30 times a second however fast batches come; at each tick the page takes what its
//     trainings sent (tick()), and the plot is redrawn once.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <map>

#include "core/train/trainer.h"

#include <QObject>

class QTimer;

namespace al::ui {

class CurvePlot;

// The smoothed batch curve of one run.
struct SmoothedCurve {
  static constexpr double kWeight = 0.9;  // of the moving average: the larger, the smoother
  int batches = 0;
  double lossAverage = 0, accuracyAverage = 0, weightPower = 1;  // weightPower = kWeight^batches
  void add(double loss, double accuracy);
  double loss() const { return batches ? lossAverage / (1 - weightPower) : 0; }
  double accuracy() const { return batches ? accuracyAverage / (1 - weightPower) : 0; }
};

class LiveCurveFeed : public QObject {
  Q_OBJECT
 public:
  explicit LiveCurveFeed(CurvePlot* plot, QObject* parent = nullptr);

  void start();  // the timer ticks
  void stop();
  void forget(int runId);  // a new run under an old id starts a new curve

  // Batch k of n in epoch e sits at e - 1 + k/n on the epoch axis.
  void addBatch(int runId, const BatchEvent& e);
  void addEpoch(int runId, const EpochEvent& e);
  int batches(int runId) const;
  SmoothedCurve curve(int runId) const;

 signals:
  void tick();  // take the trainings' updates now: the plot is redrawn right after

 private:
  CurvePlot* plot_;
  QTimer* timer_;
  std::map<int, SmoothedCurve> curves_;
};

}  // namespace al::ui
