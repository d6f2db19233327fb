#include "ui/widgets/heatmap_view.h"

#include <QApplication>
#include <QFontInfo>
#include <QFontMetrics>
#include <QHelpEvent>
#include <QLabel>
#include <QResizeEvent>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

#include "ui/widgets/appearance.h"
#include "ui/widgets/heatmap_axis.h"
#include "ui/widgets/palette.h"
#include "ui/widgets/relative_ticks.h"
#include "ui/widgets/replot_pacer.h"
#include "ui/widgets/retranslate.h"
#include "ui/widgets/weight_scale.h"

namespace al::ui {

namespace {

// A review longer than kWholeUpTo tokens opens zoomed so that its cells hold full-size labels (at least
// kSmallestCellPixels a cell); the one-map view and the exports give every cell room for labels of at least
// kReadableLabelPixels (the axis labels' smallest font: ui/widgets/heatmap_axis.h).
constexpr int kSmallestCellPixels = 14;
constexpr int kReadableLabelPixels = 11;

// The theme's colour scale through three colours, at 0, 0.5 and 1.
QCPColorGradient gradient(const Appearance::ColourScale& scale) {
  QCPColorGradient g;
  g.clearColorStops();
  g.setColorStopAt(0, scale.low);
  g.setColorStopAt(0.5, scale.middle);
  g.setColorStopAt(1, scale.high);
  return g;
}

// The weight scale's gradient; relative to an equal share, white sits at 1 wherever 1 is in the data's range.
QCPColorGradient weightsGradient(WeightScale scale, const WeightRange& range) {
  QColor low, middle, high;
  weightStops(scale, low, middle, high);
  QCPColorGradient g;
  g.clearColorStops();
  g.setColorStopAt(0, low);
  g.setColorStopAt(std::clamp(equalSharePosition(range), 1e-3, 1 - 1e-3), middle);
  g.setColorStopAt(1, high);
  return g;
}
QCPColorGradient signedGradient() { return gradient(Appearance::instance()->signedScale()); }

// The pinned bars go beside the map, in two fifths of the width: under it, at 1280 x 720, they left a 32-token map rows
// under 12 px and were themselves 5 to 50 px high under their labels; beside it both have the screen's height.
void placeBarsBesideTheMap(QVBoxLayout* layout, QWidget* map, WeightBars* bars) {
  auto* row = new QHBoxLayout;
  row->setContentsMargins(0, 0, 0, 0);
  layout->insertLayout(layout->indexOf(map), row, 3);
  layout->removeWidget(map);
  row->addWidget(map, 3);
  row->addWidget(bars, 2);
}

bool hasHanCharacters(const QString& text) {
  return std::any_of(text.cbegin(), text.cend(), [](QChar c) { return c.script() == QChar::Script_Han; });
}

// "× 平均份额 (1/n)" as "×", "平", "均", "份", "额", "(1/n)" one under the other: each Han character a line, a run of
// other characters kept whole on its line.
QString stackedUpright(const QString& title) {
  QStringList lines;
  QString run;
  const auto endRun = [&] {
    if (!run.isEmpty()) lines << run;
    run.clear();
  };
  for (QChar c : title) {
    if (c.isSpace()) {
      endRun();
    } else if (c.script() == QChar::Script_Han) {
      endRun();
      lines << QString(c);
    } else {
      run += c;
    }
  }
  endRun();
  return lines.join(QLatin1Char('\n'));
}

// A title as narrow as its text and as tall as the row it stands in: QCPTextElement's own largest height, its
// text's, would limit the whole row of the plot's layout, map and colour bar with it, to that height.
class UprightTitle : public QCPTextElement {
 public:
  using QCPTextElement::QCPTextElement;
  QSize maximumOuterSizeHint() const override { return {minimumOuterSizeHint().width(), QWIDGETSIZE_MAX}; }
};

// The upright colour-bar title: a text element right of the colour bar (column 2 of the plot's layout), made when
// a title needs it and taken away when none does.
void showUprightScaleTitle(QCustomPlot* plot, const QString& text, const QFont& font) {
  QCPLayoutGrid* layout = plot->plotLayout();
  auto* title = layout->columnCount() > 2 ? qobject_cast<QCPTextElement*>(layout->element(0, 2)) : nullptr;
  if (text.isEmpty()) {
    if (title) {
      layout->remove(title);
      layout->simplify();
    }
    return;
  }
  if (!title) {
    title = new UprightTitle(plot);
    title->setSelectable(false);
    layout->addElement(0, 2, title);
  }
  if (title->text() != text || title->font() != font) {
    title->setText(text);
    title->setFont(font);
    paceReplot(plot);
  }
}

}  // namespace

// QCustomPlot's colour map draws its cells as one picture, which is right on screen but makes an SVG or PDF a
// bitmap, and draws nothing when a side has a single cell (a one-token sentence). In those cases the cells are
// painted as rectangles: vector files hold one rectangle per cell, a 1 x 1 map a proper square.
class CellMap : public QCPColorMap {
 public:
  using QCPColorMap::QCPColorMap;
  bool hasMaskedCells = false;  // -∞ scores: drawn as rectangles too, grey, never as the scale's lowest colour

