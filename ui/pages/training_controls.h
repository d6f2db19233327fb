#pragma once
// The controls of one training: Start, Pause/Resume and Stop (as buttons and as actions with their keys F5, F6,
// Shift+F5, for the main window's menu), a progress bar with samples per second and the time left, and a status
// line that says what is happening. The page decides what to do; these widgets only show it.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include "core/train/trainer.h"

#include <QWidget>

class QAction;
class QLabel;
class QProgressBar;
class QPushButton;

namespace al::ui {

// "1:05", "2:03:07".
QString formatDuration(double seconds);

class TrainingControls : public QWidget {
  Q_OBJECT
 public:
  explicit TrainingControls(QWidget* parent = nullptr);

  // Start (F5), Pause/Resume (F6, checkable: toggled(bool)), Stop (Shift+F5).
  QAction* startAction() const { return startAction_; }
  QAction* pauseAction() const { return pauseAction_; }
  QAction* stopAction() const { return stopAction_; }

  void setTraining(bool training, bool canStart);  // which buttons work
  void showPaused(bool paused);                     // Pause or Resume, without triggering the action
  void showStopping();                              // Stop was pressed: it cannot be pressed again

  void showPreparing(double fraction, const QString& what);
  void showBatch(const BatchEvent& e);  // progress, samples per second and time left
  void showEnd(const QString& state, double seconds, bool complete);
  void clearProgress(const QString& text = {});

  void setStatus(const QString& text);
  QString status() const;

 private:
  QPushButton* button(QAction* action, const char* name);

  QAction* startAction_;
  QAction* pauseAction_;
  QAction* stopAction_;
  QPushButton* startButton_;
  QPushButton* pauseButton_;
  QPushButton* stopButton_;
  QProgressBar* progress_;
  QLabel* speed_;  // samples per second and time left
  QLabel* status_;
};

}  // namespace al::ui
