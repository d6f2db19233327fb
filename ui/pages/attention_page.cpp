// Core headers first: they must not see Qt's `emit` macro.
#include "core/inference/imdb_transformer_inference.h"
#include "core/inference/model_words.h"
#include "core/teaching/attention_steps.h"
#include "core/train/imdb_run.h"  // the toy model

#include "ui/text/kind_texts.h"
#include "ui/pages/attention_page.h"
#include "ui/text/strings.h"

#include <QComboBox>
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
#include "ui/widgets/attention_thumbnails.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/maximised_heatmap.h"
#include "ui/session/model_files.h"
#include "ui/widgets/token_strip.h"
#include "ui/widgets/error_banner.h"
#include "ui/widgets/model_bar.h"
#include "ui/widgets/file_job_bar.h"
#include "ui/widgets/palette.h"
#include "ui/widgets/position_tab.h"
#include "ui/text/option_texts.h"
#include "ui/widgets/retranslate.h"
#include "ui/widgets/weight_scale.h"
#include "ui/widgets/word_order_tab.h"
#include "ui/widgets/figure_export_bar.h"

namespace al::ui {

static_assert(kUnknownTokenId == Vocabulary::kUnknownId);

namespace {

const char* kExampleReview =
    "This movie was not good at all. The acting was wooden and the story made no sense, "
    "but the music was wonderful.";

QString percent(double p) { return QString::number(100.0 * p, 'f', 1) + QStringLiteral(" %"); }

QString sentiment(double p) {
  return (p >= 0.5 ? AttentionPage::tr("positive") : AttentionPage::tr("negative")) + QStringLiteral(" (p = %1)").arg(p, 0, 'f', 4);
}

QString describe(const TransformerConfig& c) {
  return AttentionPage::tr("%1 layer(s), %2 heads of K %3, width D %4, %5, %6, up to %7 tokens")
      .arg(c.numLayers)
      .arg(c.numHeads)
      .arg(c.keyDim)
      .arg(c.embedDim)
      .arg(positionPhrase(c.position), normPhrase(c.norm))
      .arg(c.sequenceLength);
}

}  // namespace

AttentionPage::AttentionPage(QWidget* parent)
    : ModelPage(parent),
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
  wordOrder_ = new WordOrderTab;
  connect(wordOrder_, &WordOrderTab::shuffleRequested, this, &AttentionPage::shuffleWords);
  tabs_->addTab(wordOrder_, QString());
  positionTab_ = new PositionTab;
  tabs_->addTab(positionTab_, QString());
  tabs_->setCornerWidget(createFigureCorner());
  layout->addWidget(tabs_, 1);

  typingTimer_->setSingleShot(true);
  typingTimer_->setInterval(400);  // redraw when the typing pauses, not on every key
  connect(typingTimer_, &QTimer::timeout, this, &AttentionPage::showAttention);
  connect(textEdit_, &QPlainTextEdit::textChanged, typingTimer_, qOverload<>(&QTimer::start));
  connect(toyWatcher_, &QFutureWatcher<ToyTraining>::finished, this, &AttentionPage::toyModelTrained);
  // Texts from the model and the sentence, worded again from what the page keeps (a comparison stays).
  setTranslatedTexts(this, [this] {
    const QStringList tabs{tr("Heatmaps"), tr("Word order"), tr("Position")};
    for (int i = 0; i < tabs.size(); ++i) tabs_->setTabText(i, tabs[i]);
    const auto model = currentModel();
    modelInfo_->setText(model ? describe(model->model->config()) : QString());
    if (hasPrediction_) showPrediction();
  });
}

AttentionPage::~AttentionPage() {
  toyWatcher_->waitForFinished();
  files_->waitForFinished();
}

// ---------------------------------------------------------------------------------------------------------
// Building the page

