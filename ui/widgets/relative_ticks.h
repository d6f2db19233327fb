#pragma once
// Ticks of the "relative to uniform" colour scale (weight × n on a logarithmic axis centred on 1): as many as the
// axis has room for, never crowded. The ticks are the powers of one factor, 1 always among them: 2 (½, 1, 2, 4),
// 4, 10, 100, ... whichever is the first to leave every label a label's height (or width) and a gap of its own.
// Below 1 a tick reads "1/8" (an eighth of an equal share), above 1 "8"; a range within ½ .. 2 gets 0.8 and 1.25.
#include <QMap>
#include <QString>

class QCPAxis;

namespace al::ui {

// The ticks for [lower, upper] (0 < lower < 1 < upper) on an axis `pixels` long whose labels need `labelPixels`
// along it (the font's height on an upright axis, the widest label's width on a lying one).
QMap<double, QString> relativeTicks(double lower, double upper, double pixels, double labelPixels);

// Puts those ticks on `axis` (a colour scale's axis) for its range and its length now; true when they changed
// (the plot must then be drawn again).
bool setRelativeTicks(QCPAxis* axis);

}  // namespace al::ui
