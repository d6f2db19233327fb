#include "ui/widgets/attention_thumbnails.h"

#include <QActionGroup>
#include <QContextMenuEvent>
#include <QImage>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <algorithm>
#include <cmath>

#include "ui/widgets/appearance.h"
#include "ui/widgets/retranslate.h"
#include "ui/widgets/weight_scale.h"

namespace al::ui {

namespace {

constexpr int kGap = 6;

}  // namespace

AttentionThumbnails::AttentionThumbnails(QWidget* parent) : QWidget(parent) {
  setObjectName("attentionThumbnails");
  setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);
  setCursor(Qt::PointingHandCursor);
  connect(Appearance::instance(), &Appearance::changed, this, [this] {
    drawPictures();  // the theme's colours, the new size
    updateGeometry();
    update();
  });
  connect(&WeightScaleSetting::instance(), &WeightScaleSetting::changed, this, [this] { setAttention(attention_); });
  setTranslatedTexts(this, [this] {
    setToolTip(tr("Every layer (row) and head (column): click one to see it full screen, right-click to switch it off"));
  });
}

void AttentionThumbnails::setAttention(const std::vector<std::vector<Matrix>>& attention) {
  attention_ = attention;
  // Each thumbnail in the heatmaps' scale with its own range, as its heatmap on the page: near-uniform attention
  // is pale (relative to an equal share), never a dark block.
  scaled_.assign(attention.size(), {});
  ranges_.assign(attention.size(), {});
  scales_.assign(attention.size(), {});
  for (size_t l = 0; l < attention.size(); ++l)
    for (const Matrix& m : attention[l]) {
      const WeightScale scale = effectiveScale(m, WeightScaleSetting::instance().scale());
      scaled_[l].push_back(scaledWeights(m, scale));
      ranges_[l].push_back(fitWeightRange(scaled_[l].back(), scale));
      scales_[l].push_back(scale);
    }
  drawPictures();
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
  const size_t l = size_t(layer), h = size_t(head);
  return weightColour(scaled_[l][h](row, column), ranges_[l][h], scales_[l][h]);
}

void AttentionThumbnails::drawPictures() {
  const int pixels = static_cast<int>(std::ceil(side() * devicePixelRatioF()));
  pictures_.assign(attention_.size(), {});
  for (int l = 0; l < layerCount(); ++l)
    for (int h = 0; h < headCount(); ++h) {
      const Matrix& m = attention_[size_t(l)][size_t(h)];  // rows x columns
      const int rows = static_cast<int>(m.rows()), columns = static_cast<int>(m.cols());
      QImage image(std::min(columns, pixels), std::min(rows, pixels), QImage::Format_RGB32);
      for (int y = 0; y < image.height(); ++y) {
        const int i = static_cast<int>((y + 0.5) * rows / image.height());
        auto* line = reinterpret_cast<QRgb*>(image.scanLine(y));
        for (int x = 0; x < image.width(); ++x)
          line[x] = cellColour(l, h, i, static_cast<int>((x + 0.5) * columns / image.width())).rgb();
      }
      pictures_[size_t(l)].push_back(std::move(image));
    }
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
      painter.drawImage(thumbnailRect(l, h), pictures_[size_t(l)][size_t(h)]);  // a block of pixels per cell, no smoothing
      if (isSwitchedOff(l, h)) {  // its map is still computed, but nothing of it reaches the layers after it
        const QRect t = thumbnailRect(l, h);
        painter.fillRect(t, QColor(128, 128, 128, 170));
        painter.save();
        painter.setPen(QPen(palette().color(QPalette::WindowText), 3));
        painter.drawLine(t.topLeft(), t.bottomRight());
        painter.drawLine(t.topRight(), t.bottomLeft());
        painter.restore();
      }
    }
  }
}

void AttentionThumbnails::setSwitchedOff(std::vector<std::vector<bool>> off) {
  off_ = std::move(off);
  update();
}

