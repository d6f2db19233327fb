#include "ui/widgets/matrix_view.h"

#include <QFontMetricsF>
#include <QHash>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QMenu>
#include <QPainter>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>
#include <functional>

#include "ui/export.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/bare_layout.h"
#include "ui/widgets/palette.h"
#include "ui/widgets/weight_scale.h"

namespace al::ui {

namespace {

// Draws the outline of a highlighted band: only its outer edges, so a row reads as one long box.
class HighlightDelegate : public QStyledItemDelegate {
 public:
  explicit HighlightDelegate(MatrixView* view) : QStyledItemDelegate(view), view_(view) {}

  void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override {
    QStyledItemDelegate::paint(painter, option, index);
    if (view_->highlightedRows().contains(index.row()))
      drawBand(painter, option.rect, view_->rowHighlightColour(), true, index.column(), view_->columns() - 1);
    if (view_->highlightedColumns().contains(index.column()))
      drawBand(painter, option.rect, view_->columnHighlightColour(), false, index.row(), view_->rows() - 1);
  }

 private:
  // One cell's part of a band: a light fill, the two long edges, and the end caps at the band's ends.
  static void drawBand(QPainter* painter, const QRect& cell, const QColor& colour, bool horizontal, int along,
                       int last) {
    QColor fill = colour;
    fill.setAlpha(45);
    painter->save();
    painter->fillRect(cell, fill);
    painter->setPen(QPen(colour, 3));
    const QRect r = cell.adjusted(1, 1, -2, -2);
    if (horizontal) {
      painter->drawLine(r.topLeft(), r.topRight());
      painter->drawLine(r.bottomLeft(), r.bottomRight());
      if (along == 0) painter->drawLine(r.topLeft(), r.bottomLeft());
      if (along == last) painter->drawLine(r.topRight(), r.bottomRight());
    } else {
      painter->drawLine(r.topLeft(), r.bottomLeft());
      painter->drawLine(r.topRight(), r.bottomRight());
      if (along == 0) painter->drawLine(r.topLeft(), r.topRight());
      if (along == last) painter->drawLine(r.bottomLeft(), r.bottomRight());
    }
    painter->restore();
  }

  const MatrixView* view_;
};

// A grid that sizes a column (or a row) to its contents by measuring one cell of it, the one whose text is widest
// (the view's own sizing measures every cell of every row and column: laying out each number's text through the
// style, 20 µs a cell, a tenth of a second for a step of a few thousand numbers). All cells of a grid share the
// view's font, except muted rows (italic), which are a candidate of their own. `widest(column)` gives the rows to
// measure in a column, `widestInRow(row)` the column to measure in a row; an empty list: measure every cell.
class GridTable : public QTableWidget {
 public:
  std::function<QList<int>(int)> widest;
  std::function<int(int)> widestInRow;

  int sizeHintForColumn(int column) const override {
    QList<int> rows = widest ? widest(column) : QList<int>();
    rows.removeIf([this](int row) { return row >= rowCount(); });
    if (rows.isEmpty()) return QTableWidget::sizeHintForColumn(column);
    ensurePolished();
    int hint = 0;
    for (int row : rows) hint = std::max(hint, sizeHintForIndex(model()->index(row, column)).width());
    return showGrid() ? hint + 1 : hint;  // as QTableView: the grid line takes a pixel
  }

