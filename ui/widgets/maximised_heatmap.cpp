#include "ui/widgets/maximised_heatmap.h"

#include <QKeyEvent>
#include <QLabel>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

MaximisedHeatmap* MaximisedHeatmap::open(HeatmapView* source) {
  auto* window = new MaximisedHeatmap(source);
  window->setAttribute(Qt::WA_DeleteOnClose);
  window->showFullScreen();
  window->activateWindow();
  return window;
}

MaximisedHeatmap::MaximisedHeatmap(HeatmapView* source) : QWidget(nullptr, Qt::Window), view_(new HeatmapView) {
  setObjectName("maximisedHeatmap");
  auto* layout = new QVBoxLayout(this);
  auto* hint = new QLabel;
  hint->setObjectName("hint");
  layout->addWidget(hint);
  layout->addWidget(view_, 1);
  view_->setTitle(source->title());
  view_->setAxisTitles(source->plot()->yAxis->label(), source->plot()->xAxis->label());
  // A range below 0 is a signed scale; the copy draws the same colours for the same numbers.
  if (source->rangeLower() < 0) view_->setColouring(HeatmapView::Colouring::Signed);
  view_->setFixedRange(source->rangeLower(), source->rangeUpper());
  view_->setMatrix(source->matrix(), source->rowLabels(), source->columnLabels());
  connect(view_, &HeatmapView::cellClicked, source, &HeatmapView::cellClicked);
  connect(view_, &HeatmapView::cellClicked, view_, [this](int row, int) { view_->highlightRow(row); });
  connect(source, &QObject::destroyed, this, &QWidget::close);
  setTranslatedTexts(this, [this, hint] {
    setWindowTitle(view_->title());
    hint->setText(tr("Esc returns to the page."));
  });
}

void MaximisedHeatmap::keyPressEvent(QKeyEvent* event) {
  if (event->key() == Qt::Key_Escape) close();
  else QWidget::keyPressEvent(event);
}

}  // namespace al::ui
