// Core headers first: Qt's `emit` macro must not reach them.
#include "core/models/transformer_config.h"
#include "core/train/run.h"
#include "ui/session/model_library.h"
#include "ui/widgets/library_model_box.h"

#include "ui/pages/pretraining_comparison.h"

#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "ui/widgets/curve_plot.h"
#include "ui/session/run_factory.h"
#include "ui/session/run_queue.h"
#include "ui/widgets/data_source_picker.h"
#include "ui/widgets/fine_tune_layers_box.h"
#include "ui/widgets/palette.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace {

double mean(const std::vector<double>& values) {
  return values.empty() ? 0 : std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
}

// The IMDB request that fine-tunes on `labels` reviews with the masked-LM's encoder shape (the preset of its size
// for the training parameters); `pretrained` starts from the masked-LM itself.
RunRequest fineTuning(const MaskedLmModel& model, const QString& data, int labels, int epochs, int seed) {
  const TransformerConfig& e = model.model->config().encoder;
  RunRequest r;
  r.task = TaskKind::ImdbTransformer;
  r.data = data;
  r.preset = e.sequenceLength > 64 || e.vocabSize > 1000 ? QStringLiteral("classroom") : QStringLiteral("tiny");
  r.values = fineTuningValues(model);  // scratch and fine-tuned runs alike: the same architecture
  r.values[QStringLiteral("train_limit")] = labels;
  r.values[QStringLiteral("epochs")] = epochs;
  r.values[QStringLiteral("seed")] = seed;
  return r;
}

// The same reviews, labels, epochs and seed for a head on BERT, frozen or with its top `fineTuneLayers` layers
// learning with the head. BERT has its own architecture and reads its own tokens, so none of the masked-LM's sizes
// go with it.
RunRequest headOnBert(const MaskedLmModel& model, std::shared_ptr<const PretrainedBert> bert, int fineTuneLayers,
                      const QString& data, int labels, int epochs, int seed) {
  RunRequest r = fineTuning(model, data, labels, epochs, seed);
  for (const QString& key : fineTuningValues(model).keys()) r.values.remove(key);
  r.initEncoderBert = std::move(bert);
  r.fineTuneLayers = fineTuneLayers;
  return r;
}

}  // namespace

