#pragma once
// One step of a Step-through walk as the class sees it: its title, formula and explanation, and its matrices
// as labelled colour grids (Q, K and V of a head side by side; otherwise two grids a row). Save picture / Save
// numbers export the step shown. The step's numbers come from core/teaching; this view only draws them.
// A step with attention weights also draws them as lines from one query token to every key (AttentionLines, one
// head at a time); the softmax step is animated: row by row, the row being computed outlined in its grid while its
// lines fill in to their weights.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include "core/teaching/attention_steps.h"

#include <QList>
#include <QString>
#include <QWidget>
#include <vector>

class QGridLayout;
class QLabel;
class QScrollArea;
class QPushButton;
class QSpinBox;
class QVariantAnimation;

namespace al::ui {

class AttentionLines;
class ErrorBanner;
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
  void clear();  // no step: no title, text or grids (under an error, nothing of an earlier walk)

  QList<MatrixView*> gridViews() const { return gridViews_; }
  AttentionLines* lines() const { return lines_; }  // hidden when the step has no attention weights
  bool linesShown() const;
  void showHead(int head);  // 0-based, the head whose weights the lines draw
  int shownHead() const;
  // The softmax animation: its speed (1 = 0.4 s a row; 2 twice as fast), whether steps animate at all.
  void setSpeed(double speed);
  double speed() const { return speed_; }
  void setAnimated(bool animated);
  bool isAnimating() const;
  void finishAnimation();  // jump to the end: every line at its weight
  QString title() const;
  QString formula() const;
  QString explanation() const;
  QString error() const;
  // The step's Keras and PyTorch lines, shown below the explanation while "Code" is checked, each column under a
  // caption that says where its code comes from (the book, Keras's own layer, the chatbot tutorial, this app).
  void setCodeShown(bool shown);
  bool codeShown() const;
  QString kerasCode() const;
  QString pytorchCode() const;
  QString kerasCaption() const;
  QString pytorchCaption() const;

 public slots:
  void exportFigure();   // the step shown as a picture
  void exportNumbers();  // every grid of the step shown in one CSV file

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void placeGrids();  // as many grids a row as fit the width (at most the step's own number): never sideways
  void fitGrids(int width);  // the grids' type as large as lets the widest fit `width` px, down to 100 %
  void showCodeCaptions();  // the captions of the code columns, in the current language
  void showLines();
  void startSweep();
  void sweepTo(double position);

  int number_ = 1;
  std::vector<teaching::StepGrid> weightGrids_;  // the shown step's attention weights, one per head
  QList<int> weightGridViews_;                    // ... and the index of each one's grid view
  QString queryWord_;                             // a one-query step's query (the answer word)
  QWidget* linesPanel_;
  QSpinBox* head_;
  AttentionLines* lines_;
  QVariantAnimation* sweep_;
  double speed_ = 1;
  bool animated_ = true;
  int chosenQuery_ = 0;  // the query the user clicked: shown when the animation ends
  ErrorBanner* error_;
  QLabel* title_;
  QLabel* formula_;
  QLabel* explanation_;
  QWidget* codePanel_;
  QLabel* keras_;
  QLabel* pytorch_;
  QWidget* kerasColumn_;  // its caption and code: hidden for a step without Keras code
  QLabel* kerasTitle_;
  QLabel* pytorchTitle_;
  QString kerasSource_, pytorchSource_;  // where the shown code comes from (step_code.h)
  QPushButton* codeButton_;
  QGridLayout* gridLayout_;
  QScrollArea* gridScroll_;
  QList<MatrixView*> gridViews_;
  int stepColumns_ = 2;    // grids a row the step asks for (Q, K and V: 3)
  int placedColumns_ = 0;  // grids a row as placed
  int fittedWidth_ = -1;   // the width the grids' type was fitted to
};

}  // namespace al::ui
