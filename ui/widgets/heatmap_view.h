#pragma once
// Attention as a picture. HeatmapView draws a matrix as coloured cells (QCustomPlot's colour map, no
// interpolation) with the tokens on both axes and a colour scale: row i is query token i (read top to bottom),
// column j is key token j, and the colour is how much i looks at j. A sentence of up to kWholeUpTo tokens is always
// shown whole, its cells scaled to the space the map has; the labels are as large as the app's font (they grow with
// zoom and presentation mode) while a cell holds them, column labels lie flat where they fit and stand upright
// otherwise (in smaller type when the rows need their height for a label each), and where cells are too small for
// every label every step-th is named. A review longer than that opens
// zoomed on its start, every token named, and a drag moves along it (the wheel zooms, a double click resets). A
// tooltip gives the exact number, a click names the cell under the map by both its tokens, a click on a row label
// pins that query (its weights as large bars under the map, where the map allows it: setPinnable). Weights are
// coloured by the app's one colour scale (ui/widgets/weight_scale.h).
// WeightBars (ui/widgets/weight_bars.h) draws one row of weights as a bar chart beside it.
//
// Both export their picture (PNG, SVG, PDF) and their numbers (CSV) from a right-click menu; a heatmap's picture is
// the whole map (every row, both axis titles, the colour bar), whatever part of it is on screen.
#include <QList>
#include <QPoint>
#include <QSize>
#include <QPointer>
#include <QStringList>
#include <QWidget>
#include <memory>
#include <vector>

#include "core/tensor.h"
#include "ui/widgets/weight_bars.h"
#include "ui/widgets/weight_scale.h"

class QCustomPlot;
class QCPColorMap;
class QCPColorScale;
class QCPBars;
class QLabel;

namespace al::ui {

class CellMap;

class HeatmapView : public QWidget {
  Q_OBJECT
 public:
  enum class Colouring {
    Weights,  // white at 0 to deep blue at the top of the range: probabilities such as attention weights
    Signed,   // blue below 0, white at 0, red above: encodings, similarities
  };

  static constexpr int kWholeUpTo = 32;  // a sentence up to this many tokens is never shown in part

  explicit HeatmapView(const QString& title = {}, QWidget* parent = nullptr);

  void setTitle(const QString& title);
  QString title() const;
  // Draws values (rows x columns). Labels may be empty (then 1, 2, 3, ...). The colour range is the weight scale's
  // (weight_scale.h) for Weights and [-m, m] with m = max |value| for Signed, unless a fixed range was set.
  void setMatrix(const al::Matrix& values, const QStringList& rowLabels = {}, const QStringList& columnLabels = {});
  void setColouring(Colouring colouring);
  Colouring colouring() const { return colouring_; }
  // lower == upper: automatic again. logarithmic: a relative-to-an-equal-share range (weight_scale.h).
  void setFixedRange(double lower, double upper, bool logarithmic = false);
  // false: resetView() shows the whole matrix even when its cells are too small to name each (a matrix of
  // numbered positions or dimensions, not of tokens); then every step-th is named. Default true.
  void setZoomToNameEveryCell(bool zoom) { zoomToName_ = zoom; }
  // These maps use one colour range, the one that fits them all (the Word order tab's original and shuffled).
  static void shareOneScale(const QList<HeatmapView*>& views);
  void setAxisTitles(const QString& rows, const QString& columns);
  QString rowTitle() const { return rowTitle_; }
  QString columnTitle() const { return columnTitle_; }
  // Outlines one row (the clicked token); -1 removes the outline.
  void highlightRow(int row);
  void resetView();
  // Pinning: a click on a row label shows that row's weights as large bars under the map (the one-map view).
  void setPinnable(bool pinnable);
  void pinRow(int row);  // -1 unpins
  int pinnedRow() const { return pinnedRow_; }
  WeightBars* pinnedBars() const { return pinnedBars_; }  // null until setPinnable(true)

  // The whole map as a figure of its own, sized so that every cell and label is readable, in this map's colour
  // range; exportPicture writes it (PNG at 2x, SVG and PDF as vectors: ui/widgets/export.h).
  std::unique_ptr<HeatmapView> exportFigure() const;
  void exportPicture(const QString& path) const;

  const al::Matrix& matrix() const { return values_; }
  int rows() const { return static_cast<int>(values_.rows()); }
  int columns() const { return static_cast<int>(values_.cols()); }
  // The weight drawn in cell (row, column), read back from the plot (undone of the scale's factor n).
  double drawnValue(int row, int column) const;
  double drawnCell(int row, int column) const;  // what the colour map holds: weight × n relative to an equal share
  // The labels on an axis now (Qt::Horizontal: the columns), and their font size in pixels.
  QStringList shownLabels(Qt::Orientation axis) const;
  int labelPixelSize(Qt::Orientation axis) const;
  // What a click on a cell does: name it below the map (cellNote) and emit cellClicked.
  void clickCell(int row, int column);
  QString cellNote() const;
  QPoint cellCentre(int row, int column) const;  // in the plot's pixels
  // The label font's size for the app's font now, in pixels (before shrinking to fit a cell).
  static int fullLabelPixels();
  QStringList rowLabels() const { return rowLabels_; }
  QStringList columnLabels() const { return columnLabels_; }
  QString toolTipFor(int row, int column) const;
  // The colour range currently used.
  double rangeLower() const;
  double rangeUpper() const;
  bool rangeIsLogarithmic() const;

  QStringList csvHeader() const;
  std::vector<std::vector<QString>> csvRows() const;
  QCustomPlot* plot() const { return plot_; }

 signals:
  void cellClicked(int row, int column);  // column -1: the row's label was clicked

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void updateTicks();
  void shortenUprightColumnsForRows();
  void redraw();
  void applyRange();
  WeightRange ownRange() const;
  WeightScale weightScale() const;
  void fitRanges();
  bool showsEverything() const;
  void showContextMenu(const QPoint& position);
  bool cellAt(const QPoint& pixel, int& row, int& column) const;

  QLabel* title_;
  QLabel* empty_;  // shown instead of the plot while there is no matrix
  QLabel* cellNote_;
  QCustomPlot* plot_;
  CellMap* map_;
  QCPColorScale* scale_;
  al::Matrix values_;
  QStringList rowLabels_, columnLabels_;
  // The axis titles and the colour scale's, kept whole: each is drawn only while it fits its side of the map (a small
  // map in a grid of many drops them rather than show "query token (lo"), and an export always has them.
  QString rowTitle_, columnTitle_, scaleTitle_;
  void showTitlesThatFit();
  Colouring colouring_ = Colouring::Weights;
  double fixedLower_ = 0, fixedUpper_ = 0;
  bool fixedLogarithmic_ = false;
  bool pinnable_ = false;
  int pinnedRow_ = -1;
  WeightBars* pinnedBars_ = nullptr;
  std::vector<double> rowFactors_;  // per row: n, the keys it may look at, relative to an equal share; else 1
  QList<QPointer<HeatmapView>> scaleSiblings_;
  int highlightedRow_ = -1;
  bool fitted_ = true;
  // The largest type of upright column labels that leaves every row its label (0: no limit), for a plot of this size.
  int columnPixelsCap_ = 0;
  QSize columnsCappedAt_;
  bool zoomToName_ = true;  // the view is as resetView() made it (not zoomed or dragged by the user)
  QPoint pressedAt_;  // where the left button went down: a click, or the start of a drag
};


}  // namespace al::ui
