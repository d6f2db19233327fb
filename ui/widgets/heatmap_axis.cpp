#include "ui/widgets/heatmap_axis.h"

#include <QFontMetrics>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

#include "ui/widgets/export.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/replot_pacer.h"

namespace al::ui {

namespace {

// The smallest label font, in pixels: a small map on a page still names every token of a sentence; cells smaller
// than its line get every step-th label.
constexpr int kSmallestLabelPixels = 8;

// Column labels shrink to this size to lie flat before they stand upright: still readable from a class's back row
// on a projector (the legibility test's 11 px), and far cheaper in height than a column of upright words.
constexpr int kFlatLabelPixels = 12;

// Pixels per cell along an axis, for the visible range.
double pixelsPerCell(const QCPAxis* axis) {
  const double axisPixels = axis->orientation() == Qt::Horizontal ? axis->axisRect()->width() : axis->axisRect()->height();
  return axisPixels / std::max(1.0, axis->range().size());
}

// The labels of the cells in view (first to last), as drawn: one longer than 16 characters is cut with "…".
struct LabelsInView {
  LabelsInView(const QCPAxis* axis, const QStringList& all) : labels(all) {
    const QCPRange range = axis->range();
    first = std::max(0, static_cast<int>(std::floor(range.lower)));
    last = std::min(static_cast<int>(all.size()) - 1, static_cast<int>(std::ceil(range.upper)));
  }
  QString shown(int i) const { return labels[i].size() > 16 ? labels[i].left(15) + QChar(0x2026) : labels[i]; }
  // A Chinese column label that does not lie flat stands its characters one under the other, each upright: turned
  // a quarter, as Latin labels are, its characters would lie on their sides.
  bool anyHan() const {
    for (int i = first; i <= last; ++i)
      for (QChar c : labels[i])
        if (c.script() == QChar::Script_Han) return true;
    return false;
  }
  QString stackedShown(int i) const {
    QStringList lines;
    for (QChar c : shown(i)) lines << QString(c);
    return lines.join(QLatin1Char('\n'));
  }
  // Across a stacked label: its widest character.
  int widestCharacter(const QFont& font) const {
    const QFontMetrics m(font);
    int w = 0;
    for (int i = first; i <= last; ++i)
      for (QChar c : shown(i)) w = std::max(w, m.horizontalAdvance(c));
    return w;
  }
  // Along a stacked label: its lines.
  int stackedDepth(const QFont& font) const {
    int lines = 0;
    for (int i = first; i <= last; ++i) lines = std::max(lines, static_cast<int>(shown(i).size()));
    return lines * QFontMetrics(font).lineSpacing();
  }
  // A label's ink, not its font's line, must fit the cell: the line of a CJK font (Noto Sans CJK, a Chinese
  // desktop's default) is about 1.45 times its pixel size and its ideographs' ink about 1.1 times, so fitting the
  // line left Chinese rows of 15 px with labels of 10 px.
  int inkHeight(const QFont& font) const {
    const QFontMetrics m(font);
    int h = 0;
    for (int i = first; i <= last; ++i) h = std::max(h, m.tightBoundingRect(shown(i)).height());
    return h;
  }
  int widest(const QFont& font) const {
    const QFontMetrics m(font);
    int w = 0;
    for (int i = first; i <= last; ++i) w = std::max(w, m.horizontalAdvance(shown(i)));
    return w;
  }

