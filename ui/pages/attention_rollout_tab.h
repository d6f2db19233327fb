#pragma once
// The Attention page's "Rollout" tab, beside the raw maps: the attention rollout of the whole stack
// (core/teaching/attention_rollout.h), how much of each input token reaches each token's state after the last
// layer, the residual connection counted; and, for the app's IMDB classifier, the sentence with each token
// coloured by its saliency (gradient × input towards the predicted label, core/teaching/token_attribution.h), the
// attention it receives in the rollout beside it. Two answers to "which words mattered?" that need not agree.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <vector>

#include "ui/pages/attention_reader.h"

#include <QWidget>

class QLabel;

namespace al::ui {

class HeatmapView;

class AttentionRolloutTab : public QWidget {
  Q_OBJECT
 public:
  explicit AttentionRolloutTab(QWidget* parent = nullptr);

  void setReading(SharedReading reading);  // null or an empty reading clears the tab
  HeatmapView* rolloutMap() const { return map_; }
  QString sentenceText() const;  // the saliency line as plain text

 private:
  void setTexts();

  SharedReading reading_ = noReading();
  // [layer]: R_1 .. R_L, T x T; the reading's own, or (a reading that came without it) computed here
  const std::vector<Matrix>& rollout() const { return ownRollout_.empty() ? reading_->rollout : ownRollout_; }
  std::vector<Matrix> ownRollout_;
  QLabel* intro_;
  class SentenceLabel;  // the saliency line: a long review's is costly to lay out
  SentenceLabel* sentence_;
  HeatmapView* map_;
};

}  // namespace al::ui