 protected:
  void draw(QCPPainter* painter) override {
    QCPColorMapData* cells = data();
    if (!painter->modes().testFlag(QCPPainter::pmVectorized) && !hasMaskedCells && cells->keySize() > 1 &&
        cells->valueSize() > 1)
      return QCPColorMap::draw(painter);
    const bool logarithmic = dataScaleType() == QCPAxis::stLogarithmic;
    painter->setPen(Qt::NoPen);
    painter->setRenderHint(QPainter::Antialiasing, false);  // no hairline seams between neighbouring cells
    for (int i = 0; i < cells->valueSize(); ++i)
      for (int j = 0; j < cells->keySize(); ++j) {
        const QRectF rect = QRectF(coordsToPixels(j - 0.5, i - 0.5), coordsToPixels(j + 0.5, i + 0.5)).normalized();
        if (!clipRect().intersects(rect.toAlignedRect())) continue;
        const double v = cells->cell(j, i);
        painter->setBrush(std::isfinite(v) ? QColor::fromRgba(gradient().color(v, dataRange(), logarithmic))
                                           : Appearance::instance()->mutedCell());  // a masked cell: grey
        painter->drawRect(rect);
      }
  }
};

// ---------------------------------------------------------------------------------------------------------
// HeatmapView

HeatmapView::HeatmapView(const QString& title, QWidget* parent)
    : QWidget(parent), title_(new QLabel(title)), plot_(new QCustomPlot) {
  title_->setObjectName("heatmapTitle");
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(title_);
  layout->addWidget(plot_, 1);
  empty_ = new QLabel;
  setTranslatedTexts(this, [this] {
    empty_->setText(tr("Nothing to show yet."));
    if (values_.size() > 0) redraw();  // the colour scale's title
    if (pinnedRow_ >= 0) pinRow(pinnedRow_);  // the pinned bars' title
  });
  empty_->setAlignment(Qt::AlignCenter);
  empty_->setObjectName("heatmapEmpty");
  layout->addWidget(empty_, 1);
  cellNote_ = new QLabel;  // the clicked cell, named by both its tokens
  cellNote_->setObjectName("heatmapCellNote");
  // One line, always there: a wrapped note took two lines from the map at each click (a projected map lost a third
  // of its rows' height and its labels overlapped); a long note is cut, its whole text in the tooltip.
  cellNote_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
  layout->addWidget(cellNote_);
  layout->setStretchFactor(plot_, 3);
  plot_->hide();  // until there is a matrix
  setMinimumSize(260, 240);

  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  plot_->yAxis->setRangeReversed(true);  // query token 1 at the top, as a matrix is written
  for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {
    axis->grid()->setVisible(false);
    axis->setSubTicks(false);
  }
  plot_->xAxis->setProperty("stacksHan", true);  // Chinese column labels stand upright, a character a line
  map_ = new CellMap(plot_->xAxis, plot_->yAxis);
  map_->setInterpolate(false);  // one flat cell per weight: no blending between tokens
  map_->setTightBoundary(false);
  scale_ = new QCPColorScale(plot_);
  scale_->setBarWidth(10);
  plot_->plotLayout()->addElement(0, 1, scale_);
  map_->setColorScale(scale_);
  auto* margins = new QCPMarginGroup(plot_);
  plot_->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
  scale_->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
  // A colour scale's own "automatic" margin is whatever margin it last had (QCustomPlot's default), so the group
  // only ever grew it: once the column labels had stood upright (100 px) the map kept that margin after they lay
  // flat (50 px), a fifth of a projected map's height left blank. Cleared before each layout, the group sets it
  // from the map's axes alone.
  connect(plot_, &QCustomPlot::beforeReplot, this, [this] { scale_->setMargins(QMargins()); });
  // Weights follow the app's one choice of colour scale.
  connect(&WeightScaleSetting::instance(), &WeightScaleSetting::changed, this, [this] {
    if (colouring_ == Colouring::Weights && values_.size() > 0) redraw();
  });
  connect(Appearance::instance(), &Appearance::changed, this, [this] {  // a new theme's scale, thicker outlines
    setColouring(colouring_);
    highlightRow(highlightedRow_);
  });

  connect(plot_, &QCustomPlot::afterLayout, this, &HeatmapView::updateTicks);
  connect(plot_, &QCustomPlot::mouseDoubleClick, this, &HeatmapView::resetView);
  connect(plot_, &QCustomPlot::mouseWheel, this, [this] { fitted_ = false; });
  connect(plot_, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) { fitted_ = fitted_ && e->buttons() == Qt::NoButton; });
  plot_->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(plot_, &QWidget::customContextMenuRequested, this, &HeatmapView::showContextMenu);
  plot_->installEventFilter(this);
  plot_->setMouseTracking(true);
}

