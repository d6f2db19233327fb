#include "ui/widgets/matrix_grid_sizing.h"

#include <QFontMetricsF>
#include <array>
#include <cmath>
#include <functional>

#include "ui/widgets/matrix_grid_model.h"

namespace al::ui {

namespace {

bool digitsShareOneWidth(const QFont& font) {
  const QFontMetricsF metrics(font);
  const qreal zero = metrics.horizontalAdvance(QLatin1Char('0'));
  for (char digit = '1'; digit <= '9'; ++digit)
    if (metrics.horizontalAdvance(QLatin1Char(digit)) != zero) return false;
  return true;
}

// The width of a line of text as the sum of its characters' advances: no shaping, enough to tell which of a few
// texts is widest (a minus sign is narrower than a digit, so the longest text need not be).
class AdvanceEstimate {
 public:
  explicit AdvanceEstimate(const QFont& font) : metrics_(font) {}
  qreal operator()(const QString& text) {
    qreal width = 0;
    for (QChar c : text) {
      auto known = advances_.constFind(c.unicode());
      if (known == advances_.cend()) known = advances_.insert(c.unicode(), metrics_.horizontalAdvance(c));
      width += *known;
    }
    return width;
  }

 private:
  QFontMetricsF metrics_;
  QHash<char16_t, qreal> advances_;
};

// The cells of a line (a column's rows, or a row's columns) whose text can be its widest when digits share one
// width: a number's text grows with its magnitude on either side of zero, so the largest and the smallest value;
// and the first of each text that is no number (∞, −∞, nan).
struct Extremes {
  int largest = -1, smallest = -1, plusInfinity = -1, minusInfinity = -1, notANumber = -1;
  float largestValue = 0, smallestValue = 0;

