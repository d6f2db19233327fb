// HeatmapView's exports (ui/widgets/heatmap_view.h): the figure a picture is made of, the numbers as CSV and the
// context menu that offers them.
#include "ui/widgets/heatmap_view.h"

#include <QApplication>
#include <QFontMetrics>
#include <QMenu>
#include <algorithm>
#include <qcustomplot.h>

#include "ui/widgets/export.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/heatmap_axis.h"
#include "ui/widgets/maximised_heatmap.h"
#include "ui/widgets/weight_scale.h"

namespace al::ui {

std::unique_ptr<HeatmapView> HeatmapView::exportFigure() const {
  auto figure = std::make_unique<HeatmapView>(title());
  figure->setAttribute(Qt::WA_DontShowOnScreen);
  figure->setAutoFillBackground(true);  // the plot's background, not the window's grey
  QPalette palette = figure->palette();
  palette.setColor(QPalette::Window, Appearance::instance()->background());
  figure->setPalette(palette);
  figure->setColouring(colouring_);
  figure->setFixedRange(rangeLower(), rangeUpper(), rangeIsLogarithmic());
  figure->setAxisTitles(rowTitle_, columnTitle_);
  figure->setZoomToNameEveryCell(false);  // every row, however long the review
  figure->setMatrix(values_, rowLabels_, columnLabels_);
  // Cells that hold a full-size label; room for the longest label on each axis, the titles and the colour bar.
  QFont font = QApplication::font();
  font.setPixelSize(fullLabelPixels());
  const QFontMetrics metrics(font);
  int widest = 0;
  for (const QString& label : rowLabels_ + columnLabels_) widest = std::max(widest, metrics.horizontalAdvance(label.left(16)));
  const int cell = std::max(metrics.height() + 8, 24);
  figure->resize(std::max(320, columns() * cell + widest + 4 * metrics.height() + 120),
                 std::max(240, rows() * cell + widest + 6 * metrics.height() + 40));
  figure->show();  // laid out off screen
  figure->layout()->activate();
  for (int k = 0; k < 3; ++k) figure->plot_->replot(QCustomPlot::rpImmediateRefresh);
  return figure;
}

void HeatmapView::exportPicture(const QString& path) const {
  const std::unique_ptr<HeatmapView> figure = exportFigure();
  exportWidget(figure.get(), path);
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
  if (colouring_ == Colouring::Weights) {
    menu.addSeparator();
    WeightScaleSetting::addActions(menu);
  }
  menu.addAction(tr("Maximise (Esc returns)"), this, [this] { MaximisedHeatmap::open(this); });
  menu.addSeparator();
  const QString name = fileNameOf(title(), QStringLiteral("heatmap"));
  menu.addAction(tr("Save picture (PNG, SVG, PDF)…"), this, [this, name] {
    const std::unique_ptr<HeatmapView> figure = exportFigure();
    askAndExportWidget(figure.get(), name);
  });
  const QStringList header = csvHeader();
  const auto rows = csvRows();
  menu.addAction(tr("Save numbers as CSV…"), this, [=, this] { askAndWriteCsv(this, name, header, rows); });
  menu.exec(plot_->mapToGlobal(position));
}

}  // namespace al::ui
