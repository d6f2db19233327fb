#pragma once
// A labelled grid of numbers: the way every page shows a small tensor (an input to edit, a normalized output,
// attention weights). Cells can be coloured by value, whole rows or columns outlined (to show the axis a
// statistic runs over), rows muted (padding), and the grid made editable. A right click saves it as a
// picture or as CSV. The cells are an item model (matrix_grid_model.h): only the cells in sight are ever drawn.
#include <QColor>
#include <QList>
#include <QStringList>
#include <QWidget>
#include <vector>

#include "core/tensor.h"
#include "ui/widgets/matrix_grid_model.h"

class QLabel;
class QTableView;

namespace al::ui {

class MatrixView : public QWidget {
  Q_OBJECT
 public:
  using Colouring = MatrixColouring;  // None, Diverging (signed values) or Sequential (attention weights)

  explicit MatrixView(const QString& title = {}, QWidget* parent = nullptr);
  ~MatrixView() override;

  void setTitle(const QString& title);
  QString title() const;

  // Shows `values`; labels may be empty (then 1, 2, 3, ...). Keeps editability, colouring and decimals;
  // clears highlights and muted rows when the shape changes.
  void setMatrix(const al::Matrix& values, const QStringList& rowLabels = {}, const QStringList& columnLabels = {});
  const al::Matrix& matrix() const { return model_->matrix(); }
  int rows() const { return model_->rowCount(); }
  int columns() const { return model_->columnCount(); }
  double value(int row, int column) const { return matrix()(row, column); }
  QString text(int row, int column) const { return model_->text(row, column); }  // as shown
  QStringList rowLabels() const { return model_->rowLabels(); }
  QStringList columnLabels() const { return model_->columnLabels(); }

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
  bool isRowMuted(int row) const { return model_->isRowMuted(row); }

  // The grid as CSV: a header (an empty corner, then the column labels) and one row per matrix row.
  QStringList csvHeader() const;
  std::vector<std::vector<QString>> csvRows() const;

  QTableView* table() const { return table_; }  // for tests and for layouts that need the grid itself
  MatrixGridModel* model() const { return model_; }

 signals:
  void cellEdited(int row, int column, double value);
  void currentCellChanged(int row, int column);

 private:
  void refresh();
  void fitToContents();  // columns and rows sized to the cells' texts
  void applyFontFactor();
  void showContextMenu(const QPoint& position);

  QLabel* title_;
  QTableView* table_;
  MatrixGridModel* model_;
  MatrixLook look_;
  double fontFactor_ = 1;
  QList<int> rowBand_, columnBand_;
  QColor rowColour_, columnColour_;
};

}  // namespace al::ui
