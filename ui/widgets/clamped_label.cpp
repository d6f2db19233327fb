#include "ui/widgets/clamped_label.h"

#include <algorithm>

#include <QHelpEvent>
#include <QPainter>
#include <QStyle>
#include <QTextLayout>
#include <QToolTip>

namespace al::ui {

ClampedLabel::ClampedLabel(int maxLines, QWidget* parent) : QLabel(parent), maxLines_(maxLines) {
  setWordWrap(true);
  QSizePolicy policy = sizePolicy();
  policy.setHeightForWidth(true);
  setSizePolicy(policy);
}

// Each paragraph of the text wrapped at `width` with QTextLayout, as QLabel wraps it; the last line kept is elided.
QStringList ClampedLabel::shownLines(int width, bool* clamped) const {
  QStringList lines;
  bool more = false;
  const QStringList paragraphs = text().split(QLatin1Char('\n'));
  for (int p = 0; p < paragraphs.size() && !more; ++p) {
    QTextLayout layout(paragraphs[p], font());
    layout.beginLayout();
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
      line.setLineWidth(std::max(1, width));
      if (lines.size() == maxLines_) {
        more = true;
        break;
      }
      lines << paragraphs[p].mid(line.textStart(), line.textLength()).trimmed();
    }
    layout.endLayout();
    if (lines.size() == maxLines_ && p + 1 < paragraphs.size()) more = true;
  }
  if (more && !lines.isEmpty())
    lines.back() = fontMetrics().elidedText(lines.back() + QStringLiteral(" …"), Qt::ElideRight, std::max(1, width));
  if (clamped) *clamped = more;
  return lines;
}

int ClampedLabel::heightForWidth(int width) const {
  const QMargins m = contentsMargins();
  const int lines = std::max<qsizetype>(1, shownLines(width - m.left() - m.right()).size());
  return lines * fontMetrics().lineSpacing() + m.top() + m.bottom();
}

QSize ClampedLabel::sizeHint() const {
  const QSize hint = QLabel::sizeHint();
  return {hint.width(), heightForWidth(hint.width())};
}

QSize ClampedLabel::minimumSizeHint() const {
  const QSize hint = QLabel::minimumSizeHint();
  return {hint.width(), std::min(hint.height(), heightForWidth(hint.width()))};
}

bool ClampedLabel::isClamped() const {
  bool clamped = false;
  shownLines(contentsRect().width(), &clamped);
  return clamped;
}

void ClampedLabel::paintEvent(QPaintEvent*) {
  QPainter painter(this);
  const QRect area = contentsRect();
  int y = area.top();
  for (const QString& line : shownLines(area.width())) {
    style()->drawItemText(&painter, QRect(area.left(), y, area.width(), fontMetrics().lineSpacing()),
                          Qt::AlignLeft | Qt::AlignVCenter, palette(), isEnabled(), line, foregroundRole());
    y += fontMetrics().lineSpacing();
  }
}

// The tooltip: the whole text when part of it is hidden, before the tooltip the label was given.
bool ClampedLabel::event(QEvent* event) {
  if (event->type() == QEvent::ToolTip && isClamped()) {
    const QString tip = toolTip().isEmpty() ? text() : text() + QStringLiteral("\n\n") + toolTip();
    QToolTip::showText(static_cast<QHelpEvent*>(event)->globalPos(), tip, this);
    return true;
  }
  return QLabel::event(event);
}

}  // namespace al::ui
