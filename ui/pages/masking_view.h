#pragma once
// "Show me the masking": BERT's training rule on a real training sentence. A review of the built-in training
// corpus goes through the model's own tokenizer and vocabulary, then through the core's maskTokens
// (core/models/mlm_masking.h), exactly as a training batch does:
//
//   the  acting  was  superb  but  the  plot  was  dull
//                     ^^^^^^                   ^^^^         chosen (15 % of the tokens)
//   the  acting  was  [MASK]  but  the  plot  tree dull     80 % [MASK], 10 % a random word, 10 % unchanged
//
// A table lists every chosen position: the word, what the model sees instead and why. "New sample" draws
// another review and another masking. Below, the shares the same function gives over 100,000 tokens.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/inference/masked_lm_inference.h"
#include "core/models/mlm_masking.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTableWidget;
class QTextBrowser;

namespace al::ui {

class MaskingView : public QWidget {
  Q_OBJECT
 public:
  explicit MaskingView(QWidget* parent = nullptr);

  // The model whose tokenizer, vocabulary and mask rate are used; null: nothing to show. Draws a sample.
  void setModel(std::shared_ptr<const MaskedLmModel> model);
  // Another review and another masking (sample number + 1).
  void drawSample();

  // What is shown (for tests and for a reader of the code): the review's ids as the model reads them, the
  // seed its masking was drawn with (Rng(seed) given to maskTokens) and the masking.
  const std::vector<int>& sampleIds() const { return ids_; }
  uint64_t maskingSeed() const { return maskingSeed_; }
  const MaskedSequence& masking() const { return masking_; }
  QTableWidget* table() const { return table_; }
  QString sentenceText() const;  // the two strips (original, what the model sees), as plain text

  // The shares of maskTokens over at least `tokens` tokens of the corpus: chosen / tokens, and each action /
  // chosen.
  struct Shares {
    size_t tokens = 0, chosen = 0, masked = 0, random = 0, kept = 0;
  };
  Shares measureShares(size_t tokens) const;

 private:
  std::vector<int> reviewIds(size_t review) const;  // ids of a review of the corpus, cut to sequence_length
  void showIntro();
  void showMasking();
  void showShares();  // the shares measured for the model (measured_), in words

  std::shared_ptr<const MaskedLmModel> model_;
  std::vector<std::string> corpus_;  // the built-in training reviews
  uint64_t sample_ = 0;
  std::vector<int> ids_;
  uint64_t maskingSeed_ = 0;
  MaskedSequence masking_;
  Shares measured_;

  QLabel* intro_;
  QTextBrowser* strips_;
  QTableWidget* table_;
  QLabel* shares_;
  QPushButton* newSample_;
};

}  // namespace al::ui