  void add(float v, int at) {
    if (std::isnan(v)) {
      if (notANumber < 0) notANumber = at;
    } else if (std::isinf(v)) {
      int& first = v > 0 ? plusInfinity : minusInfinity;
      if (first < 0) first = at;
    } else {
      if (largest < 0 || v > largestValue) largest = at, largestValue = v;
      if (smallest < 0 || v < smallestValue) smallest = at, smallestValue = v;
    }
  }
  std::array<int, 5> candidates() const { return {largest, smallest, plusInfinity, minusInfinity, notANumber}; }
};

// Of `candidates` (-1: none), the one whose text is estimated widest; -1 when there is none.
template <typename Candidates>
int widestOf(const Candidates& candidates, const std::function<QString(int)>& text, AdvanceEstimate& advance) {
  int widest = -1;
  qreal widestWidth = -1;
  for (int at : candidates) {
    if (at < 0) continue;
    const qreal width = advance(text(at));
    if (width > widestWidth) widest = at, widestWidth = width;
  }
  return widest;
}

WidestCells emptyCells(const MatrixGridModel& model) {
  WidestCells cells;
  cells.row.assign(size_t(model.columnCount()), -1);
  cells.mutedRow.assign(size_t(model.columnCount()), -1);
  cells.column.assign(size_t(model.rowCount()), -1);
  return cells;
}

// One pass over the numbers; a few texts formatted per row and per column.
WidestCells byExtremes(const MatrixGridModel& model, AdvanceEstimate& advance) {
  const al::Matrix& values = model.matrix();  // rows x columns
  const int rows = model.rowCount(), columns = model.columnCount();
  const bool mutedTextShown = !model.look().mutedText.isEmpty();
  std::vector<Extremes> plain(static_cast<size_t>(columns)), muted(static_cast<size_t>(columns));
  WidestCells cells = emptyCells(model);
  for (int r = 0; r < rows; ++r) {
    const bool isMuted = model.isRowMuted(r);
    std::vector<Extremes>& group = isMuted ? muted : plain;
    Extremes line;
    for (int c = 0; c < columns; ++c) {
      // A muted row's text, when it has one, is the same in every cell: any cell of it will do.
      const float v = isMuted && mutedTextShown ? 0.0f : values(r, c);
      line.add(v, c);
      group[size_t(c)].add(v, r);
    }
    cells.column[size_t(r)] = widestOf(line.candidates(), [&](int c) { return model.text(r, c); }, advance);
  }
  for (int c = 0; c < columns; ++c) {
    auto text = [&](int r) { return model.text(r, c); };
    cells.row[size_t(c)] = widestOf(plain[size_t(c)].candidates(), text, advance);
    cells.mutedRow[size_t(c)] = widestOf(muted[size_t(c)].candidates(), text, advance);
  }
  return cells;
}

// Every text estimated: for a type whose digits differ in width.
WidestCells byEveryText(const MatrixGridModel& model, AdvanceEstimate& advance) {
  const int rows = model.rowCount(), columns = model.columnCount();
  std::vector<qreal> plainWidest(size_t(columns), -1), mutedWidest(size_t(columns), -1);
  WidestCells cells = emptyCells(model);
  for (int r = 0; r < rows; ++r) {
    const bool muted = model.isRowMuted(r);
    qreal rowWidest = -1;
    for (int c = 0; c < columns; ++c) {
      const qreal width = advance(model.text(r, c));
      qreal& widest = (muted ? mutedWidest : plainWidest)[size_t(c)];
      if (width > widest) widest = width, (muted ? cells.mutedRow : cells.row)[size_t(c)] = r;
      if (width > rowWidest) rowWidest = width, cells.column[size_t(r)] = c;
    }
  }
  return cells;
}

QFont italic(QFont font) {
  font.setItalic(true);
  return font;
}

}  // namespace

WidestCells findWidestCells(const MatrixGridModel& model, const QFont& font) {
  AdvanceEstimate advance(font);
  return digitsShareOneWidth(font) ? byExtremes(model, advance) : byEveryText(model, advance);
}

void GridTable::setWidestCells(WidestCells cells) {
  widest_ = std::move(cells);
  sameDigitWidths_ = digitsShareOneWidth(font()) && digitsShareOneWidth(italic(font()));
  measured_.clear();
}

int GridTable::sizeHintForColumn(int column) const {
  std::vector<int> rows;
  for (const std::vector<int>* widest : {&widest_.row, &widest_.mutedRow})
    if (size_t(column) < widest->size() && (*widest)[size_t(column)] >= 0 &&
        (*widest)[size_t(column)] < model()->rowCount())
      rows.push_back((*widest)[size_t(column)]);
  if (rows.empty()) return QTableView::sizeHintForColumn(column);
  ensurePolished();
  int hint = 0;
  for (int row : rows) hint = std::max(hint, measure(row, column).width());
  return showGrid() ? hint + 1 : hint;  // as QTableView: the grid line takes a pixel
}

int GridTable::sizeHintForRow(int row) const {
  const int column = size_t(row) < widest_.column.size() ? widest_.column[size_t(row)] : -1;
  if (column < 0 || column >= model()->columnCount()) return QTableView::sizeHintForRow(row);
  ensurePolished();
  const int hint = measure(row, column).height();
  return showGrid() ? hint + 1 : hint;
}

// A cell's size as the grid's delegate gives it, measured once per shape of text ("0.000", "-0.000", "−∞") and
// type (muted rows are italic) when digits share one width.
QSize GridTable::measure(int row, int column) const {
  const QModelIndex index = model()->index(row, column);
  if (!sameDigitWidths_) return sizeHintForIndex(index);
  QString shape = index.data(Qt::DisplayRole).toString();
  for (QChar& c : shape)
    if (c.isDigit()) c = QLatin1Char('0');
  if (index.data(Qt::FontRole).isValid()) shape.prepend(QChar(1));  // a mark no shown text holds
  auto known = measured_.constFind(shape);
  if (known == measured_.cend()) known = measured_.insert(shape, sizeHintForIndex(index));
  return *known;
}

}  // namespace al::ui
