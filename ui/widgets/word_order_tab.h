#pragma once
// The Attention page's "Word order" tab: "Shuffle words" runs the model on the sentence with its words in a random
// order; the shuffled review's prediction and attention stand beside the original's, on one colour scale, with a
// verdict on what that proves about the model's position information and the numbers behind it
// (teaching::compareShuffledWords of core/teaching/attention_steps.h).
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <memory>

#include "core/teaching/attention_steps.h"

#include <QString>
#include <QWidget>

class QComboBox;
class QLabel;

namespace al::ui {

class HeatmapView;

class WordOrderTab : public QWidget {
  Q_OBJECT
 public:
  explicit WordOrderTab(QWidget* parent = nullptr);

  // Shuffles the words of `text` (a new order each time) and shows both readings. Throws what the core throws.
  void shuffle(const TransformerClassifier& model, const Vocabulary& vocabulary, const std::string& text);
  // Back to the invitation to shuffle: the sentence or the model changed.
  void clear();

  bool hasComparison() const { return comparison_ != nullptr; }
  const teaching::ShuffledComparison& comparison() const { return *comparison_; }
  QString verdictText() const;
  HeatmapView* originalView() const { return originalView_; }
  HeatmapView* shuffledView() const { return shuffledView_; }
  QWidget* figure() const { return figure_; }  // the two heatmaps: what File › Export figure writes

 signals:
  void shuffleRequested();

 private:
  void showVerdict(PositionKind position);
  void updateViews();

  std::unique_ptr<teaching::ShuffledComparison> comparison_;
  uint64_t seed_ = 1;
  QComboBox* headBox_;
  QLabel* shuffledText_;
  QLabel* verdict_;
  QWidget* figure_;
  HeatmapView* originalView_;
  HeatmapView* shuffledView_;
};

}  // namespace al::ui