  int sizeHintForRow(int row) const override {
    const int column = widestInRow ? widestInRow(row) : -1;
    if (column < 0 || column >= columnCount()) return QTableWidget::sizeHintForRow(row);
    ensurePolished();
    const int hint = sizeHintForIndex(model()->index(row, column)).height();
    return showGrid() ? hint + 1 : hint;
  }
};

// The width of a line of text as the sum of its characters' advances: no shaping, enough to tell which number of
// a column is widest (a minus sign is narrower than a digit, so the longest text need not be).
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

QStringList numberedLabels(int count) {
  QStringList labels;
  for (int i = 1; i <= count; ++i) labels << QString::number(i);
  return labels;
}

}  // namespace

MatrixView::MatrixView(const QString& title, QWidget* parent)
    : QWidget(parent), title_(new QLabel(title)), table_(new GridTable) {
  QFont titleFont = title_->font();
  titleFont.setBold(true);
  title_->setFont(titleFont);
  title_->setVisible(!title.isEmpty());
  title_->setWordWrap(true);  // a long title takes two lines over a narrow grid, not the width of two grids

  table_->setItemDelegate(new HighlightDelegate(this));
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
  // Every cell is shown (the grid is for small tensors); the page around it scrolls if it must.
  table_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  table_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  // Sections are sized to their contents once per refresh (refresh()), not after every cell.
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Fixed);
  table_->horizontalHeader()->setMinimumSectionSize(72);  // room for "-0.000" even in a narrow column
  table_->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
  table_->setContextMenuPolicy(Qt::CustomContextMenu);
  table_->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);  // every cell visible; the page scrolls
  auto* grid = static_cast<GridTable*>(table_);
  grid->widest = [this](int column) {
    QList<int> rows;
    if (size_t(column) < widestRow_.size() && widestRow_[size_t(column)] >= 0) rows << widestRow_[size_t(column)];
    if (size_t(column) < widestMutedRow_.size() && widestMutedRow_[size_t(column)] >= 0)
      rows << widestMutedRow_[size_t(column)];
    return rows;
  };
  grid->widestInRow = [this](int row) { return size_t(row) < widestColumn_.size() ? widestColumn_[size_t(row)] : -1; };

  auto* layout = bareLayout<QVBoxLayout>(this);
  layout->setSpacing(4);
  layout->addWidget(title_);
  layout->addWidget(table_);

  connect(table_, &QTableWidget::itemChanged, this, &MatrixView::onItemChanged);
  connect(table_, &QTableWidget::currentCellChanged, this,
          [this](int row, int column, int, int) { emit currentCellChanged(row, column); });
  connect(table_, &QWidget::customContextMenuRequested, this, &MatrixView::showContextMenu);
  connect(Appearance::instance(), &Appearance::changed, this, &MatrixView::refresh);  // the theme's colours
  // Attention weights follow the app's one colour scale, as the heatmaps do.
  connect(&WeightScaleSetting::instance(), &WeightScaleSetting::changed, this, [this] {
    if (colouring_ == Colouring::Sequential) refresh();
  });
}

// The grid dies after this view (children go last): it must not call back into a view that is half gone,
// as it would when it drops its current cell.
MatrixView::~MatrixView() { table_->disconnect(this); }

void MatrixView::setTitle(const QString& title) {
  title_->setText(title);
  title_->setVisible(!title.isEmpty());
}

QString MatrixView::title() const { return title_->text(); }

void MatrixView::setMatrix(const al::Matrix& values, const QStringList& rowLabels, const QStringList& columnLabels) {
  const bool reshaped = values.rows() != values_.rows() || values.cols() != values_.cols();
  values_ = values;
  rowLabels_ = rowLabels.size() == rows() ? rowLabels : numberedLabels(rows());
  columnLabels_ = columnLabels.size() == columns() ? columnLabels : numberedLabels(columns());
  if (reshaped) {
    rowBand_.clear();
    columnBand_.clear();
    mutedRows_.clear();
  }
  refresh();
}

QString MatrixView::text(int row, int column) const {
  const QTableWidgetItem* item = table_->item(row, column);
  return item ? item->text() : QString();
}

void MatrixView::setEditable(bool editable) {
  editable_ = editable;
  table_->setEditTriggers(editable ? QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                                         QAbstractItemView::AnyKeyPressed
                                   : QAbstractItemView::NoEditTriggers);
  refresh();
}

void MatrixView::setRowLabelsVisible(bool visible) { table_->verticalHeader()->setVisible(visible); }

void MatrixView::setDecimals(int decimals) {
  if (decimals == decimals_) return;
  decimals_ = decimals;
  refresh();
}

void MatrixView::setFontFactor(double factor) {
  if (factor == fontFactor_) return;
  fontFactor_ = factor;
  // Only the type changes, not the cells' texts or colours: a page that fits its grids to a width tries several
  // factors one after another.
  const QSignalBlocker blocker(table_);
  applyFontFactor();
  for (int r : mutedRows_)
    for (int c = 0; c < columns() && r < rows(); ++c)
      if (QTableWidgetItem* item = table_->item(r, c)) {
        QFont font = table_->font();
        font.setItalic(true);
        item->setFont(font);
      }
  fitToContents();
}