PretrainingComparison::PretrainingComparison(QWidget* parent)
    : QWidget(parent), queue_(new RunQueue(this)) {
  auto* layout = new QVBoxLayout(this);
  intro_ = new QLabel;
  intro_->setWordWrap(true);
  layout->addWidget(intro_);
  auto* form = new QFormLayout;
  data_ = new DataSourcePicker(this);
  data_->addRows(form);
  data_->setTask(TaskKind::ImdbTransformer);
  labels_ = new QSpinBox;
  labels_->setObjectName("labels");
  labels_->setRange(20, 1000000);
  labels_->setValue(1000);
  form->addRow(new QLabel, labels_);
  epochs_ = new QSpinBox;
  epochs_->setObjectName("comparisonEpochs");
  epochs_->setRange(1, 200);
  epochs_->setValue(5);
  form->addRow(new QLabel, epochs_);
  seeds_ = new QSpinBox;
  seeds_->setObjectName("seeds");
  seeds_->setRange(1, 10);
  seeds_->setValue(3);
  form->addRow(new QLabel, seeds_);
  bertBox_ = new QComboBox;
  bertBox_->setObjectName("comparisonBert");
  bertBox_->addItem(QString(), -1);
  form->addRow(new QLabel, bertBox_);
  bertFineTune_ = new FineTuneLayersBox;
  bertFineTune_->setObjectName("comparisonFineTuneLayers");
  form->addRow(new QLabel, bertFineTune_);
  // The fine-tuning row follows the chosen BERT: there with one, up to its layer count.
  auto followBert = [this, form] { bertFineTune_->followBert(chosenBert().get(), form); };
  connect(bertBox_, &QComboBox::currentIndexChanged, this, followBert);
  followBert();
  layout->addLayout(form);

  auto* buttons = new QHBoxLayout;
  startButton_ = new QPushButton;
  startButton_->setObjectName("compareButton");
  connect(startButton_, &QPushButton::clicked, this, &PretrainingComparison::start);
  stopButton_ = new QPushButton;
  stopButton_->setEnabled(false);
  connect(stopButton_, &QPushButton::clicked, this, &PretrainingComparison::stop);
  buttons->addWidget(startButton_);
  buttons->addWidget(stopButton_);
  buttons->addStretch(1);
  layout->addLayout(buttons);
  verdict_ = new QLabel;
  verdict_->setObjectName("verdict");
  verdict_->setWordWrap(true);
  layout->addWidget(verdict_);
  curves_ = new CurvePlot;
  curves_->setMinimumHeight(180);
  layout->addWidget(curves_, 1);

  connect(queue_, &RunQueue::runStarted, this, [this](int i) { jobStarted(static_cast<size_t>(i)); });
  connect(queue_, &RunQueue::updated, this, [this](int i, const TrainingController::Update& update) {
    if (update.epochs.empty()) return;  // the plot shows epochs only
    const int id = jobs_[static_cast<size_t>(i)].curveId;
    for (const EpochEvent& e : update.epochs) curves_->addEpochPoint(id, e.epoch, e.loss, e.accuracy, e.valLoss, e.valAccuracy);
    curves_->refresh();
  });
  connect(queue_, &RunQueue::runFinished, this, [this](int i) { jobFinished(static_cast<size_t>(i)); });
  connect(queue_, &RunQueue::allFinished, this, &PretrainingComparison::allFinished);
  setModel(nullptr, {});
  // In the interface's language, now and at each change (a verdict on show is worded again too).
  setTranslatedTexts(this, [=, this] {
    labels_->setToolTip(tr("How many labelled reviews each side may learn from (the rest of the data is not used)"));
    seeds_->setToolTip(tr("Runs per side with seeds 1, 2, 3, …: one run can be lucky, a mean over a few is fairer"));
    bertBox_->setItemText(0, tr("none"));
    bertBox_->setToolTip(tr("A pretrained BERT opened in this session, as a third side: a sentiment head learns on its "
                            "[CLS] state from the same labelled reviews, with BERT frozen or its top layers "
                            "fine-tuned with the head"));
    setFormLabels(form, {{labels_, tr("Labelled reviews")}, {epochs_, tr("Epochs")}, {seeds_, tr("Seeds")},
                         {bertBox_, tr("Also a head on")}, {bertFineTune_, FineTuneLayersBox::labelText()}});
    startButton_->setText(tr("Compare"));
    stopButton_->setText(tr("Stop"));
    showIntro();
    if (verdictShown_) showVerdict();
  });
}

PretrainingComparison::~PretrainingComparison() { delete queue_; }  // joins the worker while the widget is whole

void PretrainingComparison::setModel(std::shared_ptr<const MaskedLmModel> model, const QString& name) {
  model_ = std::move(model);
  modelName_ = name;
  startButton_->setEnabled(model_ && !isRunning());
  showIntro();
}

void PretrainingComparison::setLibrary(ModelLibrary* library) {
  library_ = library;
  if (!library_) return;
  listLibraryModels(bertBox_, library_, [](const SessionModel& model) { return model.as<PretrainedBert>() != nullptr; });
}

void PretrainingComparison::setBertSide(int libraryId) {
  const int row = bertBox_->findData(libraryId);
  bertBox_->setCurrentIndex(row >= 0 ? row : 0);
}

void PretrainingComparison::setBertFineTuneLayers(int layers) { bertFineTune_->setValue(layers); }

std::shared_ptr<const PretrainedBert> PretrainingComparison::chosenBert() const {
  const int id = bertBox_->currentData().toInt();
  const SessionModel* model = library_ && id >= 0 ? library_->model(id) : nullptr;
  return model ? model->as<PretrainedBert>() : nullptr;
}

QString PretrainingComparison::jobName(const Job& job, int bertLayers) {
  switch (job.side) {
    case Side::MaskedLm: return tr("from the masked-LM, seed %1").arg(job.seed);
    case Side::Scratch: return tr("from scratch, seed %1").arg(job.seed);
    case Side::Bert:
      return bertLayers == 0 ? tr("head on BERT, seed %1").arg(job.seed)
                              : tr("BERT, top %n layer(s) fine-tuned, seed %1", "", bertLayers).arg(job.seed);
  }
  return {};
}

void PretrainingComparison::showIntro() {
  const QString name = modelName_;
  intro_->setText(model_ ? tr("Fine-tune the IMDB classifier on a few labelled reviews twice: from scratch, and from "
                              "“%1” (its vocabulary, embeddings and encoder; a new head). Same preset, seeds, epochs "
                              "and reviews; only the starting weights differ.").arg(name)
                         : tr("Pick a masked-LM model above to compare fine-tuning from it with training from scratch."));
}

