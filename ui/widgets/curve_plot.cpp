#include "ui/widgets/curve_plot.h"

#include <algorithm>
#include <cmath>

#include <QEvent>
#include <QSvgGenerator>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "ui/widgets/appearance.h"
#include "ui/widgets/bare_layout.h"
#include "ui/widgets/palette.h"
#include "ui/widgets/picture_format.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace {

// A log ticker whose ticks are whole numbers: on a range under 1.6 decades QCPAxisTickerLog falls back to linear
// steps (1, 1.5, 2, ...), which labels without decimals would show as 1, 2, 2, ...; a perplexity steps by 1 at least.
class WholeNumberLogTicker : public QCPAxisTickerLog {
 protected:
  double getTickStep(const QCPRange& range) override { return std::max(1.0, QCPAxisTickerLog::getTickStep(range)); }
};

constexpr int kCurves = 3;
constexpr int kMetrics = 2;

QString curveName(CurvePlot::Curve curve) {
  switch (curve) {
    case CurvePlot::Curve::Batch: return CurvePlot::tr("per batch (smoothed)");
    case CurvePlot::Curve::Training: return CurvePlot::tr("training (per epoch)");
    case CurvePlot::Curve::Validation: return CurvePlot::tr("validation (per epoch)");
  }
  return {};
}

// The look of a curve: the run's colour, the curve's line style and marker.
void styleGraph(QCPGraph* g, CurvePlot::Curve curve, const QColor& color) {
  switch (curve) {
    case CurvePlot::Curve::Batch: {
      QColor pale = color;
      pale.setAlphaF(0.45);
      g->setPen(QPen(pale, 1.2));
      break;
    }
    case CurvePlot::Curve::Training:
      g->setPen(QPen(color, 2.5));
      g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 7));
      break;
    case CurvePlot::Curve::Validation:
      g->setPen(QPen(color, 2.5, Qt::DashLine));
      g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, color, Appearance::instance()->background(), 8));
      break;
  }
}

void styleAxisRect(QCPAxisRect* r, const QFont& font) {
  for (QCPAxis* a : {r->axis(QCPAxis::atBottom), r->axis(QCPAxis::atLeft)}) {
    a->setLabelFont(font);
    a->setTickLabelFont(font);
  }
  // Whole epochs on the x axis: a student reads "after epoch 3", not "at 2.75".
  QSharedPointer<QCPAxisTickerFixed> ticker(new QCPAxisTickerFixed);
  ticker->setTickStep(1.0);
  ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
  r->axis(QCPAxis::atBottom)->setTicker(ticker);
}

}  // namespace

