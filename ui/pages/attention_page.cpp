// Core headers first: they must not see Qt's `emit` macro.
#include "core/catalogue/model_catalogue.h"
#include "core/inference/imdb_transformer_inference.h"
#include "core/inference/model_attention.h"
#include "core/inference/model_words.h"
#include "core/teaching/attention_steps.h"
#include "core/train/imdb_run.h"  // the toy model

#include "ui/text/kind_texts.h"
#include "ui/pages/attention_page.h"
#include "ui/session/model_library.h"
#include "ui/pages/attention_heads_tab.h"
#include "ui/pages/attention_rollout_tab.h"
#include "ui/pages/head_importance_tab.h"
#include "ui/pages/attention_compare_tab.h"
#include "ui/text/strings.h"

#include <QComboBox>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QToolButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>

#include "ui/widgets/export.h"
#include "ui/widgets/hidden_while_presenting.h"
#include "ui/widgets/attention_thumbnails.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/maximised_heatmap.h"
#include "ui/session/model_files.h"
#include "ui/pages/timeline_moments.h"
#include "ui/widgets/timeline_bar.h"
#include "ui/widgets/token_strip.h"
#include "ui/widgets/error_banner.h"
#include "ui/widgets/model_bar.h"
#include "ui/widgets/file_job_bar.h"
#include "ui/widgets/palette.h"
#include "ui/pages/position_tab.h"
#include "ui/text/option_texts.h"
#include "ui/widgets/retranslate.h"
#include "ui/widgets/weight_scale.h"
#include "ui/widgets/word_order_tab.h"
#include "ui/text/error_texts.h"

