#include "ui/pages/norm_race.h"
#include "ui/pages/race_format.h"

#include <algorithm>
#include <cmath>

#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "ui/widgets/bare_layout.h"
#include "ui/widgets/curve_plot.h"
#include "ui/widgets/retranslate.h"
#include "ui/session/training_controller.h"
#include "ui/widgets/live_curve_feed.h"
#include "ui/widgets/palette.h"

namespace al::ui {
using race::count;
using race::kSideColour;
using race::percent;

namespace {

const char* const kNormValue[2] = {"layer", "batch"};



}  // namespace

NormRace::NormRace(QWidget* parent)
    : QWidget(parent),
      progress_(new QProgressBar),
      summary_(new QLabel),
      curves_(new CurvePlot),
      feed_(new LiveCurveFeed(curves_, this)) {
  auto* intro = new QLabel;
  intro->setWordWrap(true);
  intro->setTextFormat(Qt::RichText);

  progress_->setRange(0, 1000);
  progress_->setValue(0);
  progress_->setTextVisible(false);
  progress_->setMaximumHeight(10);

  summary_->setObjectName("raceSummary");
  summary_->setWordWrap(true);
  summary_->setTextFormat(Qt::RichText);
  summary_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  summary_->setMinimumHeight(90);

  curves_->setObjectName("raceCurves");
  curves_->setMinimumHeight(300);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(intro);
  layout->addWidget(createSettingsBar());
  layout->addWidget(progress_);
  layout->addWidget(curves_, 1);
  layout->addWidget(summary_);

  // Queue run i is side i: both at once, the one ahead waiting for the other on its worker (pacer_).
  queue_ = new RunQueue(this);
  queue_->setSideBySide(kSides.size(), &pacer_);
  connect(queue_, &RunQueue::updated, this,
          [this](int i, const TrainingController::Update& update) { takeUpdate(kSides[static_cast<size_t>(i)], update); });
  connect(queue_, &RunQueue::runFinished, this, [this](int i) { racerFinished(kSides[static_cast<size_t>(i)]); });
  connect(queue_, &RunQueue::allFinished, this, &NormRace::bothFinished);

  setPreset(defaultPreset(TaskKind::ImdbTransformer));
  setState(State::Ready);
  setTranslatedTexts(this, [this, intro] {
    intro->setText(
        tr("<b>The claim:</b> batch normalization does not work well on sequences; layer normalization, which "
           "normalizes each word on its own, does. <b>The test:</b> two IMDB Transformer encoders that differ only "
           "in their normalization train side by side: same reviews, same split, same seed (so the same first "
           "weights and the same batches), one processor core each. Then both are tested on reviews they never "
           "saw."));
    if (state_ == State::Ready)
      showSummary(tr("Press <b>Start race</b>. On the built-in reviews the race takes well under a minute; on the "
                     "real IMDB archive with the classroom preset, several minutes."));
  });
}

NormRace::~NormRace() { delete queue_; }

QWidget* NormRace::createSettingsBar() {
  dataBox_ = new QComboBox;
  dataBox_->setObjectName("raceData");
  dataBox_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);  // a long path must not widen
  dataBox_->setMinimumContentsLength(14);                                             // the page past 1280 px
  for (const auto& [builtin, title] : taskInfo(TaskKind::ImdbTransformer).builtinData)  // English and Chinese
    dataBox_->addItem(title, builtin);
  connect(dataBox_, &QComboBox::activated, this, [this](int i) { setDataSource(dataBox_->itemData(i).toString()); });
  auto* choose = new QPushButton;
  choose->setObjectName("raceChooseData");
  connect(choose, &QPushButton::clicked, this, &NormRace::chooseDataFile);

  presetBox_ = new QComboBox;
  presetBox_->setObjectName("racePreset");
  presetBox_->addItems(presetNames(TaskKind::ImdbTransformer));
  connect(presetBox_, &QComboBox::activated, this, [this](int i) { setPreset(presetBox_->itemText(i)); });

  epochs_ = new QSpinBox;
  epochs_->setObjectName("raceEpochs");
  epochs_->setRange(1, 1000);

  seed_ = new QSpinBox;
  seed_->setObjectName("raceSeed");
  seed_->setRange(0, 2147483647);
  seed_->setValue(static_cast<int>(TrainingSettings{}.seed));

  paddingBox_ = new QComboBox;  // item data: the config value of batch_norm_padding
  paddingBox_->setObjectName("raceBatchNormPadding");
  paddingBox_->addItem(QString(), QStringLiteral("exclude"));
  paddingBox_->addItem(QString(), QStringLiteral("include"));

