#include "ui/teaching/attention_lines.h"

#include <QMouseEvent>
#include <QPainter>
#include <algorithm>

#include "ui/widgets/appearance.h"

namespace al::ui {

namespace {
constexpr int kMargin = 8;
constexpr int kLineGap = 24;  // between a label and the start of its lines
}  // namespace

AttentionLines::AttentionLines(QWidget* parent) : QWidget(parent) {
  setObjectName("attentionLines");
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
  connect(Appearance::instance(), &Appearance::changed, this, [this] {
    updateGeometry();
    update();
  });
}

void AttentionLines::setAttention(const Matrix& weights, const QStringList& queries, const QStringList& keys) {
  weights_ = weights;
  queries_ = queries;
  keys_ = keys;
  selected_ = std::clamp(selected_, 0, std::max(0, queryCount() - 1));
  updateGeometry();
  update();
}

void AttentionLines::selectQuery(int row) {
  selected_ = std::clamp(row, 0, std::max(0, queryCount() - 1));
  update();
}

void AttentionLines::setProgress(double progress) {
  progress_ = std::clamp(progress, 0.0, 1.0);
  update();
}

double AttentionLines::lineWidth(int key) const {
  if (selected_ >= queryCount() || key < 0 || key >= keyCount()) return 0;
  const double weight = std::clamp(static_cast<double>(weights_(selected_, key)), 0.0, 1.0);
  return weight * progress_ * kMaxLineWidth * Appearance::instance()->scale();
}

int AttentionLines::rowHeight() const { return fontMetrics().height() + 10; }

int AttentionLines::labelWidth() const {
  int widest = 0;
  for (const QStringList* labels : {&queries_, &keys_})
    for (const QString& label : *labels) widest = std::max(widest, fontMetrics().horizontalAdvance(label));
  return widest + 12;
}

double AttentionLines::rowCentre(int index, int count) const {
  // Rows share the height, but not further apart than a little under two lines: the picture stays compact.
  const double step = std::min((height() - 2.0 * kMargin) / std::max(1, count), rowHeight() * 1.8);
  return kMargin + step * (index + 0.5);
}

QRect AttentionLines::queryRect(int row) const {
  const int h = rowHeight(), y = static_cast<int>(rowCentre(row, queryCount()));
  return QRect(kMargin, y - h / 2, labelWidth(), h);
}

QRect AttentionLines::keyRect(int key) const {
  const int h = rowHeight(), y = static_cast<int>(rowCentre(key, keyCount()));
  return QRect(width() - kMargin - labelWidth(), y - h / 2, labelWidth(), h);
}

QSize AttentionLines::sizeHint() const {
  const int rows = std::max({queryCount(), keyCount(), 2});
  return QSize(2 * labelWidth() + 220, rows * rowHeight() + 2 * kMargin);
}

QSize AttentionLines::minimumSizeHint() const {
  const int rows = std::max({queryCount(), keyCount(), 2});
  return QSize(2 * labelWidth() + 80, rows * (fontMetrics().height() + 2) + 2 * kMargin);
}

void AttentionLines::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  const Appearance* look = Appearance::instance();
  const QColor ink = palette().color(QPalette::WindowText);
  const QColor line = look->weightsScale().high;  // the colour of a weight of 1 in the heatmaps
  // The lines first, under the labels: from the selected query's right edge to each key's left edge.
  if (selected_ < queryCount()) {
    const QRect from = queryRect(selected_);
    QColor colour = line;
    for (int j = 0; j < keyCount(); ++j) {
      const double w = lineWidth(j);
      if (w < 0.3) continue;
      colour.setAlphaF(0.35 + 0.65 * std::min(1.0, w / (kMaxLineWidth * look->scale())));
      painter.setPen(QPen(colour, w, Qt::SolidLine, Qt::RoundCap));
      const QRect to = keyRect(j);
      painter.drawLine(QPointF(from.right() + kLineGap / 2.0, from.center().y()),
                       QPointF(to.left() - kLineGap / 2.0, to.center().y()));
    }
  }
  // The labels: the selected query on the highlight colour, keys in bold as their weight grows.
  for (int i = 0; i < queryCount(); ++i) {
    const QRect r = queryRect(i);
    if (i == selected_) {
      painter.setPen(QPen(look->highlight(), look->outlineWidth()));
      painter.setBrush(Qt::NoBrush);
      painter.drawRoundedRect(r.adjusted(1, 1, -1, -1), 4, 4);
    }
    painter.setPen(ink);
    painter.drawText(r, Qt::AlignRight | Qt::AlignVCenter, queries_.value(i));
  }
  for (int j = 0; j < keyCount(); ++j) {
    painter.setPen(ink);
    painter.drawText(keyRect(j), Qt::AlignLeft | Qt::AlignVCenter, keys_.value(j));
  }
}

void AttentionLines::mousePressEvent(QMouseEvent* event) {
  for (int i = 0; i < queryCount(); ++i)
    if (queryRect(i).contains(event->pos())) {
      selectQuery(i);
      emit querySelected(i);
      return;
    }
  QWidget::mousePressEvent(event);
}

}  // namespace al::ui
