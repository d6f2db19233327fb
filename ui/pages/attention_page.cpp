// Core headers first: they must not see Qt's `emit` macro.
#include "core/inference/imdb_transformer_inference.h"
#include "core/teaching/attention_steps.h"
#include "core/train/imdb_run.h"  // the toy model

#include "ui/pages/attention_page.h"
#include "ui/text/strings.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent>
#include <cmath>

#include "ui/export.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/session/model_files.h"
#include "ui/widgets/token_strip.h"
#include "ui/widgets/error_banner.h"
#include "ui/widgets/file_job_bar.h"
#include "ui/widgets/palette.h"
#include "ui/widgets/position_tab.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace {

const char* kExampleReview =
    "This movie was not good at all. The acting was wooden and the story made no sense, "
    "but the music was wonderful.";

QString percent(double p) { return QString::number(100.0 * p, 'f', 1) + QStringLiteral(" %"); }

QString sentiment(double p) {
  return (p >= 0.5 ? AttentionPage::tr("positive") : AttentionPage::tr("negative")) + QStringLiteral(" (p = %1)").arg(p, 0, 'f', 4);
}

QString describe(const TransformerConfig& c) {
  return AttentionPage::tr("%1 layer(s), %2 heads of K %3, width D %4, %5 position, %6 norm, up to %7 tokens")
      .arg(c.numLayers)
      .arg(c.numHeads)
      .arg(c.keyDim)
      .arg(c.embedDim)
      .arg(QString::fromStdString(toString(c.position)))
      .arg(QString::fromStdString(toString(c.norm)))
      .arg(c.sequenceLength);
}

}  // namespace

AttentionPage::AttentionPage(QWidget* parent)
    : QWidget(parent),
      toyWatcher_(new QFutureWatcher<ToyTraining>(this)),
      files_(new ModelFileJob(this)),
      typingTimer_(new QTimer(this)) {
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(createModelBar());
  layout->addWidget(new FileJobBar(files_));
  error_ = new ErrorBanner;
  layout->addWidget(error_);
  tabs_ = new QTabWidget;
  tabs_->addTab(createHeatmapsTab(), QString());
  tabs_->addTab(createWordOrderTab(), QString());
  positionTab_ = new PositionTab;
  tabs_->addTab(positionTab_, QString());
  layout->addWidget(tabs_, 1);

  typingTimer_->setSingleShot(true);
  typingTimer_->setInterval(400);  // redraw when the typing pauses, not on every key
  connect(typingTimer_, &QTimer::timeout, this, &AttentionPage::showAttention);
  connect(textEdit_, &QPlainTextEdit::textChanged, typingTimer_, qOverload<>(&QTimer::start));
  connect(toyWatcher_, &QFutureWatcher<ToyTraining>::finished, this, &AttentionPage::toyModelTrained);
  clearComparison();
  // Texts from the model and the sentence, worded again from what the page keeps (a comparison stays).
  setTranslatedTexts(this, [this] {
    const QStringList tabs{tr("Heatmaps"), tr("Word order"), tr("Position")};
    for (int i = 0; i < tabs.size(); ++i) tabs_->setTabText(i, tabs[i]);
    const auto model = currentModel();
    modelInfo_->setText(model ? describe(model->model->config()) : QString());
    toyButton_->setText(isTrainingToyModel() ? tr("Training…") : tr("Train a toy model now"));
    if (hasPrediction_) showPrediction();
    if (!comparison_) clearComparison();
  });
}

AttentionPage::~AttentionPage() {
  toyWatcher_->waitForFinished();
  files_->waitForFinished();
}

// ---------------------------------------------------------------------------------------------------------
// Building the page