  startButton_ = new QPushButton;
  startButton_->setObjectName("raceStart");
  pauseButton_ = new QPushButton;
  pauseButton_->setObjectName("racePause");
  pauseButton_->setCheckable(true);
  stopButton_ = new QPushButton;
  stopButton_->setObjectName("raceStop");
  connect(startButton_, &QPushButton::clicked, this, &NormRace::start);
  connect(pauseButton_, &QPushButton::toggled, this, &NormRace::setPaused);
  connect(stopButton_, &QPushButton::clicked, this, &NormRace::stop);

  // Two rows, the settings and then the buttons: on one row the bar is wider than a projector's 1280 px.
  auto* bar = new QWidget;
  auto* rows = bareLayout<QVBoxLayout>(bar);
  auto* layout = new QHBoxLayout;
  rows->addLayout(layout);
  QLabel* labels[5];
  for (QLabel*& label : labels) label = new QLabel;
  layout->addWidget(labels[0]);
  layout->addWidget(dataBox_, 2);
  layout->addWidget(choose);
  layout->addSpacing(12);
  layout->addWidget(labels[1]);
  layout->addWidget(presetBox_);
  layout->addWidget(labels[2]);
  layout->addWidget(epochs_);
  layout->addWidget(labels[3]);
  layout->addWidget(seed_);
  setTranslatedTexts(this, [=, this] {
    labels[4]->setText(tr("Batch norm counts"));
    paddingBox_->setItemText(0, tr("real words only"));
    paddingBox_->setItemText(1, tr("padding too (Keras)"));
    paddingBox_->setToolTip(tr("Keras pads every review to the sequence length, and a BatchNormalization layer that no "
                               "mask reaches (as in the book's encoder) takes its statistics over the padding too, so "
                               "short reviews are normalized with numbers that are mostly padding. Choose it to race "
                               "that batch norm."));
    labels[0]->setText(tr("Data"));
    for (const auto& [builtin, title] : taskInfo(TaskKind::ImdbTransformer).builtinData)
      if (const int item = dataBox_->findData(builtin); item >= 0) dataBox_->setItemText(item, title);
    labels[1]->setText(tr("Preset"));
    labels[2]->setText(tr("Epochs"));
    labels[3]->setText(tr("Seed"));
    dataBox_->setToolTip(tr("The reviews both encoders learn from. Use Choose… for the real IMDB archive "
                            "(aclImdb_v1.tar.gz) or an aclImdb folder."));
    choose->setText(tr("Choose…"));
    presetBox_->setToolTip(tr("tiny: seconds, for the built-in reviews. classroom: minutes, for real IMDB. book: "
                              "the source text's exact model (slow)."));
    epochs_->setToolTip(tr("The budget: both encoders get exactly this many passes over the training data."));
    seed_->setToolTip(tr("Decides the first weights, the split and the order of the batches, the same for both "
                         "runs. Another seed is another throw of the dice: race again to see whether a lead holds."));
    startButton_->setText(tr("Start race"));
    pauseButton_->setText(pauseButton_->isChecked() ? tr("Resume") : tr("Pause"));
    stopButton_->setText(tr("Stop"));
  });
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(labels[4]);
  buttons->addWidget(paddingBox_);
  buttons->addSpacing(12);
  buttons->addWidget(startButton_);
  buttons->addWidget(pauseButton_);
  buttons->addWidget(stopButton_);
  buttons->addStretch(1);
  rows->addLayout(buttons);
  return bar;
}

// ---------------------------------------------------------------------------------------------------------------
// Settings

void NormRace::setDataSource(const QString& source) {
  dataSource_ = source;
  int i = dataBox_->findData(source);
  if (i < 0) {
    dataBox_->addItem(QFileInfo(source).fileName(), source);
    i = dataBox_->count() - 1;
    dataBox_->setItemData(i, source, Qt::ToolTipRole);
  }
  dataBox_->setCurrentIndex(i);
}

void NormRace::chooseDataFile() {
  const QString path =
      QFileDialog::getOpenFileName(this, tr("Reviews for the race"), QDir::homePath(),
                                   taskInfo(TaskKind::ImdbTransformer).dataFileFilter);
  if (!path.isEmpty()) setDataSource(path);
}

void NormRace::setPreset(const QString& preset) {
  const int i = presetBox_->findText(preset);
  if (i < 0) return;
  presetBox_->setCurrentIndex(i);
  for (const HyperParameter& p : presetParameters(TaskKind::ImdbTransformer, preset))
    if (p.key == QLatin1String("epochs")) epochs_->setValue(p.value.toInt());
}

QString NormRace::preset() const { return presetBox_->currentText(); }

void NormRace::setEpochs(int epochs) { epochs_->setValue(epochs); }

int NormRace::epochs() const { return epochs_->value(); }

void NormRace::setSeed(int seed) { seed_->setValue(seed); }

int NormRace::seed() const { return seed_->value(); }

void NormRace::setBatchNormCountsPadding(bool counts) { paddingBox_->setCurrentIndex(counts ? 1 : 0); }

