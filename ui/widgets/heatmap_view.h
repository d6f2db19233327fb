#pragma once
// Attention as a picture. HeatmapView draws a matrix as coloured cells (QCustomPlot's colour map, no
// interpolation) with the tokens on both axes and a colour scale: row i is query token i (read top to bottom),
// column j is key token j, and the colour is how much i looks at j. A tooltip gives the exact number; the
// wheel zooms and a drag pans, so a 600-token review stays readable; a double click resets the view.
// WeightBars draws one row of weights as a bar chart: where one token looks across the sentence.
//
// Both export their picture (PNG, SVG, PDF) and their numbers (CSV) from a right-click menu.
#include <QPoint>
#include <QStringList>
#include <QWidget>
#include <vector>

#include "core/tensor.h"

class QCustomPlot;
class QCPColorMap;
class QCPColorScale;
class QCPBars;
class QLabel;

namespace al::ui {

class HeatmapView : public QWidget {
  Q_OBJECT
 public:
  enum class Colouring {
    Weights,  // white at 0 to deep blue at the top of the range: probabilities such as attention weights
    Signed,   // blue below 0, white at 0, red above: encodings, similarities
  };

  explicit HeatmapView(const QString& title = {}, QWidget* parent = nullptr);

  void setTitle(const QString& title);
  QString title() const;
  // Draws values (rows x columns). Labels may be empty (then 1, 2, 3, ...). The colour range is [0, max] for
  // Weights and [-m, m] with m = max |value| for Signed, unless a fixed range was set.
  void setMatrix(const al::Matrix& values, const QStringList& rowLabels = {}, const QStringList& columnLabels = {});
  void setColouring(Colouring colouring);
  void setFixedRange(double lower, double upper);  // lower == upper: automatic again
  void setAxisTitles(const QString& rows, const QString& columns);
  // Outlines one row (the clicked token); -1 removes the outline.
  void highlightRow(int row);
  void resetView();

  const al::Matrix& matrix() const { return values_; }
  int rows() const { return static_cast<int>(values_.rows()); }
  int columns() const { return static_cast<int>(values_.cols()); }
  // The value the colour map holds for cell (row, column): what is drawn, read back from the plot.
  double drawnValue(int row, int column) const;
  QStringList rowLabels() const { return rowLabels_; }
  QStringList columnLabels() const { return columnLabels_; }
  QString toolTipFor(int row, int column) const;
  // The colour range currently used.
  double rangeLower() const;
  double rangeUpper() const;

  QStringList csvHeader() const;
  std::vector<std::vector<QString>> csvRows() const;
  QCustomPlot* plot() const { return plot_; }

 signals:
  void cellClicked(int row, int column);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void updateTicks();
  void showContextMenu(const QPoint& position);
  bool cellAt(const QPoint& pixel, int& row, int& column) const;

  QLabel* title_;
  QLabel* empty_;  // shown instead of the plot while there is no matrix
  QCustomPlot* plot_;
  QCPColorMap* map_;
  QCPColorScale* scale_;
  al::Matrix values_;
  QStringList rowLabels_, columnLabels_;
  Colouring colouring_ = Colouring::Weights;
  double fixedLower_ = 0, fixedUpper_ = 0;
  int highlightedRow_ = -1;
  QPoint pressedAt_;  // where the left button went down: a click, or the start of a drag
};

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

 private:
  void showContextMenu(const QPoint& position);

  QLabel* title_;
  QCustomPlot* plot_;
  QCPBars* bars_;
  al::RowVector weights_;
  QStringList labels_;
};

}  // namespace al::ui
