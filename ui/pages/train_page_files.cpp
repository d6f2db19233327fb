// The Train page's runs as files: what saving keeps of a run (training.json), and what quitting would lose.
// Core headers first (through the page's header): Qt's `emit` macro must not reach them.
#include "ui/pages/train_page.h"

#include "ui/widgets/runs_list.h"

namespace al::ui {

QList<int> TrainPage::unsavedRunIds() const {
  QList<int> ids;
  for (const auto& [id, run] : runs_)
    if (run.run && run.failure.isEmpty() && run.directory.isEmpty() && !(isTraining() && id == currentRunId_))
      ids << id;
  return ids;
}

QStringList TrainPage::runDirectories() const {
  QStringList directories;
  for (const auto& [id, run] : runs_)
    if (!run.directory.isEmpty()) directories << run.directory;
  return directories;
}

QString TrainPage::directoryOfModel(int libraryId) const {
  for (const auto& [id, run] : runs_)
    if (libraryId != 0 && run.libraryId == libraryId) return run.directory;
  return {};
}

QStringList TrainPage::unsavedRunNames() const {
  QStringList names;
  for (int id : unsavedRunIds()) names << runsList_->runName(id);
  return names;
}

}  // namespace al::ui
