#include "ui/pages/train_page.h"  // first: it brings the core headers before any Qt header

#include <utility>

#include <QAction>
#include <QComboBox>
#include <QSplitter>
#include <QVBoxLayout>

#include "core/error.h"
#include "ui/widgets/bare_layout.h"
#include "ui/widgets/curve_plot.h"
#include "ui/pages/curves_panel.h"
#include "ui/pages/run_timeline.h"
#include "ui/widgets/timeline_bar.h"
#include "ui/pages/train_samples_panel.h"
#include "ui/widgets/hyperparameter_form.h"
#include "ui/widgets/runs_list.h"
#include "ui/widgets/runs_panel.h"
#include "ui/session/training_controller.h"
#include "ui/widgets/data_source_picker.h"
#include "ui/session/model_files.h"
#include "ui/pages/norm_race.h"
#include "ui/widgets/error_banner.h"
#include "ui/widgets/live_curve_feed.h"
#include "ui/widgets/palette.h"
#include "ui/widgets/retranslate.h"
#include "ui/pages/train_settings_panel.h"
#include "ui/pages/training_controls.h"

namespace al::ui {

TrainPage::TrainPage(QWidget* parent)
    : QWidget(parent),
      settings_(new TrainSettingsPanel),
      controls_(new TrainingControls),
      banner_(new ErrorBanner),
      curves_(new CurvePlot),
      samples_(new TrainSamplesPanel),
      controller_(new TrainingController(this)),
      feed_(new LiveCurveFeed(curves_, this)),
      files_(new ModelFileJob(this)) {
  setObjectName("trainPage");
  connect(controls_->startAction(), &QAction::triggered, this, &TrainPage::start);
  connect(controls_->pauseAction(), &QAction::toggled, this, &TrainPage::setPaused);
  connect(controls_->stopAction(), &QAction::triggered, this, &TrainPage::stop);
  connect(banner_, &ErrorBanner::shown, this, &TrainPage::statusMessage);

  // Under the curves: the moments the run shown recorded while it trained (ui/pages/run_timeline.h).
  auto* curvesAndMoments = new QWidget;
  auto* curvesLayout = bareLayout<QVBoxLayout>(curvesAndMoments);
  curvesLayout->addWidget(createCurvesPanel(), 1);
  auto* timelineBar = new TimelineBar;
  curvesLayout->addWidget(timelineBar);
  auto* right = new QSplitter(Qt::Vertical);
  right->addWidget(curvesAndMoments);
  right->addWidget(samples_);  // a language model's only
  right->addWidget(createRunsPanel());
  right->setStretchFactor(0, 3);
  right->setStretchFactor(1, 2);
  right->setStretchFactor(2, 1);
  connect(samples_, &TrainSamplesPanel::sampleRequested, controller_, &TrainingController::sampleNow);
  followRunTimelines(*this, *timelineBar, *curves_, *runsList_);

  auto* left = new QWidget;
  auto* leftLayout = bareLayout<QVBoxLayout>(left);
  leftLayout->addWidget(controls_);
  leftLayout->addWidget(settings_, 1);
  left->setMinimumWidth(400);
  left->setMaximumWidth(560);

  auto* split = new QSplitter(Qt::Horizontal);
  split->addWidget(left);
  split->addWidget(right);
  split->setStretchFactor(1, 1);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(banner_);
  layout->addWidget(split, 1);

  connect(feed_, &LiveCurveFeed::tick, this, &TrainPage::takeTrainingUpdate);
  connect(controller_, &TrainingController::finished, this, &TrainPage::trainingFinished);
  connect(settings_->data(), &DataSourcePicker::sourceChosen, this, &TrainPage::hideError);
  connect(settings_->data(), &DataSourcePicker::readyChanged, this, [this](bool ready) {
    updateButtons();
    samples_->showFor(task(), dataSource());
    curves_->setPerplexityAxis(samples_->forWritingModel());  // a model that writes: a language model
    if (ready) emit dataCardChanged();
  });
  connect(settings_, &TrainSettingsPanel::error, this, &TrainPage::showError);

  // The last data source of the default task, if it still exists; the built-in data otherwise, so that the
  // first launch works offline.
  setTask(TaskKind::ImdbTransformer);
  updateButtons();
  setStatus([] { return tr("Choose data and a preset, then press Start (F5)."); });
  onLanguageChange(this, [this] {
    renameRunsForLanguage();
    sayAgainInTheLanguage();
  });
}

// The controller's destructor stops and joins the worker; the picker waits for a reading in flight. A model being
// saved is one of the runs: the writing must end before they go.
TrainPage::~TrainPage() { files_->waitForFinished(); }

QAction* TrainPage::startAction() const { return controls_->startAction(); }
QAction* TrainPage::pauseAction() const { return controls_->pauseAction(); }
QAction* TrainPage::stopAction() const { return controls_->stopAction(); }

// ---------------------------------------------------------------------------------------------------------------
// Building the page

QWidget* TrainPage::createCurvesPanel() {
  curvesPanel_ = new CurvesPanel(curves_);
  connect(curvesPanel_, &CurvesPanel::saved, this, [this](const QString& message) { setStatus([message] { return message; }); });
  connect(curvesPanel_, &CurvesPanel::failed, this, &TrainPage::showError);
  return curvesPanel_;
}

QWidget* TrainPage::createRunsPanel() {
  runsPanel_ = new RunsPanel(files_);
  connect(runsPanel_, &RunsPanel::openRequested, this, &TrainPage::openModelDialog);
  connect(runsPanel_, &RunsPanel::saveRequested, this, &TrainPage::saveModelDialog);
  connect(runsPanel_, &RunsPanel::removeRequested, this, &TrainPage::removeSelectedRun);
  runsList_ = runsPanel_->list();
  connect(runsList_, &RunsList::runToggled, this, [this](int id, bool checked) {
    curves_->setRunVisible(id, checked);
    curves_->refresh();
  });
  connect(runsList_, &RunsList::runRenamed, this, [this](int id, const QString& name) {
    auto it = runs_.find(id);
    if (it == runs_.end() || it->second.name == name) return;
    it->second.name = name;
    it->second.liveName = nullptr;  // the user's own name stays in every language
    curves_->renameRun(id, name);
    curves_->refresh();
  });
  return runsPanel_;
}

// ---------------------------------------------------------------------------------------------------------------
// Task, data, preset, hyper-parameters

void TrainPage::setTask(TaskKind kind) { settings_->setTask(kind); }
void TrainPage::setLibrary(ModelLibrary* library) {
  library_ = library;
  settings_->setLibrary(library);
}
void TrainPage::setStartFrom(int libraryId) { settings_->setStartFrom(libraryId); }
int TrainPage::startFrom() const { return settings_->startFrom(); }
TaskKind TrainPage::task() const { return settings_->task(); }
void TrainPage::setDataSource(const QString& source) { settings_->data()->setSource(source); }
QString TrainPage::dataSource() const { return settings_->data()->source(); }
bool TrainPage::dataCardReady() const { return settings_->data()->ready(); }
QString TrainPage::dataCardText() const { return settings_->data()->cardText(); }
void TrainPage::setPreset(const QString& preset) { settings_->parameters()->setPreset(preset); }
QString TrainPage::preset() const { return settings_->parameters()->preset(); }
void TrainPage::setParameter(const QString& key, const QVariant& value) { settings_->parameters()->setParameter(key, value); }
QVariant TrainPage::parameter(const QString& key) const { return settings_->parameters()->parameter(key); }
void TrainPage::chooseDataFile() { settings_->data()->chooseFile(); }
void TrainPage::chooseDataFolder() { settings_->data()->chooseFolder(); }

// ---------------------------------------------------------------------------------------------------------------
// Training

int TrainPage::addRun(const QString& name, const nlohmann::json& settings, bool checked, int plannedEpochs) {
  const int id = nextRunId_++;
  Run& run = runs_[id];
  run.name = name;
  run.settings = settings;
  curves_->addRun(id, name, palette::run(id), checked, plannedEpochs);
  runsList_->addRun(id, name, settingsSummary(settings), QString::fromStdString(settings.dump(2)), palette::run(id),
                    checked);
  return id;
}

void TrainPage::renameRunsForLanguage() {
  for (auto& [id, run] : runs_) {
    runsList_->setSummary(id, settingsSummary(run.settings));  // the data's title, the position, the epochs
    if (!run.liveName) continue;
    run.name = run.liveName();
    runsList_->setRunName(id, run.name);
    curves_->renameRun(id, run.name);
  }
  curves_->refresh();
}

std::function<QString()> TrainPage::liveRunName(int runId) const {
  const auto it = runs_.find(runId);
  return it == runs_.end() ? nullptr : it->second.liveName;
}

void TrainPage::start() {
  if (isTraining()) return;
  if (!settings_->data()->ready()) {
    setStatus([] { return tr("The data is still being read; Start will be possible in a moment."); });
    return;
  }
  hideError();
  const QStringList watched = settings_->typedWatchSentences();
  if (watched.size() > TrainSettingsPanel::kMaxWatchSentences) {
    showError(tr("A run watches at most %1 sentences while it trains; Watch sentences has %2 lines. Remove some.")
                  .arg(TrainSettingsPanel::kMaxWatchSentences)
                  .arg(watched.size()));
    return;
  }
  const RunRequest request = settings_->request();
  // Ticked runs stay ticked: a run ticked before Start is compared live with the new one ("with position"
  // against "without position").
  const auto runName = [number = nextRunId_] { return tr("Run %1").arg(number); };
  currentRunId_ = addRun(runName(), requestSettings(request), true, request.values.value(QStringLiteral("epochs")).toInt());
  runs_[currentRunId_].liveName = runName;
  setRunState(currentRunId_, [] { return tr("preparing"); });
  runsList_->selectRun(currentRunId_);
  curves_->refresh();

  runClock_.start();
  controls_->clearProgress(tr("preparing…"));
  endWords_ = nullptr;
  controls_->showPaused(false);
  samples_->clear();
  controller_->setSampling(samples_->prompt(), TrainSamplesPanel::kSampleTokens);
  std::vector<std::string> sentences;
  for (const QString& s : watched) sentences.push_back(s.toStdString());
  controller_->setTimeline(true, std::move(sentences));
  controller_->start(request);
  feed_->start();
  updateButtons();
  setStatus([source = dataSource(), task = taskInfo(task()).contractName] {
    return tr("Preparing: reading %1 and building the model…").arg(dataName(source, task));
  });
  emit trainingChanged(true);
}

void TrainPage::setPaused(bool paused) {
  if (!isTraining()) paused = false;
  controller_->setPaused(paused);
  controls_->showPaused(paused);
  samples_->setTraining(isTraining() && !paused);  // a sample is written between batches
  if (isTraining()) {
    setRunState(currentRunId_, [paused] { return paused ? tr("paused") : tr("training"); });
    setStatus([paused] { return paused ? tr("Paused. Press Resume (F6) to go on.") : tr("Training…"); });
  }
}

void TrainPage::stop() {
  if (!isTraining()) return;
  controller_->stop();
  controls_->showStopping();
  setStatus([] { return tr("Stopping after the current batch…"); });
}

bool TrainPage::isTraining() const { return controller_->busy(); }
bool TrainPage::isPaused() const { return controller_->paused(); }

int TrainPage::batchesSeen(int runId) const { return feed_->batches(runId); }

std::vector<EpochEvent> TrainPage::history(int runId) const {
  auto it = runs_.find(runId);
  return it == runs_.end() ? std::vector<EpochEvent>{} : it->second.history;
}

void TrainPage::takeTrainingUpdate() {
  const TrainingController::Update update = controller_->takeUpdate();
  auto it = runs_.find(currentRunId_);
  if (it == runs_.end()) return;
  Run& run = it->second;
  if (update.phase == TrainingController::Phase::Preparing) controls_->showPreparing(update.prepareFraction, update.preparing);
  if (update.phase == TrainingController::Phase::Testing && !std::exchange(run.testing, true)) {
    setRunState(currentRunId_, [] { return tr("testing"); });
    setStatus([] { return tr("Trained. Measuring the kept model on the test data…"); });
  }
  if (!update.batches.empty() && feed_->batches(currentRunId_) == 0) setRunState(currentRunId_, [] { return tr("training"); });
  for (const BatchEvent& e : update.batches) feed_->addBatch(currentRunId_, e);
  for (const EpochEvent& e : update.epochs) {
    run.history.push_back(e);
    feed_->addEpoch(currentRunId_, e);
    runsList_->setResult(currentRunId_, bestValidationAccuracy(run.history), runClock_.elapsed() / 1000.0,
                         isPaused() ? tr("paused") : tr("training"));
    run.liveState = [paused = isPaused()] { return paused ? tr("paused") : tr("training"); };
  }
  for (const TrainingController::Sample& s : update.samples) samples_->addSample(s);
  if (!update.batches.empty()) showBatchStatus(update.batches.back());
}

void TrainPage::showBatchStatus(const BatchEvent& e) {
  controls_->showBatch(e);
  if (!isPaused())
    setStatus([e] {
      return tr("Epoch %1, batch %2 of %3\nthis batch: loss %4 · accuracy %5 %")
          .arg(e.epoch)
          .arg(e.batch)
          .arg(e.batchesPerEpoch)
          .arg(e.loss, 0, 'f', 3)
          .arg(100 * e.accuracy, 0, 'f', 1);
    });
}

void TrainPage::trainingFinished() {
  feed_->stop();
  takeTrainingUpdate();  // whatever came after the last tick
  TrainingController::Outcome outcome = controller_->takeOutcome();
  const int id = currentRunId_;
  const bool trained = outcome.run != nullptr;
  if (trained)
    keepFinishedRun(id, std::move(outcome));
  else
    dropUnstartedRun(id, outcome);
  setPaused(false);
  updateButtons();
  curves_->refresh();
  emit trainingChanged(false);
  if (trained) addRunToLibrary(id);
  if (trained) emit runFinished(id);
}

// A finished or stopped run joins the session's library (a snapshot in memory, no file): the model pages show it.
void TrainPage::addRunToLibrary(int id) {
  const TrainingRun* run = trainingRun(id);
  if (!library_ || !run || !runFailure(id).isEmpty()) return;  // a failed run has nothing worth showing
  SessionModel model = snapshotOfRun(*run, runsList_->runName(id), runStopped(id) ? tr("stopped") : tr("finished"));
  model.liveName = liveRunName(id);
  model.timeline = timeline(id);  // every page that shows the model shows its moments at once
  setLibraryId(id, library_->add(std::move(model)));
}

const TrainingRun* TrainPage::trainingRun(int runId) const {
  const auto it = runs_.find(runId);
  return it == runs_.end() || (isTraining() && runId == currentRunId_) ? nullptr : it->second.run.get();
}

std::shared_ptr<const TrainingTimeline> TrainPage::timeline(int runId) const {
  const auto it = runs_.find(runId);
  if (it == runs_.end() || (isTraining() && runId == currentRunId_)) return nullptr;
  return it->second.timeline;
}

void TrainPage::setWatchSentences(const QStringList& sentences) { settings_->setWatchSentences(sentences); }

QStringList TrainPage::watchSentences() const {
  const QStringList typed = settings_->typedWatchSentences();
  return typed.isEmpty() ? settings_->defaultWatchSentences() : typed;
}

QString TrainPage::runFailure(int runId) const {
  const auto it = runs_.find(runId);
  return it == runs_.end() ? QString() : it->second.failure;
}

bool TrainPage::runStopped(int runId) const {
  const auto it = runs_.find(runId);
  return it != runs_.end() && it->second.stopped;
}

void TrainPage::keepFinishedRun(int id, TrainingController::Outcome outcome) {
  Run& run = runs_[id];
  run.stopped = outcome.stopped;
  run.seconds = runClock_.elapsed() / 1000.0;
  run.run = std::move(outcome.run);
  if (!outcome.result.history.empty()) run.history = outcome.result.history;
  run.keptEpoch = outcome.result.bestEpoch;
  run.timeline = outcome.timeline;
  if (outcome.test && run.run)
    run.test = testRecord(*outcome.test, run.run->testIsHeldOut());

  std::function<QString()> state;
  const int epochsDone = outcome.result.epochsDone, kept = outcome.result.bestEpoch;
  if (!outcome.error.isEmpty()) {
    state = [] { return tr("failed"); };
    run.failure = outcome.error;
    showError(tr("Training stopped with an error: %1 Its curves stay in the runs list.").arg(outcome.error));
  } else if (outcome.stopped) {
    state = [epochsDone] { return tr("stopped after epoch %1").arg(epochsDone); };
    setStatus([kept] { return tr("Stopped. The run keeps epoch %1; save it with Save model.").arg(kept); });
  } else {
    state = [kept] { return tr("done, kept epoch %1").arg(kept); };
    setStatus([seconds = run.seconds, kept, test = run.test] {
      return tr("Done in %1. Kept epoch: %2%3.")
          .arg(formatDuration(seconds))
          .arg(kept)
          .arg(!test ? QString()
               : test->heldOut ? tr("; on the test data: %1 % accuracy").arg(100 * test->accuracy, 0, 'f', 1)
                               : tr("; on the training data (this data has no test part): %1 % accuracy")
                                     .arg(100 * test->accuracy, 0, 'f', 1));
    });
  }
  runsList_->setResult(id, bestValidationAccuracy(run.history), run.seconds, state());
  run.liveState = state;
  if (!outcome.timelineError.isEmpty() && outcome.error.isEmpty())
    showError(tr("The run trained, but recorded no timeline: %1").arg(outcome.timelineError));
  if (run.test) runsList_->setTestAccuracy(id, run.test->accuracy, run.test->heldOut);
  // The row keeps the page's summary; its tooltip now shows every setting the run really used.
  runsList_->setSettings(id, settingsSummary(run.settings), QString::fromStdString(run.run->settings().dump(2)));
  endWords_ = [this, state, seconds = run.seconds, complete = outcome.error.isEmpty() && !outcome.stopped] {
    controls_->showEnd(state(), seconds, complete);
  };
  endWords_();
}

void TrainPage::dropUnstartedRun(int id, const TrainingController::Outcome& outcome) {
  // Nothing was trained (the data could not be read, or Stop came while preparing): the row would only confuse.
  removeRun(id);
  controls_->clearProgress();
  if (outcome.stopped)
    setStatus([] { return tr("Cancelled before training began."); });
  else
    showError(tr("Could not start training: %1").arg(outcome.error));
}

void TrainPage::updateButtons() {
  const bool training = isTraining();
  controls_->setTraining(training, settings_->data()->ready());
  samples_->setTraining(training && !isPaused());
  settings_->setEnabled(!training);  // the settings of a running run cannot change; the next run's can
}

// ---------------------------------------------------------------------------------------------------------------
// The runs (saving and opening them: train_page_files.cpp)

int TrainPage::addModelRun(const SessionModel& model, const QString& state) {
  return addModelRun(model, [state] { return state; });
}

int TrainPage::addModelRun(const SessionModel& model, std::function<QString()> state) {
  const int id = addRun(model.name, model.settings, true);
  Run& run = runs_[id];
  run.liveName = model.liveName;
  run.model = model;
  run.history = epochEvents(model.history);
  run.timeline = model.timeline;
  for (const EpochEvent& e : run.history) {
    feed_->addEpoch(id, e);
    run.seconds += e.seconds;
  }
  runsList_->setResult(id, bestValidationAccuracy(run.history), run.seconds, state());
  run.liveState = std::move(state);
  if (model.record && model.record->test) {
    run.test = model.record->test;
    runsList_->setTestAccuracy(id, run.test->accuracy, run.test->heldOut);
  }
  runsList_->selectRun(id);
  curves_->refresh();
  return id;
}

void TrainPage::listRunsOf(NormRace* race) {
  connect(race, &NormRace::raceFinished, this, [this, race] {
    for (NormRace::Side side : NormRace::kSides) {
      const TrainingRun* run = race->finishedRun(side);
      if (!run) continue;
      SessionModel model = snapshotOfRun(*run, race->runName(side), tr("raced"));
      model.liveName = race->liveRunName(side);
      const int id = addModelRun(model, [] { return tr("raced"); });
      runsList_->setTestAccuracy(id, race->testAccuracy(side));
      if (library_) setLibraryId(id, library_->add(std::move(model)));
    }
  });
}

void TrainPage::setLibraryId(int runId, int libraryId) {
  if (auto it = runs_.find(runId); it != runs_.end()) it->second.libraryId = libraryId;
}

bool TrainPage::removeRun(int runId) {
  // A save in progress reads the run's model: it stays until the file work is done.
  if (!runs_.count(runId) || (isTraining() && runId == currentRunId_) || filesBusy()) return false;
  if (library_ && runs_[runId].libraryId) library_->remove(runs_[runId].libraryId);  // its weights go too
  runsList_->removeRun(runId);
  curves_->removeRun(runId);
  curves_->refresh();
  runs_.erase(runId);
  feed_->forget(runId);
  if (runId == currentRunId_) currentRunId_ = -1;
  return true;
}

void TrainPage::removeSelectedRun() {
  const int id = runsList_->selectedRun();
  const auto it = runs_.find(id);
  if (it == runs_.end() || (isTraining() && id == currentRunId_)) return;
  // A trained run that was never saved is lost once removed: ask first.
  if (it->second.run && it->second.directory.isEmpty() && !runsPanel_->confirmRemovingUnsaved(it->second.name)) return;
  const QString name = it->second.name;
  if (!removeRun(id)) {
    setStatus([name] { return tr("The run \"%1\" is being saved or opened; remove it when that is done.").arg(name); });
    return;
  }
  setStatus([name] { return tr("Removed the run \"%1\".").arg(name); });
}

void TrainPage::exportFigure() { curvesPanel_->exportFigure(); }
void TrainPage::exportNumbers() { curvesPanel_->exportNumbers(); }

// ---------------------------------------------------------------------------------------------------------------
// Messages

void TrainPage::showError(const QString& message) { banner_->showError(message); }
void TrainPage::hideError() { banner_->hideError(); }
QString TrainPage::errorText() const { return banner_->text(); }

void TrainPage::setStatus(std::function<QString()> words) {
  statusWords_ = std::move(words);
  const QString text = statusWords_();
  controls_->setStatus(text);
  emit statusMessage(QString(text).replace(QLatin1Char('\n'), QStringLiteral(" · ")));
}

QString TrainPage::statusText() const { return controls_->status(); }

void TrainPage::setRunState(int runId, std::function<QString()> words) {
  const auto it = runs_.find(runId);
  if (it == runs_.end()) return;
  it->second.liveState = std::move(words);
  runsList_->setState(runId, it->second.liveState());
}

void TrainPage::sayAgainInTheLanguage() {
  if (statusWords_) setStatus(statusWords_);
  for (const auto& [id, run] : runs_)
    if (run.liveState) runsList_->setState(id, run.liveState());
  if (endWords_) endWords_();
}

}  // namespace al::ui
