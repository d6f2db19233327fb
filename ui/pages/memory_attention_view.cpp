#include "ui/pages/memory_attention_view.h"
#include "core/text/token_label.h"


#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <algorithm>
#include <numeric>

#include "ui/widgets/palette.h"

namespace al::ui {

namespace {
constexpr int kArcs = 5;            // the heaviest keys that get an arc from the query
constexpr int kUnderline = 4;       // px: the blue (segment) or hatched (memory) bar under a cell
const QColor kWeight{230, 85, 13};  // the shade of the largest weight (palette::kHighlight)
}  // namespace

MemoryAttentionView::MemoryAttentionView(QWidget* parent) : QWidget(parent) {
  QSizePolicy policy(QSizePolicy::Expanding, QSizePolicy::Preferred);
  policy.setHeightForWidth(true);
  setSizePolicy(policy);
  QFont larger = font();  // a projector's back row reads single characters
  larger.setPointSizeF(larger.pointSizeF() * 1.3);
  setFont(larger);
}

void MemoryAttentionView::setReading(Reading reading) {
  reading_ = std::move(reading);
  layer_ = std::clamp(layer_, 0, std::max(0, static_cast<int>(reading_.attention.size()) - 1));
  query_ = reading_.attention.empty() ? 0 : static_cast<int>(reading_.attention.front().front().rows()) - 1;
  updateGeometry();
  update();
  emit queryChanged();
}

void MemoryAttentionView::clear() { setReading({}); }

void MemoryAttentionView::setLayer(int layer) {
  layer_ = layer;
  update();
  emit queryChanged();
}

void MemoryAttentionView::setHead(int head) {
  head_ = head;
  update();
  emit queryChanged();
}

void MemoryAttentionView::setQuery(int row) {
  if (!hasReading()) return;
  query_ = std::clamp(row, 0, static_cast<int>(reading_.attention.front().front().rows()) - 1);
  update();
  emit queryChanged();
}

RowVector MemoryAttentionView::weights() const {
  if (!hasReading()) return {};
  const std::vector<Matrix>& heads = reading_.attention[static_cast<size_t>(std::clamp(layer_, 0, static_cast<int>(reading_.attention.size()) - 1))];
  if (head_ >= 0 && head_ < static_cast<int>(heads.size())) return heads[static_cast<size_t>(head_)].row(query_);
  RowVector mean = RowVector::Zero(heads.front().cols());  // 1 x C: the heads' average
  for (const Matrix& h : heads) mean += h.row(query_);
  return mean / static_cast<float>(heads.size());
}

double MemoryAttentionView::memoryShare() const {
  if (!hasReading() || reading_.memoryRows == 0) return 0;
  return static_cast<double>(weights().head(reading_.memoryRows).sum());
}

QString MemoryAttentionView::shown(int position) const {
  const QString& token = reading_.tokens[position];
  // A token of white space would be an invisible mark on the line: it shows as its sign (␣, ↵).
  return token.trimmed().isEmpty() ? QString::fromStdString(tokenLabel(token.toStdString())) : token;
}

int MemoryAttentionView::lineHeight() const { return fontMetrics().height() + kUnderline + 10; }

std::vector<QRect> MemoryAttentionView::cells(int width) const {
  std::vector<QRect> r;
  const QFontMetrics metrics = fontMetrics();
  const int minimum = metrics.horizontalAdvance(QLatin1Char('m')) + 4;
  // arcs rise above the first line: room for them
  int x = 0, y = metrics.height();
  for (int p = 0; p < reading_.tokens.size(); ++p) {
    const int w = std::max(minimum, metrics.horizontalAdvance(shown(p)) + 6);
    if (x + w > width && x > 0) x = 0, y += lineHeight();
    r.emplace_back(x, y, w, metrics.height() + 4);
    x += w;
  }
  return r;
}

int MemoryAttentionView::heightForWidth(int width) const {
  const std::vector<QRect> laid = cells(width);
  return laid.empty() ? 120 : laid.back().bottom() + kUnderline + 8;
}

void MemoryAttentionView::mousePressEvent(QMouseEvent* event) {
  const std::vector<QRect> laid = cells(width());
  for (int p = reading_.segmentStart; p < static_cast<int>(laid.size()); ++p)
    if (laid[static_cast<size_t>(p)].contains(event->position().toPoint())) setQuery(p - reading_.segmentStart);
}

void MemoryAttentionView::paintCell(QPainter& painter, const QRect& cell, int position, float shade) const {
  const int firstKey = firstKeyPosition(), query = queryPosition();
  const bool inMemory = position >= firstKey && position < reading_.segmentStart;
  const bool inSegment = position >= reading_.segmentStart;
  if (shade > 0) painter.fillRect(cell, palette::blend(palette().base().color(), kWeight, shade));
  const QRect bar(cell.left() + 1, cell.bottom() + 2, cell.width() - 2, kUnderline);
  if (inMemory) painter.fillRect(bar, QBrush(palette::kStatisticsInUse, Qt::BDiagPattern));
  if (inSegment) painter.fillRect(bar, palette::kToken);
  const bool seen = (inMemory || inSegment) && position <= query;  // keys after the query are masked
  painter.setPen(seen ? palette().text().color() : palette::kMuted);
  painter.drawText(cell, Qt::AlignCenter, shown(position));
  if (position == query) {
    painter.setPen(QPen(palette::kHighlight, 2.5));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(cell.adjusted(1, 1, -1, -1));
  }
}

// Arcs from the query to its heaviest keys, above the cells: width and darkness follow the weight.
void MemoryAttentionView::paintArcs(QPainter& painter, const std::vector<QRect>& laid, const RowVector& w) const {
  std::vector<int> order(static_cast<size_t>(w.size()));
  std::iota(order.begin(), order.end(), 0);
  const size_t shown = std::min<size_t>(kArcs, order.size());
  std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(shown), order.end(),
                    [&](int a, int b) { return w(a) > w(b); });
  const QPointF from = laid[static_cast<size_t>(queryPosition())].center();
  for (size_t k = 0; k < shown; ++k) {
    const int key = firstKeyPosition() + order[k];
    if (key == queryPosition() || w(order[k]) <= 0) continue;
    const QPointF to(laid[static_cast<size_t>(key)].center().x(), laid[static_cast<size_t>(key)].top());
    QPainterPath arc(QPointF(from.x(), laid[static_cast<size_t>(queryPosition())].top()));
    const double rise = std::clamp(std::abs(from.x() - to.x()) * 0.25, 12.0, lineHeight() * 0.9);
    arc.cubicTo(arc.currentPosition() - QPointF(0, rise), to - QPointF(0, rise), to);
    QColor colour = kWeight.darker(130);
    colour.setAlphaF(static_cast<float>(0.35 + 0.65 * w(order[k]) / w(order[0])));
    painter.setPen(QPen(colour, 1.0 + 5.0 * w(order[k]) / w(order[0]), Qt::SolidLine, Qt::RoundCap));
    painter.setBrush(Qt::NoBrush);
    painter.drawPath(arc);
  }
}

void MemoryAttentionView::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  painter.fillRect(rect(), palette().base());
  if (!hasReading()) return;
  const std::vector<QRect> laid = cells(width());
  const RowVector w = weights();  // 1 x C
  const float largest = std::max(w.maxCoeff(), 1e-9f);
  for (int p = 0; p < static_cast<int>(laid.size()); ++p) {
    const int column = p - firstKeyPosition();
    const bool key = column >= 0 && column < w.size() && p <= queryPosition();
    paintCell(painter, laid[static_cast<size_t>(p)], p, key ? w(column) / largest : 0.0f);
  }
  paintArcs(painter, laid, w);
}

}  // namespace al::ui