bool NormRace::batchNormCountsPadding() const { return paddingBox_->currentIndex() == 1; }

QString NormRace::name(Side side) const { return sideName(side, batchNormCountsPadding()); }

QString NormRace::sideName(Side side, bool paddingCounted) {
  if (side == Side::Layer) return tr("layer norm");
  return paddingCounted ? tr("batch norm, padding counted") : tr("batch norm");
}

int NormRace::batchesSeen(Side side) const { return feed_->batches(static_cast<int>(index(side))); }

// "layer norm: " in bold and in the run's colour, to begin a line about the run.
QString NormRace::runLabel(Side side) const {
  return QStringLiteral("<b style='color:%1'>%2</b>: ").arg(kSideColour[index(side)].name(), name(side));
}

// Both requests are the same but for the normalization: same data, preset, budget and seed. One thread each, so
// that on a two-core machine the two runs share the processor evenly and keep pace.
RunRequest NormRace::request(Side side) const {
  RunRequest r;
  r.task = TaskKind::ImdbTransformer;
  r.data = dataSource_;
  r.preset = preset();
  r.values[QStringLiteral("norm")] = QString::fromLatin1(kNormValue[index(side)]);
  if (side == Side::Batch) r.values[QStringLiteral("batch_norm_padding")] = paddingBox_->currentData().toString();
  r.values[QStringLiteral("epochs")] = epochs();
  r.values[QStringLiteral("seed")] = seed();
  r.values[QStringLiteral("threads")] = 1;
  return r;
}

// ---------------------------------------------------------------------------------------------------------------
// The race

void NormRace::start() {
  if (isRacing()) return;
  error_.clear();
  ++raceNumber_;
  for (Side side : kSides) {
    const int id = static_cast<int>(index(side));
    curves_->removeRun(id);
    feed_->forget(id);
    curves_->addRun(id, name(side), kSideColour[id]);
    Racer& racer = runs_[index(side)];
    racer = Racer{};
    racer.line = runLabel(side) + tr("reading the reviews and building the model…");
  }
  curves_->refresh();
  std::vector<RunQueue::Run> runs;
  for (Side side : kSides) runs.push_back({name(side), request(side), {}});
  setState(State::Racing);  // before the queue starts: its first signals find a race
  queue_->start(std::move(runs));
  progress_->setValue(0);
  emit statusMessage(tr("Race started: layer norm against batch norm, %1 preset, %2 epochs each")
                         .arg(preset())
                         .arg(epochs()));
  feed_->start();
}

void NormRace::setPaused(bool paused) {
  if (state_ != State::Racing) return;
  // Pause holds both runs; the one ahead also waits for the other on its own, on its worker thread (pacer_).
  queue_->setPaused(paused);
  {
    const QSignalBlocker blocker(pauseButton_);
    pauseButton_->setChecked(paused);
  }
  pauseButton_->setText(paused ? tr("Resume") : tr("Pause"));
  emit statusMessage(paused ? tr("Race paused") : tr("Race resumed"));
}

int NormRace::maxLead() const {
  return RacePacer::maxLead(static_cast<size_t>(std::max(runs_[0].batchesPerEpoch, runs_[1].batchesPerEpoch)));
}

void NormRace::stop() {
  if (state_ != State::Racing) return;
  queue_->stop();
}

void NormRace::takeUpdate(Side side, const TrainingController::Update& update) {
  Racer& racer = runs_[index(side)];
  const int id = static_cast<int>(index(side));
  for (const BatchEvent& e : update.batches) {
    racer.batchesPerEpoch = static_cast<int>(e.batchesPerEpoch);
    feed_->addBatch(id, e);
  }
  for (const EpochEvent& e : update.epochs) {
    racer.history.push_back(e);
    feed_->addEpoch(id, e);
  }
  if (!update.batches.empty()) racer.lastFraction = update.batches.back().fraction;
  updateLine(side, update);
  progress_->setValue(static_cast<int>(1000 * (runs_[0].lastFraction + runs_[1].lastFraction) / 2));
  if (state_ != State::Racing) return;
  showSummary(runs_[0].line + QStringLiteral("<br>") + runs_[1].line);
}

// One line per run under the curves: where it is and how it does, in the run's colour.
void NormRace::updateLine(Side side, const TrainingController::Update& update) {
  Racer& racer = runs_[index(side)];
  const QString who = runLabel(side);
  if (!update.batches.empty()) {
    const BatchEvent& e = update.batches.back();
    const SmoothedCurve curve = feed_->curve(static_cast<int>(index(side)));
    racer.line = who + tr("epoch %1 of %2, batch %3 of %4 · smoothed loss %5 · accuracy %6")
                           .arg(e.epoch)
                           .arg(epochs())
                           .arg(e.batch)
                           .arg(e.batchesPerEpoch)
                           .arg(curve.loss(), 0, 'f', 3)
                           .arg(percent(curve.accuracy()));
  } else if (update.phase == TrainingController::Phase::Testing) {
    racer.line = who + tr("trained %1 epochs; now tested on reviews it has never seen…").arg(racer.history.size());
  } else if (update.phase == TrainingController::Phase::Preparing && !update.preparing.isEmpty()) {
    racer.line = who + QStringLiteral("%1 (%2)").arg(update.preparing.toHtmlEscaped(), percent(update.prepareFraction));
  }
}