void PretrainingComparison::setDataSource(const QString& source) { data_->setSource(source); }
void PretrainingComparison::setLabels(int count) { labels_->setValue(count); }
void PretrainingComparison::setEpochs(int epochs) { epochs_->setValue(epochs); }
void PretrainingComparison::setSeeds(int seeds) { seeds_->setValue(seeds); }
bool PretrainingComparison::isRunning() const { return queue_->isRunning(); }

void PretrainingComparison::start() {
  if (!model_ || isRunning()) return;
  for (const Job& job : jobs_)
    if (curves_->hasRun(job.curveId)) curves_->removeRun(job.curveId);  // a dropped run never had a curve
  jobs_.clear();
  scratch_.clear();
  pretrained_.clear();
  bert_.clear();
  const std::shared_ptr<const PretrainedBert> bert = chosenBert();
  bertName_ = bert ? bertBox_->currentText() : QString();
  bertLayers_ = bert ? bertFineTune_->value() : 0;
  std::vector<Side> sides = {Side::MaskedLm, Side::Scratch};
  if (bert) sides.push_back(Side::Bert);
  for (int seed = 1; seed <= seeds_->value(); ++seed)
    for (const Side side : sides) jobs_.push_back({seed, side, static_cast<int>(jobs_.size()) + 1});
  std::vector<RunQueue::Run> runs;
  for (const Job& job : jobs_) {
    RunQueue::Run run;
    run.name = jobName(job, bertLayers_);
    run.request = job.side == Side::Bert
                      ? headOnBert(*model_, bert, bertLayers_, data_->source(), labels_->value(), epochs_->value(),
                                   job.seed)
                      : fineTuning(*model_, data_->source(), labels_->value(), epochs_->value(), job.seed);
    if (job.side == Side::MaskedLm) run.request.initEncoder = model_;
    runs.push_back(std::move(run));
  }
  startButton_->setEnabled(false);
  stopButton_->setEnabled(true);
  verdict_->clear();
  verdictShown_ = false;
  queue_->start(std::move(runs));
}

void PretrainingComparison::stop() { queue_->stop(); }  // the run in flight stops, no further runs

void PretrainingComparison::jobStarted(size_t index) {
  const Job& job = jobs_[index];
  const QString& name = queue_->run(index).name;
  curves_->addRun(job.curveId, name, palette::run(static_cast<int>(job.side) + 1), true, epochs_->value());
  emit statusMessage(tr("Comparison: training %1 (%2 of %3)").arg(name).arg(index + 1).arg(jobs_.size()));
}

void PretrainingComparison::jobFinished(size_t index) {
  const TrainingController::Outcome outcome = queue_->takeOutcome(index);
  // An error ends the queue (the rest are dropped): the verdict says why instead.
  if (!outcome.error.isEmpty()) verdict_->setText(tr("The run stopped with an error: %1").arg(outcome.error));
  else if (outcome.test) accuraciesOf(jobs_[index].side).push_back(outcome.test->accuracy());
  // What BERT's runs did, in their own words: the verdict names it.
  if (jobs_[index].side == Side::Bert && outcome.run)
    bertLayers_ = outcome.run->settings().value("fine_tune_layers", 0);
  if (library_ && outcome.run && outcome.error.isEmpty() && jobs_[index].seed == 1) {
    // A copy of its weights, as a toy trainer's model, named again when the language changes.
    std::function<QString()> liveName = [job = jobs_[index], layers = bertLayers_] {
      return tr("Pre-training: %1").arg(jobName(job, layers));
    };
    SessionModel model = snapshotOfRun(*outcome.run, liveName(), QStringLiteral("toy"));
    model.liveName = std::move(liveName);
    library_->add(std::move(model));
  }
  lastError_ = outcome.error;
}

void PretrainingComparison::allFinished() {
  startButton_->setEnabled(model_ != nullptr);
  stopButton_->setEnabled(false);
  if (lastError_.isEmpty()) showVerdict();
  emit finished();
}