QWidget* AttentionPage::createModelBar() {
  auto* bar = new QWidget;
  auto* row = new QHBoxLayout(bar);
  row->setContentsMargins(0, 0, 0, 0);
  auto* modelLabel = new QLabel;
  row->addWidget(modelLabel);
  modelBox_ = new QComboBox;
  modelBox_->setObjectName("modelBox");
  modelBox_->setMinimumWidth(220);
  connect(modelBox_, &QComboBox::currentIndexChanged, this, [this] {
    const auto model = currentModel();
    modelInfo_->setText(model ? describe(model->model->config()) : QString());
    clearComparison();
    positionTab_->setModel(currentModelName(), model);
    showAttention();
    emit currentModelChanged();
  });
  row->addWidget(modelBox_);
  auto* open = new QPushButton;
  connect(open, &QPushButton::clicked, this, &AttentionPage::openModelDialog);
  row->addWidget(open);
  row->addSpacing(12);
  toyPositionBox_ = new QComboBox;
  for (PositionKind k : {PositionKind::Learned, PositionKind::None, PositionKind::Sinusoidal})
    toyPositionBox_->addItem(QString(), int(k));
  toyButton_ = new QPushButton;
  toyButton_->setObjectName("trainToyButton");
  connect(toyButton_, &QPushButton::clicked, this,
          [this] { trainToyModel(static_cast<PositionKind>(toyPositionBox_->currentData().toInt())); });
  row->addWidget(toyButton_);
  row->addWidget(toyPositionBox_);
  modelInfo_ = new QLabel;
  modelInfo_->setObjectName("modelInfo");
  row->addWidget(modelInfo_, 1);
  setTranslatedTexts(this, [=, this] {
    modelLabel->setText(tr("Model:"));
    modelBox_->setPlaceholderText(tr("no model yet"));
    open->setText(tr("Open model…"));
    open->setToolTip(tr("A model directory saved by the Train page or by attentionlab-cli train imdb"));
    setItemTexts(toyPositionBox_, {tr("with learned position"), tr("without position"), tr("with sinusoidal position")});
    toyButton_->setToolTip(tr("The tiny preset on the built-in reviews: a few seconds, on a worker thread"));
  });
  return bar;
}

QWidget* AttentionPage::createHeatmapsTab() {
  auto* tab = new QWidget;
  auto* layout = new QVBoxLayout(tab);
  auto* inputRow = new QHBoxLayout;
  textEdit_ = new QPlainTextEdit(QString::fromUtf8(kExampleReview));
  textEdit_->setObjectName("sentenceEdit");
  textEdit_->setFixedHeight(56);
  inputRow->addWidget(textEdit_, 1);
  auto* show = new QPushButton;
  connect(show, &QPushButton::clicked, this, &AttentionPage::showAttention);
  inputRow->addWidget(show);
  layout->addLayout(inputRow);

  tokens_ = new TokenStrip(tr("The tokens as the model reads them. Click one to see where it looks."));
  connect(tokens_, &TokenStrip::tokenClicked, this, &AttentionPage::selectToken);
  layout->addWidget(tokens_);
  predictionLabel_ = new QLabel;
  predictionLabel_->setObjectName("prediction");
  layout->addWidget(predictionLabel_);

  // Heatmaps above, the clicked token's bars below: both get the page's full width.
  auto* splitter = new QSplitter(Qt::Vertical);
  heatmapHost_ = new QWidget;
  heatmapGrid_ = new QGridLayout(heatmapHost_);
  auto* scroll = new QScrollArea;
  scroll->setWidget(heatmapHost_);
  scroll->setWidgetResizable(true);
  splitter->addWidget(scroll);

  auto* barsPanel = new QWidget;
  auto* barsLayout = new QVBoxLayout(barsPanel);
  barsLayout->setContentsMargins(0, 0, 0, 0);
  auto* barsRow = new QHBoxLayout;
  auto* barsLabel = new QLabel;
  barsRow->addWidget(barsLabel);
  barsSourceBox_ = new QComboBox;
  connect(barsSourceBox_, &QComboBox::currentIndexChanged, this, &AttentionPage::updateBars);
  barsRow->addWidget(barsSourceBox_);
  auto* hint = new QLabel;
  hint->setWordWrap(true);
  hint->setObjectName("hint");
  barsRow->addWidget(hint, 1);
  barsLayout->addLayout(barsRow);
  bars_ = new WeightBars;
  bars_->setMinimumHeight(180);
  barsLayout->addWidget(bars_, 1);
  splitter->addWidget(barsPanel);
  splitter->setStretchFactor(0, 3);
  splitter->setStretchFactor(1, 2);
  splitter->setSizes({450, 260});
  layout->addWidget(splitter, 1);
  setTranslatedTexts(this, [=, this] {
    textEdit_->setPlaceholderText(tr("Type or paste a sentence or a whole review"));
    show->setText(tr("Show attention"));
    tokens_->setToolTip(tr("The tokens as the model reads them. Click one to see where it looks."));
    barsLabel->setText(tr("Bars from:"));
    hint->setText(tr("Click a token above or a row of a heatmap: the bars show how that token spreads its attention "
                     "over the sentence (the row sums to 1)."));
  });
  return tab;
}

