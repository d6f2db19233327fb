#pragma once
// One step of a Step-through walk as the class sees it: its title, formula and explanation, and its matrices
// as labelled colour grids (Q, K and V of a head side by side; otherwise two grids a row). Save picture / Save
// numbers export the step shown. The step's numbers come from core/teaching; this view only draws them.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include "core/teaching/attention_steps.h"

#include <QList>
#include <QString>
#include <QWidget>

class QGridLayout;
class QLabel;

namespace al::ui {

class MatrixView;

class StepView : public QWidget {
  Q_OBJECT
 public:
  explicit StepView(QWidget* parent = nullptr);

  // Shows `step`, number `number` (1-based) of `count`. Grids whose rows are the walk's tokens grey out the rows
  // from `realTokens` on (the padding), when there are such rows; -1: none.
  void showStep(const teaching::AttentionStep& step, int number, int count, Index realTokens = -1,
                Index tokenRows = -1);
  // A message above the step (the walk could not be redone); the last step stays shown. Empty hides it.
  void setError(const QString& message);

  QList<MatrixView*> gridViews() const { return gridViews_; }
  QString title() const;
  QString formula() const;
  QString explanation() const;
  QString error() const;

 public slots:
  void exportFigure();   // the step shown as a picture
  void exportNumbers();  // every grid of the step shown in one CSV file

 private:
  int number_ = 1;
  QLabel* error_;
  QLabel* title_;
  QLabel* formula_;
  QLabel* explanation_;
  QGridLayout* gridLayout_;
  QList<MatrixView*> gridViews_;
};

}  // namespace al::ui
