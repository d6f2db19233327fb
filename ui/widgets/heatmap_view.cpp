#include "ui/widgets/heatmap_view.h"

#include <QHelpEvent>
#include <QLabel>
#include <QMenu>
#include <QToolTip>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

#include "ui/export.h"
#include "ui/widgets/palette.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace {

QString numberLabel(int i) { return QString::number(i + 1); }

QStringList labelsOrNumbers(const QStringList& labels, Index count) {
  if (labels.size() == count) return labels;
  QStringList out;
  for (int i = 0; i < count; ++i) out << numberLabel(i);
  return out;
}

// A colour scale through three colours, at 0, 0.5 and 1.
QCPColorGradient gradient(const QColor& low, const QColor& middle, const QColor& high) {
  QCPColorGradient g;
  g.clearColorStops();
  g.setColorStopAt(0, low);
  g.setColorStopAt(0.5, middle);
  g.setColorStopAt(1, high);
  return g;
}

QCPColorGradient weightsGradient() { return gradient(Qt::white, palette::kSequentialMiddle, palette::kSequentialHigh); }
QCPColorGradient signedGradient() { return gradient(palette::kDivergingLow, Qt::white, palette::kDivergingHigh); }

// Text ticks at whole positions, every `step`-th label, so that labels never overlap whatever the zoom. The axis
// length is known only after the plot's layout, so this runs after every layout and asks for one more replot
// when the ticks changed.
void setTextTicks(QCPAxis* axis, const QStringList& labels, double pixelsPerLabel) {
  const QCPRange range = axis->range();
  const double visible = std::max(1.0, range.size());
  const double axisPixels = std::max(1, axis->orientation() == Qt::Horizontal ? axis->axisRect()->width()
                                                                               : axis->axisRect()->height());
  const int step = std::max(1, static_cast<int>(std::ceil(visible * pixelsPerLabel / axisPixels)));
  const int first = std::max(0, static_cast<int>(std::floor(range.lower)));
  const int last = std::min(static_cast<int>(labels.size()) - 1, static_cast<int>(std::ceil(range.upper)));
  QMap<double, QString> ticks;
  for (int i = first - first % step; i <= last; i += step)
    if (i >= 0) ticks.insert(i, labels[i].size() > 14 ? labels[i].left(13) + QChar(0x2026) : labels[i]);
  const auto current = qSharedPointerDynamicCast<QCPAxisTickerText>(axis->ticker());
  if (current && current->ticks() == ticks) return;
  auto ticker = QSharedPointer<QCPAxisTickerText>::create();
  ticker->setTicks(ticks);
  axis->setTicker(ticker);
  axis->parentPlot()->replot(QCustomPlot::rpQueuedReplot);
}

void addExportActions(QMenu& menu, QWidget* widget, const QString& name, const QStringList& header,
                      const std::vector<std::vector<QString>>& rows) {
  menu.addAction(HeatmapView::tr("Save picture (PNG, SVG, PDF)…"), widget, [=] { askAndExportWidget(widget, name); });
  menu.addAction(HeatmapView::tr("Save numbers as CSV…"), widget, [=] { askAndWriteCsv(widget, name, header, rows); });
}

QString fileNameOf(const QString& title, const QString& fallback) {
  QString name = title.isEmpty() ? fallback : title.toLower();
  name.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("_"));
  return name;
}

}  // namespace

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
  setTranslatedTexts(this, [this] { empty_->setText(tr("Nothing to show yet.")); });
  empty_->setAlignment(Qt::AlignCenter);
  empty_->setObjectName("heatmapEmpty");
  layout->addWidget(empty_, 1);
  plot_->hide();  // until there is a matrix
  setMinimumSize(260, 240);

  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  plot_->yAxis->setRangeReversed(true);  // query token 1 at the top, as a matrix is written
  plot_->xAxis->setTickLabelRotation(60);
  for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {
    axis->grid()->setVisible(false);
    axis->setSubTicks(false);
  }
  map_ = new QCPColorMap(plot_->xAxis, plot_->yAxis);
  map_->setInterpolate(false);  // one flat cell per weight: no blending between tokens
  map_->setTightBoundary(false);
  scale_ = new QCPColorScale(plot_);
  scale_->setBarWidth(10);
  plot_->plotLayout()->addElement(0, 1, scale_);
  map_->setColorScale(scale_);
  auto* margins = new QCPMarginGroup(plot_);
  plot_->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
  scale_->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
  setColouring(Colouring::Weights);

  connect(plot_, &QCustomPlot::afterLayout, this, &HeatmapView::updateTicks);
  connect(plot_, &QCustomPlot::mouseDoubleClick, this, &HeatmapView::resetView);
  plot_->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(plot_, &QWidget::customContextMenuRequested, this, &HeatmapView::showContextMenu);
  plot_->installEventFilter(this);
  plot_->setMouseTracking(true);
}

