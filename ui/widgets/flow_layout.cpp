#include "ui/widgets/flow_layout.h"

#include <QWidget>
#include <algorithm>

namespace al::ui {

FlowLayout::FlowLayout(QWidget* parent) : QLayout(parent) {}

FlowLayout::~FlowLayout() {
  while (QLayoutItem* item = takeAt(0)) delete item;
}

void FlowLayout::insertWidget(int index, QWidget* widget) {
  addChildWidget(widget);
  items_.insert(index < 0 ? items_.size() : std::min<qsizetype>(index, items_.size()), new QWidgetItem(widget));
  invalidate();
}

void FlowLayout::addItem(QLayoutItem* item) {
  items_.append(item);
  invalidate();
}

QLayoutItem* FlowLayout::takeAt(int index) {
  if (index < 0 || index >= items_.size()) return nullptr;
  QLayoutItem* item = items_.takeAt(index);
  invalidate();
  return item;
}

int FlowLayout::heightForWidth(int width) const { return place(QRect(0, 0, width, 0), false); }

QSize FlowLayout::minimumSize() const {
  QSize size;
  for (const QLayoutItem* item : items_)
    if (!item->isEmpty()) size = size.expandedTo(item->minimumSize());
  const QMargins m = contentsMargins();
  return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

QSize FlowLayout::sizeHint() const {
  int width = 0, height = 0, shown = 0;
  for (const QLayoutItem* item : items_) {
    if (item->isEmpty()) continue;
    width += item->sizeHint().width() + (shown++ > 0 ? spacing() : 0);
    height = std::max(height, item->sizeHint().height());
  }
  const QMargins m = contentsMargins();
  return {width + m.left() + m.right(), height + m.top() + m.bottom()};
}

void FlowLayout::setGeometry(const QRect& rect) {
  QLayout::setGeometry(rect);
  place(rect, true);
}

int FlowLayout::place(const QRect& rect, bool move) const {
  const QRect area = rect.marginsRemoved(contentsMargins());
  const int gap = std::max(0, spacing());
  int x = area.x(), y = area.y(), lineHeight = 0;
  QList<QLayoutItem*> line;  // placed at the end of their line, centred on it
  auto endLine = [&] {
    if (move)
      for (QLayoutItem* item : line) {
        const QRect g = item->geometry();
        item->setGeometry(QRect(QPoint(g.x(), y + (lineHeight - g.height()) / 2), g.size()));
      }
    line.clear();
  };
  for (QLayoutItem* item : items_) {
    if (item->isEmpty()) continue;
    const QSize hint = item->sizeHint().boundedTo(QSize(area.width(), QWIDGETSIZE_MAX)).expandedTo(item->minimumSize());
    if (x > area.x() && x + hint.width() > area.right() + 1) {  // wrap
      endLine();
      x = area.x();
      y += lineHeight + gap;
      lineHeight = 0;
    }
    if (move) item->setGeometry(QRect(QPoint(x, y), hint));
    line << item;
    x += hint.width() + gap;
    lineHeight = std::max(lineHeight, hint.height());
  }
  endLine();
  const QMargins m = contentsMargins();
  return y + lineHeight - rect.y() + m.bottom();
}

}  // namespace al::ui
