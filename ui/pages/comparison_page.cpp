// Core headers first: they must not see Qt's `emit` macro.
#include "core/inference/chatbot_inference.h"
#include "core/inference/seq2seq_transformer_inference.h"
#include "core/train/chatbot_task.h"

#include "ui/pages/comparison_page.h"
#include "ui/text/strings.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <cmath>
#include <numeric>

#include "ui/widgets/bare_layout.h"
#include "ui/widgets/curve_plot.h"
#include "ui/widgets/export.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/session/run_queue.h"
#include "ui/session/model_library.h"
#include "ui/widgets/retranslate.h"
#include "ui/text/error_texts.h"

namespace al::ui {

namespace {

QString sideName(ComparisonPage::Side side) {
  return side == ComparisonPage::Gru ? ComparisonPage::tr("GRU + Bahdanau attention")
                                     : ComparisonPage::tr("Transformer");
}

const QColor kColours[2] = {QColor(214, 96, 77), QColor(67, 147, 195)};

}  // namespace

ComparisonPage::ComparisonPage(ModelLibrary* library, QWidget* parent)
    : QWidget(parent),
      library_(library),
      queue_(new RunQueue(this)) {
  auto* layout = new QVBoxLayout(this);
  auto* bar = new QHBoxLayout;
  dataBox_ = new QComboBox;
  dataBox_->setObjectName("compareData");
  dataBox_->setEditable(true);
  // The built-in corpora, English and Chinese; their titles are set (again) with the other texts below.
  for (const char* source : {"builtin:translate", "builtin:translate-zh", "builtin", "builtin:zh"})
    dataBox_->addItem(QString(), QString::fromLatin1(source));
  auto* open = new QPushButton;
  connect(open, &QPushButton::clicked, this, [this] {
    const QString file = QFileDialog::getOpenFileName(this, tr("A file of question<TAB>answer lines"));
    if (!file.isEmpty()) setData(file);
  });
  presetBox_ = new QComboBox;
  presetBox_->addItem(QString(), QStringLiteral("tiny"));
  presetBox_->addItem(QString(), QStringLiteral("classroom"));
  epochsBox_ = new QSpinBox;
  epochsBox_->setRange(1, 200);
  epochsBox_->setValue(8);
  startButton_ = new QPushButton;
  startButton_->setObjectName("compareButton");
  connect(startButton_, &QPushButton::clicked, this, [this] { isRunning() ? stop() : start(); });
  auto* dataLabel = new QLabel;
  auto* presetLabel = new QLabel;
  bar->addWidget(dataLabel);
  bar->addWidget(dataBox_, 1);
  bar->addWidget(open);
  bar->addWidget(presetLabel);
  bar->addWidget(presetBox_);
  bar->addWidget(epochsBox_);
  bar->addWidget(startButton_);
  layout->addLayout(bar);
  status_ = new QLabel;
  status_->setWordWrap(true);
  layout->addWidget(status_);
  error_ = new QLabel;
  error_->setObjectName("comparisonError");
  error_->setWordWrap(true);
  error_->hide();
  layout->addWidget(error_);

  // Curves and numbers above, the two alignments below: a splitter between them gives either half the room.
  auto* top = new QWidget;
  auto* middle = bareLayout<QHBoxLayout>(top);
  curves_ = new CurvePlot;
  curves_->setMinimumHeight(200);
  middle->addWidget(curves_, 1);
  table_ = new QTableWidget(6, 2);  // one column per model: they read side by side
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  // The columns share the table's width: it never scrolls sideways.
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  table_->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  middle->addWidget(table_, 1);

  auto* bottom = new QWidget;
  auto* bottomLayout = bareLayout<QVBoxLayout>(bottom);
  auto* sentenceRow = new QHBoxLayout;
  sentenceEdit_ = new QLineEdit(QStringLiteral("the red car sees a small house"));
  connect(sentenceEdit_, &QLineEdit::returnPressed, this, &ComparisonPage::showAlignments);
  auto* sentenceLabel = new QLabel;
  sentenceRow->addWidget(sentenceLabel);
  sentenceRow->addWidget(sentenceEdit_, 1);
  bottomLayout->addLayout(sentenceRow);
  auto* maps = new QHBoxLayout;
  for (Side side : {Gru, Transformer}) {
    alignments_[side] = new HeatmapView;
    alignments_[side]->setMinimumSize(300, 220);
    maps->addWidget(alignments_[side], 1);
  }
  bottomLayout->addLayout(maps, 1);
  auto* halves = new QSplitter(Qt::Vertical);
  halves->setChildrenCollapsible(false);
  halves->addWidget(top);
  halves->addWidget(bottom);
  halves->setStretchFactor(0, 1);
  halves->setStretchFactor(1, 1);
  layout->addWidget(halves, 1);

  // Every text of the page, in the interface's language: now and again when the language changes.
  setTranslatedTexts(this, [=, this] {
    setItemTexts(dataBox_, {tr("English → Spanish (built-in)"), tr("Chinese → English (built-in)"),
                            tr("everyday dialogs (built-in)"), tr("Chinese everyday dialogs (built-in)")});
    open->setText(tr("Dialogs file…"));
    setItemTexts(presetBox_, {tr("tiny (seconds)"), tr("classroom (minutes)")});
    epochsBox_->setSuffix(tr(" epochs each"));
    startButton_->setText(running_ ? tr("Stop") : tr("Train both"));
    dataLabel->setText(tr("Data:"));
    presetLabel->setText(tr("Preset:"));
    if (statusText_) status_->setText(statusText_());
    table_->setVerticalHeaderLabels({tr("epochs"), tr("seconds per epoch"), tr("best validation loss"),
                                     tr("validation accuracy (tokens)"), tr("test accuracy (tokens)"),
                                     tr("exact match (test answers)")});
    table_->setHorizontalHeaderLabels({sideName(Gru), sideName(Transformer)});
    table_->setToolTip(tr("Exact match: the share of test questions whose whole greedy answer is the expected one"));
    sentenceLabel->setText(tr("The same sentence for both:"));
    alignments_[Gru]->setTitle(tr("GRU: additive attention of every answer word"));
    alignments_[Transformer]->setTitle(tr("Transformer: last layer's cross-attention, heads averaged"));
    for (HeatmapView* map : alignments_)
      map->setAxisTitles(tr("answer word (being written)"), tr("question word (looked at)"));
  });
  setStatus([] { return tr("Both models train on the same pairs, the same split and the same seed, one after the other."); });

  connect(queue_, &RunQueue::runStarted, this, [this](int side) { sideStarted(Side(side)); });
  connect(queue_, &RunQueue::updated, this, [this](int side, const TrainingController::Update& update) {
    for (const BatchEvent& e : update.batches)
      curves_->addBatchPoint(side, (e.epoch - 1) + double(e.batch) / double(std::max<size_t>(1, e.batchesPerEpoch)),
                             e.loss, e.accuracy);
    for (const EpochEvent& e : update.epochs) {
      history_[side].push_back(e);
      curves_->addEpochPoint(side, e.epoch, e.loss, e.accuracy, e.valLoss, e.valAccuracy);
    }
    if (!update.epochs.empty()) updateTable();
    curves_->refresh();
    // Exact match decodes every test question greedily, after the test, still on the worker.
    if (update.phase == TrainingController::Phase::Testing)
      setStatus([side = Side(side)] { return tr("Measuring %1's exact-match accuracy…").arg(sideName(side)); });
  });
  connect(queue_, &RunQueue::runFinished, this, [this](int side) { sideFinished(Side(side)); });
  connect(queue_, &RunQueue::allFinished, this, &ComparisonPage::bothFinished);
}

ComparisonPage::~ComparisonPage() { delete queue_; }  // joins the worker while the page is whole

void ComparisonPage::setData(const QString& data) {
  const int index = dataBox_->findData(data);
  if (index >= 0) dataBox_->setCurrentIndex(index);
  else dataBox_->setEditText(data);
}

void ComparisonPage::setStatus(std::function<QString()> text) {
  statusText_ = std::move(text);
  status_->setText(statusText_());
}

void ComparisonPage::setPreset(const QString& preset) { presetBox_->setCurrentIndex(presetBox_->findData(preset)); }
void ComparisonPage::setEpochs(int epochs) { epochsBox_->setValue(epochs); }
void ComparisonPage::setSentence(const QString& sentence) {
  sentenceEdit_->setText(sentence);
  showAlignments();
}
QString ComparisonPage::sentence() const { return sentenceEdit_->text(); }
bool ComparisonPage::isRunning() const { return running_; }
QString ComparisonPage::errorText() const { return error_->isHidden() ? QString() : error_->text(); }

double ComparisonPage::secondsPerEpoch(Side side) const {
  const std::vector<EpochEvent>& h = history_[side];
  if (h.empty()) return 0;
  return std::accumulate(h.begin(), h.end(), 0.0, [](double s, const EpochEvent& e) { return s + e.seconds; }) /
         static_cast<double>(h.size());
}

void ComparisonPage::start() {
  if (running_) return;
  error_->hide();
  for (Side side : {Gru, Transformer}) {
    runs_[side].reset();
    history_[side].clear();
    exactMatch_[side] = testTokenAccuracy_[side] = 0;
    if (curves_->hasRun(side)) curves_->removeRun(side);
    curves_->addRun(side, sideName(side), kColours[side], true, epochsBox_->value());
  }
  running_ = true;
  failed_ = false;
  startButton_->setText(tr("Stop"));
  updateTable();
  // The same data, preset and budget for both; only the architecture differs.
  const QString typed = dataBox_->currentText();
  std::vector<RunQueue::Run> runs;
  for (Side side : {Gru, Transformer}) {
    RunQueue::Run run;
    run.name = sideName(side);
    run.request.task = TaskKind::Chatbot;
    run.request.data = dataBox_->currentIndex() >= 0 && dataBox_->itemText(dataBox_->currentIndex()) == typed
                           ? dataBox_->currentData().toString()
                           : typed;
    run.request.preset = presetBox_->currentData().toString();
    run.request.values[QStringLiteral("architecture")] = side == Gru ? QStringLiteral("gru") : QStringLiteral("transformer");
    run.request.values[QStringLiteral("epochs")] = epochsBox_->value();
    run.afterTest = [](TrainingRun& trained) {
      auto* chatbot = dynamic_cast<ChatbotRun*>(&trained);
      return QVariant(chatbot ? chatbot->exactMatchTest() : 0.0);
    };
    runs.push_back(std::move(run));
  }
  queue_->start(std::move(runs));
}

void ComparisonPage::stop() {
  running_ = false;
  queue_->stop();
}

void ComparisonPage::sideStarted(Side side) {
  setStatus([side] { return tr("Training %1 (%2 of 2)…").arg(sideName(side)).arg(side + 1); });
  emit statusMessage(status_->text());
}

void ComparisonPage::sideFinished(Side side) {
  TrainingController::Outcome outcome = queue_->takeOutcome(side);
  if (!outcome.error.isEmpty() || !outcome.run) {
    failed_ = true;
    queue_->stop();  // a cancelled run ends the comparison too
    error_->setText(tr("%1 could not be trained: %2").arg(sideName(side), outcome.error));
    error_->show();
    return;
  }
  if (outcome.test) testTokenAccuracy_[side] = outcome.test->accuracy();
  exactMatch_[side] = outcome.afterTest.toDouble();
  runs_[side].reset(dynamic_cast<ChatbotRun*>(outcome.run.release()));
  if (library_ && runs_[side]) {
    // A copy of its weights, as a toy trainer's model: the page keeps its run for the table and the alignments.
    std::function<QString()> liveName = [side] { return tr("Compare: %1").arg(sideName(side)); };
    SessionModel model = snapshotOfRun(*runs_[side], liveName(), QStringLiteral("toy"));
    model.liveName = std::move(liveName);
    library_->add(std::move(model));
  }
  updateTable();
}

void ComparisonPage::bothFinished() {
  running_ = false;
  startButton_->setText(tr("Train both"));
  if (failed_) {
    emit finished();
    return;
  }
  setStatus([] { return tr("Done: both models trained on the same split. The table compares them on its test part."); });
  emit statusMessage(status_->text());
  showAlignments();
  emit finished();
}

void ComparisonPage::updateTable() {
  for (Side side : {Gru, Transformer}) {
    const std::vector<EpochEvent>& h = history_[side];
    double bestLoss = NAN, accuracy = NAN;
    for (const EpochEvent& e : h)
      if (e.best) bestLoss = e.valLoss, accuracy = e.valAccuracy;
    const bool measured = runs_[side] != nullptr;
    const QStringList cells = {QString::number(h.size()),
                               h.empty() ? QString() : QString::number(secondsPerEpoch(side), 'f', 2),
                               std::isnan(bestLoss) ? QString() : QString::number(bestLoss, 'f', 4),
                               std::isnan(accuracy) ? QString() : QStringLiteral("%1 %").arg(100 * accuracy, 0, 'f', 1),
                               measured ? QStringLiteral("%1 %").arg(100 * testTokenAccuracy_[side], 0, 'f', 1) : QString(),
                               measured ? QStringLiteral("%1 %").arg(100 * exactMatch_[side], 0, 'f', 1) : QString()};
    for (int row = 0; row < cells.size(); ++row) table_->setItem(row, side, new QTableWidgetItem(cells[row]));
  }
}

void ComparisonPage::showAlignments() {
  try {
    if (const ChatbotRun* gru = runs_[Gru].get(); gru && !running_) {
      const ChatbotReply r = askChatbot(gru->gruModel(), gru->sourceVocabulary(), gru->targetVocabulary(),
                                        sentence().toStdString());
      alignments_[Gru]->setMatrix(r.attention, toQStrings(r.outputTokens), toQStrings(r.sourceTokens));
    }
    if (const ChatbotRun* t = runs_[Transformer].get(); t && !running_) {
      const Seq2SeqTransformerReply r = askSeq2seqTransformer(t->transformerModel(), t->sourceVocabulary(),
                                                              t->targetVocabulary(), sentence().toStdString());
      alignments_[Transformer]->setMatrix(r.attention, toQStrings(r.outputTokens), toQStrings(r.sourceTokens));
    }
  } catch (const std::exception& e) {
    error_->setText(errorMessage(e));
    error_->show();
  }
}

void ComparisonPage::exportFigure() { askAndExportWidget(this, QStringLiteral("bahdanau_vs_transformer")); }

}  // namespace al::ui