void HeatmapView::setTitle(const QString& title) { title_->setText(title); }
QString HeatmapView::title() const { return title_->text(); }

void HeatmapView::setAxisTitles(const QString& rows, const QString& columns) {
  plot_->yAxis->setLabel(rows);
  plot_->xAxis->setLabel(columns);
}

void HeatmapView::setColouring(Colouring colouring) {
  colouring_ = colouring;
  map_->setGradient(colouring == Colouring::Weights ? weightsGradient() : signedGradient());
  if (values_.size() > 0) setMatrix(al::Matrix(values_), rowLabels_, columnLabels_);
}

void HeatmapView::setFixedRange(double lower, double upper) {
  fixedLower_ = lower;
  fixedUpper_ = upper;
  if (values_.size() > 0) setMatrix(al::Matrix(values_), rowLabels_, columnLabels_);
}

void HeatmapView::setMatrix(const al::Matrix& values, const QStringList& rowLabels, const QStringList& columnLabels) {
  values_ = values;
  plot_->setVisible(values.size() > 0);
  empty_->setVisible(values.size() == 0);
  rowLabels_ = labelsOrNumbers(rowLabels, values.rows());
  columnLabels_ = labelsOrNumbers(columnLabels, values.cols());
  const int nx = columns(), ny = rows();
  // Key axis (x) = column j, value axis (y) = row i; cell centres at whole numbers.
  map_->data()->setSize(nx, ny);
  map_->data()->setRange(QCPRange(0, std::max(nx - 1, 0)), QCPRange(0, std::max(ny - 1, 0)));
  for (int i = 0; i < ny; ++i)
    for (int j = 0; j < nx; ++j) map_->data()->setCell(j, i, values_(i, j));

  double lower = 0, upper = 1;
  if (fixedUpper_ > fixedLower_) {
    lower = fixedLower_;
    upper = fixedUpper_;
  } else if (values_.size() > 0) {
    // Masked scores may be -inf: the range comes from the finite values only.
    const auto finite = values_.array().isFinite();
    const double largest = finite.select(values_.array(), 0.0f).maxCoeff();
    const double absLargest = finite.select(values_.array().abs(), 0.0f).maxCoeff();
    if (colouring_ == Colouring::Weights) upper = std::max(largest, 1e-6);
    else lower = -(upper = std::max(absLargest, 1e-6));
  }
  map_->setDataRange(QCPRange(lower, upper));
  highlightRow(highlightedRow_ < ny ? highlightedRow_ : -1);
  resetView();
}

void HeatmapView::highlightRow(int row) {
  highlightedRow_ = row;
  for (int i = plot_->itemCount() - 1; i >= 0; --i) plot_->removeItem(i);
  if (row >= 0 && row < rows()) {
    auto* outline = new QCPItemRect(plot_);
    outline->topLeft->setCoords(-0.5, row - 0.5);
    outline->bottomRight->setCoords(columns() - 0.5, row + 0.5);
    outline->setPen(QPen(palette::kHighlight, 2));
  }
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::resetView() {
  plot_->xAxis->setRange(-0.5, std::max(columns(), 1) - 0.5);
  plot_->yAxis->setRange(-0.5, std::max(rows(), 1) - 0.5);
  updateTicks();
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

void HeatmapView::updateTicks() {
  if (values_.size() == 0) return;
  setTextTicks(plot_->xAxis, columnLabels_, 14);
  setTextTicks(plot_->yAxis, rowLabels_, 14);
}

double HeatmapView::drawnValue(int row, int column) const { return map_->data()->cell(column, row); }
double HeatmapView::rangeLower() const { return map_->dataRange().lower; }
double HeatmapView::rangeUpper() const { return map_->dataRange().upper; }

QString HeatmapView::toolTipFor(int row, int column) const {
  const double v = values_(row, column);
  const QString number = std::isinf(v) ? (v < 0 ? QStringLiteral("−∞") : QStringLiteral("∞")) : QString::number(v, 'f', 4);
  return tr("row %1 “%2” → column %3 “%4”: %5")
      .arg(row + 1)
      .arg(rowLabels_[row])
      .arg(column + 1)
      .arg(columnLabels_[column])
      .arg(number);
}

bool HeatmapView::cellAt(const QPoint& pixel, int& row, int& column) const {
  double key = 0, value = 0;
  map_->pixelsToCoords(pixel, key, value);
  column = static_cast<int>(std::lround(key));
  row = static_cast<int>(std::lround(value));
  return plot_->axisRect()->rect().contains(pixel) && row >= 0 && row < rows() && column >= 0 && column < columns();
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
      // A click, not the end of a drag: select the row under the mouse.
      if (mouse->button() == Qt::LeftButton && (mouse->pos() - pressedAt_).manhattanLength() < 4 &&
          cellAt(mouse->pos(), row, column))
        emit cellClicked(row, column);
    }
  }
  return QWidget::eventFilter(watched, event);
}

