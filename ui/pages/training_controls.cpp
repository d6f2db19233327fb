#include "ui/pages/training_controls.h"

#include <algorithm>
#include <cmath>

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>

#include "ui/widgets/retranslate.h"
#include <QVBoxLayout>

namespace al::ui {

QString formatDuration(double seconds) {
  const long s = std::lround(std::max(0.0, seconds));
  const QLatin1Char zero('0');
  if (s >= 3600) return QStringLiteral("%1:%2:%3").arg(s / 3600).arg(s / 60 % 60, 2, 10, zero).arg(s % 60, 2, 10, zero);
  return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, zero);
}

TrainingControls::TrainingControls(QWidget* parent) : QWidget(parent) {
  startAction_ = new QAction(this);
  startAction_->setShortcut(Qt::Key_F5);
  pauseAction_ = new QAction(this);
  pauseAction_->setShortcut(Qt::Key_F6);
  pauseAction_->setCheckable(true);
  stopAction_ = new QAction(this);
  stopAction_->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
  // The keys work wherever the page is shown (the main window's menu holds the same actions).
  addActions({startAction_, pauseAction_, stopAction_});

  startButton_ = button(startAction_, "start");
  pauseButton_ = button(pauseAction_, "pause");
  stopButton_ = button(stopAction_, "stop");
  pauseButton_->setCheckable(true);
  QFont bold = startButton_->font();
  bold.setBold(true);
  startButton_->setFont(bold);
  connect(startButton_, &QPushButton::clicked, startAction_, &QAction::trigger);
  connect(pauseButton_, &QPushButton::clicked, this, [this](bool checked) { pauseAction_->setChecked(checked); });
  connect(stopButton_, &QPushButton::clicked, stopAction_, &QAction::trigger);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 8, 0);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(startButton_, 2);
  buttons->addWidget(pauseButton_, 1);
  buttons->addWidget(stopButton_, 1);
  layout->addLayout(buttons);

  progress_ = new QProgressBar;
  progress_->setObjectName("progress");
  progress_->setRange(0, 1000);
  progress_->setValue(0);
  progress_->setTextVisible(true);
  progress_->setFormat(QString());
  speed_ = new QLabel;
  speed_->setObjectName("speed");
  setTranslatedTexts(this, [this] {
    startAction_->setText(tr("&Start training"));
    startAction_->setToolTip(tr("Prepare the data and the model, then train (F5)"));
    pauseAction_->setToolTip(tr("Pause after the current batch; press again to resume (F6)"));
    stopAction_->setText(tr("S&top"));
    stopAction_->setToolTip(tr("Stop after the current batch; the run keeps its best epoch (Shift+F5)"));
    showPaused(pauseAction_->isChecked());
    startButton_->setText(tr("Start"));
    stopButton_->setText(stopAction_->text().remove(QLatin1Char('&')));
    for (auto [b, a] : {std::pair{startButton_, startAction_}, {pauseButton_, pauseAction_}, {stopButton_, stopAction_}})
      b->setToolTip(a->toolTip());
    speed_->setToolTip(tr("How many samples the model learns from per second, and the time left at that pace"));
  });
  auto* progressRow = new QHBoxLayout;
  progressRow->addWidget(progress_, 1);
  progressRow->addWidget(speed_);
  layout->addLayout(progressRow);

  status_ = new QLabel;
  status_->setObjectName("status");
  status_->setWordWrap(true);
  status_->setMinimumHeight(status_->fontMetrics().height() * 2 + 4);
  layout->addWidget(status_);
}

QPushButton* TrainingControls::button(QAction* action, const char* name) {
  auto* button = new QPushButton(action->text().remove(QLatin1Char('&')));
  button->setObjectName(name);
  button->setToolTip(action->toolTip());
  button->setMinimumHeight(36);
  return button;
}

void TrainingControls::setTraining(bool training, bool canStart) {
  startAction_->setEnabled(!training && canStart);
  startButton_->setEnabled(startAction_->isEnabled());
  pauseAction_->setEnabled(training);
  pauseButton_->setEnabled(training);
  stopAction_->setEnabled(training);
  stopButton_->setEnabled(training);
}

void TrainingControls::showPaused(bool paused) {
  {
    const QSignalBlocker blocker(pauseAction_);
    pauseAction_->setChecked(paused);
  }
  pauseButton_->setChecked(paused);
  pauseButton_->setText(paused ? tr("Resume") : tr("Pause"));
  pauseAction_->setText(paused ? tr("&Resume") : tr("&Pause"));
}

void TrainingControls::showStopping() { stopButton_->setEnabled(false); }

void TrainingControls::showPreparing(double fraction, const QString& what) {
  progress_->setValue(static_cast<int>(1000 * fraction));
  if (!what.isEmpty()) progress_->setFormat(what);
}

void TrainingControls::showBatch(const BatchEvent& e) {
  progress_->setValue(static_cast<int>(1000 * e.fraction));
  progress_->setFormat(tr("%1 %").arg(static_cast<int>(100 * e.fraction)));
  speed_->setText(tr("%1 samples/s · %2 left")
                      .arg(QLocale().toString(e.samplesPerSecond, 'f', 0), formatDuration(e.secondsLeft)));
}

void TrainingControls::showEnd(const QString& state, double seconds, bool complete) {
  if (complete) progress_->setValue(1000);
  progress_->setFormat(state);
  speed_->setText(tr("%1 in all").arg(formatDuration(seconds)));
}

void TrainingControls::clearProgress(const QString& text) {
  progress_->setValue(0);
  progress_->setFormat(text);
  speed_->clear();
}

void TrainingControls::setStatus(const QString& text) { status_->setText(text); }
QString TrainingControls::status() const { return status_->text(); }

}  // namespace al::ui
