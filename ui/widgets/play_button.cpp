#include "ui/widgets/play_button.h"

#include <QCoreApplication>
#include <QIcon>
#include <QPushButton>
#include <QSignalBlocker>

namespace al::ui {

void showPlayState(QPushButton* button, bool playing) {
  const QSignalBlocker blocker(button);
  button->setChecked(playing);
  // The Step-through page's words, so that both pages read (and are translated) alike.
  button->setText(playing ? QCoreApplication::translate("StepperPage", "Pause")
                          : QCoreApplication::translate("StepperPage", "Play"));
  button->setIcon(QIcon(playing ? QStringLiteral(":/icons/pause.svg") : QStringLiteral(":/icons/play.svg")));
}

}  // namespace al::ui
