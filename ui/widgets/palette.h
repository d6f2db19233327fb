#pragma once
// The app's one colour palette: every colour a page or a view paints with comes from here, so that the same
// meaning has the same colour everywhere (layer normalization is orange on the tensors, in the race's curves and
// in its verdict) and a colour scale exists once. Colours that do not depend on run-time values live in the
// style sheet (resources/style/attentionlab.qss) instead.
#include <QColor>

namespace al::ui::palette {

// Runs overlaid on one plot: colours that stay apart on a projector and for the common colour-vision
// deficiencies (Okabe-Ito). Run 1 is the first colour; runs after the eighth get colours of their own
// (never one of an earlier run).
QColor run(int runId);

// A colour between `from` and `to`, t in [0, 1] (clamped): the steps of a colour scale.
QColor blend(const QColor& from, const QColor& to, double t);

// The two normalizations: layer norm averages along a row (orange), batch norm along a column (teal); purple marks
// the statistics in use.
inline const QColor kLayerNorm{222, 110, 0};
inline const QColor kBatchNorm{0, 128, 110};
inline const QColor kStatisticsInUse{120, 60, 160};

// Colour scales of matrices and heatmaps: sequential (0 .. max: white to dark blue) and diverging (blue below 0,
// white at 0, red above); the middle stop of the heatmaps' sequential scale.
inline const QColor kSequentialHigh{8, 48, 107};
inline const QColor kSequentialMiddle{107, 174, 214};
inline const QColor kDivergingLow{33, 102, 172};
inline const QColor kDivergingHigh{178, 24, 43};

inline const QColor kHighlight{230, 85, 13};     // the outline of a selected row or cell
inline const QColor kBars{49, 130, 189};         // bar charts of attention weights
inline const QColor kSelectedToken{253, 208, 162};
inline const QColor kToken{8, 48, 107};
inline const QColor kMuted{153, 153, 153};       // unknown tokens, notes
inline const QColor kMutedCell{232, 232, 232};   // padding cells: background, then text
inline const QColor kMutedCellText{130, 130, 130};
inline const QColor kNote{85, 85, 85};
inline const QColor kGood{26, 110, 46};          // a verdict that favours the sequence model
inline const QColor kCaution{138, 83, 0};        // a verdict that favours the bag of bigrams
inline const QColor kAverageCurve{90, 90, 90};

}  // namespace al::ui::palette
