// Core headers first (through the model files): Qt's `emit` macro must not reach them.
#include "ui/session/model_files.h"

#include "ui/widgets/bare_layout.h"
#include "ui/widgets/file_job_bar.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>

namespace al::ui {

FileJobBar::FileJobBar(ModelFileJob* job, QWidget* parent)
    : QWidget(parent), job_(job), label_(new QLabel), cancel_(new QPushButton(tr("Cancel"))) {
  setObjectName("fileJob");
  auto* busy = new QProgressBar;
  busy->setRange(0, 0);  // no fraction is known: a moving bar says "working"
  busy->setMaximumHeight(12);
  cancel_->setObjectName("cancelFileJob");
  cancel_->setToolTip(tr("Stop waiting for this model; nothing is added"));
  auto* layout = bareLayout<QHBoxLayout>(this);
  layout->addWidget(label_);
  layout->addWidget(busy, 1);
  layout->addWidget(cancel_);
  connect(cancel_, &QPushButton::clicked, this, [this] {
    job_->cancel();
    label_->setText(tr("Cancelled; finishing the reading in the background…"));
    cancel_->setEnabled(false);
  });
  connect(job_, &ModelFileJob::started, this, &FileJobBar::jobStarted);
  connect(job_, &ModelFileJob::finished, this, &QWidget::hide);
  hide();
}

void FileJobBar::jobStarted() {
  const QString name = QFileInfo(job_->directory()).fileName();
  const bool opening = job_->kind() == ModelFileJob::Kind::Opening;
  label_->setText(opening ? tr("Opening %1…").arg(name) : tr("Saving %1…").arg(name));
  cancel_->setVisible(opening);
  cancel_->setEnabled(true);
  show();
}

}  // namespace al::ui
