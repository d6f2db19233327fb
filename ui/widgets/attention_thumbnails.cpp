#include "ui/widgets/attention_thumbnails.h"

#include <QImage>
#include <QMouseEvent>
#include <QPainter>
#include <algorithm>

#include "ui/widgets/appearance.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace {

constexpr int kGap = 6;

QColor blend(const QColor& a, const QColor& b, double t) {
  return QColor::fromRgbF(a.redF() + (b.redF() - a.redF()) * t, a.greenF() + (b.greenF() - a.greenF()) * t,
                          a.blueF() + (b.blueF() - a.blueF()) * t);
}

// The heatmaps' scale: low at 0, middle at half the largest weight, high at the largest.
QColor weightColour(double v, double largest) {
  const Appearance::ColourScale scale = Appearance::instance()->weightsScale();
  const double t = std::clamp(largest > 0 ? v / largest : 0.0, 0.0, 1.0);
  return t < 0.5 ? blend(scale.low, scale.middle, t * 2) : blend(scale.middle, scale.high, t * 2 - 1);
}

}  // namespace

AttentionThumbnails::AttentionThumbnails(QWidget* parent) : QWidget(parent) {
  setObjectName("attentionThumbnails");
  setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
  setCursor(Qt::PointingHandCursor);
  connect(Appearance::instance(), &Appearance::changed, this, [this] {
    updateGeometry();
    update();
  });
  setTranslatedTexts(this, [this] { setToolTip(tr("Every layer (row) and head (column): click one to see it full screen")); });
}

void AttentionThumbnails::setAttention(const std::vector<std::vector<Matrix>>& attention) {
  attention_ = attention;
  updateGeometry();
  update();
}

int AttentionThumbnails::side() const { return static_cast<int>(56 * Appearance::instance()->scale()); }
int AttentionThumbnails::labelWidth() const { return fontMetrics().horizontalAdvance(QStringLiteral("L88")) + 4; }

QRect AttentionThumbnails::thumbnailRect(int layer, int head) const {
  const int top = fontMetrics().height() + 4;
  return QRect(labelWidth() + head * (side() + kGap), top + layer * (side() + kGap), side(), side());
}

QSize AttentionThumbnails::sizeHint() const {
  const int heads = std::max(1, headCount()), layers = std::max(1, layerCount());
  return QSize(labelWidth() + heads * (side() + kGap), fontMetrics().height() + 4 + layers * (side() + kGap));
}

QColor AttentionThumbnails::cellColour(int layer, int head, int row, int column) const {
  const Matrix& m = attention_[size_t(layer)][size_t(head)];
  return weightColour(m(row, column), m.size() ? m.maxCoeff() : 0.0);
}

void AttentionThumbnails::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  painter.setPen(palette().color(QPalette::WindowText));
  for (int h = 0; h < headCount(); ++h) {
    const QRect r = thumbnailRect(0, h);
    painter.drawText(QRect(r.left(), 0, r.width(), r.top()), Qt::AlignCenter, tr("H%1").arg(h + 1));
  }
  for (int l = 0; l < layerCount(); ++l) {
    const QRect r = thumbnailRect(l, 0);
    painter.drawText(QRect(0, r.top(), labelWidth(), r.height()), Qt::AlignVCenter | Qt::AlignLeft, tr("L%1").arg(l + 1));
    for (int h = 0; h < headCount(); ++h) {
      const Matrix& m = attention_[size_t(l)][size_t(h)];
      QImage image(static_cast<int>(m.cols()), static_cast<int>(m.rows()), QImage::Format_RGB32);
      for (int i = 0; i < image.height(); ++i)
        for (int j = 0; j < image.width(); ++j) image.setPixelColor(j, i, cellColour(l, h, i, j));
      painter.drawImage(thumbnailRect(l, h), image);  // one block of pixels per cell, no smoothing
    }
  }
}

void AttentionThumbnails::mousePressEvent(QMouseEvent* event) {
  for (int l = 0; l < layerCount(); ++l)
    for (int h = 0; h < headCount(); ++h)
      if (thumbnailRect(l, h).contains(event->pos())) {
        emit opened(l, h);
        return;
      }
  QWidget::mousePressEvent(event);
}

}  // namespace al::ui