void PretrainingComparison::showVerdict() {
  verdictShown_ = true;
  if (scratch_.empty() || pretrained_.empty()) {
    verdict_->setText(tr("Stopped before both sides finished a run: no verdict."));
    return;
  }
  const double withPretraining = mean(pretrained_) * 100, fromScratch = mean(scratch_) * 100;
  const QString numbers = tr("Mean test accuracy with %1 labelled reviews: %2 % from the masked-LM (%n run(s)), ", "",
                             static_cast<int>(pretrained_.size()))
                              .arg(labels_->value())
                              .arg(withPretraining, 0, 'f', 1) +
                          tr("%1 % from scratch (%n run(s)).", "", static_cast<int>(scratch_.size())).arg(fromScratch, 0, 'f', 1);
  // The third side, when it ran: BERT's numbers beside the other two, without a claim of the verdict's own.
  const QString bert = bert_.empty() ? QString() : QLatin1Char(' ') + bertVerdict();
  verdict_->setText(numbers + QLatin1Char(' ') + gainSentence(judgePretraining(pretrained_, scratch_)) + bert);
}

PretrainingGain judgePretraining(const std::vector<double>& pretrained, const std::vector<double>& fromScratch) {
  PretrainingGain gain;
  std::vector<double> gains;  // points, per seed
  for (size_t i = 0; i < std::min(pretrained.size(), fromScratch.size()); ++i)
    gains.push_back((pretrained[i] - fromScratch[i]) * 100);
  gain.seeds = static_cast<int>(gains.size());
  if (gains.empty()) return gain;
  gain.better = static_cast<int>(std::count_if(gains.begin(), gains.end(), [](double g) { return g > 0; }));
  const int worse = static_cast<int>(std::count_if(gains.begin(), gains.end(), [](double g) { return g < 0; }));
  gain.mean = mean(gains);
  if (gain.seeds < 2) return gain;  // one seed: no spread to judge a difference by
  double squares = 0;
  for (double g : gains) squares += (g - gain.mean) * (g - gain.mean);
  gain.standardError = std::sqrt(squares / (gain.seeds - 1)) / std::sqrt(static_cast<double>(gain.seeds));
  const bool beyondNoise = std::abs(gain.mean) > 2 * gain.standardError;
  if (gain.better == gain.seeds || (beyondNoise && gain.mean > 0)) gain.verdict = PretrainingGain::Verdict::Helps;
  else if (worse == gain.seeds || (beyondNoise && gain.mean < 0)) gain.verdict = PretrainingGain::Verdict::Hurts;
  return gain;
}

QString PretrainingComparison::gainSentence(const PretrainingGain& gain) {
  const QString mean = QString::number(gain.mean, 'f', 1), error = QString::number(gain.standardError, 'f', 1);
  switch (gain.verdict) {
    case PretrainingGain::Verdict::Helps:
      return tr("Pre-training helps: %1 points more on average, better on %2 of %n seeds (standard error %3 "
                "points), learned from text without labels.", "", gain.seeds)
          .arg(mean).arg(gain.better).arg(error);
    case PretrainingGain::Verdict::Hurts:
      return tr("Here pre-training does worse: %1 points on average, better on %2 of %n seeds (standard error %3 "
                "points); the masked-LM may need more text or epochs.", "", gain.seeds)
          .arg(mean).arg(gain.better).arg(error);
    case PretrainingGain::Verdict::CannotTell:
      break;
  }
  if (gain.seeds < 2)
    return tr("One seed cannot tell whether pre-training helps (%1 points): the difference between two runs may be "
              "chance. Run more seeds.").arg(mean);
  return tr("These runs cannot tell whether pre-training helps: %1 points on average, better on %2 of %n seeds, "
            "within twice the standard error (%3 points). Run more seeds.", "", gain.seeds)
      .arg(mean).arg(gain.better).arg(error);
}

// The BERT side's sentence: which BERT, frozen or with how many top layers fine-tuned, and its mean test accuracy.
QString PretrainingComparison::bertVerdict() const {
  const int runs = static_cast<int>(bert_.size());
  const double accuracy = mean(bert_) * 100;
  if (bertLayers_ == 0)
    return tr("A head on the frozen BERT “%1”: %2 % (%n run(s)).", "", runs).arg(bertName_).arg(accuracy, 0, 'f', 1);
  return tr("BERT “%1” with its top %2 layer(s) fine-tuned: %3 % (%n run(s)).", "", runs)
      .arg(bertName_)
      .arg(bertLayers_)
      .arg(accuracy, 0, 'f', 1);
}

std::vector<double>& PretrainingComparison::accuraciesOf(Side side) {
  switch (side) {
    case Side::MaskedLm: return pretrained_;
    case Side::Scratch: return scratch_;
    case Side::Bert: return bert_;
  }
  return scratch_;
}

QString PretrainingComparison::verdictText() const { return verdict_->text(); }

}  // namespace al::ui