CurvePlot::CurvePlot(QWidget* parent) : QWidget(parent), plot_(new QCustomPlot(this)) {
  auto* layout = bareLayout<QVBoxLayout>(this);
  layout->addWidget(plot_);
  plot_->setObjectName("curves");
  plot_->setNoAntialiasingOnDrag(true);

  QFont font = plot_->font();
  font.setPointSizeF(std::max(10.0, font.pointSizeF() * 1.1));  // readable from the back of a lecture hall
  plot_->setProperty("fontRatio", 1.1);  // ... at every zoom (ui/widgets/appearance.h)

  // The plot's layout: the two plots (loss is the default axis rect; accuracy beside it, or under it when the
  // plot is narrow: placeRects()) above the legend, which has a row of its own: inside a plot it would cover
  // the curves.
  lossRect_ = plot_->axisRect();
  accuracyRect_ = new QCPAxisRect(plot_);
  rects_ = new QCPLayoutGrid;
  plot_->plotLayout()->take(lossRect_);
  plot_->plotLayout()->simplify();
  plot_->plotLayout()->addElement(0, 0, rects_);
  rects_->addElement(0, 0, lossRect_);
  rects_->addElement(0, 1, accuracyRect_);
  styleAxisRect(lossRect_, font);
  styleAxisRect(accuracyRect_, font);
  accuracyRect_->axis(QCPAxis::atLeft)->setRange(0, 1.02);
  // Perplexity = e^loss: on a log scale from e^lower to e^upper of the loss axis, each height reads both.
  QCPAxis* perplexity = lossRect_->axis(QCPAxis::atRight);
  perplexity->setScaleType(QCPAxis::stLogarithmic);
  perplexity->setTicker(QSharedPointer<QCPAxisTickerLog>(new WholeNumberLogTicker));
  perplexity->setNumberFormat("f");
  perplexity->setNumberPrecision(0);
  perplexity->setLabelFont(font);
  perplexity->setTickLabelFont(font);
  connect(lossRect_->axis(QCPAxis::atLeft), qOverload<const QCPRange&>(&QCPAxis::rangeChanged), perplexity,
          [perplexity](const QCPRange& loss) { perplexity->setRange(std::exp(loss.lower), std::exp(loss.upper)); });

  plot_->legend->setVisible(true);
  plot_->legend->setFont(font);
  plot_->legend->setBrush(QColor(255, 255, 255, 220));
  lossRect_->insetLayout()->take(plot_->legend);
  plot_->plotLayout()->addElement(1, 0, plot_->legend);
  plot_->plotLayout()->setRowStretchFactor(1, 0.001);  // the legend's own height, the plots the rest
  plot_->legend->setFillOrder(QCPLegend::foColumnsFirst);
  plot_->installEventFilter(this);  // a new size places the plots and wraps the legend again
  // Narrower than the legend's row the plot may be: the legend then wraps (placeRects), the plots stack. And as
  // low as it was with the legend inside (the pages that hold it lay out as before); its holder asks for more.
  plot_->setMinimumSize(kMinimumRectWidth - 20, 150);
  plot_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);  // nor does the legend's row make it taller

  // The legend's first entries explain the line styles, in grey; the runs follow, in their colours.
  for (Curve curve : {Curve::Batch, Curve::Training, Curve::Validation}) {
    QCPGraph* key = plot_->addGraph(lossRect_->axis(QCPAxis::atBottom), lossRect_->axis(QCPAxis::atLeft));
    styleGraph(key, curve, palette::kAverageCurve);
  }
  // The axis titles and the legend's explanation of the line styles (the first kCurves graphs).
  setTranslatedTexts(this, [this] {
    accuracyRect_->axis(QCPAxis::atBottom)->setLabel(tr("epoch"));  // the others follow the layout: placeRects()
    for (Curve curve : {Curve::Batch, Curve::Training, Curve::Validation})
      plot_->graph(static_cast<int>(curve))->setName(curveName(curve));
    placeRects();  // entries of another width
    plot_->replot();
  });
  connect(plot_, &QCustomPlot::afterReplot, this, [this] { ++replots_; });
  QCPAxisRect* rects[] = {lossRect_, accuracyRect_};
  for (int m = 0; m < 2; ++m) {
    momentLines_[m] = new QCPItemStraightLine(plot_);
    momentLines_[m]->setClipAxisRect(rects[m]);
    for (QCPItemPosition* end : {momentLines_[m]->point1, momentLines_[m]->point2})
      end->setAxes(rects[m]->axis(QCPAxis::atBottom), rects[m]->axis(QCPAxis::atLeft));
    momentLines_[m]->setPen(QPen(palette::kHighlight, 2));
    momentLines_[m]->setVisible(false);
  }
  rescale();
}

