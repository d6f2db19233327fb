#include "ui/widgets/matrix_view.h"

#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPainter>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QVBoxLayout>

#include "ui/widgets/export.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/bare_layout.h"
#include "ui/widgets/matrix_grid_sizing.h"
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

QStringList numberedLabels(int count) {
  QStringList labels;
  for (int i = 1; i <= count; ++i) labels << QString::number(i);
  return labels;
}

}  // namespace

MatrixView::MatrixView(const QString& title, QWidget* parent)
    : QWidget(parent), title_(new QLabel(title)), table_(new GridTable), model_(new MatrixGridModel(table_)) {
  QFont titleFont = title_->font();
  titleFont.setBold(true);
  title_->setFont(titleFont);
  title_->setVisible(!title.isEmpty());
  title_->setWordWrap(true);  // a long title takes two lines over a narrow grid, not the width of two grids

  table_->setModel(model_);
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

  auto* layout = bareLayout<QVBoxLayout>(this);
  layout->setSpacing(4);
  layout->addWidget(title_);
  layout->addWidget(table_);

  connect(model_, &MatrixGridModel::edited, this, [this](int row, int column, double value) {
    fitToContents();  // the new number may be wider or narrower than the column's widest
    emit cellEdited(row, column, value);
  });
  connect(table_->selectionModel(), &QItemSelectionModel::currentChanged, this,
          [this](const QModelIndex& current) { emit currentCellChanged(current.row(), current.column()); });
  connect(table_, &QWidget::customContextMenuRequested, this, &MatrixView::showContextMenu);
  connect(Appearance::instance(), &Appearance::changed, this, &MatrixView::refresh);  // the theme's colours
  // Attention weights follow the app's one colour scale, as the heatmaps do.
  connect(&WeightScaleSetting::instance(), &WeightScaleSetting::changed, this, [this] {
    if (look_.colouring == Colouring::Sequential) refresh();
  });
}

// The grid dies after this view (children go last): it must not call back into a view that is half gone,
// as it would when it drops its current cell.
MatrixView::~MatrixView() {
  table_->selectionModel()->disconnect(this);
  table_->disconnect(this);
  model_->disconnect(this);
}

void MatrixView::setTitle(const QString& title) {
  title_->setText(title);
  title_->setVisible(!title.isEmpty());
}

QString MatrixView::title() const { return title_->text(); }

void MatrixView::setMatrix(const al::Matrix& values, const QStringList& rowLabels, const QStringList& columnLabels) {
  const bool reshaped = values.rows() != rows() || values.cols() != columns();
  const int newRows = static_cast<int>(values.rows()), newColumns = static_cast<int>(values.cols());
  if (reshaped) {
    rowBand_.clear();
    columnBand_.clear();
    look_.mutedRows.clear();
  }
  applyFontFactor();
  model_->show(values, rowLabels.size() == newRows ? rowLabels : numberedLabels(newRows),
               columnLabels.size() == newColumns ? columnLabels : numberedLabels(newColumns), look_);
  fitToContents();
}

void MatrixView::setEditable(bool editable) {
  look_.editable = editable;
  table_->setEditTriggers(editable ? QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                                         QAbstractItemView::AnyKeyPressed
                                   : QAbstractItemView::NoEditTriggers);
  refresh();
}

void MatrixView::setRowLabelsVisible(bool visible) { table_->verticalHeader()->setVisible(visible); }

void MatrixView::setDecimals(int decimals) {
  if (decimals == look_.decimals) return;
  look_.decimals = decimals;
  refresh();
}

void MatrixView::setFontFactor(double factor) {
  if (factor == fontFactor_) return;
  fontFactor_ = factor;
  // Only the type changes, not the cells' texts or colours: a page that fits its grids to a width tries several
  // factors one after another.
  applyFontFactor();
  fitToContents();
}

// The grid's own type when its factor is below 1 (at least the type of its page at 100 %), else its page's. The
// cells and both headers, their viewports too: under the app's style sheet a font set on the grid does not pass to
// its headers. Muted rows take the grid's type in italic.
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
  QFont muted = table_->font();
  muted.setItalic(true);
  model_->setMutedFont(muted);
}

void MatrixView::setColouring(Colouring colouring, double limit) {
  if (colouring == look_.colouring && limit == look_.colourLimit) return;
  look_.colouring = colouring;
  look_.colourLimit = limit;
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
  if (rows == look_.mutedRows && text == look_.mutedText) return;
  look_.mutedRows = rows;
  look_.mutedText = text;
  refresh();
}

QStringList MatrixView::csvHeader() const { return QStringList{QString()} + columnLabels(); }

std::vector<std::vector<QString>> MatrixView::csvRows() const {
  std::vector<std::vector<QString>> out;
  const QStringList labels = rowLabels();
  for (int r = 0; r < rows(); ++r) {
    std::vector<QString> line{labels.value(r)};
    // Full float precision in the file: the CSV is for computing with, the grid for reading.
    for (int c = 0; c < columns(); ++c) line.push_back(QString::number(value(r, c), 'g', 9));
    out.push_back(std::move(line));
  }
  return out;
}

// The same numbers and labels under the current settings: the grid reads its cells again as it paints them.
void MatrixView::refresh() {
  applyFontFactor();
  model_->show(matrix(), rowLabels(), columnLabels(), look_);
  fitToContents();
}

// Sized once, with every setting applied: a column to its widest text (muted rows apart, in their italic type),
// a row to its own widest (matrix_grid_sizing.h).
void MatrixView::fitToContents() {
  auto* grid = static_cast<GridTable*>(table_);
  grid->setWidestCells(findWidestCells(*model_, table_->font()));
  table_->resizeColumnsToContents();
  table_->resizeRowsToContents();
  table_->updateGeometry();  // the grid takes the room its cells need: small tensors do not float in space
  table_->viewport()->update();
}

void MatrixView::showContextMenu(const QPoint& position) {
  QMenu menu(this);
  const QString name = title().isEmpty() ? QStringLiteral("matrix") : title().toLower().replace(' ', '_');
  menu.addAction(tr("Save picture..."), this, [this, name] { askAndExportWidget(this, name); });
  menu.addAction(tr("Save numbers as CSV..."), this,
                 [this, name] { askAndWriteCsv(this, name, csvHeader(), csvRows()); });
  if (look_.colouring == Colouring::Sequential) {
    menu.addSeparator();
    WeightScaleSetting::addActions(menu);
  }
  menu.exec(table_->viewport()->mapToGlobal(position));
}

}  // namespace al::ui