QStringList HeatmapView::csvHeader() const { return QStringList{QString()} + columnLabels_; }

std::vector<std::vector<QString>> HeatmapView::csvRows() const {
  std::vector<std::vector<QString>> out;
  for (int i = 0; i < rows(); ++i) {
    std::vector<QString> line{rowLabels_[i]};
    for (int j = 0; j < columns(); ++j) line.push_back(QString::number(values_(i, j), 'g', 8));
    out.push_back(std::move(line));
  }
  return out;
}

void HeatmapView::showContextMenu(const QPoint& position) {
  QMenu menu(this);
  menu.addAction(tr("Reset zoom"), this, &HeatmapView::resetView);
  menu.addSeparator();
  addExportActions(menu, this, fileNameOf(title(), QStringLiteral("heatmap")), csvHeader(), csvRows());
  menu.exec(plot_->mapToGlobal(position));
}

// ---------------------------------------------------------------------------------------------------------
// WeightBars

WeightBars::WeightBars(QWidget* parent) : QWidget(parent), title_(new QLabel), plot_(new QCustomPlot) {
  title_->setObjectName("heatmapTitle");
  title_->setWordWrap(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addWidget(title_);
  layout->addWidget(plot_, 1);
  setMinimumSize(260, 200);
  bars_ = new QCPBars(plot_->xAxis, plot_->yAxis);
  bars_->setPen(Qt::NoPen);
  bars_->setBrush(palette::kBars);
  bars_->setWidth(0.8);
  plot_->xAxis->setTickLabelRotation(60);
  plot_->xAxis->grid()->setVisible(false);
  plot_->xAxis->setSubTicks(false);
  setTranslatedTexts(this, [this] {
    plot_->yAxis->setLabel(tr("weight"));
    plot_->replot();
  });
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  plot_->axisRect()->setRangeZoom(Qt::Horizontal);
  plot_->axisRect()->setRangeDrag(Qt::Horizontal);
  connect(plot_, &QCustomPlot::afterLayout, this, [this] { setTextTicks(plot_->xAxis, labels_, 14); });
  plot_->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(plot_, &QWidget::customContextMenuRequested, this, &WeightBars::showContextMenu);
}

void WeightBars::setWeights(const al::RowVector& weights, const QStringList& labels, const QString& title) {
  weights_ = weights;
  labels_ = labelsOrNumbers(labels, weights.size());
  title_->setText(title);
  QVector<double> keys, values;
  for (Index j = 0; j < weights.size(); ++j) {
    keys << static_cast<double>(j);
    values << weights(j);
  }
  bars_->setData(keys, values, true);
  plot_->xAxis->setRange(-0.6, std::max<double>(1, static_cast<double>(weights.size())) - 0.4);
  plot_->yAxis->setRange(0, std::max(1e-6, weights.size() ? static_cast<double>(weights.maxCoeff()) * 1.1 : 1.0));
  setTextTicks(plot_->xAxis, labels_, 14);
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

QString WeightBars::title() const { return title_->text(); }

QStringList WeightBars::csvHeader() const { return {tr("token"), tr("weight")}; }

std::vector<std::vector<QString>> WeightBars::csvRows() const {
  std::vector<std::vector<QString>> out;
  for (Index j = 0; j < weights_.size(); ++j) out.push_back({labels_[int(j)], QString::number(weights_(j), 'g', 8)});
  return out;
}

void WeightBars::showContextMenu(const QPoint& position) {
  QMenu menu(this);
  addExportActions(menu, this, fileNameOf(title(), QStringLiteral("weights")), csvHeader(), csvRows());
  menu.exec(plot_->mapToGlobal(position));
}

}  // namespace al::ui
