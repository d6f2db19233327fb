#pragma once
// A labelled grid of numbers: the way every page shows a small tensor (an input to edit, a normalized output,
// attention weights). Cells can be coloured by value, whole rows or columns outlined (to show the axis a
// statistic runs over), rows muted (padding), and the grid made editable. A right click saves it as a
// picture or as CSV.
#include <QColor>
#include <QList>
#include <QStringList>
#include <QWidget>
#include <vector>

#include "core/tensor.h"
#include "ui/widgets/weight_scale.h"

class QLabel;
class QTableWidget;
class QTableWidgetItem;

namespace al::ui {

class MatrixView : public QWidget {
  Q_OBJECT
 public:
  enum class Colouring {
    None,        // plain cells
    Diverging,   // blue below 0, white at 0, red above: for normalized values, signed weights
    Sequential,  // attention weights: the app's weight scale (weight_scale.h), the one of the heatmaps
  };

  explicit MatrixView(const QString& title = {}, QWidget* parent = nullptr);
  ~MatrixView() override;

  void setTitle(const QString& title);
  QString title() const;

  // Shows `values`; labels may be empty (then 1, 2, 3, ...). Keeps editability, colouring and decimals;
  // clears highlights and muted rows when the shape changes.
  void setMatrix(const al::Matrix& values, const QStringList& rowLabels = {}, const QStringList& columnLabels = {});
  const al::Matrix& matrix() const { return values_; }
  int rows() const { return static_cast<int>(values_.rows()); }
  int columns() const { return static_cast<int>(values_.cols()); }
  double value(int row, int column) const { return values_(row, column); }
  QString text(int row, int column) const;  // as shown
  QStringList rowLabels() const { return rowLabels_; }
  QStringList columnLabels() const { return columnLabels_; }

  // Editable cells emit cellEdited after the user typed a number; text that is no number is refused.
  void setEditable(bool editable);
  // Row labels can be hidden where the grid sits beside another with the same rows.
  void setRowLabelsVisible(bool visible);
  void setDecimals(int decimals);
  // The numbers' type this many times the app's (< 1: a grid that must fit a narrow place), never below the app's
  // type at 100 %.
  void setFontFactor(double factor);
  double fontFactor() const { return fontFactor_; }
  // Colour scale; `limit` > 0 fixes the value of full colour (|value| for Diverging), else the data's maximum.
  void setColouring(Colouring colouring, double limit = 0);

  // Outlines around whole rows and whole columns (a row band and a column band may show at once, in two
  // colours: one statistic's axis and the other's). A new call replaces that kind's band.
  void highlightRows(const QList<int>& rows, const QColor& colour);
  void highlightColumns(const QList<int>& columns, const QColor& colour);
  QList<int> highlightedRows() const { return rowBand_; }
  QList<int> highlightedColumns() const { return columnBand_; }
  QColor rowHighlightColour() const { return rowColour_; }
  QColor columnHighlightColour() const { return columnColour_; }

  // Muted rows (padding): grey, italic, never editable; `text` replaces their numbers when not empty.
  void setMutedRows(const QList<int>& rows, const QString& text = {});
  bool isRowMuted(int row) const { return mutedRows_.contains(row); }

  // The grid as CSV: a header (an empty corner, then the column labels) and one row per matrix row.
  QStringList csvHeader() const;
  std::vector<std::vector<QString>> csvRows() const;

  QTableWidget* table() const { return table_; }  // for tests and for layouts that need the grid itself

 signals:
  void cellEdited(int row, int column, double value);
  void currentCellChanged(int row, int column);

 private:
  void refresh();
  void fitToContents();  // columns and rows sized to the cells' texts
  void applyFontFactor();
  void styleItem(QTableWidgetItem* item, int row, int column) const;
  QString format(double v) const;
  QColor cellColour(double v) const;
  QColor weightCellColour(int row, int column) const;
  void onItemChanged(QTableWidgetItem* item);
  void showContextMenu(const QPoint& position);

  QLabel* title_;
  QTableWidget* table_;
  al::Matrix values_;
  QStringList rowLabels_, columnLabels_;
  bool editable_ = false;
  int decimals_ = 3;
  double fontFactor_ = 1;
  Colouring colouring_ = Colouring::None;
  double colourLimit_ = 0;
  double scaleLimit_ = 1;  // the value of full colour in the current refresh
  std::vector<Index> rowKeys_;  // Sequential: the keys each row may look at (n of an equal share 1/n)
  WeightRange weightRange_;
  QList<int> rowBand_, columnBand_;
  QColor rowColour_, columnColour_;
  QList<int> mutedRows_;
  QString mutedText_;
  // The cells the sizes are measured on, found in refresh(): per column the row of its widest text (and of its
  // widest muted row's, -1 when none is muted), per row the column of its widest text.
  std::vector<int> widestRow_, widestMutedRow_, widestColumn_;
  bool refreshing_ = false;
};

}  // namespace al::ui
