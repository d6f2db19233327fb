#pragma once
// How attention weights become colours, in one place for every heatmap (HeatmapView) and every table of weights
// (MatrixView on the Step-through page), so that the same weight has the same colour everywhere.
//
//   RelativeToUniform  weight × n, n = the keys the row may look at (a masked key gets exactly 0): 1 is an equal
//                      share, drawn white; blue below (less than an equal share), red above, on a logarithmic
//                      scale so that "half" and "twice" are equally strong. A trained model's nearly uniform
//                      attention (every weight near 1/T) shows its structure here; from 0 to the maximum it is
//                      one solid dark block. The default.
//   ZeroToMax          white at 0 to deep blue at the map's largest weight
//   ZeroToOne          white at 0 to deep blue at 1: maps of different sentences compare directly
//
// The choice is one setting of the whole app (WeightScaleSetting): a box on the Attention page and the right-click
// menu of every heatmap and weight table change it, and every view of weights follows.
#include <QColor>
#include <QObject>
#include <QString>
#include <QStringList>

#include "core/tensor.h"

class QComboBox;
class QMenu;

namespace al::ui {

enum class WeightScale { RelativeToUniform, ZeroToMax, ZeroToOne };

// The range a map's colours span: [lower, upper] of the scaled values, logarithmic for RelativeToUniform.
struct WeightRange {
  double lower = 0, upper = 1;
  bool logarithmic = false;
  WeightRange united(const WeightRange& other) const;  // the range of two maps that share one scale
};

// The value a weight is coloured by: weight × keys for RelativeToUniform, the weight itself otherwise.
double scaledWeight(double weight, Index keys, WeightScale scale);
// The scale a map is drawn in: `chosen`, except that relative to an equal share a map whose every row has one key
// (a one-token sentence) would be all white, exactly an equal share: it is drawn from 0 to 1 then.
WeightScale effectiveScale(const Matrix& weights, WeightScale chosen);
// Every weight scaled for `scale` (row by row: × its allowed keys for RelativeToUniform).
Matrix scaledWeights(const Matrix& weights, WeightScale scale);
// The keys row `row` may look at: its weights that are not exactly 0 (at least 1).
Index allowedKeys(const Matrix& weights, Index row);
// The range that fits `scaled` (values already scaled): RelativeToUniform spans the data's smallest to largest
// share (at least 0.8 .. 1.25, never below kSmallestShare), ZeroToMax [0, max], ZeroToOne [0, 1].
WeightRange fitWeightRange(const Matrix& scaled, WeightScale scale);
constexpr double kSmallestShare = 0.01;  // a hundredth of an equal share: the relative scale's floor
// Where an equal share (1) sits in a logarithmic range, 0..1: the gradient's white stop. 0.5 for a linear range.
double equalSharePosition(const WeightRange& range);
// The colour of a scaled value in `range`; the same stops as the heatmaps' QCustomPlot gradient.
QColor weightColour(double scaled, const WeightRange& range, WeightScale scale);
// The gradient's three stops (at 0, the middle and 1 of the range).
void weightStops(WeightScale scale, QColor& low, QColor& middle, QColor& high);

// The app's one choice of scale, observed by every view of weights.
class WeightScaleSetting : public QObject {
  Q_OBJECT
 public:
  static WeightScaleSetting& instance();
  WeightScale scale() const { return scale_; }
  void setScale(WeightScale scale);
  static QStringList names();        // translated, in the enum's order
  static QString legendTitle(WeightScale scale);  // the colour scale's axis title
  // A combo box that shows and sets the choice (its texts follow the language).
  static QComboBox* createBox(QWidget* parent = nullptr);
  // Three checkable actions for a right-click menu.
  static void addActions(QMenu& menu);

 signals:
  void changed();

 private:
  WeightScale scale_ = WeightScale::RelativeToUniform;
};

}  // namespace al::ui