bool AttentionThumbnails::isSwitchedOff(int layer, int head) const {
  return layer >= 0 && head >= 0 && size_t(layer) < off_.size() && size_t(head) < off_[size_t(layer)].size() &&
         off_[size_t(layer)][size_t(head)];
}

QMenu* AttentionThumbnails::createMenu(int layer, int head) {
  auto* menu = new QMenu(this);
  const bool off = isSwitchedOff(layer, head);
  QAction* toggle = menu->addAction(off ? tr("Switch layer %1, head %2 on again").arg(layer + 1).arg(head + 1)
                                        : tr("Switch layer %1, head %2 off").arg(layer + 1).arg(head + 1));
  toggle->setObjectName("switchHead");
  connect(toggle, &QAction::triggered, this, [this, layer, head, off] { emit switchRequested(layer, head, !off); });
  // A whole layer: the model without that layer's attention (its residual path and feed-forward stay).
  bool layerOff = true;
  for (int h = 0; h < headCount(); ++h) layerOff = layerOff && isSwitchedOff(layer, h);
  QAction* wholeLayer = menu->addAction(layerOff ? tr("Switch every head of layer %1 on again").arg(layer + 1)
                                                 : tr("Switch every head of layer %1 off").arg(layer + 1));
  wholeLayer->setObjectName("switchLayer");
  connect(wholeLayer, &QAction::triggered, this, [this, layer, layerOff] { emit layerSwitchRequested(layer, !layerOff); });
  QAction* allOn = menu->addAction(tr("Switch every head on"));
  allOn->setObjectName("allHeadsOn");
  bool anyOff = false;
  for (const auto& row : off_) anyOff = anyOff || std::find(row.begin(), row.end(), true) != row.end();
  allOn->setEnabled(anyOff);
  connect(allOn, &QAction::triggered, this, &AttentionThumbnails::allOnRequested);
  // The page's choice beside the bars (the same setting), here too: it is where heads are switched.
  menu->addSeparator();
  auto* choice = new QActionGroup(menu);
  QAction* zeros = menu->addAction(tr("Heads switched off give zeros"));
  QAction* means = menu->addAction(tr("Heads switched off give their mean output"));
  zeros->setObjectName("replaceWithZeros");
  means->setObjectName("replaceWithMeans");
  for (QAction* a : {zeros, means}) {
    a->setCheckable(true);
    choice->addAction(a);
  }
  (means_ && meansOffered_ ? means : zeros)->setChecked(true);
  means->setEnabled(meansOffered_);
  means->setToolTip(meansOffered_ ? QString() : tr("Only the app's own classifier has its heads' mean outputs"));
  connect(zeros, &QAction::triggered, this, [this] { emit replacementRequested(false); });
  connect(means, &QAction::triggered, this, [this] { emit replacementRequested(true); });
  return menu;
}

void AttentionThumbnails::setReplacement(bool means, bool meansOffered) {
  means_ = means;
  meansOffered_ = meansOffered;
}

void AttentionThumbnails::contextMenuEvent(QContextMenuEvent* event) {
  for (int l = 0; l < layerCount(); ++l)
    for (int h = 0; h < headCount(); ++h)
      if (thumbnailRect(l, h).contains(event->pos())) {
        QMenu* menu = createMenu(l, h);
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(event->globalPos());
        return;
      }
}

// Only the left button opens a map: the right one asks for the menu (contextMenuEvent), and opening the map under it
// as well would cover the page the menu acts on.
void AttentionThumbnails::mousePressEvent(QMouseEvent* event) {
  if (event->button() != Qt::LeftButton) return QWidget::mousePressEvent(event);
  for (int l = 0; l < layerCount(); ++l)
    for (int h = 0; h < headCount(); ++h)
      if (thumbnailRect(l, h).contains(event->pos())) {
        emit opened(l, h);
        return;
      }
  QWidget::mousePressEvent(event);
}

}  // namespace al::ui