void NormRace::racerFinished(Side side) {
  Racer& racer = runs_[index(side)];  // its last batches and epochs came just before, through takeUpdate()
  TrainingController::Outcome outcome = queue_->takeOutcome(index(side));
  racer.run = std::move(outcome.run);
  if (racer.run) racer.settings = racer.run->settings();
  racer.error = outcome.stopped ? QString() : outcome.error;  // a cancellation by Stop is no failure
  // The controller tests a run on the test split (reviews neither model saw, not even to choose the best epoch),
  // with the kept epoch's weights. A stopped race is no fair comparison: its scores are not shown.
  if (outcome.test && !outcome.stopped) {
    racer.testAccuracy = outcome.test->accuracy();
    racer.testSamples = static_cast<size_t>(outcome.test->total);
    racer.line = runLabel(side) + tr("done, %1 of the test reviews right.").arg(percent(racer.testAccuracy));
  }
  racer.done = true;
  // One runner out (a data error, a diverging loss, Stop) ends the race for both: no fair comparison is left. (The
  // queue stops the other on an error too; a cancellation while preparing is not one there.)
  if (!racer.error.isEmpty() || outcome.stopped) queue_->stop();
}

void NormRace::bothFinished() {
  feed_->stop();
  curves_->refresh();
  for (Side s : kSides) {
    const Racer& r = runs_[index(s)];
    if (r.error.isEmpty()) continue;
    error_ = r.error;
    if (!r.run)  // preparing failed: unreadable data, most likely
      showSummary(tr("<b>The race could not start:</b> %1").arg(error_.toHtmlEscaped()));
    else
      showSummary(tr("<b>The race ended early:</b> the %1 run failed: %2<br>A loss that becomes NaN usually means "
                     "the learning rate is too high for this model.")
                      .arg(name(s), error_.toHtmlEscaped()));
    setState(State::Failed);
    emit raceFinished();
    return;
  }
  const size_t budget = static_cast<size_t>(epochs());
  for (const Racer& r : runs_) {
    if (r.run && r.history.size() >= budget && r.testSamples > 0) continue;
    showSummary(tr("Race stopped after %1 (layer norm) and %2 (batch norm) of %3 epochs. A verdict needs the full "
                   "budget for both: press <b>Start race</b> to run it again.")
                    .arg(history(Side::Layer).size())
                    .arg(history(Side::Batch).size())
                    .arg(budget));
    setState(State::Stopped);
    emit raceFinished();
    return;
  }
  finishRace();
}

void NormRace::finishRace() {
  showSummary(verdict());
  setState(State::Finished);
  progress_->setValue(1000);
  emit raceFinished();
  // After raceFinished: the Train page's own message about the runs it took over comes first, this one stays.
  emit statusMessage(tr("Race finished: layer norm %1, batch norm %2 right on the test reviews")
                         .arg(percent(testAccuracy(Side::Layer)), percent(testAccuracy(Side::Batch))));
}

const TrainingRun* NormRace::finishedRun(Side side) const {
  return state_ == State::Finished ? runs_[index(side)].run.get() : nullptr;
}

QString NormRace::runName(Side side) const { return tr("race %1 %2").arg(raceNumber_).arg(name(side)); }

std::function<QString()> NormRace::liveRunName(Side side) const {
  return [number = raceNumber_, side, paddingCounted = batchNormCountsPadding()] {
    return tr("race %1 %2").arg(number).arg(sideName(side, paddingCounted));
  };
}

QString NormRace::summaryText() const { return summary_->text(); }

void NormRace::showSummary(const QString& html) { summary_->setText(html); }

void NormRace::setState(State state) {
  state_ = state;
  const bool racing = state == State::Racing;
  startButton_->setEnabled(!isRacing());
  pauseButton_->setEnabled(racing);
  stopButton_->setEnabled(racing);
  dataBox_->setEnabled(!isRacing());
  presetBox_->setEnabled(!isRacing());
  epochs_->setEnabled(!isRacing());
  seed_->setEnabled(!isRacing());
  paddingBox_->setEnabled(!isRacing());
  if (!racing) {
    const QSignalBlocker blocker(pauseButton_);
    pauseButton_->setChecked(false);
    pauseButton_->setText(tr("Pause"));
  }
}

}  // namespace al::ui
