#include "ui/widgets/maximised_heatmap.h"

#include <QKeyEvent>
#include <QLabel>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/retranslate.h"
#include "ui/widgets/weight_scale.h"

namespace al::ui {

MaximisedHeatmap* MaximisedHeatmap::open(HeatmapView* source) {
  auto* window = new MaximisedHeatmap(source);
  window->setAttribute(Qt::WA_DeleteOnClose);
  window->showFullScreen();
  window->activateWindow();
  return window;
}

MaximisedHeatmap* MaximisedHeatmap::open(HeatmapView* source, Maps maps, int layer, int head) {
  MaximisedHeatmap* window = open(source);
  window->maps_ = std::move(maps);
  window->layer_ = layer;
  window->head_ = head;
  return window;
}

MaximisedHeatmap::MaximisedHeatmap(HeatmapView* source) : QWidget(nullptr, Qt::Window), view_(new HeatmapView) {
  setObjectName("maximisedHeatmap");
  auto* layout = new QVBoxLayout(this);
  auto* hint = new QLabel;
  hint->setObjectName("hint");
  hint->setWordWrap(true);
  layout->addWidget(hint);
  layout->addWidget(view_, 1);
  view_->setPinnable(true);
  connect(view_, &HeatmapView::cellClicked, view_, [this](int row, int) { view_->highlightRow(row); });
  show(source);
  // A new choice of colour scale: the page's map has redrawn (it was told first), the copy takes its range again.
  connect(&WeightScaleSetting::instance(), &WeightScaleSetting::changed, this, [this] {
    if (source_) show(source_);
  });
  setTranslatedTexts(this, [this, hint] {
    setWindowTitle(view_->title());
    hint->setText(maps_ ? tr("Esc returns to the page. Left and right: another head; PageUp and PageDown: another "
                             "layer; click a row's token to pin its weights as bars, Up and Down move the pin.")
                        : tr("Esc returns to the page. Click a row's token to pin its weights as bars."));
  });
}

void MaximisedHeatmap::show(HeatmapView* source) {
  disconnect(forward_);
  disconnect(closing_);
  source_ = source;
  view_->setTitle(source->title());
  setWindowTitle(source->title());
  view_->setAxisTitles(source->rowTitle(), source->columnTitle());
  view_->setColouring(source->colouring());
  view_->setFixedRange(source->rangeLower(), source->rangeUpper(), source->rangeIsLogarithmic());
  view_->setMatrix(source->matrix(), source->rowLabels(), source->columnLabels());
  forward_ = connect(view_, &HeatmapView::cellClicked, source, &HeatmapView::cellClicked);
  closing_ = connect(source, &QObject::destroyed, this, &QWidget::close);
}

void MaximisedHeatmap::keyPressEvent(QKeyEvent* event) {
  const auto go = [this](int layer, int head) {
    HeatmapView* next = maps_ ? maps_(layer, head) : nullptr;
    if (!next) return;
    layer_ = layer, head_ = head;
    show(next);
  };
  switch (event->key()) {
    case Qt::Key_Escape: close(); break;
    case Qt::Key_Left: go(layer_, head_ - 1); break;
    case Qt::Key_Right: go(layer_, head_ + 1); break;
    case Qt::Key_PageUp: go(layer_ - 1, head_); break;
    case Qt::Key_PageDown: go(layer_ + 1, head_); break;
    case Qt::Key_Up: view_->pinRow(std::max(0, view_->pinnedRow() - 1)); break;
    case Qt::Key_Down: view_->pinRow(std::min(view_->rows() - 1, view_->pinnedRow() + 1)); break;
    default: QWidget::keyPressEvent(event);
  }
}

}  // namespace al::ui
