// The Train page's runs as files: saving a run (its weights and training.json) and opening a model directory as a
// run, both on the file worker; what quitting would lose.
// Core headers first (through the page's header): Qt's `emit` macro must not reach them.
#include "ui/pages/train_page.h"

#include <filesystem>

#include "core/inference/training_timeline.h"

#include "ui/session/model_files.h"
#include "ui/text/kind_texts.h"
#include "ui/widgets/runs_list.h"
#include "ui/widgets/runs_panel.h"

namespace al::ui {

bool TrainPage::saveModel(int runId, const QString& dir) {
  auto it = runs_.find(runId);
  if (it == runs_.end()) {
    showError(tr("There is no run to save yet: train one first."));
    return false;
  }
  Run& run = it->second;
  if (!run.failure.isEmpty()) {
    showError(tr("\"%1\" failed (%2); its weights are not worth saving. Train it again with a smaller learning "
                 "rate.").arg(run.name, run.failure));
    return false;
  }
  if (runId == currentRunId_ && isTraining()) {
    showError(tr("\"%1\" is still training: stop it or wait for the end, then save.").arg(run.name));
    return false;
  }
  // A finished run no longer changes, and a model of the session never does: the worker may read either.
  // The weights, and beside them training.json: data, seed, kept epoch and test score.
  std::function<void()> write;
  if (run.run)
    write = [trained = run.run.get(), path = std::filesystem::path(dir.toStdString()), kept = run.keptEpoch,
             test = run.test, timeline = run.timeline] {
      saveWithRecord(*trained, path, kept, test);
      if (timeline) writeTrainingTimeline(path / kTimelineFile, *timeline);  // as attentionlab-cli train --watch
    };
  else if (run.model)
    write = [model = *run.model, dir] { saveSessionModel(model, dir); };
  const QString name = run.name;
  files_->save(
      dir, write,
      [this, runId, dir, name] {
        if (auto saved = runs_.find(runId); saved != runs_.end()) saved->second.directory = dir;
        hideError();
        setStatus([name, dir] { return tr("Saved \"%1\" to %2").arg(name, dir); });
      },
      [this](const QString& message) { showError(tr("Could not save the model: %1").arg(message)); });
  return true;
}

void TrainPage::openModel(const QString& dir) {
  files_->open(
      dir,
      [this, dir](SessionModel model) {
        // A pretrained folder has no training to show and is never trained here: the pages that read it open it.
        if (model.kind() && !model.kind()->trainable()) {
          showError(tr("%1 is a pretrained model (%2): it is read, not trained, so the Train page does not list it. "
                       "Open it on a page that shows it.").arg(model.name, kindTitle(*model.kind())));
          return;
        }
        hideError();
        const int runId = addModelRun(model, [] { return tr("opened"); });
        runs_[runId].directory = dir;
        setStatus([dir, epochs = model.history.size()] { return tr("Opened %1: %2 epochs of history.").arg(dir).arg(epochs); });
        if (library_) runs_[runId].libraryId = library_->add(std::move(model));
      },
      [this](const QString& message) { showError(tr("Could not open the model: %1").arg(message)); });
}

bool TrainPage::filesBusy() const { return files_->busy(); }

void TrainPage::openModelDialog() {
  const QString dir = runsPanel_->askDirectoryToOpen();
  if (!dir.isEmpty()) openModel(dir);
}

bool TrainPage::hasRunToSave() const {
  int id = runsList_->selectedRun();
  if (id < 0) id = currentRunId_;
  return id >= 0 && runs_.count(id) > 0;
}

void TrainPage::saveModelDialog() {
  int id = runsList_->selectedRun();
  if (id < 0) id = currentRunId_;
  if (id < 0 || !runs_.count(id)) {
    showError(tr("There is no run to save yet: train one first."));
    return;
  }
  const QString dir = runsPanel_->askDirectoryToSave(runs_[id].name);
  if (!dir.isEmpty()) saveModel(id, dir);
}

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