void HeatmapView::setTitle(const QString& title) { title_->setText(title); }
QString HeatmapView::title() const { return title_->text(); }

void HeatmapView::setAxisTitles(const QString& rows, const QString& columns) {
  rowTitle_ = rows;
  columnTitle_ = columns;
  showTitlesThatFit();
}

// A title longer than its side of the map is left out; the map's own title and its tooltips still say what it is.
void HeatmapView::showTitlesThatFit() {
  const QRect cells = plot_->axisRect()->rect();
  const auto fitting = [](QCPAxis* axis, const QString& title, int room) {
    const bool fits = room <= 0 || QFontMetrics(axis->labelFont()).horizontalAdvance(title) <= room;
    const QString shown = fits ? title : QString();
    if (axis->label() != shown) axis->setLabel(shown);
  };
  // A map narrower than kTitledWidth (one of a page's, with large type) keeps its width for its cells: the rows' title
  // and the colour bar's step aside (its own title, the maximised map and the export keep them).
  constexpr int kTitledWidth = 520;
  const bool titled = plot_->width() >= kTitledWidth || testAttribute(Qt::WA_DontShowOnScreen);  // or an export
  fitting(plot_->yAxis, titled ? rowTitle_ : QString(), cells.height());
  // Rows too low for a label of 11 px each take back the height of the columns' title (a sentence of 32 tokens on
  // a projector); measured as if the title were there, so that it does not come and go at each layout.
  const int titleHeight = QFontMetrics(plot_->xAxis->labelFont()).height() + plot_->xAxis->labelPadding();
  const int withTitle = cells.height() - (plot_->xAxis->label().isEmpty() && !columnTitle_.isEmpty() ? titleHeight : 0);
  const bool rowsLow = rows() > 1 && cells.height() > 0 &&
                       withTitle < rows() * cellPixelsForLabels(plot_->yAxis, rowLabels_, kReadableLabelPixels);
  fitting(plot_->xAxis, rowsLow ? QString() : columnTitle_, cells.width());
  // A title in Chinese stands upright beside the colour bar, a character a line: turned on its side with the axis
  // (QCustomPlot turns every right-hand axis title) its characters lay on their backs.
  const bool stacked = hasHanCharacters(scaleTitle_);
  fitting(scale_->axis(), stacked || !titled ? QString() : scaleTitle_, scale_->rect().height());
  const QString upright = stacked ? stackedUpright(scaleTitle_) : QString();
  const QFontMetrics metrics(scale_->axis()->labelFont());
  const bool fits = scale_->rect().height() <= 0 || metrics.lineSpacing() * (upright.count('\n') + 1) <= scale_->rect().height();
  showUprightScaleTitle(plot_, fits && titled ? upright : QString(), scale_->axis()->labelFont());
}