QWidget* AttentionPage::createWordOrderTab() {
  auto* tab = new QWidget;
  auto* layout = new QVBoxLayout(tab);
  auto* row = new QHBoxLayout;
  auto* shuffle = new QPushButton;
  shuffle->setObjectName("shuffleButton");
  connect(shuffle, &QPushButton::clicked, this, &AttentionPage::shuffleWords);
  row->addWidget(shuffle);
  auto* headLabel = new QLabel;
  row->addWidget(headLabel);
  orderHeadBox_ = new QComboBox;
  connect(orderHeadBox_, &QComboBox::currentIndexChanged, this, &AttentionPage::updateOrderViews);
  row->addWidget(orderHeadBox_);
  row->addStretch(1);
  layout->addLayout(row);
  shuffledText_ = new QLabel;
  shuffledText_->setWordWrap(true);
  layout->addWidget(shuffledText_);
  verdict_ = new QLabel;
  verdict_->setObjectName("verdict");
  verdict_->setWordWrap(true);
  layout->addWidget(verdict_);
  auto* maps = new QHBoxLayout;
  originalView_ = new HeatmapView;
  shuffledView_ = new HeatmapView;
  for (HeatmapView* v : {originalView_, shuffledView_}) maps->addWidget(v, 1);
  layout->addLayout(maps, 1);
  setTranslatedTexts(this, [=, this] {
    shuffle->setText(tr("Shuffle words"));
    shuffle->setToolTip(tr("Put the words of the sentence in a random order and run the model again"));
    headLabel->setText(tr("Heatmap of:"));
    originalView_->setTitle(tr("Original order"));
    shuffledView_->setTitle(tr("Shuffled"));
    for (HeatmapView* v : {originalView_, shuffledView_}) v->setAxisTitles(tr("query token"), tr("key token"));
  });
  return tab;
}

// ---------------------------------------------------------------------------------------------------------
// Models

void AttentionPage::addModel(const QString& name, std::shared_ptr<const ImdbTransformerModel> model) {
  models_.push_back({name, std::move(model)});
  modelBox_->addItem(name);
  modelBox_->setCurrentIndex(modelBox_->count() - 1);
}

void AttentionPage::openModelDirectory(const QString& dir) {
  files_->open(
      dir,
      [this](SessionModel model) {
        if (!model.imdb)
          return showError(tr("“%1” is a model of task %2; this page shows imdb-transformer models.")
                               .arg(model.name, QString::fromStdString(model.task)));
        showError({});
        if (library_) library_->add(std::move(model));
        else addModel(model.name, model.imdb);
      },
      [this](const QString& message) { showError(message); });
}

bool AttentionPage::isOpeningModel() const { return files_->busy(); }

void AttentionPage::openModelDialog() {
  const QString dir = QFileDialog::getExistingDirectory(this, tr("Open a model directory"));
  if (!dir.isEmpty()) openModelDirectory(dir);
}

