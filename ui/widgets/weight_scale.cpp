#include "ui/widgets/weight_scale.h"

#include <QActionGroup>
#include <QComboBox>
#include <QMenu>
#include <algorithm>
#include <cmath>

#include "ui/widgets/appearance.h"
#include "ui/widgets/palette.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

WeightRange WeightRange::united(const WeightRange& other) const {
  return {std::min(lower, other.lower), std::max(upper, other.upper), logarithmic};
}

double scaledWeight(double weight, Index keys, WeightScale scale) {
  return scale == WeightScale::RelativeToUniform ? weight * static_cast<double>(keys) : weight;
}

Index allowedKeys(const Matrix& weights, Index row) {
  return std::max<Index>(1, (weights.row(row).array() != 0.0f).count());
}

WeightScale effectiveScale(const Matrix& weights, WeightScale chosen) {
  if (chosen != WeightScale::RelativeToUniform || weights.size() == 0) return chosen;
  for (Index i = 0; i < weights.rows(); ++i)
    if (allowedKeys(weights, i) > 1) return chosen;
  return WeightScale::ZeroToOne;
}

Matrix scaledWeights(const Matrix& weights, WeightScale scale) {
  Matrix scaled = weights;
  if (scale == WeightScale::RelativeToUniform)
    for (Index i = 0; i < scaled.rows(); ++i) scaled.row(i) *= static_cast<float>(allowedKeys(weights, i));
  return scaled;
}

WeightRange fitWeightRange(const Matrix& scaled, WeightScale scale) {
  const auto finite = scaled.array().isFinite();
  switch (scale) {
    case WeightScale::ZeroToOne:
      return {0, 1, false};
    case WeightScale::ZeroToMax:
      return {0, scaled.size() ? std::max(1e-6, double(finite.select(scaled.array(), 0.0f).maxCoeff())) : 1, false};
    case WeightScale::RelativeToUniform:
      break;
  }
  // From the smallest to the largest share the data holds, 1 (an equal share) always inside: a near one-hot row is
  // then as strongly coloured as the scale goes, not pale on a range stretched to 10^9. Below a hundredth of an
  // equal share is "nothing" (a masked key, 0, does not count).
  double lower = 0.8, upper = 1.25;
  for (Index i = 0; i < scaled.size(); ++i) {
    const double v = scaled.data()[i];
    if (std::isfinite(v) && v > 0) lower = std::min(lower, v), upper = std::max(upper, v);
  }
  return {std::max(lower, kSmallestShare), upper, true};
}

double equalSharePosition(const WeightRange& range) {
  if (!range.logarithmic || !(range.lower > 0 && range.upper > range.lower)) return 0.5;
  return std::clamp(std::log(1 / range.lower) / std::log(range.upper / range.lower), 0.0, 1.0);
}

void weightStops(WeightScale scale, QColor& low, QColor& middle, QColor& high) {
  // The theme's scales: diverging around an equal share, sequential from 0.
  const Appearance::ColourScale stops = scale == WeightScale::RelativeToUniform ? Appearance::instance()->signedScale()
                                                                                 : Appearance::instance()->weightsScale();
  low = stops.low, middle = stops.middle, high = stops.high;
}

QColor weightColour(double scaled, const WeightRange& range, WeightScale scale) {
  double t = 0;
  if (range.logarithmic) {
    t = scaled <= 0 ? 0 : (std::log(scaled) - std::log(range.lower)) / (std::log(range.upper) - std::log(range.lower));
  } else {
    t = (scaled - range.lower) / std::max(1e-12, range.upper - range.lower);
  }
  t = std::clamp(t, 0.0, 1.0);
  QColor low, middle, high;
  weightStops(scale, low, middle, high);
  const double m = equalSharePosition(range);  // white at an equal share, wherever it sits in the range
  if (t < m) return palette::blend(low, middle, t / m);
  return m >= 1 ? middle : palette::blend(middle, high, (t - m) / (1 - m));
}

// ---------------------------------------------------------------------------------------------------------
// The setting

WeightScaleSetting& WeightScaleSetting::instance() {
  static WeightScaleSetting setting;
  return setting;
}

void WeightScaleSetting::setScale(WeightScale scale) {
  if (scale == scale_) return;
  scale_ = scale;
  emit changed();
}

QStringList WeightScaleSetting::names() {
  return {tr("relative to an equal share"), tr("0 to the map's maximum"), tr("fixed 0 to 1")};
}

QString WeightScaleSetting::legendTitle(WeightScale scale) {
  return scale == WeightScale::RelativeToUniform ? tr("× equal share (1/n)") : tr("weight");
}

QComboBox* WeightScaleSetting::createBox(QWidget* parent) {
  auto* box = new QComboBox(parent);
  box->setObjectName("weightScaleBox");
  for (int i = 0; i < 3; ++i) box->addItem(QString(), i);
  box->setCurrentIndex(static_cast<int>(instance().scale()));
  QObject::connect(box, &QComboBox::currentIndexChanged, box,
                   [box] { instance().setScale(static_cast<WeightScale>(box->currentData().toInt())); });
  QObject::connect(&instance(), &WeightScaleSetting::changed, box, [box] {
    const QSignalBlocker blocker(box);
    box->setCurrentIndex(static_cast<int>(instance().scale()));
  });
  setTranslatedTexts(box, [box] {
    setItemTexts(box, names());
    box->setToolTip(tr("How attention weights are coloured. Relative to an equal share: weight × n (n keys), "
                       "white for exactly 1/n, red for more, blue for less. 0 to the maximum: white to dark blue "
                       "per map. Fixed 0 to 1: the same colours for every map."));
  });
  return box;
}

void WeightScaleSetting::addActions(QMenu& menu) {
  auto* group = new QActionGroup(&menu);
  const QStringList texts = names();
  for (int i = 0; i < texts.size(); ++i) {
    QAction* action = menu.addAction(tr("Colours: %1").arg(texts[i]));
    action->setCheckable(true);
    action->setChecked(static_cast<int>(instance().scale()) == i);
    group->addAction(action);
    QObject::connect(action, &QAction::triggered, &menu, [i] { instance().setScale(static_cast<WeightScale>(i)); });
  }
}

}  // namespace al::ui
