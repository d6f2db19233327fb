#include "ui/widgets/weight_bars.h"

#include <QFontMetrics>
#include <QLabel>
#include <QMenu>
#include <QResizeEvent>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

#include "ui/widgets/clamped_label.h"
#include "ui/widgets/heatmap_axis.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/palette.h"
#include "ui/widgets/replot_pacer.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace {
constexpr int kBarsPixels = 80;              // the bars' least height: a chart a class reads, not a strip
constexpr int kSmallestReadablePixels = 11;  // the labels' type from a class's back row

// How far the axis's labels, as laid out, reach below the bars: an upright label's length, a flat one's line.
int labelDepth(const QCPAxis* axis) {
  const QFontMetrics metrics(axis->tickLabelFont());
  if (axis->tickLabelRotation() == 0) return metrics.height();
  int depth = 0;
  if (const auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(axis->ticker()))
    for (const QString& label : ticker->ticks()) depth = std::max(depth, metrics.horizontalAdvance(label));
  return depth;
}

int longestLabel(QFont font, int pixels, const QStringList& labels) {
  font.setPixelSize(pixels);
  const QFontMetrics metrics(font);
  int longest = 0;
  for (const QString& label : labels) longest = std::max(longest, metrics.horizontalAdvance(label.left(16)));
  return longest;
}

// The largest type, from `largest` down to kSmallestReadablePixels, in which every label is at most `room` long.
int uprightPixelsWithin(const QFont& font, const QStringList& labels, int largest, int room) {
  int pixels = largest;
  while (pixels > kSmallestReadablePixels && longestLabel(font, pixels, labels) > room) --pixels;
  return pixels;
}

// Every token named under its bar, in type no larger than leaves the bars kBarsPixels: upright labels of a long
// sentence in the pinned bars' large type once took all but 5 px of the plot. The room is measured from the layout
// just made (the bars' height plus what its labels took), so the type settles instead of swinging between sizes.
// Labels that lie flat (they do down to 12 px, heatmap_axis.cpp) take one line and keep their type.
void labelTokensLeavingTheBarsTheirHeight(QCustomPlot* plot, const QStringList& labels, int largest) {
  QCPAxis* axis = plot->xAxis;
  const double cell = plot->axisRect()->width() / std::max(1.0, axis->range().size());
  const bool flat = longestLabel(axis->tickLabelFont(), std::min(largest, 12), labels) + 4 <= cell;
  const int room = plot->axisRect()->height() + labelDepth(axis) - kBarsPixels;
  const bool laidOut = plot->axisRect()->height() > 0;
  labelEveryCell(axis, labels, flat || !laidOut ? largest : uprightPixelsWithin(axis->tickLabelFont(), labels, largest, room));
}

// Where no type leaves the bars and their labels readable, the chart asks its layout for more room: the width of
// a label's ink a bar (in 11 px type), and kBarsPixels of bars over the labels. Beside a map of 32 tokens, two fifths
// of a 1280 px view gave bars of 13 px, labels of 9 px.
void askForTheRoomToRead(QWidget* chart, QCustomPlot* plot, const QStringList& labels) {
  QCPAxis* axis = plot->xAxis;
  if (labels.isEmpty() || plot->axisRect()->width() <= 0) return;
  QFont font = axis->tickLabelFont();
  font.setPixelSize(kSmallestReadablePixels);
  const QFontMetrics metrics(font);
  int ink = 0;
  for (const QString& label : labels) ink = std::max(ink, metrics.tightBoundingRect(label.left(16)).height());
  const double cell = plot->axisRect()->width() / std::max(1.0, axis->range().size());
  const int missingWidth = static_cast<int>(std::ceil((ink + 2 - cell) * labels.size()));
  if (missingWidth > 0) chart->setMinimumWidth(chart->width() + missingWidth);
  const int missingHeight = kBarsPixels - plot->axisRect()->height();
  if (missingHeight > 0 && axis->tickLabelFont().pixelSize() <= kSmallestReadablePixels)
    chart->setMinimumHeight(chart->height() + missingHeight);
}
}  // namespace

