#pragma once
// One row of weights as a bar chart: where one token looks across the sentence (the row of a heatmap,
// ui/widgets/heatmap_view.h), or a fill-in candidate's probabilities. Its picture and numbers save from a
// right-click menu.
#include <QStringList>
#include <QWidget>
#include <vector>

#include "core/tensor.h"

class QCustomPlot;
class QCPBars;
class QCPAxis;
class QLabel;

namespace al::ui {

class WeightBars : public QWidget {
  Q_OBJECT
 public:
  explicit WeightBars(QWidget* parent = nullptr);

  // One bar per token; the weights usually sum to 1.
  void setWeights(const al::RowVector& weights, const QStringList& labels, const QString& title);
  const al::RowVector& weights() const { return weights_; }
  QStringList labels() const { return labels_; }
  QString title() const;
  QStringList csvHeader() const;
  std::vector<std::vector<QString>> csvRows() const;
  QCustomPlot* plot() const { return plot_; }
  // Tick labels this many times the app's font (the pinned bars: for the back row).
  void setLabelScale(double scale) { labelScale_ = scale; }
  // Tokens down the side, a bar each going right (true), or along the bottom with their bars going up (the default).
  // Down the side, every label lies flat (a Chinese word upright) in a row as high as a map's, and a narrow column
  // beside a map holds the chart.
  void setTokensDown(bool down);
  bool tokensDown() const { return tokensDown_; }
  // What the bars are, beside the value axis and in the CSV header ("probability"); empty: "weight".
  void setValueName(const QString& name);

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  void showContextMenu(const QPoint& position);
  void fitAxisLabels();  // "weight" beside the axis only when the plot is tall enough to hold it

  QLabel* title_;
  QCustomPlot* plot_;
  QCPBars* bars_;
  double labelScale_ = 1;
  bool tokensDown_ = false;
  QCPAxis* keyAxis() const;
  QCPAxis* valueAxis() const;
  QString valueName_;
  al::RowVector weights_;
  QStringList labels_;
};

}  // namespace al::ui