void CurvePlot::setMoment(std::optional<double> x) {
  moment_ = x;
  for (QCPItemStraightLine* line : momentLines_) {
    line->setVisible(x.has_value());
    line->point1->setCoords(x.value_or(0), 0);
    line->point2->setCoords(x.value_or(0), 1);
  }
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

bool CurvePlot::eventFilter(QObject* watched, QEvent* event) {
  if (watched == plot_ && event->type() == QEvent::Resize && placeRects()) plot_->replot(QCustomPlot::rpQueuedReplot);
  return QWidget::eventFilter(watched, event);
}

// Loss and accuracy side by side when each gets kMinimumRectWidth px, else one above the other; the legend's
// entries in as many columns as its width holds.
bool CurvePlot::placeRects() {
  const int width = plot_->width();
  const bool sideBySide = width >= 2 * kMinimumRectWidth;
  bool changed = false;
  if (sideBySide != (rects_->columnCount() == 2)) {
    rects_->take(accuracyRect_);
    rects_->simplify();
    rects_->addElement(sideBySide ? 0 : 1, sideBySide ? 1 : 0, accuracyRect_);
    // One above the other, the lower plot's epoch axis serves both (the same epochs): the upper one drops its
    // numbers and title, and the lower one gets the more height they take, so that both plots are as tall.
    if (!sideBySide) rects_->setRowStretchFactors({1.0, 1.35});
    changed = true;
  }
  QCPAxis* upperEpochs = lossRect_->axis(QCPAxis::atBottom);
  upperEpochs->setTickLabels(sideBySide);
  upperEpochs->setLabel(sideBySide ? tr("epoch") : QString());
  // A stacked plot is too low for the long titles beside its axis: the short ones.
  lossRect_->axis(QCPAxis::atLeft)->setLabel(sideBySide ? tr("loss (lower is better)") : tr("loss"));
  accuracyRect_->axis(QCPAxis::atLeft)->setLabel(sideBySide ? tr("accuracy (higher is better)") : tr("accuracy"));
  lossRect_->axis(QCPAxis::atRight)->setLabel(sideBySide ? tr("perplexity (e^loss)") : tr("perplexity"));
  int widest = 1;
  for (int i = 0; i < plot_->legend->itemCount(); ++i)  // a wrapped legend's last row has empty cells
    if (QCPAbstractLegendItem* item = plot_->legend->item(i)) widest = std::max(widest, item->minimumOuterSizeHint().width());
  const int spacing = plot_->legend->columnSpacing();
  const int columns = std::max(1, (width - 20 + spacing) / (widest + spacing));
  if (columns != plot_->legend->wrap()) {
    plot_->legend->setWrap(columns);
    plot_->legend->setFillOrder(QCPLegend::foColumnsFirst, true);  // the entries there are, in the new rows
    changed = true;
  }
  return changed;
}

void CurvePlot::addRun(int runId, const QString& name, const QColor& color, bool visible, int plannedEpochs) {
  if (hasRun(runId)) return;
  RunCurves& run = runs_[runId];
  run.name = name;
  run.color = color;
  run.visible = visible;
  run.plannedEpochs = plannedEpochs;
  for (int c = 0; c < kCurves; ++c) {
    for (int m = 0; m < kMetrics; ++m) {
      QCPAxisRect* r = rect(static_cast<Metric>(m));
      QCPGraph* g = plot_->addGraph(r->axis(QCPAxis::atBottom), r->axis(QCPAxis::atLeft));
      styleGraph(g, static_cast<Curve>(c), color);
      g->setName(name);
      g->setVisible(visible);
      g->removeFromLegend();
      run.graphs[c][m] = g;
    }
  }
  // One legend entry per run: its training loss curve stands for the whole run.
  QCPGraph* representative = run.graphs[static_cast<int>(Curve::Training)][static_cast<int>(Metric::Loss)];
  if (visible) representative->addToLegend();
  dirty_ = true;
}

void CurvePlot::renameRun(int runId, const QString& name) {
  auto it = runs_.find(runId);
  if (it == runs_.end()) return;
  it->second.name = name;
  for (auto& byMetric : it->second.graphs)
    for (QCPGraph* g : byMetric) g->setName(name);
  dirty_ = true;
}

void CurvePlot::setRunVisible(int runId, bool visible) {
  auto it = runs_.find(runId);
  if (it == runs_.end() || it->second.visible == visible) return;
  it->second.visible = visible;
  for (auto& byMetric : it->second.graphs)
    for (QCPGraph* g : byMetric) g->setVisible(visible);
  QCPGraph* representative = it->second.graphs[static_cast<int>(Curve::Training)][static_cast<int>(Metric::Loss)];
  if (visible)
    representative->addToLegend();
  else
    representative->removeFromLegend();
  dirty_ = true;
}

void CurvePlot::removeRun(int runId) {
  auto it = runs_.find(runId);
  if (it == runs_.end()) return;
  for (auto& byMetric : it->second.graphs)
    for (QCPGraph* g : byMetric) plot_->removeGraph(g);
  runs_.erase(it);
  dirty_ = true;
}

bool CurvePlot::hasRun(int runId) const { return runs_.count(runId) > 0; }

QCPGraph* CurvePlot::graph(int runId, Curve curve, Metric metric) const {
  auto it = runs_.find(runId);
  if (it == runs_.end()) return nullptr;
  return it->second.graphs[static_cast<int>(curve)][static_cast<int>(metric)];
}

void CurvePlot::addBatchPoint(int runId, double x, double loss, double accuracy) {
  if (!hasRun(runId)) return;
  graph(runId, Curve::Batch, Metric::Loss)->addData(x, loss);
  graph(runId, Curve::Batch, Metric::Accuracy)->addData(x, accuracy);
  dirty_ = true;
}

void CurvePlot::addEpochPoint(int runId, int epoch, double loss, double accuracy, double valLoss,
                              double valAccuracy) {
  if (!hasRun(runId)) return;
  graph(runId, Curve::Training, Metric::Loss)->addData(epoch, loss);
  graph(runId, Curve::Training, Metric::Accuracy)->addData(epoch, accuracy);
  if (std::isfinite(valLoss)) graph(runId, Curve::Validation, Metric::Loss)->addData(epoch, valLoss);
  if (std::isfinite(valAccuracy)) graph(runId, Curve::Validation, Metric::Accuracy)->addData(epoch, valAccuracy);
  dirty_ = true;
}

// How far a run reaches on the x axis: its last point, or its planned last epoch while it trains.
double CurvePlot::span(const RunCurves& run) {
  double last = run.plannedEpochs;
  for (const auto& byMetric : run.graphs)
    for (const QCPGraph* g : byMetric)
      if (!g->data()->isEmpty()) last = std::max(last, std::ceil((g->data()->constEnd() - 1)->key));
  return last;
}

void CurvePlot::rescale() {
  // x: from 0 to the end of the runs shown, at least one epoch wide. A run far longer than the newest one shown
  // (an old 200-epoch run beside a new 3-epoch one) would squeeze the new one against the axis: such a run goes
  // on past the right edge instead (alone, it is shown whole).
  constexpr double kLongerThanNewest = 3;
  const RunCurves* newest = nullptr;  // runs_ is ordered by id, and ids grow
  for (const auto& [id, run] : runs_)
    if (run.visible) newest = &run;
  double lastEpoch = 1;
  for (const auto& [id, run] : runs_)
    if (run.visible && span(run) <= kLongerThanNewest * std::max(1.0, span(*newest)))
      lastEpoch = std::max(lastEpoch, span(run));
  const double right = lastEpoch * 1.02 + 0.1;  // a little room, so the last markers are not cut in half
  // y: loss from 0 (how far it fell is the story) to the highest point in view, the first batches of a fresh
  // model included: they are where the story starts.
  double highestLoss = 0;
  for (const auto& [id, run] : runs_) {
    if (!run.visible) continue;
    for (const auto& byMetric : run.graphs)
      for (const QCPGraphData& p : *byMetric[static_cast<int>(Metric::Loss)]->data())
        if (p.key <= right && std::isfinite(p.value)) highestLoss = std::max(highestLoss, p.value);
  }
  for (QCPAxisRect* r : {lossRect_, accuracyRect_}) r->axis(QCPAxis::atBottom)->setRange(0, right);
  lossRect_->axis(QCPAxis::atLeft)->setRange(0, highestLoss > 0 ? highestLoss * 1.08 : 1.0);
}

void CurvePlot::setPerplexityAxis(bool shown) {
  if (shown == perplexityAxisShown()) return;
  lossRect_->axis(QCPAxis::atRight)->setVisible(shown);
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

bool CurvePlot::perplexityAxisShown() const { return lossRect_->axis(QCPAxis::atRight)->visible(); }

void CurvePlot::refresh() {
  if (!dirty_) return;
  dirty_ = false;
  rescale();
  placeRects();  // a new run's entry in the legend's rows
  plot_->replot(QCustomPlot::rpQueuedReplot);
}

int CurvePlot::pointCount(int runId, Curve curve, Metric metric) const {
  QCPGraph* g = graph(runId, curve, metric);
  return g ? g->dataCount() : 0;
}

double CurvePlot::pointValue(int runId, Curve curve, Metric metric, int index) const {
  QCPGraph* g = graph(runId, curve, metric);
  if (!g || index < 0 || index >= g->dataCount()) return std::nan("");
  return g->data()->at(index)->value;
}

void CurvePlot::savePicture(const QString& path) {
  refresh();
  plot_->replot(QCustomPlot::rpImmediateRefresh);  // the file shows what is on screen now
  bool written = false;
  switch (pictureFormatOf(path)) {
    case PictureFormat::Png: written = plot_->savePng(path, 0, 0, 2.0); break;  // twice the pixels: sharp on slides
    case PictureFormat::Pdf: written = plot_->savePdf(path); break;
    case PictureFormat::Svg: {
      // QCustomPlot paints vectors through any QPainter: an SVG keeps lines as lines and text as text.
      QSvgGenerator svg;
      svg.setFileName(path);
      svg.setSize(plot_->size());
      svg.setViewBox(QRect(QPoint(0, 0), plot_->size()));
      svg.setTitle(tr("Training curves"));
      QCPPainter painter;
      if (painter.begin(&svg)) {
        plot_->toPainter(&painter, plot_->width(), plot_->height());
        written = painter.end();
      }
      break;
    }
  }
  if (!written) failPictureNotWritten(path);
}

QStringList CurvePlot::csvHeader() const {
  return {QStringLiteral("run"), QStringLiteral("series"), QStringLiteral("epoch"), QStringLiteral("loss"),
          QStringLiteral("accuracy")};
}

std::vector<std::vector<QString>> CurvePlot::csvRows() const {
  std::vector<std::vector<QString>> rows;
  const char* series[kCurves] = {"batch_smoothed", "training", "validation"};
  for (const auto& [id, run] : runs_) {
    if (!run.visible) continue;
    for (int c = 0; c < kCurves; ++c) {
      const QCPGraph* loss = run.graphs[c][static_cast<int>(Metric::Loss)];
      const QCPGraph* accuracy = run.graphs[c][static_cast<int>(Metric::Accuracy)];
      const int n = std::min(loss->dataCount(), accuracy->dataCount());
      for (int i = 0; i < n; ++i) {
        rows.push_back({run.name, QString::fromLatin1(series[c]), QString::number(loss->data()->at(i)->key, 'g', 8),
                        QString::number(loss->data()->at(i)->value, 'g', 8),
                        QString::number(accuracy->data()->at(i)->value, 'g', 8)});
      }
    }
  }
  return rows;
}

}  // namespace al::ui