WeightBars::WeightBars(QWidget* parent) : QWidget(parent), title_(new ClampedLabel(2)), plot_(new QCustomPlot) {
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
  plot_->xAxis->grid()->setVisible(false);
  plot_->xAxis->setSubTicks(false);
  plot_->yAxis->ticker()->setTickCount(3);  // a short plot on a projector: three weights, never a crowd
  setTranslatedTexts(this, [this] { fitAxisLabels(); });
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  plot_->axisRect()->setRangeZoom(Qt::Horizontal);
  plot_->axisRect()->setRangeDrag(Qt::Horizontal);
  connect(plot_, &QCustomPlot::afterLayout, this, [this] {
    if (tokensDown_) {  // flat labels, a row each: the type fits the rows
      labelEveryCell(plot_->yAxis, labels_, static_cast<int>(HeatmapView::fullLabelPixels() * labelScale_));
      return;
    }
    labelTokensLeavingTheBarsTheirHeight(plot_, labels_, static_cast<int>(HeatmapView::fullLabelPixels() * labelScale_));
    askForTheRoomToRead(this, plot_, labels_);
    if (labelScale_ != 1) {  // the weights' axis as large as the tokens'
      QFont font = plot_->yAxis->tickLabelFont();
      const int pixels = static_cast<int>(HeatmapView::fullLabelPixels() * labelScale_);
      if (font.pixelSize() != pixels) {
        font.setPixelSize(pixels);
        plot_->yAxis->setTickLabelFont(font);
        paceReplot(plot_);
      }
    }
  });
  plot_->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(plot_, &QWidget::customContextMenuRequested, this, &WeightBars::showContextMenu);
}

QCPAxis* WeightBars::keyAxis() const { return tokensDown_ ? plot_->yAxis : plot_->xAxis; }
QCPAxis* WeightBars::valueAxis() const { return tokensDown_ ? plot_->xAxis : plot_->yAxis; }

void WeightBars::setTokensDown(bool down) {
  if (down == tokensDown_) return;
  tokensDown_ = down;
  plot_->removePlottable(bars_);
  bars_ = new QCPBars(keyAxis(), valueAxis());
  bars_->setPen(Qt::NoPen);
  bars_->setBrush(palette::kBars);
  bars_->setWidth(0.8);
  for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis}) {
    axis->grid()->setVisible(axis == valueAxis());
    axis->setSubTicks(axis == valueAxis());
    axis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    axis->setLabel(QString());
  }
  valueAxis()->ticker()->setTickCount(down ? 2 : 3);  // across a narrow column: two weights, never a crowd
  plot_->yAxis->setRangeReversed(down);  // the first token at the top, as the map's first row
  plot_->axisRect()->setRangeZoom(keyAxis()->orientation());
  plot_->axisRect()->setRangeDrag(keyAxis()->orientation());
  setWeights(weights_, labels_, title());
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
  keyAxis()->setRange(-0.6, std::max<double>(1, static_cast<double>(weights.size())) - 0.4);
  valueAxis()->setRange(0, std::max(1e-6, weights.size() ? static_cast<double>(weights.maxCoeff()) * 1.1 : 1.0));
  if (tokensDown_) labelEveryCell(plot_->yAxis, labels_, static_cast<int>(HeatmapView::fullLabelPixels() * labelScale_));
  else labelTokensLeavingTheBarsTheirHeight(plot_, labels_, static_cast<int>(HeatmapView::fullLabelPixels() * labelScale_));
  fitAxisLabels();
  paceReplot(plot_);
}

void WeightBars::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  fitAxisLabels();
}

// A projector gives the bars a short plot: a vertical "weight" beside a few ticks would not fit there, and the
// title says what the bars are.
void WeightBars::fitAxisLabels() {
  const bool room = tokensDown_ ? plot_->width() >= 200 : plot_->height() >= 140;
  const QString axisLabel = room ? (valueName_.isEmpty() ? tr("weight") : valueName_) : QString();
  if (valueAxis()->label() == axisLabel) return;
  valueAxis()->setLabel(axisLabel);
  paceReplot(plot_);
}

QString WeightBars::title() const { return title_->text(); }

void WeightBars::setValueName(const QString& name) {
  valueName_ = name;
  fitAxisLabels();
}

QStringList WeightBars::csvHeader() const { return {tr("token"), valueName_.isEmpty() ? tr("weight") : valueName_}; }

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
