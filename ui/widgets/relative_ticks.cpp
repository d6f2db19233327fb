#include "ui/widgets/relative_ticks.h"

#include <QFontMetrics>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

namespace al::ui {

namespace {

// A multiple of an equal share as a class reads it: "1/8" below 1, "8" above, "2.5" or "47" for a range's end (never
// "1.5e+02"); from 10 000 on a power of ten, 10⁴, 10⁵, ...
QString tickText(double v) {
  const bool below = v < 1;
  const double n = below ? 1 / v : v;
  QString text;
  if (n < 9.95) {
    text = QString::number(n, 'g', 2);
  } else if (n < 9999.5) {
    text = QString::number(std::lround(n));
  } else {
    static const QString superscripts = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
    text = QStringLiteral("10");
    for (QChar digit : QString::number(std::lround(std::log10(n)))) text += superscripts[digit.digitValue()];
  }
  return below ? QStringLiteral("1/") + text : text;
}

}  // namespace

QMap<double, QString> relativeTicks(double lower, double upper, double pixels, double labelPixels) {
  QMap<double, QString> ticks;
  if (!(lower > 0 && upper > lower)) return ticks;
  const auto inRange = [&](double v) { return v >= lower * 0.999 && v <= upper * 1.001; };
  // Room along the axis: a label and half a label of gap each, the ends included.
  const int room = std::max(2, static_cast<int>(pixels / (1.5 * std::max(labelPixels, 1.0))));
  const double decades = std::log(upper / lower);  // the axis's length in natural-log units
  for (double factor : {2.0, 4.0, 10.0, 100.0, 1e3, 1e4, 1e6, 1e9, 1e12}) {
    // Ticks are factor^k: each is (pixels / decades) * ln(factor) apart on the axis.
    if (pixels * std::log(factor) / decades < 1.5 * labelPixels && factor < 1e12) continue;
    const int first = static_cast<int>(std::ceil(std::log(lower) / std::log(factor) - 1e-9));
    const int last = static_cast<int>(std::floor(std::log(upper) / std::log(factor) + 1e-9));
    if (last - first + 1 > room && factor < 1e12) continue;
    for (int k = first; k <= last; ++k) ticks.insert(std::pow(factor, k), tickText(std::pow(factor, k)));
    break;
  }
  // A tick more only where it leaves every label its room: the range's ends when the powers stop well short of them
  // (a range from the data, not around 1), and in a narrow range (within ½ .. 2) 0.8 and 1.25, a fifth less and a
  // quarter more than an equal share.
  const auto addWithRoom = [&](double v, const QString& text) {
    for (double t : ticks.keys())
      if (pixels * std::abs(std::log(v / t)) / decades < 1.5 * labelPixels) return;
    ticks.insert(v, text);
  };
  addWithRoom(upper, tickText(upper));
  addWithRoom(lower, tickText(lower));
  if (upper < 2)
    for (double v : {0.8, 1.25})
      if (inRange(v)) addWithRoom(v, QString::number(v));
  return ticks;
}

bool setRelativeTicks(QCPAxis* axis) {
  const QCPRange range = axis->range();
  const QRect rect = axis->axisRect()->rect();
  const QFontMetrics metrics(axis->tickLabelFont());
  const bool upright = axis->orientation() == Qt::Vertical;
  const double length = upright ? rect.height() : rect.width();
  const double label = upright ? metrics.height() : metrics.horizontalAdvance(QStringLiteral("1/1000"));
  const QMap<double, QString> ticks = relativeTicks(range.lower, range.upper, length, label);
  const auto current = qSharedPointerDynamicCast<QCPAxisTickerText>(axis->ticker());
  if (current && current->ticks() == ticks) return false;
  auto ticker = QSharedPointer<QCPAxisTickerText>::create();
  ticker->setTicks(ticks);
  axis->setTicker(ticker);
  return true;
}

}  // namespace al::ui