  const QStringList& labels;
  int first = 0, last = -1;
};

QFont withPixels(QFont font, int pixels) {
  font.setPixelSize(pixels);
  return font;
}

}  // namespace

QStringList labelsOrNumbers(const QStringList& labels, Index count) {
  if (labels.size() == count) return labels;
  QStringList out;
  for (int i = 0; i < count; ++i) out << QString::number(i + 1);
  return out;
}

// A text tick at every whole position in view, in a font as large as `largest` pixels while a cell holds its line
// (not below kSmallestLabelPixels): every row and column is named. Column labels lie flat when the widest fits its
// cell, else stand upright (one line's height along the axis). Only when cells are smaller than the smallest
// font's line is every step-th named. The axis length is known only after the plot's layout, so this runs after
// every layout and asks for one more replot when the ticks changed.
int labelEveryCell(QCPAxis* axis, const QStringList& labels, int largest) {
  const double cell = pixelsPerCell(axis);
  const LabelsInView inView(axis, labels);
  // One pixel stays between neighbours' ink: with none, Latin row labels grew past what the line gave them, and
  // their wider margin took a lesson's columns below 12 px.
  QFont font = axis->tickLabelFont();
  int fontPixels = std::max(largest, kSmallestLabelPixels);
  font.setPixelSize(fontPixels);
  while (fontPixels > kSmallestLabelPixels && inView.inkHeight(font) + 1 > cell) font.setPixelSize(--fontPixels);
  int widest = inView.widest(font);
  const bool horizontal = axis->orientation() == Qt::Horizontal;
  if (horizontal && widest + 4 > cell) {
    // Upright labels take the longest label's width from the map's height (90 px of a 300 px map with large type),
    // so a smaller flat font is better while it stays readable: shrink toward kFlatLabelPixels before standing up.
    QFont smaller = font;
    int pixels = fontPixels;
    while (pixels > std::min(fontPixels, kFlatLabelPixels) && inView.widest(smaller) + 4 > cell) smaller.setPixelSize(--pixels);
    if (inView.widest(smaller) + 4 <= cell) {
      font = smaller;
      fontPixels = pixels;
      widest = inView.widest(font);
    }
  }
  const bool flat = !horizontal || widest + 4 <= cell;
  // Only a heatmap's columns stack (its view sets the axis's "stacksHan"), and only while that is not much deeper
  // than the labels turned: a sentence of long English words among Chinese ones keeps its rows' height.
  const bool stacked = horizontal && !flat && axis->property("stacksHan").toBool() && inView.anyHan() &&
                       inView.stackedDepth(font) <= widest + QFontMetrics(font).lineSpacing();
  // Along the axis a label takes its glyphs' height, or a flat column label its width, or a stacked one its widest
  // character.
  const double extent = stacked ? inView.widestCharacter(font) + 2 : horizontal && flat ? widest + 4 : inView.inkHeight(font) + 1;
  const int step = std::max(1, static_cast<int>(std::ceil(extent / std::max(cell, 1e-3) - 1e-9)));
  QMap<double, QString> ticks;
  for (int i = inView.first - inView.first % step; i <= inView.last; i += step)
    if (i >= 0) ticks.insert(i, stacked ? inView.stackedShown(i) : inView.shown(i));
  const double rotation = horizontal && !flat && !stacked ? 90 : 0;
  const auto current = qSharedPointerDynamicCast<QCPAxisTickerText>(axis->ticker());
  if (current && current->ticks() == ticks && axis->tickLabelFont().pixelSize() == fontPixels &&
      axis->tickLabelRotation() == rotation)
    return step;
  axis->setTickLabelFont(font);
  axis->setTickLabelRotation(rotation);
  auto ticker = QSharedPointer<QCPAxisTickerText>::create();
  ticker->setTicks(ticks);
  axis->setTicker(ticker);
  paceReplot(axis->parentPlot());
  return step;
}

double pixelsMissingToNameEveryCell(const QCPAxis* axis, const QStringList& labels) {
  const LabelsInView inView(axis, labels);
  const double needed = axis->range().size() * (inView.inkHeight(withPixels(axis->tickLabelFont(), kSmallestLabelPixels)) + 1.0);
  const double length = axis->orientation() == Qt::Horizontal ? axis->axisRect()->width() : axis->axisRect()->height();
  return std::max(0.0, needed - length);
}

int cellPixelsForLabels(const QCPAxis* axis, const QStringList& labels, int pixels) {
  const LabelsInView inView(axis, labels);
  return inView.inkHeight(withPixels(axis->tickLabelFont(), pixels)) + 1;
}

int uprightLabelPixelsShorterBy(const QCPAxis* axis, const QStringList& labels, double pixels) {
  const LabelsInView inView(axis, labels);
  const QFont font = axis->tickLabelFont();
  const auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(axis->ticker());
  const bool stacked = ticker && !ticker->ticks().isEmpty() && ticker->ticks().first().contains(QLatin1Char('\n'));
  const auto depth = [&](const QFont& f) { return stacked ? inView.stackedDepth(f) : inView.widest(f); };
  const int length = depth(font);
  for (int size = font.pixelSize() - 1; size >= kSmallestLabelPixels; --size)
    if (length - depth(withPixels(font, size)) >= pixels) return size;
  return 0;
}

void addExportActions(QMenu& menu, QWidget* widget, const QString& name, const QStringList& header,
                      const std::vector<std::vector<QString>>& rows) {
  menu.addAction(HeatmapView::tr("Save picture (PNG, SVG, PDF)…"), widget, [=] { askAndExportWidget(widget, name); });
  menu.addAction(HeatmapView::tr("Save numbers as CSV…"), widget, [=] { askAndWriteCsv(widget, name, header, rows); });
}

QString fileNameOf(const QString& title, const QString& fallback) {
  QString name = title.isEmpty() ? fallback : title.toLower();
  name.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("_"));
  return name;
}

}  // namespace al::ui
