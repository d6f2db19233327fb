// Core headers first (through the preparation): Qt's `emit` macro must not reach them.
#include "ui/lessons/lesson_preparation.h"

#include "ui/lessons/preparation_dialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include "ui/lessons/lesson_course.h"
#include "ui/lessons/lesson_window.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

PreparationDialog::PreparationDialog(LessonWindow& window)
    : QDialog(&window), window_(window), preparation_(new LessonPreparation(this)), intro_(new QLabel),
      list_(new QListWidget), status_(new QLabel), overall_(new QProgressBar) {
  setObjectName("lessonPreparation");
  auto* layout = new QVBoxLayout(this);
  intro_->setWordWrap(true);
  layout->addWidget(intro_);
  list_->setObjectName("preparedModels");
  layout->addWidget(list_, 1);
  status_->setObjectName("preparationStatus");
  status_->setWordWrap(true);
  layout->addWidget(status_);
  overall_->setObjectName("preparationProgress");
  overall_->setRange(0, 1000);
  layout->addWidget(overall_);
  auto* buttons = new QDialogButtonBox;
  again_ = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
  cancel_ = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
  cancel_->setObjectName("cancelPreparation");
  QPushButton* close = buttons->addButton(QDialogButtonBox::Close);
  layout->addWidget(buttons);
  connect(again_, &QPushButton::clicked, this, &PreparationDialog::start);
  connect(cancel_, &QPushButton::clicked, preparation_, &LessonPreparation::cancel);
  connect(close, &QPushButton::clicked, this, &QDialog::hide);  // the preparation goes on
  connect(preparation_, &LessonPreparation::progressed, this, &PreparationDialog::showProgress);
  connect(preparation_, &LessonPreparation::stateChanged, this, &PreparationDialog::showState);
  setTranslatedTexts(this, [this] {
    setWindowTitle(tr("Prepare lessons"));
    intro_->setText(tr("Trains every model the lessons use, one after another, and keeps them in %1. A lesson "
                       "then opens its model at once instead of training it in class. Models prepared before "
                       "are kept.")
                        .arg(QDir::toNativeSeparators(preparedLessonsFolder())));
    again_->setText(tr("Prepare again"));
    again_->setToolTip(tr("Train the models that are missing or out of date"));
    cancel_->setText(tr("Cancel"));
    cancel_->setToolTip(tr("Stop the model in training (it is not kept) and the ones after it"));
    for (int i = 0; i < list_->count(); ++i) showState(i);
    showProgress();
  });
  resize(640, 420);
}

void PreparationDialog::start() {
  if (preparation_->isRunning()) return;
  list_->clear();
  for (const LessonModel& model : lessonModelsNeeded(window_.course()->lessons())) list_->addItem(model.title());
  preparation_->start(window_.course()->lessons());
  for (int i = 0; i < list_->count(); ++i) showState(i);
  showProgress();
}

void PreparationDialog::showState(int index) {
  if (index >= list_->count() || index >= static_cast<int>(preparation_->models().size())) return;
  using State = LessonPreparation::State;
  QString state;
  switch (preparation_->state(index)) {
    case State::Waiting: state = tr("waiting"); break;
    case State::UpToDate: state = tr("prepared before, up to date"); break;
    case State::Training: state = tr("training…"); break;
    case State::Saving: state = tr("saving…"); break;
    case State::Ready: state = tr("ready"); break;
    case State::Failed: state = tr("failed: %1").arg(preparation_->error(index)); break;
    case State::Cancelled: state = tr("cancelled, not kept"); break;
  }
  list_->item(index)->setText(tr("%1: %2").arg(preparation_->models()[static_cast<size_t>(index)].title(), state));
}

// Which model trains, its epoch, and the whole preparation's share done; once over, what came of it.
void PreparationDialog::showProgress() {
  const LessonPreparation& p = *preparation_;
  overall_->setValue(static_cast<int>(p.overall() * 1000));
  cancel_->setEnabled(p.isRunning());
  again_->setEnabled(!p.isRunning());
  if (p.isRunning() && p.current() >= 0) {
    const LessonModel& model = p.models()[static_cast<size_t>(p.current())];
    int position = 1;
    for (int i = 0; i < p.current(); ++i)
      if (p.state(i) != LessonPreparation::State::UpToDate) ++position;
    status_->setText(p.epoch() > 0 ? tr("Training model %1 of %2: %3, epoch %4 of %5")
                                         .arg(position).arg(p.toTrain()).arg(model.title()).arg(p.epoch()).arg(model.epochs)
                                   : tr("Training model %1 of %2: %3, reading its data…")
                                         .arg(position).arg(p.toTrain()).arg(model.title()));
    return;
  }
  if (p.isRunning()) {
    status_->setText(tr("Preparing…"));
    return;
  }
  int ready = 0, failed = 0;
  for (int i = 0; i < static_cast<int>(p.models().size()); ++i) {
    const auto state = p.state(i);
    if (state == LessonPreparation::State::Ready || state == LessonPreparation::State::UpToDate) ++ready;
    if (state == LessonPreparation::State::Failed) ++failed;
  }
  const int total = static_cast<int>(p.models().size());
  status_->setText(p.wasCancelled() ? tr("Cancelled: %1 of %2 models are ready.").arg(ready).arg(total)
                   : failed > 0     ? tr("%1 of %2 models are ready; %3 failed (see above).").arg(ready).arg(total).arg(failed)
                                    : tr("All %1 models the lessons use are ready.").arg(total));
}

PreparationDialog* prepareLessons(LessonWindow& window) {
  auto* dialog = window.findChild<PreparationDialog*>();
  if (!dialog) dialog = new PreparationDialog(window);
  dialog->show();
  dialog->raise();
  dialog->start();
  return dialog;
}

}  // namespace al::ui
