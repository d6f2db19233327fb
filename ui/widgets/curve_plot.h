#pragma once
// The training curves: loss on the left, accuracy on the right, for any number of runs at once.
//
// Each run has one colour and three curves per metric:
//   per batch    thin, pale: the batch values, smoothed (a single batch is noisy; the trend is what teaches)
//   training     solid with dots: the mean over each epoch
//   validation   dashed with squares: the held-out data after each epoch
// The x axis counts epochs; batch k of n in epoch e sits at e - 1 + k/n, so the epoch points close each stretch.
//
// Adding points never redraws: refresh() does, once per timer tick, with a queued replot.
#include <map>
#include <optional>
#include <vector>

#include <QColor>
#include <QString>
#include <QStringList>
#include <QWidget>

class QCustomPlot;
class QCPAxisRect;
class QCPLayoutGrid;
class QCPGraph;
class QCPItemStraightLine;
class QCPTextElement;

namespace al::ui {

class CurvePlot : public QWidget {
  Q_OBJECT
 public:
  enum class Curve { Batch, Training, Validation };
  enum class Metric { Loss, Accuracy };

  explicit CurvePlot(QWidget* parent = nullptr);

  // A run's curves, added empty. plannedEpochs (0: unknown) widens the x axis from the start, so that the axis
  // does not jump while the run trains and the class sees how far it has to go.
  void addRun(int runId, const QString& name, const QColor& color, bool visible = true, int plannedEpochs = 0);
  void renameRun(int runId, const QString& name);
  void setRunVisible(int runId, bool visible);
  void removeRun(int runId);
  bool hasRun(int runId) const;

  // x in epochs (batch: fractional). The caller smooths batch values.
  void addBatchPoint(int runId, double x, double loss, double accuracy);
  // NaN values (no validation split) are left out.
  void addEpochPoint(int runId, int epoch, double loss, double accuracy, double valLoss, double valAccuracy);

  // A language model's perplexity, e^loss, on an axis right of the loss: the loss curves (validation's too) read
  // as perplexity. Its scale is logarithmic, so that it lines up with the loss at every height. Hidden by default.
  void setPerplexityAxis(bool shown);
  bool perplexityAxisShown() const;

  // A moment of a run's training timeline (ui/widgets/timeline_bar.h), at x epochs: a vertical line across both
  // plots while the class scrubs. Nothing: no line.
  void setMoment(std::optional<double> x);
  std::optional<double> moment() const { return moment_; }

  // Rescales the axes to the visible runs and queues one replot, if anything changed since the last refresh.
  void refresh();
  int replotCount() const { return replots_; }  // replots actually drawn, for tests and the status

  int pointCount(int runId, Curve curve, Metric metric) const;
  double pointValue(int runId, Curve curve, Metric metric, int index) const;

  // The figure as a picture: PNG pixels, SVG and PDF as vector drawings. Throws al::RunError/al::InputError.
  void savePicture(const QString& path);
  // The numbers behind the figure: one row per point of every run shown.
  QStringList csvHeader() const;
  std::vector<std::vector<QString>> csvRows() const;

  QCustomPlot* plot() const { return plot_; }

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  static constexpr int kMinimumRectWidth = 300;  // a plot's width, its axis titles included, to sit side by side
  bool placeRects();  // true when it moved something
  struct RunCurves {
    QString name;
    QColor color;
    bool visible = true;
    int plannedEpochs = 0;
    QCPGraph* graphs[3][2] = {};  // [Curve][Metric]
  };
  QCPGraph* graph(int runId, Curve curve, Metric metric) const;
  QCPAxisRect* rect(Metric metric) const { return metric == Metric::Loss ? lossRect_ : accuracyRect_; }
  static double span(const RunCurves& run);
  void rescale();

  QCustomPlot* plot_;
  QCPAxisRect* lossRect_;
  QCPAxisRect* accuracyRect_;
  QCPLayoutGrid* rects_;  // the loss and accuracy plots: one row, or one column on a narrow plot
  std::map<int, RunCurves> runs_;
  std::optional<double> moment_;
  QCPItemStraightLine* momentLines_[2] = {};  // on the loss plot, on the accuracy plot
  bool dirty_ = false;
  int replots_ = 0;
};

}  // namespace al::ui
