#pragma once
// The Train page's samples while a model that writes (the language model) trains: what it writes after a fixed
// prompt at the end of every epoch, and when "Sample now" is pressed, newest on top, each under its epoch and the
// epoch's validation perplexity, so that the class sees gibberish turn into verse. The prompt is editable; choosing
// data puts in that corpus's own (poems-zh: 春风), or leaves it empty: the run then starts from the first words of
// its text. The samples are written on the training's worker (TrainingController); this panel only shows them.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include "ui/session/training_controller.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;
class QTextBrowser;

namespace al::ui {

class TrainSamplesPanel : public QWidget {
  Q_OBJECT
 public:
  static constexpr int kSampleTokens = 120;  // as the command line's samples

  explicit TrainSamplesPanel(QWidget* parent = nullptr);

  // Shown only for a task whose model writes, and not while presenting: on a projector the curves take the
  // column's height (the samples come back when the presentation ends). A new data source brings its prompt.
  void showFor(TaskKind task, const QString& dataSource);
  bool forWritingModel() const { return writes_; }  // the task's model writes (shown or not)
  QString prompt() const;
  void setPrompt(const QString& prompt);
  // "Sample now" can be pressed while a run trains and is not paused.
  void setTraining(bool training);
  void clear();  // a new run
  void addSample(const TrainingController::Sample& sample);

  int sampleCount() const { return static_cast<int>(samples_.size()); }
  // Sample `row`, the newest first: the prompt and what followed it.
  QString sampleText(int row) const;
  TrainingController::Sample sample(int row) const;
  QPushButton* sampleNowButton() const { return sampleNow_; }

 signals:
  void sampleRequested(const QString& prompt);

 private:
  void updateShown();
  bool writes_ = false;
  void render();

  QLabel* title_;
  QLineEdit* prompt_;
  QPushButton* sampleNow_;
  QTextBrowser* view_;
  QString source_;  // the data source whose prompt was put in
  std::vector<TrainingController::Sample> samples_;  // oldest first
};

}  // namespace al::ui
