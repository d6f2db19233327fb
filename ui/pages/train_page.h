#pragma once
// The Train page: where a lecturer picks a task, data and preset, presses Start, and the class watches the model
// learn. Every run of the session stays in the runs list; tick runs to overlay their curves.
//
//   settings (left)                       curves (right, top)
//   task, data + data card, preset,       loss and accuracy per batch / per epoch / validation
//   hyper-parameters, Start Pause Stop,   runs list (right, bottom): tick to compare, save, open
//   progress with samples/s and time left
//
// The page puts together parts that each do one job: the settings panel (task, data and its card, preset,
// hyper-parameters, "Start from"), the training controls, the curves panel with its export, the runs panel (the
// runs list with Open / Save / Remove) and the error banner (ui/widgets/). What is left here is the runs of the
// session: starting one, keeping it when it ends, saving and opening them.
// Training runs on a worker thread (TrainingController); a 30 Hz timer takes what happened and redraws once.
// Errors (unreadable data, a model of another task, a diverging run) show in a banner at the top of the page;
// the page keeps working and keeps every finished run.
#include <functional>
#include <map>
#include <memory>
#include <vector>

#include <optional>

#include "ui/session/run_factory.h"
#include "ui/session/model_library.h"
#include "ui/session/training_controller.h"

#include <QElapsedTimer>
#include <QVariant>
#include <QWidget>
#include "ui/session/page_state.h"

class QAction;

namespace al::ui {

class CurvePlot;
class CurvesPanel;
class ErrorBanner;
class LiveCurveFeed;
class ModelFileJob;
class NormRace;
class RunsList;
class RunsPanel;
class TrainingControls;
class TrainSamplesPanel;
class TrainSettingsPanel;

class TrainPage : public QWidget, public PageState {
  Q_OBJECT
 public:
  // What a session keeps of the page (ui/session/page_state.h; the keys are in ui/pages/page_states.cpp).
  QJsonObject saveState() const override;
  void restoreState(const QJsonObject& state) override;
  explicit TrainPage(QWidget* parent = nullptr);
  ~TrainPage() override;

  // Start (F5), Pause/Resume (F6), Stop (Shift+F5): the main window puts them in its menu.
  QAction* startAction() const;
  QAction* pauseAction() const;
  QAction* stopAction() const;

  // --- What a user sets (the dialogs call these; tests call them directly) ---
  void setTask(TaskKind kind);
  TaskKind task() const;
  // "builtin" or a path (folder, archive, CSV, TSV, dialogs file). Reads it in the background for the data card;
  // an unreadable source shows an error and the previous source stays chosen.
  void setDataSource(const QString& source);
  QString dataSource() const;
  bool dataCardReady() const;  // false while the data is being read
  QString dataCardText() const;
  void setPreset(const QString& preset);
  QString preset() const;
  void setParameter(const QString& key, const QVariant& value);
  QVariant parameter(const QString& key) const;

  // The sentences the next runs' timelines watch (the settings' Watch sentences field): up to 4, one a line; none
  // typed: the corpus's own.
  void setWatchSentences(const QStringList& sentences);
  QStringList watchSentences() const;  // what a run started now watches

  // --- Training ---
  void start();
  void setPaused(bool paused);
  void stop();
  bool isTraining() const;
  bool isPaused() const;
  int currentRunId() const { return currentRunId_; }  // the run training now, or the last one started
  int batchesSeen(int runId) const;                   // batch points drawn for that run
  std::vector<EpochEvent> history(int runId) const;
  // The finished run itself (null while it trains, for a model opened from disk, or an unknown id), for the
  // session's model library; why it failed (empty when it did not); whether it was stopped early.
  const TrainingRun* trainingRun(int runId) const;
  // What the finished run recorded while it trained (null: none, or it is still training). Saving the run writes it
  // beside the model as timeline.json.
  std::shared_ptr<const TrainingTimeline> timeline(int runId) const;
  QString runFailure(int runId) const;
  // The run's name as a function of the language of the moment ("Run 3" / "运行 3"), for a name the app gave and the
  // user has not changed; empty otherwise (SessionModel::liveName).
  std::function<QString()> liveRunName(int runId) const;
  bool runStopped(int runId) const;
  // Runs trained here that hold weights and were never saved (finished or stopped; not failed): what quitting
  // would lose.
  QStringList unsavedRunNames() const;
  QList<int> unsavedRunIds() const;  // the same runs, by id
  QStringList runDirectories() const;  // where the runs were saved or opened from, in the list's order
  QString directoryOfModel(int libraryId) const;  // where the run of that library model was saved or opened from

