#pragma once
// The cells of a MatrixView as an item model. A cell's text, colours and type are worked out when the grid asks
// for them, that is for the cells it paints, and never stored per cell: a step's grid of 600 x 256 numbers costs
// nothing until it is scrolled into sight (a table of items took a tenth of a second creating them, with the
// window frozen meanwhile).
#include <QAbstractTableModel>
#include <QFont>
#include <QList>
#include <QStringList>
#include <vector>

#include "core/tensor.h"
#include "ui/widgets/weight_scale.h"

namespace al::ui {

enum class MatrixColouring {
  None,        // plain cells
  Diverging,   // blue below 0, white at 0, red above: for normalized values, signed weights
  Sequential,  // attention weights: the app's weight scale (weight_scale.h), the one of the heatmaps
};

// How the numbers are shown; applied together by MatrixGridModel::show().
struct MatrixLook {
  int decimals = 3;
  MatrixColouring colouring = MatrixColouring::None;
  double colourLimit = 0;  // > 0: the value of full colour (|value| for Diverging); else the data's largest
  bool editable = false;
  QList<int> mutedRows;  // padding: grey, italic, never editable
  QString mutedText;     // replaces the muted rows' numbers when not empty
};

class MatrixGridModel : public QAbstractTableModel {
  Q_OBJECT
 public:
  explicit MatrixGridModel(QObject* parent = nullptr);

  // Shows `values` (rows x columns) under these labels (one per row and per column) and this look. A new shape
  // resets the model (the grid forgets its current cell); the same shape only tells the grid to read it again.
  void show(const al::Matrix& values, const QStringList& rowLabels, const QStringList& columnLabels,
            const MatrixLook& look);
  const al::Matrix& matrix() const { return values_; }
  const QStringList& rowLabels() const { return rowLabels_; }
  const QStringList& columnLabels() const { return columnLabels_; }
  const MatrixLook& look() const { return look_; }
  bool isRowMuted(int row) const { return look_.mutedRows.contains(row); }
  // The text of a cell as the grid shows it.
  QString text(int row, int column) const;
  // The type of muted rows: the grid's own, in italic (the grid tells it when its type changes).
  void setMutedFont(const QFont& font) { mutedFont_ = font; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  // A typed number replaces the cell's value (emits edited); text that is no number is refused.
  bool setData(const QModelIndex& index, const QVariant& value, int role) override;

 signals:
  void edited(int row, int column, double value);

 private:
  void fitColourScale();
  QString format(double v) const;
  QColor background(int row, int column) const;
  QColor diverging(double v) const;

  al::Matrix values_;  // rows x columns
  QStringList rowLabels_, columnLabels_;
  MatrixLook look_;
  QFont mutedFont_;
  double scaleLimit_ = 1;       // Diverging: the |value| of full colour
  std::vector<Index> rowKeys_;  // Sequential: the keys each row may look at (n of an equal share 1/n)
  WeightRange weightRange_;     // Sequential: the range of the scaled weights
};

}  // namespace al::ui
