#pragma once
// The Generate page's settings (ui/pages/generate_page.h): how the next token is chosen (temperature, top-k,
// top-p, seed), how many tokens Generate appends, and which attention the bars show (a layer, then one head or
// the heads' average). The page redraws from what it keeps when one moves; nothing here runs a model.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include "core/pretrained/sampling.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QSlider;
class QSpinBox;

namespace al::ui {

class GenerateControls : public QWidget {
  Q_OBJECT
 public:
  explicit GenerateControls(QWidget* parent = nullptr);

  // The settings of the draw for the token at position `token` of the sequence: the seed moves with it, so that
  // a run repeats token for token with the same seed, and a token chosen again (after a setting moved) is drawn
  // the same way.
  pretrained::SamplingSettings sampling(long token) const;
  int tokensPerRun() const;
  int layer() const;  // 0-based; 0 without a model
  int head() const;   // 0-based; -1: the heads' average

  void setTemperature(double temperature);  // 0: greedy
  void setTopK(int k);                      // 0: all
  void setTopP(double p);
  void setSeed(int seed);
  void setTokensPerRun(int tokens);
  void setHead(int head);  // -1: the heads' average
  // The choosers for a model of `layers` layers of `heads` heads (0: none), keeping the choice where it fits.
  void setShape(int layers, int heads);
  // The layer and head choosers, to be placed beside the attention they choose (the controls own them).
  QWidget* attentionChooser() const { return attentionChooser_; }

 signals:
  void samplingChanged();
  void attentionChanged();

 private:
  QSlider* temperatureSlider_;
  QDoubleSpinBox* temperature_;
  QSpinBox* topK_;
  QDoubleSpinBox* topP_;
  QSpinBox* seed_;
  QSpinBox* tokens_;
  QWidget* attentionChooser_;
  QComboBox* layer_;
  QComboBox* head_;
  int heads_ = 0;
};

}  // namespace al::ui
