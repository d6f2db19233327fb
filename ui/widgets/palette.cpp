#include "ui/widgets/palette.h"

#include <iterator>

namespace al::ui::palette {

QColor run(int runId) {
  static const QColor colours[] = {QColor(0, 114, 178), QColor(213, 94, 0),   QColor(0, 158, 115),
                                   QColor(204, 121, 167), QColor(230, 159, 0), QColor(86, 180, 233),
                                   QColor(0, 0, 0),       QColor(240, 228, 66)};
  const auto count = static_cast<int>(std::size(colours));
  return colours[((runId - 1) % count + count) % count];
}

}  // namespace al::ui::palette
