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
#include "ui/text/error_texts.h"

namespace al::ui {

static_assert(kUnknownTokenId == Vocabulary::kUnknownId);

namespace {

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
      reader_(new AttentionReader(this)),
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
  connect(reader_, &AttentionReader::done, this, &AttentionPage::readingDone);
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
  reader_->waitForFinished();
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
      result.error = errorMessage(e);
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
// Word order

void AttentionPage::shuffleWords() {
  const auto model = currentModel();
  if (!model) return showError(tr("Choose a model first."));
  try {
    wordOrder_->shuffle(*model->model, model->vocabulary, text().toStdString());
    showError({});
  } catch (const std::exception& e) {
    showError(errorMessage(e));
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
