#pragma once
// A note at the top of a page that reads a model whose heads are switched off on the Attention page: which heads,
// that this page's results are the model's without them, and a button that switches every head on again. Hidden
// while every head is on. Styled by the style sheet (#switchedHeadsNote).
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include "core/models/head_switches.h"

#include <QFrame>

class QLabel;
class QPushButton;

namespace al::ui {

class SwitchedHeadsNote : public QFrame {
  Q_OBJECT
 public:
  explicit SwitchedHeadsNote(QWidget* parent = nullptr);

  void setSwitches(const HeadSwitches& switches);  // none off: hidden
  QString text() const;  // the note shown, empty when hidden
  QPushButton* allOnButton() const { return allOn_; }

 signals:
  void allOnRequested();

 private:
  void updateText();

  HeadSwitches switches_;
  QLabel* label_;
  QPushButton* allOn_;
};

}  // namespace al::ui