void AttentionPage::trainToyModel(PositionKind position) {
  if (isTrainingToyModel()) return;
  trainingToy_ = true;
  toyButton_->setEnabled(false);
  toyButton_->setText(tr("Training…"));
  emit statusMessage(tr("Training a toy model on the built-in reviews…"));
  toyWatcher_->setFuture(QtConcurrent::run([position] {
    ToyTraining result;
    result.name = AttentionPage::tr("toy, %1 position").arg(QString::fromStdString(toString(position)));
    try {
      ImdbRunSettings settings = imdbPreset("tiny");
      settings.model.position = position;
      settings.threads = 1;  // leave the other core to the interface
      std::unique_ptr<ImdbRun> run = ImdbRun::prepare(settings);
      run->train(nullptr, nullptr);
      // The run owns its model; the page keeps an independent copy (no file is written).
      result.model = std::make_shared<const ImdbTransformerModel>(
          copyImdbTransformer(run->model(), run->vocabulary(), historyRecords(run->history())));
    } catch (const std::exception& e) {
      result.error = QString::fromStdString(e.what());
    }
    return result;
  }));
}

bool AttentionPage::isTrainingToyModel() const { return trainingToy_; }

void AttentionPage::toyModelTrained() {
  trainingToy_ = false;
  toyButton_->setEnabled(true);
  toyButton_->setText(tr("Train a toy model now"));
  const ToyTraining result = toyWatcher_->result();
  if (!result.error.isEmpty()) {
    showError(tr("The toy model could not be trained: %1").arg(result.error));
    return;
  }
  addModel(result.name, result.model);
  emit statusMessage(tr("Toy model ready"));
}

void AttentionPage::selectModel(int index) { modelBox_->setCurrentIndex(index); }
int AttentionPage::currentModelIndex() const { return modelBox_->currentIndex(); }

std::shared_ptr<const ImdbTransformerModel> AttentionPage::currentModel() const {
  const int i = modelBox_->currentIndex();
  return i >= 0 && i < modelCount() ? models_[size_t(i)].model : nullptr;
}

QString AttentionPage::currentModelName() const {
  const int i = modelBox_->currentIndex();
  return i >= 0 && i < modelCount() ? models_[size_t(i)].name : QString();
}

void AttentionPage::showError(const QString& message) { error_->showError(message); }
QString AttentionPage::errorText() const { return error_->text(); }

// ---------------------------------------------------------------------------------------------------------
// Heatmaps

void AttentionPage::setText(const QString& text) {
  textEdit_->setPlainText(text);
  typingTimer_->stop();
  showAttention();
}

QString AttentionPage::text() const { return textEdit_->toPlainText(); }

void AttentionPage::showAttention() {
  typingTimer_->stop();
  const auto model = currentModel();
  if (!model) {
    predictionLabel_->setText(tr("Choose a model above: open a model directory, or train a toy model in a few seconds."));
    return;
  }
  try {
    prediction_ = predictText(*model->model, model->vocabulary, text().toStdString());
    hasPrediction_ = true;
    showError({});
  } catch (const std::exception& e) {
    hasPrediction_ = false;
    showError(QString::fromStdString(e.what()));
    return;
  }
  clearComparison();
  showPrediction();
}

// The prediction, the tokens, the heatmaps and the bars of the sentence read last.
void AttentionPage::showPrediction() {
  const int T = static_cast<int>(prediction_.tokens.size());
  if (selectedToken_ >= T) selectedToken_ = -1;
  predictionLabel_->setText(tr("Prediction: <b>%1</b>, %2 positive").arg(sentiment(prediction_.probability),
                                                                       percent(prediction_.probability)));
  updateTokens();
  rebuildHeatmaps();
  updateBars();
}

void AttentionPage::updateTokens() {
  std::vector<TokenStrip::Token> tokens;
  int unknown = 0;
  for (size_t t = 0; t < prediction_.tokens.size(); ++t) {
    const bool isUnknown = prediction_.ids[t] == Vocabulary::kUnknownId;
    unknown += isUnknown;
    tokens.push_back({QString::fromStdString(prediction_.tokens[t]), isUnknown, static_cast<int>(t) == selectedToken_});
  }
  QString notes = tr("%n token(s)", "", static_cast<int>(prediction_.tokens.size()));
  if (unknown > 0) notes += tr("; %n unknown (grey, marked ?: the model reads them all as [UNK])", "", unknown);
  if (prediction_.truncated)
    notes += tr("; <b>the text was cut</b> after %1 tokens (the model's sequence length): the rest is not read")
                 .arg(prediction_.tokens.size());
  tokens_->setTokens(tokens, notes);
}

