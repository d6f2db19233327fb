#pragma once
// Small parts shared by the tabs that show small tensors as editable grids (the Normalization page's "Samples ×
// features" and "Sequences, padded"): the numbers' helpers (new cells, row labels, statistics side by side or
// stacked), the layout (an input and two normalizations), and the row that exports every grid of a tab.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <initializer_list>

#include "core/tensor.h"

#include <QList>
#include <QString>
#include <QStringList>

class QColor;
class QDoubleSpinBox;
class QGridLayout;
class QGroupBox;
class QLabel;
class QSpinBox;
class QWidget;

namespace al::ui {

class MatrixView;

// x resized to rows x columns, keeping what fits and counting on (1, 2, 3, ... along the rows) in the new cells.
Matrix resized(const Matrix& x, Index rows, Index columns);
// pattern.arg(1), ..., pattern.arg(count): "sample 1", "sample 2", ...
QStringList numberedLabels(const QString& pattern, Index count);
// Two statistics side by side as one rows x 2 matrix (mean, variance of every row).
Matrix besideEachOther(const Matrix& mean, const Matrix& variance);
// Statistics stacked as rows of one matrix (mean, variance of every feature, ...).
Matrix stacked(std::initializer_list<const Matrix*> parts);

// A paragraph of rich text that wraps.
QLabel* explanation(const QString& text);
// A column of a tab: a group box whose first line is `heading` with %1 replaced by the colour's name.
QGroupBox* headedColumn(const QString& heading, const QColor& colour);
// The layer normalization column: the heading in layer norm's colour, the output with its statistics beside it (a
// row's statistics beside the row), and a paragraph (`text`, a label of explanation()) that explains it.
QGroupBox* layerNormColumn(const QString& heading, MatrixView* output, MatrixView* statistics, QLabel* text);
// The heading label of a headedColumn, to word it again.
QLabel* columnHeading(QGroupBox* column);
// The input and layer normalization side by side, batch normalization under both (it needs the width).
QGridLayout* twoRows(QWidget* input, QWidget* layer, QWidget* batch);
// content in a frameless scroll area that resizes it.
QWidget* scrollable(QWidget* content);
// The numbers of `views` (grids inside `area`'s content) as large as the area allows: the largest type, down to
// the page's at 100 %, at which the content needs no sideways scrolling and every grid is in view without
// scrolling down (presentation type on a projector). Fitted again when the area's size or the app's scale changes.
void fitGridsToWidth(QWidget* area, const QList<MatrixView*>& views);
// A label and its box (a spin box, a combo) kept on one line, for a row that wraps (FlowLayout).
QWidget* labelled(QLabel* label, QWidget* box);
QSpinBox* spinBox(int minimum, int maximum, int value);
QDoubleSpinBox* doubleSpinBox(int decimals, double minimum, double maximum, double step, double value);
// "Save picture…" for the whole tab and "Save numbers…" for every grid in it, one CSV in long form
// (view, row, column, value), since the grids have different shapes.
QWidget* matrixExportBar(QWidget* tab, const QString& name, const QList<MatrixView*>& views);

}  // namespace al::ui
