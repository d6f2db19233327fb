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
// while it is on screen: setSource keeps the model and text, and a hidden view waits until it is shown. It is
// computed on a worker thread (a GPT-2 over a long text takes long enough to be felt): the table shown stays until
// the new one arrives (lensShown); a source set meanwhile is read after it, and the result of the old one dropped.
// Heads switched off (core/models/head_switches.h, the model's in the library) are off in the lens too: the page
// passes them with the source, so that the table agrees with the page's own prediction.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include "core/inference/any_model.h"
#include "core/inference/model_logit_lens.h"
#include "core/models/head_switches.h"
#include "core/teaching/logit_lens.h"

#include <exception>

#include <QFutureWatcher>
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
  ~LogitLensView() override;  // waits for a lens in flight

  // True for the kinds the lens reads (masked-LM, causal-LM, BERT with its masked-LM head, GPT-2: hasLogitLens).
  static bool canRead(const AnyModel& model);
  // The model and text to show (a model of another kind, or no text: the table empties with a note), read with
  // `switches` off (none: every head on).
  void setSource(const AnyModel& model, const QString& text, HeadSwitches switches = {});

  bool hasLens() const { return hasLens_; }
  bool isComputing() const { return computing_; }  // until the lens asked for last is shown (or said why not)
  const teaching::LogitLens& lens() const { return lens_; }
  QString introText() const;
  QTableWidget* table() const { return table_; }
  QString noteText() const;

 signals:
  void lensShown();  // the lens of the source set last is in the table

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  struct Outcome {
    teaching::LogitLens lens;
    std::exception_ptr error;
  };
  void compute();                      // the lens of the kept source, when it is not up to date (on the worker)
  void computed();                     // on the GUI thread: shown, or read again for a newer source
  void showIntro();                    // what a cell holds, for the kept model's kind
  void showLens();
  void showNote(const QString& note);  // an empty table and why

  AnyModel model_;
  QString text_;
  HeadSwitches switches_;
  bool stale_ = false;
  bool hasLens_ = false;
  bool computing_ = false;  // a lens on the worker, or one of a newer source still to compute after it
  teaching::LogitLens lens_;
  QFutureWatcher<Outcome> watcher_;
  QLabel* intro_;
  QLabel* note_;
  QTableWidget* table_;
};

}  // namespace al::ui