  // --- Models of the session ---
  // Opened models go into the library too (the Attention and Chatbot pages show them); none by default.
  // Its masked-LM models are offered as the start of an IMDB Transformer run ("Start from").
  void setLibrary(ModelLibrary* library);
  // The "Start from" choice of an IMDB Transformer run: -1 for scratch, or a library id of a masked-LM.
  void setStartFrom(int libraryId);
  int startFrom() const;
  // A model of the session (an opened directory, a run of the normalization race) as a run of the list: its
  // curves and its history; it can be saved. Returns the run's id; the run is selected.
  int addModelRun(const SessionModel& model, const QString& state);
  int addModelRun(const SessionModel& model, std::function<QString()> state);  // a state said again in a new language
  // The run's model is this model of the session's library: removing the run removes it there too.
  void setLibraryId(int runId, int libraryId);
  // The normalization race's two finished runs join the runs list (to overlay them with runs of one's own) and the
  // library, each time the race finishes.
  void listRunsOf(NormRace* race);

  // --- Files, read and written on a worker thread, one after the other (filesBusy() until the last result is on
  // the page); the status line then says where it went, or the banner why not ---
  bool saveModel(int runId, const QString& dir);  // false: there is nothing to save, the banner says why
  bool hasRunToSave() const;  // a run chosen in the runs list, or a last run: what saveModelDialog saves
  void openModel(const QString& dir);             // adds the model's history as a run
  bool filesBusy() const;
  // Takes a finished run (or an opened model) out of the list and the curves, and frees its model and data.
  // false for the run that is training, while a file is being read or written, and for an unknown id.
  bool removeRun(int runId);

  // --- What the page shows, for tests and the main window ---
  CurvePlot* curves() const { return curves_; }
  RunsList* runs() const { return runsList_; }
  TrainSamplesPanel* samples() const { return samples_; }  // a language model's samples while it trains
  QString errorText() const;  // the banner's message, empty when hidden
  QString statusText() const;

 public slots:
  void chooseDataFile();
  void chooseDataFolder();
  void openModelDialog();
  void saveModelDialog();
  // Remove (the Delete key, the runs list's menu): the selected run, after a question when it was never saved.
  void removeSelectedRun();
  void exportFigure();  // the main window's File > Export figure
  void exportNumbers();

 signals:
  void statusMessage(const QString& message);  // for the status bar
  void trainingChanged(bool training);
  void runFinished(int runId);
  void dataCardChanged();

 private:
  struct Run {
    QString name;
    std::function<QString()> liveName;  // for a made-up name the user has not changed: says it in the new language
    std::unique_ptr<TrainingRun> run;  // null for a model of the session that was not trained here
    std::optional<SessionModel> model;  // such a model (shares its weights with the library's snapshot)
    nlohmann::json settings;
    std::vector<EpochEvent> history;
    double seconds = 0;
    QString directory;  // where it was saved or opened from
    QString failure;    // why training failed (a diverging loss); such weights are not saved
    bool stopped = false;  // stopped early by the user
    bool testing = false;  // its kept model is being measured on the test data (or was)
    int keptEpoch = 0;
    std::optional<io::TrainingRecord::Test> test;  // the kept model's test score, once measured
    std::shared_ptr<const TrainingTimeline> timeline;  // recorded while it trained
    int libraryId = 0;  // its model in the session's library (0: none)
    std::function<QString()> liveState;  // its state in the runs list, said again in a new language
  };

  QWidget* createCurvesPanel();
  QWidget* createRunsPanel();
  int addRun(const QString& name, const nlohmann::json& settings, bool checked, int plannedEpochs = 0);
  void renameRunsForLanguage();  // every made-up run name and every summary said again, in the list and on the curves

  void takeTrainingUpdate();  // each tick of the curve feed
  void showBatchStatus(const BatchEvent& e);
  void trainingFinished();
  void keepFinishedRun(int id, TrainingController::Outcome outcome);
  void addRunToLibrary(int id);
  void dropUnstartedRun(int id, const TrainingController::Outcome& outcome);
  void updateButtons();
  void showError(const QString& message);
  void hideError();
  // The status line, said again in the language of now when the language changes (until another status replaces
  // it); a run's state in the runs list the same way.
  void setStatus(std::function<QString()> words);
  void setRunState(int runId, std::function<QString()> words);
  void sayAgainInTheLanguage();  // the status line, the runs' states and the last run's end


  // Settings: the task, where the data comes from, the preset and hyper-parameters.
  TrainSettingsPanel* settings_;

  // Training: the buttons and progress, the worker, the curves it feeds.
  TrainingControls* controls_;
  ErrorBanner* banner_;
  CurvePlot* curves_;
  CurvesPanel* curvesPanel_;
  RunsPanel* runsPanel_;
  TrainSamplesPanel* samples_;
  RunsList* runsList_;
  TrainingController* controller_;
  LiveCurveFeed* feed_;
  ModelFileJob* files_;
  ModelLibrary* library_ = nullptr;
  QElapsedTimer runClock_;

  std::function<QString()> statusWords_;
  std::function<void()> endWords_;  // the progress bar's words at the last run's end, said again
  std::map<int, Run> runs_;
  int nextRunId_ = 1;
  int currentRunId_ = -1;
};

}  // namespace al::ui
