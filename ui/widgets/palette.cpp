#include "ui/widgets/palette.h"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace al::ui::palette {

QColor run(int runId) {
  static const QColor colours[] = {QColor(0, 114, 178), QColor(213, 94, 0),   QColor(0, 158, 115),
                                   QColor(204, 121, 167), QColor(230, 159, 0), QColor(86, 180, 233),
                                   QColor(0, 0, 0),       QColor(240, 228, 66)};
  const auto count = static_cast<int>(std::size(colours));
  if (runId >= 1 && runId <= count) return colours[runId - 1];
  // Past the eighth run: hues 137.5 degrees apart (the golden angle, so that no two meet), alternating dark and
  // light so that neighbours stay apart even when their hues come close.
  const int n = std::abs(runId - count - 1);
  const double hue = std::fmod(137.508 * n, 360.0);
  return QColor::fromHsvF(static_cast<float>(hue / 360.0), 1.0f, n % 2 ? 0.45f : 0.9f);
}

QColor blend(const QColor& from, const QColor& to, double t) {
  t = std::clamp(t, 0.0, 1.0);
  return QColor::fromRgbF(static_cast<float>(from.redF() + t * (to.redF() - from.redF())),
                          static_cast<float>(from.greenF() + t * (to.greenF() - from.greenF())),
                          static_cast<float>(from.blueF() + t * (to.blueF() - from.blueF())));
}

}  // namespace al::ui::palette
