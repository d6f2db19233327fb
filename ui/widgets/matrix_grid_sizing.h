#pragma once
// Sizing a MatrixView's grid to its contents without measuring every cell. Qt's own sizing lays out each cell's
// text through the style (20 µs a cell: seconds for a step's 600 x 256 numbers); here a column is sized by its
// widest text and a row by its own, found from the numbers themselves, and texts of one shape are measured once.
#include <QFont>
#include <QHash>
#include <QString>
#include <QTableView>
#include <vector>

namespace al::ui {

class MatrixGridModel;

// The cells the sizes are measured on.
struct WidestCells {
  std::vector<int> row;       // per column: the row of its widest text among rows not muted (-1: none)
  std::vector<int> mutedRow;  // per column: the row of its widest text among muted rows (-1: none muted)
  std::vector<int> column;    // per row: the column of its widest text
};

// When the type's digits all have one width (most do), a column's widest number is its largest or its smallest
// (or one that is not finite): found in one pass over the numbers. Otherwise every text is estimated.
WidestCells findWidestCells(const MatrixGridModel& model, const QFont& font);

// A grid that sizes a column (a row) by measuring only its widest cells, and measures texts of one shape (the same
// characters but for which digits) once, when the type's digits share one width.
class GridTable : public QTableView {
 public:
  // Replaces the cells to measure; forgets what was measured (the type may have changed meanwhile).
  void setWidestCells(WidestCells cells);

  int sizeHintForColumn(int column) const override;
  int sizeHintForRow(int row) const override;

 private:
  QSize measure(int row, int column) const;

  WidestCells widest_;
  bool sameDigitWidths_ = false;
  mutable QHash<QString, QSize> measured_;  // by the text's shape, muted or not
};

}  // namespace al::ui
