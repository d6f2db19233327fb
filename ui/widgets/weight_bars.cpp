#include "ui/widgets/weight_bars.h"

#include <QLabel>
#include <QMenu>
#include <QResizeEvent>
#include <QVBoxLayout>
#include <algorithm>
#include <qcustomplot.h>

#include "ui/widgets/heatmap_axis.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/palette.h"
#include "ui/widgets/replot_pacer.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

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
  plot_->xAxis->grid()->setVisible(false);
  plot_->xAxis->setSubTicks(false);
  plot_->yAxis->ticker()->setTickCount(3);  // a short plot on a projector: three weights, never a crowd
  setTranslatedTexts(this, [this] { fitAxisLabels(); });
  plot_->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  plot_->axisRect()->setRangeZoom(Qt::Horizontal);
  plot_->axisRect()->setRangeDrag(Qt::Horizontal);
  connect(plot_, &QCustomPlot::afterLayout, this, [this] {
    labelEveryCell(plot_->xAxis, labels_, static_cast<int>(HeatmapView::fullLabelPixels() * labelScale_));
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
  labelEveryCell(plot_->xAxis, labels_, static_cast<int>(HeatmapView::fullLabelPixels() * labelScale_));
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
  const QString axisLabel = plot_->height() >= 140 ? (valueName_.isEmpty() ? tr("weight") : valueName_) : QString();
  if (plot_->yAxis->label() == axisLabel) return;
  plot_->yAxis->setLabel(axisLabel);
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
