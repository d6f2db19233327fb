#pragma once
// What a heatmap and a bar chart of weights share (ui/widgets/heatmap_view.h, weight_bars.h): naming every token
// along an axis in a font that fits its cells, and the right-click menu that saves the picture and the numbers.
#include <QString>
#include <QStringList>
#include <vector>

#include "core/tensor.h"

class QCPAxis;
class QMenu;
class QWidget;

namespace al::ui {

// The labels, or the numbers 1..count when there are not `count` of them.
QStringList labelsOrNumbers(const QStringList& labels, Index count);

// A text tick at every whole position in view, in a font as large as `largest` pixels while a cell holds its
// line; column labels flat where they fit, upright otherwise (heatmap_axis.cpp says how). Call it after every
// layout: it asks for one more replot when the ticks changed. Returns the step: 1 when every cell in view is named.
int labelEveryCell(QCPAxis* axis, const QStringList& labels, int largest);
// How many pixels the axis is short of a label at every cell in view, at the smallest label type (0: none).
double pixelsMissingToNameEveryCell(const QCPAxis* axis, const QStringList& labels);
// The pixels a cell needs along the axis for a flat label of every cell in view in `pixels` type: its ink and one.
int cellPixelsForLabels(const QCPAxis* axis, const QStringList& labels, int pixels);
// The largest type, below the axis's own, at which its upright labels are at least `pixels` shorter; 0 when no
// readable type is.
int uprightLabelPixelsShorterBy(const QCPAxis* axis, const QStringList& labels, double pixels);

// "Save picture (PNG, SVG, PDF)…" and "Save numbers as CSV…" for `widget`, named `name` in the file dialogs.
void addExportActions(QMenu& menu, QWidget* widget, const QString& name, const QStringList& header,
                      const std::vector<std::vector<QString>>& rows);

// A file name from a figure's title ("Layer 1, head 2" -> "layer_1_head_2"), or `fallback` for no title.
QString fileNameOf(const QString& title, const QString& fallback);

}  // namespace al::ui
