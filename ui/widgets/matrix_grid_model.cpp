#include "ui/widgets/matrix_grid_model.h"

#include <QColor>
#include <QLocale>
#include <algorithm>
#include <cmath>

#include "ui/widgets/appearance.h"
#include "ui/widgets/palette.h"

namespace al::ui {

MatrixGridModel::MatrixGridModel(QObject* parent) : QAbstractTableModel(parent) {}

void MatrixGridModel::show(const al::Matrix& values, const QStringList& rowLabels, const QStringList& columnLabels,
                           const MatrixLook& look) {
  const bool reshaped = values.rows() != values_.rows() || values.cols() != values_.cols();
  if (reshaped) beginResetModel();
  values_ = values;
  rowLabels_ = rowLabels;
  columnLabels_ = columnLabels;
  look_ = look;
  fitColourScale();
  if (reshaped) {
    endResetModel();
    return;
  }
  if (rowCount() == 0 || columnCount() == 0) return;
  emit headerDataChanged(Qt::Vertical, 0, rowCount() - 1);
  emit headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
  emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

// The value of full colour, once per change of the numbers (not once per cell).
void MatrixGridModel::fitColourScale() {
  scaleLimit_ = look_.colourLimit > 0 || values_.size() == 0
                    ? look_.colourLimit
                    : std::max(static_cast<double>(values_.cwiseAbs().maxCoeff()), 1e-12);
  if (look_.colouring != MatrixColouring::Sequential) return;
  // Weights: weight x n relative to an equal share, or the weight itself, as the heatmaps colour them.
  const WeightScale scale = WeightScaleSetting::instance().scale();
  rowKeys_.assign(size_t(rowCount()), 1);
  Matrix scaled = values_;  // rows x columns
  for (int r = 0; r < rowCount(); ++r) {
    rowKeys_[size_t(r)] = allowedKeys(values_, r);
    for (int c = 0; c < columnCount(); ++c)
      scaled(r, c) = static_cast<float>(scaledWeight(values_(r, c), rowKeys_[size_t(r)], scale));
  }
  weightRange_ = fitWeightRange(scaled, scale);
  if (look_.colourLimit > 0 && scale != WeightScale::RelativeToUniform) weightRange_.upper = look_.colourLimit;
}

QString MatrixGridModel::text(int row, int column) const {
  if (row < 0 || row >= rowCount() || column < 0 || column >= columnCount()) return {};
  if (isRowMuted(row) && !look_.mutedText.isEmpty()) return look_.mutedText;
  return format(values_(row, column));
}

QString MatrixGridModel::format(double v) const {
  // A masked score is -∞: shown as the symbol, never as a huge number.
  if (std::isinf(v)) return v < 0 ? QStringLiteral("−∞") : QStringLiteral("∞");
  // No "-0.000": a value that rounds to zero is shown as zero.
  if (std::abs(v) < 0.5 * std::pow(10.0, -look_.decimals)) v = 0;
  return QString::number(v, 'f', look_.decimals);
}

int MatrixGridModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(values_.rows());
}

int MatrixGridModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(values_.cols());
}

QVariant MatrixGridModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid()) return {};
  const int r = index.row(), c = index.column();
  switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole:
      return text(r, c);
    case Qt::TextAlignmentRole:
      return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    case Qt::FontRole:  // a font only where it differs from the grid's
      return isRowMuted(r) ? QVariant(mutedFont_) : QVariant();
    case Qt::BackgroundRole:
      return background(r, c);
    case Qt::ForegroundRole: {
      if (isRowMuted(r) || std::isinf(values_(r, c))) return Appearance::instance()->mutedCellText();
      // Dark cells get white text, so a projector still shows the digits.
      return background(r, c).lightnessF() < 0.55 ? QColor(Qt::white) : QColor(Qt::black);
    }
    default:
      return {};
  }
}

QVariant MatrixGridModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole) return QAbstractTableModel::headerData(section, orientation, role);
  return (orientation == Qt::Horizontal ? columnLabels_ : rowLabels_).value(section);
}

Qt::ItemFlags MatrixGridModel::flags(const QModelIndex& index) const {
  if (!index.isValid()) return Qt::NoItemFlags;
  Qt::ItemFlags flags = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
  if (look_.editable && !isRowMuted(index.row())) flags |= Qt::ItemIsEditable;
  return flags;
}

bool MatrixGridModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (!index.isValid() || role != Qt::EditRole || !(flags(index) & Qt::ItemIsEditable)) return false;
  const QString typed = value.toString().trimmed();
  bool ok = false;
  double v = QLocale().toDouble(typed, &ok);
  if (!ok) v = QLocale::c().toDouble(typed, &ok);  // "1.5" is accepted whatever the system's locale
  if (!ok || !std::isfinite(v)) {
    emit dataChanged(index, index);  // the grid shows the number that was there again
    return false;
  }
  const int r = index.row(), c = index.column();
  values_(r, c) = static_cast<float>(v);
  fitColourScale();  // one value may move the scale: every cell's colour may change
  emit dataChanged(this->index(0, 0), this->index(rowCount() - 1, columnCount() - 1));
  emit edited(r, c, values_(r, c));
  return true;
}

// A muted row or a masked cell is grey, outside the colour scale.
QColor MatrixGridModel::background(int row, int column) const {
  const double v = values_(row, column);
  if (isRowMuted(row) || std::isinf(v)) return Appearance::instance()->mutedCell();
  if (look_.colouring == MatrixColouring::Sequential) {
    const WeightScale scale = WeightScaleSetting::instance().scale();
    return weightColour(scaledWeight(v, rowKeys_[size_t(row)], scale), weightRange_, scale);
  }
  return diverging(v);
}

// The theme's colours: its background for plain cells, its diverging scale (white or near-black at 0) otherwise.
QColor MatrixGridModel::diverging(double v) const {
  if (look_.colouring == MatrixColouring::None || values_.size() == 0) return Appearance::instance()->background();
  const Appearance::ColourScale scale = Appearance::instance()->signedScale();
  return v < 0 ? palette::blend(scale.middle, scale.low, -v / scaleLimit_)
               : palette::blend(scale.middle, scale.high, v / scaleLimit_);
}

}  // namespace al::ui