QString AttentionPage::tokensText() const { return tokens_->toPlainText(); }

QString AttentionPage::predictionText() const {
  QTextDocument doc;
  doc.setHtml(predictionLabel_->text());
  return doc.toPlainText();
}

void AttentionPage::rebuildHeatmaps() {
  const QStringList labels = toQStrings(prediction_.tokens);
  const size_t layers = prediction_.attention.size();
  const size_t heads = layers ? prediction_.attention[0].size() : 0;
  const bool sameShape = heatmaps_.size() == layers && (layers == 0 || heatmaps_[0].size() == heads + 1);
  if (!sameShape) {
    for (auto& row : heatmaps_)
      for (HeatmapView* v : row) delete v;
    heatmaps_.assign(layers, {});
    for (size_t l = 0; l < layers; ++l)
      for (size_t h = 0; h <= heads; ++h) {
        auto* view = new HeatmapView;
        view->setMinimumSize(340, 400);
        view->setAxisTitles(tr("query token (looks)"), tr("key token (is looked at)"));
        connect(view, &HeatmapView::cellClicked, this, [this](int row, int) { selectToken(row); });
        heatmapGrid_->addWidget(view, int(l), int(h));
        heatmaps_[l].push_back(view);
      }
    const QSignalBlocker blocker(barsSourceBox_);
    barsSourceBox_->clear();
    orderHeadBox_->clear();
    for (size_t l = 0; l < layers; ++l) {
      for (size_t h = 0; h < heads; ++h) barsSourceBox_->addItem(tr("layer %1, head %2").arg(l + 1).arg(h + 1));
      barsSourceBox_->addItem(tr("layer %1, average of the heads").arg(l + 1));
    }
    for (size_t h = 0; h < heads; ++h) orderHeadBox_->addItem(tr("layer 1, head %1").arg(h + 1));
    orderHeadBox_->addItem(tr("layer 1, average"));
    barsSourceBox_->setCurrentIndex(int(heads));  // layer 1's average
    orderHeadBox_->setCurrentIndex(int(heads));
  }
  for (size_t l = 0; l < layers; ++l)
    for (size_t h = 0; h <= heads; ++h) {
      HeatmapView* view = heatmaps_[l][h];
      const bool average = h == heads;
      view->setTitle(average ? tr("Layer %1, average of %2 heads").arg(l + 1).arg(heads)
                             : tr("Layer %1, head %2").arg(l + 1).arg(h + 1));
      view->setMatrix(average ? teaching::headAverage(prediction_.attention[l]) : prediction_.attention[l][h], labels,
                      labels);
      view->highlightRow(selectedToken_);
    }
}

HeatmapView* AttentionPage::heatmap(int layer, int head) const {
  if (layer < 0 || layer >= static_cast<int>(heatmaps_.size())) return nullptr;
  if (head < 0 || head >= static_cast<int>(heatmaps_[size_t(layer)].size())) return nullptr;
  return heatmaps_[size_t(layer)][size_t(head)];
}

void AttentionPage::selectToken(int token) {
  if (!hasPrediction_ || token < 0 || token >= static_cast<int>(prediction_.tokens.size())) return;
  selectedToken_ = token;
  for (auto& row : heatmaps_)
    for (HeatmapView* v : row) v->highlightRow(token);
  updateTokens();
  updateBars();
}

void AttentionPage::updateBars() {
  if (!hasPrediction_ || prediction_.attention.empty()) return;
  const int token = selectedToken_ >= 0 ? selectedToken_ : 0;
  const int heads = static_cast<int>(prediction_.attention[0].size());
  const int source = std::max(0, barsSourceBox_->currentIndex());
  const int layer = source / (heads + 1), head = source % (heads + 1);
  const Matrix a = head == heads ? teaching::headAverage(prediction_.attention[size_t(layer)])
                                 : prediction_.attention[size_t(layer)][size_t(head)];  // T x T
  bars_->setWeights(a.row(token), toQStrings(prediction_.tokens),
                    tr("Where “%1” looks (%2)").arg(QString::fromStdString(prediction_.tokens[size_t(token)]),
                                                   barsSourceBox_->currentText()));
}