namespace al::ui {

static_assert(kUnknownTokenId == Vocabulary::kUnknownId);

namespace {

QString describe(const TransformerConfig& c) {
  return AttentionPage::tr("%1 layer(s), %2 heads of K %3, width D %4, %5, %6, up to %7 tokens")
      .arg(QString::number(c.numLayers), QString::number(c.numHeads), QString::number(c.keyDim),
           QString::number(c.embedDim), positionPhrase(c.position), normPhrase(c.norm),
           QString::number(c.sequenceLength));
}

// The line under the model box: the app's classifier in full (the Position tab reads its position kind), a
// pretrained model's sizes, or the kind and the shape of its attention.
QString describe(const SessionModel& model) {
  if (const auto imdb = model.as<ImdbTransformerModel>()) return describe(imdb->model->config());
  if (const QString pretrained = pretrainedDescription(model.model); !pretrained.isEmpty()) return pretrained;
  const ModelShape shape = modelShape(model.model);
  return AttentionPage::tr("%1: %n layer(s) of %2 heads, a vocabulary of %3 words", "", static_cast<int>(shape.layers))
      .arg(kindTitle(model.model.task))
      .arg(shape.heads)
      .arg(shape.vocabulary);
}

// The pretrained kinds with self-attention (BERT, GPT-2), as the button of the models on this computer offers them.
QStringList pretrainedKindsWithAttention() {
  QStringList tasks;
  for (const ModelKind& kind : modelKinds())
    if (!kind.trainable() && kind.can(Ability::SelfAttention)) tasks << QString::fromStdString(kind.task);
  return tasks;
}

}  // namespace

AttentionPage::AttentionPage(ModelLibrary* library, QWidget* parent)
    : ModelPage(library, parent),
      reader_(new AttentionReader(this)),
      typingTimer_(new QTimer(this)) {
  auto* layout = new QVBoxLayout(this);
  createModelBar();
  layout->addWidget(modelArea());
  tabs_ = new QTabWidget;
  tabs_->addTab(createHeatmapsTab(), QString());
  wordOrder_ = new WordOrderTab;
  connect(wordOrder_, &WordOrderTab::shuffleRequested, this, &AttentionPage::shuffleWords);
  tabs_->addTab(wordOrder_, QString());
  positionTab_ = new PositionTab;
  tabs_->addTab(positionTab_, QString());
  // A made-up name said again in a new language: the titles that quote it follow.
  connect(ModelPage::library(), &ModelLibrary::modelRenamed, this, [this](int id) {
    if (const SessionModel* model = currentSessionModel(); model && model->id == id) positionTab_->setName(model->name);
  });
  headsTab_ = new AttentionHeadsTab;
  tabs_->addTab(headsTab_, QString());
  rolloutTab_ = new AttentionRolloutTab;
  tabs_->addTab(rolloutTab_, QString());
  headImportanceTab_ = new HeadImportanceTab;
  connect(headImportanceTab_, &HeadImportanceTab::headChosen, this, [this](int layer, int head) {
    setHeadSwitchedOff(layer, head, true);
    tabs_->setCurrentIndex(0);  // where the prediction and the maps without it are read
  });
  tabs_->addTab(headImportanceTab_, QString());
  compareTab_ = new AttentionCompareTab(ModelPage::library(), [this](const SessionModel& m) { return shows(m); });
  tabs_->addTab(compareTab_, QString());
  // The page's model and sentence, once read (the tab reads them again only when either changed).
  connect(this, &AttentionPage::attentionShown, compareTab_, [this] { compareTab_->setFirst(currentSessionModel(), text(), readSwitches_); });
  tabs_->setCornerWidget(createFigureCorner());
  layout->addWidget(tabs_, 1);
  // Only the tab in view asks for its height: in large type (presented, Ctrl +) a tab out of view once made the page
  // taller than the window, and the Heatmaps tab's maps scrolled off it.
  auto onlyTheTabInViewAsks = [this] {
    for (int i = 0; i < tabs_->count(); ++i) {
      QSizePolicy policy = tabs_->widget(i)->sizePolicy();
      policy.setVerticalPolicy(i == tabs_->currentIndex() ? QSizePolicy::Preferred : QSizePolicy::Ignored);
      tabs_->widget(i)->setSizePolicy(policy);
    }
  };
  onlyTheTabInViewAsks();
  connect(tabs_, &QTabWidget::currentChanged, this, onlyTheTabInViewAsks);

  typingTimer_->setSingleShot(true);
  typingTimer_->setInterval(400);  // redraw when the typing pauses, not on every key
  connect(typingTimer_, &QTimer::timeout, this, &AttentionPage::showAttention);
  connect(textEdit_, &QPlainTextEdit::textChanged, typingTimer_, qOverload<>(&QTimer::start));
  connect(reader_, &AttentionReader::done, this, &AttentionPage::readingDone);
  // Texts from the model and the sentence, worded again from what the page keeps (a comparison stays).
  setTranslatedTexts(this, [this] {
    // Short names: presented at 1280 x 720 beside the lesson, all seven show without scroll arrows. The questions
    // the longer names asked are the tabs' tooltips.
    const QStringList tabs{tr("Heatmaps"), tr("Order"), tr("Position"), tr("Head roles"),
                          tr("Rollout"), tr("Importance"), tr("Compare")};
    const QStringList questions{QString(), tr("Word order"), QString(), tr("Which head does this?"),
                                tr("Rollout and saliency"), tr("Which heads matter?"), tr("Two models")};
    for (int i = 0; i < tabs.size(); ++i) {
      tabs_->setTabText(i, tabs[i]);
      tabs_->setTabToolTip(i, questions[i]);
    }
    const SessionModel* session = currentSessionModel();
    modelInfo_->setText(session ? describe(*session) : QString());
    if (hasPrediction_) showPrediction();
  });
  offerPretrainedModels(pretrainedKindsWithAttention());
  showLibraryModels();
}

AttentionPage::~AttentionPage() { reader_->waitForFinished(); }

// ---------------------------------------------------------------------------------------------------------
// Building the page

// The model bar's words and the toy's option (which position the toy model has).
void AttentionPage::createModelBar() {
  ModelBar* bar = modelBar();
  modelInfo_ = bar->info();
  connect(bar, &ModelBar::exampleChosen, this, [this](const QString& sentence) {
    textEdit_->setPlainText(sentence);
    showAttention();
  });
  toyPositionBox_ = new QComboBox;
  for (PositionKind k : {PositionKind::Learned, PositionKind::None, PositionKind::Sinusoidal})
    toyPositionBox_->addItem(QString(), int(k));
  connect(bar->toyButton(), &QPushButton::clicked, this,
          [this] { trainToyModel(static_cast<PositionKind>(toyPositionBox_->currentData().toInt())); });
  bar->addToyOption(toyPositionBox_);
  // Presenting, the lesson has chosen the model and the maps need the height: the model's description (the maps
  // show its layers and heads) and the toy's row step aside; the model box stays.
  for (QWidget* w : {static_cast<QWidget*>(modelInfo_), static_cast<QWidget*>(bar->toyButton()),
                     static_cast<QWidget*>(toyPositionBox_), static_cast<QWidget*>(bar->examplesButton()),
                     static_cast<QWidget*>(bar->vocabularyButton())})
    w->setProperty(kHiddenWhilePresenting, true);
  setTranslatedTexts(this, [this, bar] {
    bar->setTexts(tr("no model yet"), tr("A model directory saved by the Train page or by attentionlab-cli train imdb"),
                  tr("Train a toy model now"),
                  tr("The tiny preset on the built-in reviews: a few seconds, on a worker thread"));
    setItemTexts(toyPositionBox_, {tr("with learned position"), tr("without position"), tr("with sinusoidal position")});
  });
}

// Beside the tabs: one button whose menu chooses the colour scale of every heatmap and saves the figure or its numbers
// (as the Train page has under its curves). One button, not a box and two buttons: presented at 1280 x 720, in Chinese
// too, the seven tabs keep the whole width and show without scroll arrows.
QWidget* AttentionPage::createFigureCorner() {
  auto* button = new QToolButton;
  button->setObjectName("figureMenuButton");
  button->setPopupMode(QToolButton::InstantPopup);
  button->setAutoRaise(true);
  auto* menu = new QMenu(button);
  menu->setObjectName("figureMenu");
  button->setMenu(menu);
  // Filled as it opens: the colour scale checked is the one in use (another page may have changed it).
  connect(menu, &QMenu::aboutToShow, this, [this, menu] {
    menu->clear();
    WeightScaleSetting::addActions(*menu);
    menu->addSeparator();
    QAction* picture = menu->addAction(tr("Save picture…"), this, &AttentionPage::exportFigure);
    picture->setObjectName("savePicture");
    picture->setToolTip(tr("The maps of this tab, without the controls: PNG at twice the pixels, or SVG and PDF as "
                           "vectors"));
    QAction* numbers = menu->addAction(tr("Save numbers…"), this, &AttentionPage::exportNumbers);
    numbers->setObjectName("saveNumbers");
    numbers->setToolTip(tr("Every weight of the maps of this tab, as a CSV table"));
  });
  menu->setToolTipsVisible(true);
  setTranslatedTexts(button, [button] {
    button->setText(tr("Figure"));
    button->setToolTip(tr("The maps' colours, and saving this tab's maps as a picture or their weights as numbers"));
  });
  return button;
}

// ---------------------------------------------------------------------------------------------------------
// Models

// Every model the catalogue says has self-attention (core/inference/model_attention.h reads each of them).
bool AttentionPage::shows(const SessionModel& model) const { return model.can(Ability::SelfAttention); }

AttentionPage::PageWords AttentionPage::pageWords() const {
  return {tr("Attention"), tr("this page shows every model whose layers weigh the words of a text against each other "
                              "(self-attention): Transformer classifiers, masked and causal language models, the "
                              "Transformer chatbot's encoder, BERT and GPT-2.")};
}

QString AttentionPage::refusal(const SessionModel& model) const {
  return tr("“%1” is a model of the kind “%2”, which has no self-attention: no layer of it weighs the words of the "
            "text against each other, so there are no maps to show. %3")
      .arg(model.name, kindTitle(model.model.task), pageWords().modelsShown);
}

QString AttentionPage::openDialogTitle() const { return tr("Open a model directory"); }

void AttentionPage::modelChanged() {
  const auto model = currentModel();
  const SessionModel* session = currentSessionModel();
  modelInfo_->setText(session ? describe(*session) : QString());
  // Shuffling words and the position vectors are questions about the book's encoder, which the page can train.
  tabs_->setTabEnabled(1, model || !session);
  tabs_->setTabEnabled(2, model || !session);
  if (!tabs_->isTabEnabled(tabs_->currentIndex())) tabs_->setCurrentIndex(0);
  wordOrder_->clear();
  positionTab_->setModel(currentModelName(), model);
  const ModelWords words = model ? modelWords(model) : ModelWords{};
  modelBar()->setModel(currentModelName(), model ? &words : nullptr);
  headImportanceTab_->setModel(currentSessionModel());
  headMeans_.clear();  // the means of the model before; this one's are computed when a head gives its mean
  meansModel_.reset();
  replacementBox_->setEnabled(model != nullptr);  // only the app's classifier has its heads' means
  showReplacementInMenu();
  kept_ = noReading();
  readTimeline();
  showAttention();
}

// The model's timeline came with it (a run of the Train page, or its directory's timeline.json, read when it was
// opened): the bar appears at the kept model; a damaged file shows the bar's banner instead.
void AttentionPage::readTimeline() { moments_->follow(currentSessionModel()); }

// The switches are the model's, in the library: it tells every page that shows the model, this one too
// (headSwitchesChanged).
void AttentionPage::setHeadSwitchedOff(int layer, int head, bool off) {
  HeadSwitches switches = headSwitches();
  if (layer < 0 || head < 0 || switches.isOff(size_t(layer), head) == off) return;
  if (off) {
    switches.switchOff(size_t(layer), head);
  } else {
    switches.layers[size_t(layer)].off[size_t(head)] = false;
  }
  setHeadSwitches(std::move(switches));
}

void AttentionPage::setLayerSwitchedOff(int layer, bool off) {
  const int heads = prediction_.attention.empty() ? 0 : int(prediction_.attention[0].size());
  if (layer < 0 || size_t(layer) >= prediction_.attention.size()) return;
  HeadSwitches switches = headSwitches();
  for (int h = 0; h < heads; ++h) {
    if (off) switches.switchOff(size_t(layer), h);
    else if (switches.isOff(size_t(layer), h)) switches.layers[size_t(layer)].off[size_t(h)] = false;
  }
  setHeadSwitches(std::move(switches));
}

void AttentionPage::switchEveryHeadOn() {
  if (!headSwitches().empty()) setHeadSwitches({});
}

void AttentionPage::headSwitchesChanged() {
  showAttention();  // the prediction and every map after the heads, read again
}

std::vector<std::vector<bool>> AttentionPage::switchedOffTable() const {
  const HeadSwitches switches = headSwitches();
  std::vector<std::vector<bool>> off(prediction_.attention.size());
  for (size_t l = 0; l < off.size(); ++l)
    for (size_t h = 0; h < prediction_.attention[l].size(); ++h) off[l].push_back(switches.isOff(l, Index(h)));
  return off;
}

QString AttentionPage::switchedOffText() const {
  QStringList heads;
  for (const auto& [layer, head] : headSwitches().off()) heads << tr("L%1 H%2").arg(layer + 1).arg(head + 1);
  return usesMeans() ? tr("(heads switched off, each giving its mean output: %1)").arg(heads.join(", "))
                     : tr("(heads switched off: %1)").arg(heads.join(", "));
}

void AttentionPage::addModel(const QString& name, std::shared_ptr<const ImdbTransformerModel> model,
                             std::optional<uint64_t> seed) {
  SessionModel session;
  session.name = name;
  session.model = anyModelOf(std::move(model));
  if (seed) session.settings = {{"seed", *seed}};
  session.status = QStringLiteral("opened");
  addModel(std::move(session));
}

std::shared_ptr<const ImdbTransformerModel> AttentionPage::currentModel() const {
  const SessionModel* model = currentSessionModel();
  return model ? model->as<ImdbTransformerModel>() : nullptr;
}

std::optional<uint64_t> AttentionPage::currentModelSeed() const {
  const SessionModel* model = currentSessionModel();
  return model ? trainingSeed(*model) : std::nullopt;
}

int AttentionPage::toyModelIndex(PositionKind position) const {
  for (int i = 0; i < modelCount(); ++i) {
    const SessionModel* model = modelAt(i);
    if (model->status == QLatin1String("toy") && model->as<ImdbTransformerModel>()->model->config().position == position)
      return i;
  }
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

void AttentionPage::trainToyModel(PositionKind position) {
  wantedToy_ = position;  // the one shown when the training ends (a lesson may ask for another meanwhile)
  trainToy(
      tr("Training a toy model on the built-in reviews…"),
      [position] {
        ImdbRunSettings settings = imdbPreset("tiny");
        settings.model.position = position;
        settings.threads = 1;  // leave the other core to the interface
        return std::unique_ptr<TrainingRun>(ImdbRun::prepare(settings));
      },
      [position](const TrainingRun&, const TrainingResult&) {
        return [position] { return tr("toy, %1").arg(positionName(position)); };
      },
      tr("The toy model could not be trained: %1"),
      [this, position](int) {
        const PositionKind wanted = wantedToy_.value_or(position);
        wantedToy_.reset();
        if (toyModelIndex(wanted) < 0) return trainToyModel(wanted);  // asked for while this one trained
        selectModel(toyModelIndex(wanted));
        emit statusMessage(tr("Toy model ready"));
      });
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