// The grid's own type when its factor is below 1 (at least the type of its page at 100 %), else its page's. The
// cells and both headers, their viewports too: under the app's style sheet a font set on the grid does not pass to
// its headers.
void MatrixView::applyFontFactor() {
  const Appearance* look = Appearance::instance();
  const double factor = std::max(fontFactor_, 1.0 / look->scale());
  QFont font = this->font();  // the page's (the app's, or a page's larger type)
  if (factor < 1.0) {
    if (font.pointSizeF() > 0) font.setPointSizeF(font.pointSizeF() * factor);
    else font.setPixelSize(qRound(font.pixelSize() * factor));
  }
  for (QAbstractScrollArea* part : std::initializer_list<QAbstractScrollArea*>{
           table_, table_->horizontalHeader(), table_->verticalHeader()})
    for (QWidget* w : {static_cast<QWidget*>(part), part->viewport()})
      if (factor < 1.0 || w->testAttribute(Qt::WA_SetFont)) w->setFont(factor < 1.0 ? font : QFont());
}

void MatrixView::setColouring(Colouring colouring, double limit) {
  if (colouring == colouring_ && limit == colourLimit_) return;
  colouring_ = colouring;
  colourLimit_ = limit;
  refresh();
}

void MatrixView::highlightRows(const QList<int>& rows, const QColor& colour) {
  rowBand_ = rows;
  rowColour_ = colour;
  table_->viewport()->update();
}

void MatrixView::highlightColumns(const QList<int>& columns, const QColor& colour) {
  columnBand_ = columns;
  columnColour_ = colour;
  table_->viewport()->update();
}

void MatrixView::setMutedRows(const QList<int>& rows, const QString& text) {
  if (rows == mutedRows_ && text == mutedText_) return;
  mutedRows_ = rows;
  mutedText_ = text;
  refresh();
}

QStringList MatrixView::csvHeader() const { return QStringList{QString()} + columnLabels_; }

std::vector<std::vector<QString>> MatrixView::csvRows() const {
  std::vector<std::vector<QString>> out;
  for (int r = 0; r < rows(); ++r) {
    std::vector<QString> line{rowLabels_.value(r)};
    // Full float precision in the file: the CSV is for computing with, the grid for reading.
    for (int c = 0; c < columns(); ++c) line.push_back(QString::number(values_(r, c), 'g', 9));
    out.push_back(std::move(line));
  }
  return out;
}

// Rebuilds every item from values_ and the display settings. Signals are held back: this is not an edit.
void MatrixView::refresh() {
  refreshing_ = true;
  const QSignalBlocker blocker(table_);
  applyFontFactor();
  table_->setRowCount(rows());
  table_->setColumnCount(columns());
  table_->setVerticalHeaderLabels(rowLabels_);
  table_->setHorizontalHeaderLabels(columnLabels_);
  // The value of full colour, once per refresh (not once per cell).
  scaleLimit_ = colourLimit_ > 0 || values_.size() == 0
                    ? colourLimit_
                    : std::max(static_cast<double>(values_.cwiseAbs().maxCoeff()), 1e-12);
  if (colouring_ == Colouring::Sequential) {  // weights: weight x n relative to an equal share, or the weight
    const WeightScale scale = WeightScaleSetting::instance().scale();
    rowKeys_.assign(size_t(rows()), 1);
    Matrix scaled = values_;  // rows x columns
    for (int r = 0; r < rows(); ++r) {
      rowKeys_[size_t(r)] = allowedKeys(values_, r);
      for (int c = 0; c < columns(); ++c) scaled(r, c) = static_cast<float>(scaledWeight(values_(r, c), rowKeys_[size_t(r)], scale));
    }
    weightRange_ = fitWeightRange(scaled, scale);
    if (colourLimit_ > 0 && scale != WeightScale::RelativeToUniform) weightRange_.upper = colourLimit_;
  }
  for (int r = 0; r < rows(); ++r) {
    for (int c = 0; c < columns(); ++c) {
      QTableWidgetItem* item = table_->item(r, c);
      if (!item) {
        item = new QTableWidgetItem;
        table_->setItem(r, c, item);
      }
      styleItem(item, r, c);
    }
  }
  fitToContents();
  refreshing_ = false;
}

// Sized once, with every cell filled: resizing to the contents after each cell would measure every row and
// column again and again (a third of a second for a few hundred cells). The cells measured (GridTable): the
// widest text of each column (muted rows apart) and of each row.
void MatrixView::fitToContents() {
  AdvanceEstimate advance(table_->font());
  std::vector<qreal> columnWidest(size_t(columns()), -1), mutedWidest(size_t(columns()), -1);
  widestRow_.assign(size_t(columns()), -1);
  widestMutedRow_.assign(size_t(columns()), -1);
  widestColumn_.assign(size_t(rows()), -1);
  for (int r = 0; r < rows(); ++r) {
    const bool muted = isRowMuted(r);
    qreal rowWidest = -1;
    for (int c = 0; c < columns(); ++c) {
      const qreal width = advance(table_->item(r, c)->text());
      qreal& widest = (muted ? mutedWidest : columnWidest)[size_t(c)];
      if (width > widest) widest = width, (muted ? widestMutedRow_ : widestRow_)[size_t(c)] = r;
      if (width > rowWidest) rowWidest = width, widestColumn_[size_t(r)] = c;
    }
  }
  table_->resizeColumnsToContents();
  table_->resizeRowsToContents();
  table_->updateGeometry();  // the grid takes the room its cells need: small tensors do not float in space
  table_->viewport()->update();
}