void HeatmapView::setColouring(Colouring colouring) {
  colouring_ = colouring;
  if (values_.size() > 0) redraw();
}

void HeatmapView::setFixedRange(double lower, double upper, bool logarithmic) {
  fixedLower_ = lower;
  fixedUpper_ = upper;
  fixedLogarithmic_ = logarithmic;
  if (values_.size() > 0) redraw();
}

void HeatmapView::shareOneScale(const QList<HeatmapView*>& views) {
  for (HeatmapView* view : views) {
    view->scaleSiblings_.clear();
    for (HeatmapView* other : views)
      if (other != view) view->scaleSiblings_ << other;
  }
}

WeightScale HeatmapView::weightScale() const { return effectiveScale(values_, WeightScaleSetting::instance().scale()); }

int HeatmapView::fullLabelPixels() {
  return std::max(kReadableLabelPixels, QFontInfo(QApplication::font()).pixelSize());
}

void HeatmapView::setMatrix(const al::Matrix& values, const QStringList& rowLabels, const QStringList& columnLabels) {
  values_ = values;
  columnPixelsCap_ = 0;  // new labels: the columns' type is fitted again
  plot_->setVisible(values.size() > 0);
  empty_->setVisible(values.size() == 0);
  cellNote_->clear();
  rowLabels_ = labelsOrNumbers(rowLabels, values.rows());
  columnLabels_ = labelsOrNumbers(columnLabels, values.cols());
  redraw();
  highlightRow(highlightedRow_ < rows() ? highlightedRow_ : -1);
  pinRow(pinnedRow_ < rows() ? pinnedRow_ : -1);
  resetView();
  for (HeatmapView* sibling : scaleSiblings_)
    if (sibling && sibling->values_.size() > 0) sibling->applyRange();
}

// The cells and the colour scale from values_ and the colouring.
void HeatmapView::redraw() {
  const int nx = columns(), ny = rows();
  const bool relative = colouring_ == Colouring::Weights && weightScale() == WeightScale::RelativeToUniform;
  rowFactors_.assign(size_t(ny), 1.0);
  if (relative)
    for (int i = 0; i < ny; ++i) rowFactors_[size_t(i)] = static_cast<double>(allowedKeys(values_, i));
  // Key axis (x) = column j, value axis (y) = row i; cell centres at whole numbers.
  map_->data()->setSize(nx, ny);
  map_->data()->setRange(QCPRange(0, std::max(nx - 1, 0)), QCPRange(0, std::max(ny - 1, 0)));
  for (int i = 0; i < ny; ++i)
    for (int j = 0; j < nx; ++j) map_->data()->setCell(j, i, values_(i, j) * rowFactors_[size_t(i)]);
  map_->hasMaskedCells = !values_.allFinite();
  scaleTitle_ = colouring_ == Colouring::Weights ? WeightScaleSetting::legendTitle(weightScale()) : QString();
  showTitlesThatFit();
  applyRange();
}

