#include "ui/widgets/runs_panel.h"

#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

#include "ui/widgets/bare_layout.h"
#include "ui/widgets/file_job_bar.h"
#include "ui/widgets/retranslate.h"
#include "ui/widgets/runs_list.h"

namespace al::ui {

RunsPanel::RunsPanel(ModelFileJob* files, QWidget* parent) : QWidget(parent), list_(new RunsList) {
  auto* layout = bareLayout<QVBoxLayout>(this);
  auto* header = new QHBoxLayout;
  auto* title = new QLabel;
  title->setWordWrap(true);  // on a narrow page (a presentation) the buttons keep their room, the title wraps
  header->addWidget(title, 1);
  auto* open = new QPushButton;
  connect(open, &QPushButton::clicked, this, &RunsPanel::openRequested);
  auto* save = new QPushButton;
  save->setObjectName("saveModel");
  connect(save, &QPushButton::clicked, this, &RunsPanel::saveRequested);
  auto* remove = new QPushButton;
  remove->setObjectName("removeRun");
  connect(remove, &QPushButton::clicked, this, &RunsPanel::removeRequested);
  header->addWidget(open);
  header->addWidget(save);
  header->addWidget(remove);
  layout->addLayout(header);
  layout->addWidget(new FileJobBar(files));

  list_->setMinimumHeight(110);
  auto* removeAction = new QAction(list_);
  removeAction->setShortcut(QKeySequence::Delete);
  removeAction->setShortcutContext(Qt::WidgetShortcut);
  connect(removeAction, &QAction::triggered, this, &RunsPanel::removeRequested);
  list_->addAction(removeAction);
  list_->setContextMenuPolicy(Qt::ActionsContextMenu);
  layout->addWidget(list_, 1);
  setTranslatedTexts(this, [=] {
    title->setText(tr("<b>Runs</b> — tick to overlay curves"));
    open->setText(tr("Open model…"));
    open->setToolTip(tr("Show a saved model's curves beside this session's runs"));
    save->setText(tr("Save model…"));
    save->setToolTip(tr("Save the selected run (or the last one) as a model directory, with its history"));
    remove->setText(tr("Remove"));
    remove->setToolTip(tr("Take the selected run out of the list and free its memory (Delete)"));
    removeAction->setText(tr("Remove run"));
  });
}

QString RunsPanel::askDirectoryToOpen() {
  return QFileDialog::getExistingDirectory(this, tr("Open a model directory"), QDir::homePath());
}

QString RunsPanel::askDirectoryToSave(const QString& runName) {
  const QString suggested = QDir::home().filePath(QString(runName).simplified().replace(QLatin1Char(' '), QLatin1Char('-')).toLower());
  return QFileDialog::getSaveFileName(this, tr("Save model directory"), suggested, QString(), nullptr,
                                      QFileDialog::ShowDirsOnly);
}

bool RunsPanel::confirmRemovingUnsaved(const QString& runName) {
  return QMessageBox::question(this, tr("Remove run"),
                               tr("The run \"%1\" was never saved. Remove it and lose its model?").arg(runName),
                               QMessageBox::Yes | QMessageBox::No, QMessageBox::No) == QMessageBox::Yes;
}

}  // namespace al::ui
