#pragma once
// The models of a session, in one place: every finished or stopped run of the Train page, the normalization race's
// runs, the toy models trained on the model pages and every opened model directory, as a shared, read-only
// snapshot with its task, settings, history and status as data. The main window owns the library; the model pages
// (ui/pages/model_page.h) observe it (modelAdded, modelRemoved) and list the models they can show. A model never
// travels between pages through a temporary folder, a widget's text or the main window.
//
// Core headers come first: a core header must never see Qt's `emit` macro (it breaks oneTBB's headers).
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/catalogue/model_catalogue.h"
#include "core/inference/any_model.h"
#include "core/io/history.h"
#include "core/io/training_record.h"
#include "core/models/head_switches.h"
#include "core/train/run.h"

#include <QObject>
#include <QString>
#include <QStringList>

namespace al {
class Error;              // core/error.h
struct TrainingTimeline;  // core/inference/training_timeline.h
}  // namespace al

namespace al::ui {

// One model of the session: a loaded model of any kind (core/inference/any_model.h) with what the session knows of it.
struct SessionModel {
  int id = 0;
  QString name;                  // "Run 3", "race 2 layer norm", "toy masked-LM", a directory's name
  AnyModel model;                // its task (the contract's name) and its weights, shared and read-only
  nlohmann::json settings;       // the one settings shape (core/train/hyperparameters.h)
  std::vector<io::EpochRecord> history;
  QString status;                // "finished", "stopped", "raced", "toy", "opened" (translated, but "toy")
  QString directory;             // the directory it was opened from (empty for a model of this session)
  std::optional<io::TrainingRecord> record;  // its data, seed, kept epoch and test score, when known (training.json)
  // Heads switched off on the Attention page (no replacement means: zeros). Every page that reads the model applies
  // them, so that its answers agree from page to page; ModelLibrary::setSwitchedOff changes them.
  HeadSwitches switchedOff;
  // For a name the app made up ("Run 3", "toy, learned position"): the name said again in the language of now. The
  // library calls it when the language changes and tells the pages (modelRenamed). Empty for a directory's name.
  std::function<QString()> liveName;
  // What it showed of the sentences its run watched while it trained: recorded by a run of the Train page, read with
  // its directory (timeline.json), written with it. Null without one; timelineError: why its directory's could not
  // be read (the model opened without it).
  std::shared_ptr<const TrainingTimeline> timeline;
  std::shared_ptr<const Error> timelineError;

  // Its entry in the catalogue (null only for a task this version does not know, which the library never holds).
  const ModelKind* kind() const { return findModelKind(model.task); }
  bool can(Ability ability) const { return kind() && kind()->can(model, ability); }
  // The weights when they are of type M (ImdbTransformerModel, MaskedLmModel, ...), else null.
  template <class M>
  std::shared_ptr<const M> as() const { return model.as<M>(); }
};

// A model known by its name, weights and status ("finished", "opened", "toy") only; the rest is filled in when known.
SessionModel sessionModel(const QString& name, AnyModel model, const QString& status);

// A snapshot of a run's model as it is now (after training: its best epoch). Copies the weights once; the run
// may go on or be dropped. Call it when the run is not training (its thread has finished).
SessionModel snapshotOfRun(const TrainingRun& run, const QString& name, const QString& status);

// The seed its settings name (a run's, a toy's, a directory's training.json), when they name one.
std::optional<uint64_t> trainingSeed(const SessionModel& model);

// The words the model reads (core/inference/model_words.h); nothing for a model without weights.
std::optional<ModelWords> modelWordsOf(const SessionModel& model);

class ModelLibrary : public QObject {
  Q_OBJECT
 public:
  explicit ModelLibrary(QObject* parent = nullptr);

  // Adds the model (its id is assigned here) and tells the observers; returns the id.
  int add(SessionModel model);
  const std::vector<SessionModel>& models() const { return models_; }
  const SessionModel* model(int id) const;  // null for an unknown id
  // Drops the model (its weights are freed once no page shows them any more) and tells the observers first,
  // so that a page showing it can let it go. Unknown ids are ignored.
  void remove(int id);
  // Switches the heads of model `id` off (every other head on) and tells the observers. Unknown ids are ignored.
  void setSwitchedOff(int id, HeadSwitches switches);
  // Says every made-up name again in the current language (liveName) and tells the observers of each that changed.
  // The library does it by itself when the application's language changes, before any window redraws its texts.
  void retranslateNames();
  // The next model added from `directory` arrives with `switches` off (a session opened again: its models are read
  // on a worker thread and arrive later). Once only; an empty directory is ignored.
  void switchOffOnArrival(const QString& directory, HeadSwitches switches);
  // A page now shows model `id` (the user chose it, or it arrived on a page that had none), read on `texts` (the
  // Generate page's prompt; may be empty). The Step-through page walks the model shown last of each kind it can
  // walk. Unknown ids are ignored.
  void noteShown(int id, const QStringList& texts = {});

 signals:
  void modelAdded(int id);
  void switchedOffChanged(int id);  // model(id)->switchedOff changed
  void modelRenamed(int id);  // model(id)->name changed (a new language)
  void modelRemoved(int id);  // emitted while model(id) still answers
  void modelShown(int id, const QStringList& texts);  // noteShown

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;  // the application's LanguageChange

 private:
  std::vector<SessionModel> models_;
  int nextId_ = 1;
  std::vector<std::pair<QString, HeadSwitches>> arrivals_;  // directory, its switches (switchOffOnArrival)
};

}  // namespace al::ui