WeightRange HeatmapView::ownRange() const {
  if (fixedUpper_ > fixedLower_) return {fixedLower_, fixedUpper_, fixedLogarithmic_};
  if (values_.size() == 0) return {};
  if (colouring_ == Colouring::Weights) {
    al::Matrix scaled = values_;  // rows x columns, as drawn
    for (Index i = 0; i < scaled.rows(); ++i) scaled.row(i) *= static_cast<float>(rowFactors_[size_t(i)]);
    return fitWeightRange(scaled, weightScale());
  }
  // Signed: symmetric around 0, from the finite values (masked scores may be -inf).
  const auto finite = values_.array().isFinite();
  const double m = std::max(1e-6, double(finite.select(values_.array().abs(), 0.0f).maxCoeff()));
  return {-m, m, false};
}

// The colour range: this map's, or the one range of the maps that share a scale.
void HeatmapView::applyRange() {
  WeightRange range = ownRange();
  for (HeatmapView* sibling : scaleSiblings_)
    if (sibling && sibling->values_.size() > 0 && sibling->colouring_ == colouring_) range = range.united(sibling->ownRange());
  map_->setDataScaleType(range.logarithmic ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
  map_->setDataRange(QCPRange(range.lower, range.upper));
  map_->setGradient(colouring_ == Colouring::Weights ? weightsGradient(weightScale(), range) : signedGradient());
  if (range.logarithmic) setRelativeTicks(scale_->axis());
  else scale_->axis()->setTicker(QSharedPointer<QCPAxisTicker>::create());
  paceReplot(plot_);
}

void HeatmapView::highlightRow(int row) {
  highlightedRow_ = row;
  for (int i = plot_->itemCount() - 1; i >= 0; --i) plot_->removeItem(i);
  if (row >= 0 && row < rows()) {
    auto* outline = new QCPItemRect(plot_);
    outline->topLeft->setCoords(-0.5, row - 0.5);
    outline->bottomRight->setCoords(columns() - 0.5, row + 0.5);
    outline->setPen(QPen(Appearance::instance()->highlight(), Appearance::instance()->outlineWidth()));
  }
  paceReplot(plot_);
}

void HeatmapView::resetView() {
  fitted_ = true;
  fitRanges();
  updateTicks();
  paceReplot(plot_);
}

// The whole matrix, or as much of it from the top left as leaves every cell room for a readable label: a long
// review is then read by dragging, every token named.
void HeatmapView::fitRanges() {
  const auto shown = [this](int count, int pixels) {
    // A sentence is shown whole; a longer review too when not laid out yet (afterLayout fits again).
    if (pixels <= 0 || !zoomToName_ || count <= kWholeUpTo) return count;
    return std::clamp(pixels / kSmallestCellPixels, 1, std::max(count, 1));
  };
  plot_->xAxis->setRange(-0.5, shown(columns(), plot_->axisRect()->width()) - 0.5);
  plot_->yAxis->setRange(-0.5, shown(rows(), plot_->axisRect()->height()) - 0.5);
}

bool HeatmapView::showsEverything() const {
  return plot_->xAxis->range().lower <= -0.5 && plot_->xAxis->range().upper >= columns() - 0.5 &&
         plot_->yAxis->range().lower <= -0.5 && plot_->yAxis->range().upper >= rows() - 0.5;
}

void HeatmapView::updateTicks() {
  if (values_.size() == 0) return;
  if (fitted_) fitRanges();  // the axis length may have changed with the layout
  showTitlesThatFit();
  // The colour scale's ticks as many as its new length has room for.
  if (map_->dataScaleType() == QCPAxis::stLogarithmic && setRelativeTicks(scale_->axis()))
    paceReplot(plot_);
  if (plot_->size() != columnsCappedAt_) columnPixelsCap_ = 0;  // a new size: the columns may take their full type
  const int columnPixels = columnPixelsCap_ > 0 ? std::min(columnPixelsCap_, fullLabelPixels()) : fullLabelPixels();
  const int columnPixelsLaidOut = labelPixelSize(Qt::Horizontal);
  labelEveryCell(plot_->xAxis, columnLabels_, columnPixels);
  // Row labels no larger than flat column labels: larger ones would widen the row labels' margin, narrow the
  // columns, stand their labels upright, shorten the rows, shrink the row labels, and so round again at each layout.
  const bool columnsFlat = plot_->xAxis->tickLabelRotation() == 0 && !shownLabels(Qt::Horizontal).join(QString()).contains('\n');
  // Row labels take at most a third of the plot's width (large type on a projector once left the cells none).
  int rowPixels = columnsFlat ? std::min(fullLabelPixels(), labelPixelSize(Qt::Horizontal)) : fullLabelPixels();
  QFont rowFont = plot_->yAxis->tickLabelFont();
  const auto widestRow = [&](int pixels) {
    rowFont.setPixelSize(pixels);
    const QFontMetrics metrics(rowFont);
    int widest = 0;
    for (const QString& label : rowLabels_) widest = std::max(widest, metrics.horizontalAdvance(label.left(16)));
    return widest;
  };
  while (rowPixels > kReadableLabelPixels && widestRow(rowPixels) > plot_->width() / 3) --rowPixels;
  const int rowStep = labelEveryCell(plot_->yAxis, rowLabels_, rowPixels);
  // Only from a layout of the columns as they are now (a new type is laid out at the replot it asked for).
  if (rowStep > 1 && !columnsFlat && labelPixelSize(Qt::Horizontal) == columnPixelsLaidOut) shortenUprightColumnsForRows();
  // While part of the map is in view, say how to reach the rest (a clicked cell's note stays).
  const QString hint = tr("Every token is named: drag to move through the %1 × %2 map, turn the wheel to zoom out.")
                           .arg(rows())
                           .arg(columns());
  const bool partial = fitted_ && !showsEverything();
  if (partial && cellNote_->text().isEmpty()) cellNote_->setText(hint);
  else if (!partial && cellNote_->text() == hint) cellNote_->clear();
}

// Upright column labels take their longest label's width from the map's height, in larger type than the rows' in a
// small map (12 px, the rows 8): a 9-token sentence with a long label such as "fun→[UNK]" left rows of 9 px in the
// page's grid at 1280 x 720, too low for a label each, and every second token went unnamed (fewer still in Chinese,
// whose longer lines above the maps leave them less height). Then the columns take the largest type that gives the
// rows a label each, until the plot's size changes; when no readable type does, they keep theirs.
void HeatmapView::shortenUprightColumnsForRows() {
  const double missing = pixelsMissingToNameEveryCell(plot_->yAxis, rowLabels_);
  if (missing <= 0) return;
  const int pixels = uprightLabelPixelsShorterBy(plot_->xAxis, columnLabels_, std::ceil(missing));
  if (pixels <= 0) return;
  columnPixelsCap_ = pixels;
  columnsCappedAt_ = plot_->size();
  paceReplot(plot_);
}

QStringList HeatmapView::shownLabels(Qt::Orientation axis) const {
  const auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>((axis == Qt::Horizontal ? plot_->xAxis : plot_->yAxis)->ticker());
  return ticker ? QStringList(ticker->ticks().values()) : QStringList();
}

int HeatmapView::labelPixelSize(Qt::Orientation axis) const {
  return (axis == Qt::Horizontal ? plot_->xAxis : plot_->yAxis)->tickLabelFont().pixelSize();
}

double HeatmapView::drawnValue(int row, int column) const {
  return map_->data()->cell(column, row) / rowFactors_[size_t(row)];
}
double HeatmapView::drawnCell(int row, int column) const { return map_->data()->cell(column, row); }
double HeatmapView::rangeLower() const { return map_->dataRange().lower; }
double HeatmapView::rangeUpper() const { return map_->dataRange().upper; }
bool HeatmapView::rangeIsLogarithmic() const { return map_->dataScaleType() == QCPAxis::stLogarithmic; }

QString HeatmapView::toolTipFor(int row, int column) const {
  const double v = values_(row, column);
  const QString number = std::isinf(v) ? (v < 0 ? QStringLiteral("−∞") : QStringLiteral("∞")) : QString::number(v, 'f', 4);
  QString text = tr("row %1 “%2” → column %3 “%4”: %5")
                     .arg(row + 1)
                     .arg(rowLabels_[row])
                     .arg(column + 1)
                     .arg(columnLabels_[column])
                     .arg(number);
  if (colouring_ == Colouring::Weights && weightScale() == WeightScale::RelativeToUniform && std::isfinite(v))
    text += tr(" (%1 × an equal share of 1/%2)").arg(v * rowFactors_[size_t(row)], 0, 'f', 2).arg(rowFactors_[size_t(row)]);
  return text;
}

void HeatmapView::clickCell(int row, int column) {
  if (row < 0 || row >= rows() || column < 0 || column >= columns()) return;
  cellNote_->setText(toolTipFor(row, column));
  cellNote_->setToolTip(cellNote_->text());
  emit cellClicked(row, column);
}

QString HeatmapView::cellNote() const { return cellNote_->text(); }

bool HeatmapView::cellAt(const QPoint& pixel, int& row, int& column) const {
  double key = 0, value = 0;
  map_->pixelsToCoords(pixel, key, value);
  column = static_cast<int>(std::lround(key));
  row = static_cast<int>(std::lround(value));
  return plot_->axisRect()->rect().contains(pixel) && row >= 0 && row < rows() && column >= 0 && column < columns();
}

QPoint HeatmapView::cellCentre(int row, int column) const {
  return map_->coordsToPixels(column, row).toPoint();
}

void HeatmapView::setPinnable(bool pinnable) {
  pinnable_ = pinnable;
  if (pinnable && !pinnedBars_) {  // a pinned row's weights, large: made only for a map that pins (a plot costs)
    pinnedBars_ = new WeightBars;
    pinnedBars_->setLabelScale(1.5);
    pinnedBars_->hide();
    placeBarsBesideTheMap(static_cast<QVBoxLayout*>(layout()), plot_, pinnedBars_);
  }
  if (!pinnable) pinRow(-1);
}

void HeatmapView::pinRow(int row) {
  pinnedRow_ = pinnable_ && row >= 0 && row < rows() ? row : -1;
  if (pinnedBars_) pinnedBars_->setVisible(pinnedRow_ >= 0);
  if (pinnedRow_ < 0) return;
  highlightRow(pinnedRow_);
  pinnedBars_->setWeights(values_.row(pinnedRow_), columnLabels_,
                          tr("Where “%1” looks (%2)").arg(rowLabels_.value(pinnedRow_), title()));
}

bool HeatmapView::eventFilter(QObject* watched, QEvent* event) {
  if (watched == plot_ && values_.size() > 0) {
    int row = 0, column = 0;
    if (event->type() == QEvent::ToolTip) {
      auto* help = static_cast<QHelpEvent*>(event);
      if (cellAt(help->pos(), row, column)) QToolTip::showText(help->globalPos(), toolTipFor(row, column), plot_);
      else QToolTip::hideText();
      return true;
    }
    if (event->type() == QEvent::MouseButtonPress) pressedAt_ = static_cast<QMouseEvent*>(event)->pos();
    if (event->type() == QEvent::MouseButtonRelease) {
      auto* mouse = static_cast<QMouseEvent*>(event);
      const QRect area = plot_->axisRect()->rect();
      if (mouse->button() == Qt::LeftButton && mouse->pos().x() < area.left() && mouse->pos().y() >= area.top() &&
          mouse->pos().y() <= area.bottom()) {  // a row label: pin that query
        const int labelRow = static_cast<int>(std::lround(plot_->yAxis->pixelToCoord(mouse->pos().y())));
        if (labelRow >= 0 && labelRow < rows()) {
          if (pinnable_) pinRow(labelRow);
          emit cellClicked(labelRow, -1);
        }
      }
      // A click, not the end of a drag: name the cell and select its row.
      if (mouse->button() == Qt::LeftButton && (mouse->pos() - pressedAt_).manhattanLength() < 4 &&
          cellAt(mouse->pos(), row, column))
        clickCell(row, column);
    }
  }
  return QWidget::eventFilter(watched, event);
}

}  // namespace al::ui