// ---------------------------------------------------------------------------------------------------------
// Word order

void AttentionPage::shuffleWords() {
  const auto model = currentModel();
  if (!model) {
    showError(tr("Choose a model first."));
    return;
  }
  try {
    comparison_ = std::make_unique<teaching::ShuffledComparison>(
        teaching::compareShuffledWords(*model->model, model->vocabulary, text().toStdString(), shuffleSeed_++));
    showError({});
  } catch (const std::exception& e) {
    clearComparison();
    showError(QString::fromStdString(e.what()));
    return;
  }
  const teaching::ShuffledComparison& c = *comparison_;
  shuffledText_->setText(tr("<b>Shuffled:</b> %1").arg(QString::fromStdString(c.shuffledText).toHtmlEscaped()));
  const PositionKind position = model->model->config().position;
  const QString numbers = tr("original p = %1, shuffled p = %2 (difference %3); largest difference between a "
                             "shuffled attention weight and the original weight of the same two words: %4")
                              .arg(c.original.probability, 0, 'f', 6)
                              .arg(c.shuffled.probability, 0, 'f', 6)
                              .arg(c.probabilityDifference, 0, 'g', 2)
                              .arg(c.largestWeightDifference, 0, 'g', 2);
  QString verdict;
  if (position == PositionKind::None)
    verdict = tr("<b>This model has no position information.</b> The prediction is identical and every row of "
                 "attention moved with its word: attention sees a bag of words, not a sentence. ");
  else if (c.probabilityDifference > 1e-6 || c.largestWeightDifference > 1e-5)
    verdict = tr("<b>This model adds %1 position information,</b> so word order matters: the prediction and the "
                 "attention change when the words move. ")
                  .arg(QString::fromStdString(toString(position)));
  else
    verdict = tr("<b>This model has %1 position information,</b> yet this shuffle changed nothing visible. ")
                  .arg(QString::fromStdString(toString(position)));
  verdict_->setText(verdict + numbers);
  updateOrderViews();
}

// Back to the invitation to shuffle: the sentence or the model changed.
void AttentionPage::clearComparison() {
  comparison_.reset();
  shuffledText_->clear();
  verdict_->setText(tr("Press “Shuffle words”. Attention by itself does not see word order: only position "
                       "information added to the embeddings can tell “not good, bad” from “bad, not good”."));
  originalView_->setMatrix(Matrix());
  shuffledView_->setMatrix(Matrix());
}

// The original and the shuffled heatmap of the chosen head (or the average), each with its own word order.
void AttentionPage::updateOrderViews() {
  if (!comparison_) return;
  const int index = std::max(0, orderHeadBox_->currentIndex());
  const auto& a = comparison_->original.attention[0];
  const auto& b = comparison_->shuffled.attention[0];
  const bool average = index >= static_cast<int>(a.size());
  originalView_->setMatrix(average ? teaching::headAverage(a) : a[size_t(index)],
                           toQStrings(comparison_->original.tokens), toQStrings(comparison_->original.tokens));
  shuffledView_->setMatrix(average ? teaching::headAverage(b) : b[size_t(index)],
                           toQStrings(comparison_->shuffled.tokens), toQStrings(comparison_->shuffled.tokens));
}

QString AttentionPage::wordOrderVerdict() const {
  QTextDocument doc;
  doc.setHtml(verdict_->text());
  return doc.toPlainText();
}

HeatmapView* AttentionPage::sinusoidView() const { return positionTab_->sinusoidView(); }
HeatmapView* AttentionPage::positionSimilarityView() const { return positionTab_->similarityView(); }

void AttentionPage::exportFigure() {
  askAndExportWidget(tabs_->currentWidget(), QStringLiteral("attention_") + tabs_->tabText(tabs_->currentIndex()).toLower().replace(' ', '_'));
}

}  // namespace al::ui
