#pragma once
// How the normalization race (norm_race.cpp, norm_race_verdict.cpp) writes its numbers and colours its two sides.
#include <cmath>

#include <QColor>
#include <QLocale>
#include <QString>

#include "ui/widgets/palette.h"

namespace al::ui::race {

// The Normalization page's colours: orange for layer norm (along a row), teal for batch norm (along a column).
inline const QColor kSideColour[2] = {palette::kLayerNorm, palette::kBatchNorm};

// "83.4 %" in the interface's locale.
inline QString percent(double fraction) { return QLocale().toString(100.0 * fraction, 'f', 1) + QStringLiteral(" %"); }
// A whole count: "1,000".
inline QString count(double n) { return QLocale().toString(static_cast<qlonglong>(std::llround(n))); }

}  // namespace al::ui::race
