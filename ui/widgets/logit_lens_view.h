#pragma once
// "Logit lens": what the model would say if it stopped after each layer (core/teaching/logit_lens.h). A table of
// layers x positions: each cell is the token the model's own output layer predicts from that layer's state at
// that position, shaded by its probability (white 0, dark blue 1); its tooltip lists the five best with their
// probabilities. The top row is the embeddings, the bottom row the model's own output.
//
//               the    cat    sat    on     the          (the tokens read; a causal model's column t guesses
//   embeddings  the    cat    sat    on     the           token t+1, a masked model's its own token)
//   layer 1     ,      the    on     the    cat
//   layer 2     cat    sat    on     the    mat   <- the model's prediction
//
// For the masked-LM, BERT (with its masked-LM head), the language model and GPT-2. The table is computed only
// while it is on screen: setSource keeps the model and text, and a hidden view waits until it is shown.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include "core/inference/any_model.h"
#include "core/teaching/logit_lens.h"

#include <QString>
#include <QWidget>

class QLabel;
class QTableWidget;

namespace al::ui {

class LogitLensView : public QWidget {
  Q_OBJECT
 public:
  static constexpr int kTop = 5;  // tokens per cell (in its tooltip)

  explicit LogitLensView(QWidget* parent = nullptr);

  // True for the kinds the lens reads (masked-LM, causal-LM, BERT with its masked-LM head, GPT-2).
  static bool canRead(const AnyModel& model);
  // The model and text to show (a model of another kind, or no text: the table empties with a note).
  void setSource(const AnyModel& model, const QString& text);

  bool hasLens() const { return hasLens_; }
  const teaching::LogitLens& lens() const { return lens_; }
  QTableWidget* table() const { return table_; }
  QString noteText() const;

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  void compute();                      // the lens of the kept source, when it is not up to date
  void showLens();
  void showNote(const QString& note);  // an empty table and why

  AnyModel model_;
  QString text_;
  bool stale_ = false;
  bool hasLens_ = false;
  teaching::LogitLens lens_;
  QLabel* intro_;
  QLabel* note_;
  QTableWidget* table_;
};

}  // namespace al::ui