QWidget* AttentionPage::createModelBar() {
  modelBar_ = new ModelBar;
  modelBox_ = modelBar_->box();
  modelInfo_ = modelBar_->info();
  connect(modelBox_, &QComboBox::currentIndexChanged, this, [this] {
    const auto model = currentModel();
    modelInfo_->setText(model ? describe(model->model->config()) : QString());
    wordOrder_->clear();
    positionTab_->setModel(currentModelName(), model);
    const ModelWords words = model ? modelWords(model) : ModelWords{};
    modelBar_->setModel(currentModelName(), model ? &words : nullptr);
    showAttention();
    emit currentModelChanged();
  });
  connect(modelBar_->openButton(), &QPushButton::clicked, this, &AttentionPage::openModelDialog);
  connect(modelBar_, &ModelBar::exampleChosen, this, [this](const QString& sentence) {
    textEdit_->setPlainText(sentence);
    showAttention();
  });
  toyPositionBox_ = new QComboBox;
  for (PositionKind k : {PositionKind::Learned, PositionKind::None, PositionKind::Sinusoidal})
    toyPositionBox_->addItem(QString(), int(k));
  connect(modelBar_->toyButton(), &QPushButton::clicked, this,
          [this] { trainToyModel(static_cast<PositionKind>(toyPositionBox_->currentData().toInt())); });
  modelBar_->addToyOption(toyPositionBox_);
  setTranslatedTexts(this, [this] {
    modelBar_->setTexts(tr("no model yet"),
                        tr("A model directory saved by the Train page or by attentionlab-cli train imdb"),
                        tr("Train a toy model now"),
                        tr("The tiny preset on the built-in reviews: a few seconds, on a worker thread"));
    setItemTexts(toyPositionBox_, {tr("with learned position"), tr("without position"), tr("with sinusoidal position")});
  });
  return modelBar_;
}

