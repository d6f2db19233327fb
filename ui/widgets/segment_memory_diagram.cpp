#include "ui/widgets/segment_memory_diagram.h"

#include <QPainter>
#include <QPainterPath>
#include <algorithm>

#include "ui/widgets/appearance.h"
#include "ui/widgets/palette.h"

namespace al::ui {

SegmentMemoryDiagram::SegmentMemoryDiagram(QWidget* parent) : QWidget(parent) {
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void SegmentMemoryDiagram::setSegmentLength(int tokens) {
  segmentLength_ = std::clamp(tokens, 2, 8);
  step_ = std::min(step_, stepCount() - 1);
  update();
  emit changed();
}

void SegmentMemoryDiagram::setMemoryLength(int tokens) {
  memoryLength_ = std::clamp(tokens, 0, 16);
  update();
  emit changed();
}

void SegmentMemoryDiagram::setLayers(int layers) {
  layers_ = std::clamp(layers, 1, 4);
  update();
  emit changed();
}

void SegmentMemoryDiagram::setRecurrence(bool on) {
  recurrence_ = on;
  update();
  emit changed();
}

void SegmentMemoryDiagram::setStep(int step) {
  step_ = ((step % stepCount()) + stepCount()) % stepCount();
  update();
  emit changed();
}

QList<int> SegmentMemoryDiagram::keysOf(int position) const {
  const int segmentStart = position / segmentLength_ * segmentLength_;
  const int first = recurrence_ ? std::max(0, segmentStart - memoryLength_) : segmentStart;
  QList<int> keys;
  for (int key = first; key <= position; ++key) keys.append(key);
  return keys;
}

QList<int> SegmentMemoryDiagram::memoryPositions() const {
  const int segmentStart = currentSegment() * segmentLength_;
  QList<int> positions;
  if (recurrence_)
    for (int p = std::max(0, segmentStart - memoryLength_); p < segmentStart; ++p) positions.append(p);
  return positions;
}

void SegmentMemoryDiagram::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.fillRect(rect(), palette().base());
  const int columns = kSegments * segmentLength_, rows = layers_ + 1;
  const QFontMetrics metrics(font());
  const double left = metrics.horizontalAdvance(QStringLiteral("layer 0")) + 16, right = 12;
  const double top = metrics.height() * 2.2, bottom = metrics.height() * 4.2;
  const double dx = (width() - left - right) / columns, dy = (height() - top - bottom) / std::max(1, rows - 1);
  const double radius = std::max(4.0, std::min(dx, dy) * 0.18);
  auto centre = [&](int row, int column) {  // row 0 at the bottom (the embeddings)
    return QPointF(left + (column + 0.5) * dx, top + (rows - 1 - row) * dy);
  };
  const int segmentStart = currentSegment() * segmentLength_;
  const QList<int> memory = memoryPositions();

  // Segment boxes and their names.
  for (int s = 0; s < kSegments; ++s) {
    const QRectF box(left + s * segmentLength_ * dx + 2, top - metrics.height() * 2.1,
                     segmentLength_ * dx - 4, (rows - 1) * dy + metrics.height() * 2.9);
    painter.setPen(QPen(s == currentSegment() ? palette::kToken : palette::kMuted, s == currentSegment() ? 2 : 1));
    painter.setBrush(Qt::NoBrush);
    painter.drawRoundedRect(box, 6, 6);
    painter.drawText(QRectF(box.left(), box.top(), box.width(), metrics.height() * 1.2), Qt::AlignCenter,
                     tr("segment %1").arg(s + 1));
  }
  // The query column's lines: at every layer, from the query to each key of the layer below; the relative
  // distance (query - key) under each key of the bottom row.
  const int query = queryPosition();
  const QList<int> keys = keysOf(query);
  for (int row = 1; row < rows; ++row)
    for (int key : keys) {
      const bool cached = memory.contains(key);
      QPen pen(cached ? palette::kStatisticsInUse : palette::kBars, std::max(1.5, radius * 0.3));
      if (cached) pen.setStyle(Qt::DashLine);
      painter.setPen(pen);
      painter.drawLine(centre(row, query), centre(row - 1, key));
    }
  painter.setPen(palette().text().color());
  for (int key : keys)
    painter.drawText(QRectF(centre(0, key).x() - dx / 2, centre(0, key).y() + radius + 2, dx, metrics.height()),
                     Qt::AlignCenter, QString::number(query - key));
  // The nodes.
  for (int row = 0; row < rows; ++row) {
    painter.setPen(palette().text().color());
    painter.drawText(QRectF(0, centre(row, 0).y() - metrics.height() / 2.0, left - 8, metrics.height()),
                     Qt::AlignRight | Qt::AlignVCenter, row == 0 ? tr("input") : tr("layer %1").arg(row));
    for (int column = 0; column < columns; ++column) {
      QBrush brush = Qt::NoBrush;
      QColor outline = palette::kMuted;
      if (memory.contains(column)) {
        brush = QBrush(palette::kStatisticsInUse, Qt::BDiagPattern);
        outline = palette::kStatisticsInUse;
      } else if (column < segmentStart) {
        brush = Appearance::instance()->mutedCell();
      } else if (column < segmentStart + segmentLength_) {
        const bool computed = column < query || row == 0;
        brush = computed ? QBrush(palette::kSequentialMiddle) : QBrush(Qt::NoBrush);
        outline = palette::kToken;
      }
      const bool isQuery = column == query && row > 0;
      painter.setPen(QPen(isQuery ? palette::kHighlight : outline, isQuery ? 3 : 1.5));
      painter.setBrush(isQuery ? QBrush(Appearance::instance()->selectedToken()) : brush);
      painter.drawEllipse(centre(row, column), radius, radius);
    }
  }
  // The legend, under the distances.
  const QString legend = recurrence_
      ? tr("blue: this segment · hatched: cached memory (read, no gradient) · numbers: relative distance")
      : tr("no recurrence: each segment alone, its first word sees nothing before it");
  painter.setPen(palette().text().color());
  painter.drawText(QRectF(left, height() - metrics.height() * 2.5, width() - left - right, metrics.height() * 2.4),
                   Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, legend);
}

}  // namespace al::ui