void MatrixView::styleItem(QTableWidgetItem* item, int row, int column) const {
  const bool muted = isRowMuted(row);
  item->setText(muted && !mutedText_.isEmpty() ? mutedText_ : format(values_(row, column)));
  item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
  Qt::ItemFlags flags = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
  if (editable_ && !muted) flags |= Qt::ItemIsEditable;
  item->setFlags(flags);
  if (muted) {  // a font per cell only where it differs from the grid's
    QFont font = table_->font();
    font.setItalic(true);
    item->setFont(font);
  } else if (item->data(Qt::FontRole).isValid()) {
    item->setData(Qt::FontRole, QVariant());  // a row muted before: the grid's type again, whatever its size
  }
  if (muted) {
    item->setBackground(Appearance::instance()->mutedCell());
    item->setForeground(Appearance::instance()->mutedCellText());
    return;
  }
  if (std::isinf(values_(row, column))) {  // a masked cell: grey, no colour of the scale
    item->setBackground(Appearance::instance()->mutedCell());
    item->setForeground(Appearance::instance()->mutedCellText());
    return;
  }
  const QColor background = colouring_ == Colouring::Sequential ? weightCellColour(row, column)
                                                                : cellColour(values_(row, column));
  item->setBackground(background);
  // Dark cells get white text, so a projector still shows the digits.
  item->setForeground(background.lightnessF() < 0.55 ? Qt::white : Qt::black);
}

QString MatrixView::format(double v) const {
  // A masked score is -∞: shown as the symbol, never as a huge number.
  if (std::isinf(v)) return v < 0 ? QStringLiteral("−∞") : QStringLiteral("∞");
  // No "-0.000": a value that rounds to zero is shown as zero.
  if (std::abs(v) < 0.5 * std::pow(10.0, -decimals_)) v = 0;
  return QString::number(v, 'f', decimals_);
}

QColor MatrixView::cellColour(double v) const {
  // The theme's colours: its background for plain cells, its diverging scale (white or near-black at 0) otherwise.
  if (colouring_ == Colouring::None || values_.size() == 0) return Appearance::instance()->background();
  const double limit = scaleLimit_;
  const Appearance::ColourScale scale = Appearance::instance()->signedScale();
  return v < 0 ? palette::blend(scale.middle, scale.low, -v / limit) : palette::blend(scale.middle, scale.high, v / limit);
}

QColor MatrixView::weightCellColour(int row, int column) const {
  const WeightScale scale = WeightScaleSetting::instance().scale();
  return weightColour(scaledWeight(values_(row, column), rowKeys_[size_t(row)], scale), weightRange_, scale);
}

void MatrixView::onItemChanged(QTableWidgetItem* item) {
  if (refreshing_) return;
  const int r = item->row(), c = item->column();
  bool ok = false;
  QString typed = item->text().trimmed();
  double v = QLocale().toDouble(typed, &ok);
  if (!ok) v = QLocale::c().toDouble(typed, &ok);  // "1.5" is accepted whatever the system's locale
  if (!ok || !std::isfinite(v)) {
    refresh();  // back to the number that was there
    return;
  }
  values_(r, c) = static_cast<float>(v);
  refresh();  // reformat, recolour
  emit cellEdited(r, c, values_(r, c));
}

void MatrixView::showContextMenu(const QPoint& position) {
  QMenu menu(this);
  const QString name = title().isEmpty() ? QStringLiteral("matrix") : title().toLower().replace(' ', '_');
  menu.addAction(tr("Save picture..."), this, [this, name] { askAndExportWidget(this, name); });
  menu.addAction(tr("Save numbers as CSV..."), this,
                 [this, name] { askAndWriteCsv(this, name, csvHeader(), csvRows()); });
  if (colouring_ == Colouring::Sequential) {
    menu.addSeparator();
    WeightScaleSetting::addActions(menu);
  }
  menu.exec(table_->viewport()->mapToGlobal(position));
}

}  // namespace al::ui