// Beside the tabs: the colour scale of every heatmap, and the figure's export (as the Train page has under its curves).
QWidget* AttentionPage::createFigureCorner() {
  auto* corner = new QWidget;
  auto* row = new QHBoxLayout(corner);
  row->setContentsMargins(0, 0, 0, 2);
  auto* label = new QLabel;
  row->addWidget(label);
  row->addWidget(WeightScaleSetting::createBox());
  auto* exportBar = new FigureExportBar({}, {});
  exportBar->onPicture = [this] { exportFigure(); };
  exportBar->onNumbers = [this] { exportNumbers(); };
  row->addWidget(exportBar);
  setTranslatedTexts(this, [=] {
    label->setText(tr("Colours:"));
    exportBar->setToolTips(tr("The maps of this tab, without the controls: PNG at twice the pixels, or SVG and PDF "
                              "as vectors"),
                           tr("Every weight of the maps of this tab, as a CSV table"));
  });
  return corner;
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
  predictionLabel_->setWordWrap(true);  // it names unknown words too: a long line would widen the page
  layout->addWidget(predictionLabel_);

  // Heatmaps above, the clicked token's bars below: both get the page's full width.
  auto* splitter = new QSplitter(Qt::Vertical);
  heatmapHost_ = new QWidget;
  heatmapGrid_ = new QGridLayout(heatmapHost_);
  auto* scroll = new QScrollArea;
  scroll->setWidget(heatmapHost_);
  scroll->setWidgetResizable(true);
  auto* maps = new QWidget;  // the thumbnails of every layer and head, then the heatmaps
  auto* mapsRow = new QHBoxLayout(maps);
  mapsRow->setContentsMargins(0, 0, 0, 0);
  thumbnails_ = new AttentionThumbnails;
  connect(thumbnails_, &AttentionThumbnails::opened, this, [this](int l, int h) {
    MaximisedHeatmap::open(heatmap(l, h), [this](int layer, int head) { return heatmap(layer, head); }, l, h);
  });
  mapsRow->addWidget(thumbnails_, 0, Qt::AlignTop);
  mapsRow->addWidget(scroll, 1);
  splitter->addWidget(maps);

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
  bars_->setMinimumHeight(90);
  barsLayout->addWidget(bars_, 1);
  splitter->addWidget(barsPanel);
  splitter->setStretchFactor(0, 3);
  splitter->setStretchFactor(1, 2);
  splitter->setSizes({600, 220});  // the bars keep room on a large screen, their minimum on a projector
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

// ---------------------------------------------------------------------------------------------------------
// Models

void AttentionPage::addModel(const QString& name, std::shared_ptr<const ImdbTransformerModel> model,
                             std::optional<uint64_t> seed) {
  offerModel(name, std::move(model), seed);
  modelBox_->setCurrentIndex(modelBox_->count() - 1);
}

void AttentionPage::offerModel(const QString& name, std::shared_ptr<const ImdbTransformerModel> model,
                               std::optional<uint64_t> seed) {
  models_.push_back({name, std::move(model), seed, {}});
  modelBox_->addItem(name);
  if (modelBox_->currentIndex() < 0) modelBox_->setCurrentIndex(modelBox_->count() - 1);  // a later one waits
}

void AttentionPage::forgetModel(const std::shared_ptr<const ImdbTransformerModel>& model) {
  for (int i = modelCount() - 1; i >= 0; --i) {
    if (models_[size_t(i)].model != model) continue;
    models_.erase(models_.begin() + i);
    modelBox_->removeItem(i);  // the box shows another model, or none
  }
}

std::optional<uint64_t> AttentionPage::currentModelSeed() const {
  const int i = modelBox_->currentIndex();
  return i >= 0 && i < modelCount() ? models_[size_t(i)].seed : std::nullopt;
}

int AttentionPage::toyModelIndex(PositionKind position) const {
  for (int i = 0; i < modelCount(); ++i)
    if (models_[size_t(i)].toyPosition == position) return i;
  return -1;
}

void AttentionPage::showToyModel(PositionKind position) {
  const int index = toyModelIndex(position);
  if (index >= 0) {
    wantedToy_.reset();
    selectModel(index);
  } else {
    trainToyModel(position);
  }
}

void AttentionPage::openModelDirectory(const QString& dir) {
  files_->open(
      dir,
      [this](SessionModel model) {
        const std::shared_ptr<const ImdbTransformerModel> opened = model.as<ImdbTransformerModel>();
        if (!opened)
          return showError(tr("“%1” is a model of the kind “%2”; this page shows Transformer classifiers of reviews.")
                               .arg(model.name, kindTitle(model.model.task)));
        showError({});
        if (!library_) return addModel(model.name, opened);
        library_->add(std::move(model));  // it comes back through offerModel; the user asked for it: show it
        for (int i = modelCount() - 1; i >= 0; --i)
          if (models_[size_t(i)].model == opened) return selectModel(i);
      },
      [this](const QString& message) { showError(message); });
}

bool AttentionPage::isOpeningModel() const { return files_->busy(); }

void AttentionPage::openModelDialog() {
  const QString dir = modelBar_->askDirectory(tr("Open a model directory"));
  if (!dir.isEmpty()) openModelDirectory(dir);
}

void AttentionPage::trainToyModel(PositionKind position) {
  wantedToy_ = position;  // the one shown when the training ends (a lesson may ask for another meanwhile)
  if (isTrainingToyModel()) return;
  trainingToy_ = true;
  modelBar_->setToyTraining(true);
  emit statusMessage(tr("Training a toy model on the built-in reviews…"));
  toyWatcher_->setFuture(QtConcurrent::run([position] {
    ToyTraining result;
    result.position = position;
    result.name = AttentionPage::tr("toy, %1").arg(positionName(position));
    try {
      ImdbRunSettings settings = imdbPreset("tiny");
      settings.model.position = position;
      result.seed = settings.training.seed;
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
  modelBar_->setToyTraining(false);
  const ToyTraining result = toyWatcher_->result();
  if (!result.error.isEmpty()) {
    showError(tr("The toy model could not be trained: %1").arg(result.error));
    return;
  }
  offerModel(result.name, result.model, result.seed);
  models_.back().toyPosition = result.position;
  const PositionKind wanted = wantedToy_.value_or(result.position);
  wantedToy_.reset();
  if (toyModelIndex(wanted) < 0) return trainToyModel(wanted);  // asked for while this one trained
  selectModel(toyModelIndex(wanted));
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
    clearPrediction(tr("Choose a model above: open a model directory, or train a toy model in a few seconds."));
    return;
  }
  try {
    prediction_ = predictText(*model->model, model->vocabulary, text().toStdString());
    hasPrediction_ = true;
    showError({});
  } catch (const std::exception& e) {
    clearPrediction({});  // nothing of the last sentence stays under the banner
    showError(QString::fromStdString(e.what()));
    return;
  }
  wordOrder_->clear();
  showPrediction();
}

// The prediction, the tokens, the heatmaps and the bars of the sentence read last.
void AttentionPage::showPrediction() {
  const int T = static_cast<int>(prediction_.tokens.size());
  if (selectedToken_ >= T) selectedToken_ = -1;
  QString line = tr("Prediction: <b>%1</b>, %2 positive").arg(sentiment(prediction_.probability), percent(prediction_.probability));
  const QString unknown = unknownWordList(prediction_.tokens, prediction_.ids);
  if (!unknown.isEmpty())
    line += tr(". The model has never seen %1: it read [UNK] there, so this answer does not rest on those words.")
                .arg(unknown.toHtmlEscaped());
  predictionLabel_->setText(line);
  updateTokens();
  rebuildHeatmaps();
  updateBars();
}

// No prediction: no tokens, maps or bars of a sentence read before; `message` where the prediction was.
void AttentionPage::clearPrediction(const QString& message) {
  hasPrediction_ = false;
  prediction_ = {};
  selectedToken_ = -1;
  predictionLabel_->setText(message);
  tokens_->setTokens({}, QString());
  rebuildHeatmaps();  // none
  bars_->setWeights(RowVector(), {}, QString());
  wordOrder_->clear();
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
  if (unknown > 0)
    notes += tr("; %n unknown: %1 (grey, marked ?: the model reads them all as [UNK])", "", unknown)
                 .arg(unknownWordList(prediction_.tokens, prediction_.ids).toHtmlEscaped());
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
  const QStringList labels = readTokenLabels(prediction_.tokens, prediction_.ids);
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
        view->setMinimumSize(300, 190);  // a whole heatmap fits the page at 1280 x 720
        view->setAxisTitles(tr("query token (looks)"), tr("key token (is looked at)"));
        connect(view, &HeatmapView::cellClicked, this, [this](int row, int) { selectToken(row); });
        heatmapGrid_->addWidget(view, int(l), int(h));
        heatmaps_[l].push_back(view);
      }
    const QSignalBlocker blocker(barsSourceBox_);
    barsSourceBox_->clear();
    for (size_t l = 0; l < layers; ++l) {
      for (size_t h = 0; h < heads; ++h) barsSourceBox_->addItem(tr("layer %1, head %2").arg(l + 1).arg(h + 1));
      barsSourceBox_->addItem(tr("layer %1, average of the heads").arg(l + 1));
    }
    barsSourceBox_->setCurrentIndex(int(heads));  // layer 1's average
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
  thumbnails_->setAttention(prediction_.attention);
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
  bars_->setWeights(a.row(token), readTokenLabels(prediction_.tokens, prediction_.ids),
                    tr("Where “%1” looks (%2)").arg(QString::fromStdString(prediction_.tokens[size_t(token)]),
                                                   barsSourceBox_->currentText()));
}

// ---------------------------------------------------------------------------------------------------------
// Word order

void AttentionPage::shuffleWords() {
  const auto model = currentModel();
  if (!model) return showError(tr("Choose a model first."));
  try {
    wordOrder_->shuffle(*model->model, model->vocabulary, text().toStdString());
    showError({});
  } catch (const std::exception& e) {
    showError(QString::fromStdString(e.what()));
  }
}

bool AttentionPage::hasComparison() const { return wordOrder_->hasComparison(); }
const teaching::ShuffledComparison& AttentionPage::comparison() const { return wordOrder_->comparison(); }
QString AttentionPage::wordOrderVerdict() const { return wordOrder_->verdictText(); }
HeatmapView* AttentionPage::originalOrderView() const { return wordOrder_->originalView(); }
HeatmapView* AttentionPage::shuffledOrderView() const { return wordOrder_->shuffledView(); }

HeatmapView* AttentionPage::sinusoidView() const { return positionTab_->sinusoidView(); }
HeatmapView* AttentionPage::positionSimilarityView() const { return positionTab_->similarityView(); }

// The figure of the tab in view, without the controls around it: the heatmaps, the two word-order maps, or the
// position maps.
QWidget* AttentionPage::figure() const {
  if (tabs_->currentWidget() == wordOrder_) return wordOrder_->figure();
  if (tabs_->currentWidget() == positionTab_) return positionTab_->figure();
  return heatmapHost_;
}

void AttentionPage::exportFigureTo(const QString& path) { exportWidget(figure(), path); }

void AttentionPage::exportFigure() {
  askAndExportWidget(figure(), QStringLiteral("attention_") + tabs_->tabText(tabs_->currentIndex()).toLower().replace(' ', '_'));
}

// Every heatmap of the figure in view, one block each: its title, the key tokens, a row per query token.
void AttentionPage::exportNumbers() {
  std::vector<std::vector<QString>> rows;
  for (HeatmapView* view : figure()->findChildren<HeatmapView*>()) {
    if (view->rows() == 0) continue;
    rows.push_back({view->title()});
    const QStringList header = view->csvHeader();
    rows.push_back(std::vector<QString>(header.begin(), header.end()));
    for (auto& row : view->csvRows()) rows.push_back(row);
    rows.push_back({});
  }
  askAndWriteCsv(this, QStringLiteral("attention_") + tabs_->tabText(tabs_->currentIndex()).toLower().replace(' ', '_'), {}, rows);
}

}  // namespace al::ui
