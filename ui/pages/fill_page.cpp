// Core headers first: Qt's `emit` macro must not reach them.
#include "core/error.h"
#include "core/inference/model_words.h"
#include "core/teaching/attention_steps.h"
#include "core/train/mlm_run.h"  // the toy model

#include "ui/session/model_files.h"
#include "ui/text/kind_texts.h"
#include "ui/pages/fill_page.h"
#include "ui/pages/timeline_moments.h"

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>
#include <QtConcurrent>
#include <algorithm>

#include "ui/widgets/export.h"
#include "ui/widgets/model_bar.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/session/model_library.h"
#include "ui/text/strings.h"
#include "ui/widgets/logit_lens_view.h"
#include "ui/pages/masking_view.h"
#include "ui/pages/next_sentence_view.h"
#include "ui/pages/pretraining_comparison.h"
#include "ui/widgets/timeline_bar.h"
#include "ui/widgets/retranslate.h"
#include "ui/widgets/token_strip.h"
#include "ui/text/error_texts.h"

namespace al::ui {

namespace {
constexpr int kCandidates = 10;  // bars per blank
constexpr const char* kExample = "the acting was [MASK] but the plot was dull";

// Tabs as high as the room the page has: the height the other tabs' wrapped texts and plots would like must not
// make the page taller than the window (it would scroll, the Fill tab's bars half out of view).
class RoomTabs : public QTabWidget {
 public:
  RoomTabs() { setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Ignored); }
  bool hasHeightForWidth() const override { return false; }
};
}  // namespace

FillPage::FillPage(ModelLibrary* library, QWidget* parent) : ModelPage(library, parent) {
  auto* layout = new QVBoxLayout(this);
  createModelBar();
  addSwitchedHeadsNote();  // a BERT's heads switched off on the Attention page are off here too
  layout->addWidget(modelArea());
  tabs_ = new RoomTabs;
  tabs_->addTab(createFillTab(), QString());
  masking_ = new MaskingView;
  tabs_->addTab(masking_, QString());
  comparison_ = new PretrainingComparison;
  comparison_->setLibrary(library);  // its optional third side: a head on a BERT of the session
  tabs_->addTab(comparison_, QString());
  tabs_->addTab(nextSentence_ = new NextSentenceView, QString());
  tabs_->addTab(lens_ = new LogitLensView, QString());
  setTranslatedTexts(tabs_, [this] {
    tabs_->setTabText(0, tr("Fill in the blank"));
    tabs_->setTabText(1, tr("Show me the masking"));
    tabs_->setTabText(2, tr("Does pre-training help?"));
    tabs_->setTabText(3, tr("Next sentence?"));
    tabs_->setTabText(4, tr("Logit lens"));
    updateNextSentenceTab();
  });
  connect(comparison_, &PretrainingComparison::statusMessage, this, &FillPage::statusMessage);
  layout->addWidget(tabs_, 1);

  showNote(tr("Pick a masked-LM model above: train one on the Train page (Masked language model), open a model "
              "directory, or train a toy model here in a few seconds."));
  // The message below the sentence is worded from the result again; the layer box's items too.
  onLanguageChange(this, [this] {
    modelInfo_->setText(modelInfoText());
    if (currentModel()) fill();
    else showNote(tr("Pick a masked-LM model above: train one on the Train page (Masked language model), open a model "
                     "directory, or train a toy model here in a few seconds."));
  });
  offerPretrainedModels({PretrainedBert::kTask});
  showLibraryModels();
}

FillPage::~FillPage() = default;

void FillPage::createModelBar() {
  ModelBar* bar = modelBar();
  modelInfo_ = bar->info();
  connect(bar->toyButton(), &QPushButton::clicked, this, &FillPage::trainToyModel);
  connect(bar, &ModelBar::exampleChosen, this, &FillPage::setText);  // no blank yet: click a word to hide it
  setTranslatedTexts(bar, [bar] {
    bar->setTexts(tr("no masked-LM yet"), tr("A masked language model saved by the Train page or by attentionlab-cli train mlm"),
                  tr("Train a toy model now"),
                  tr("The masked language model’s tiny preset on the built-in reviews: a few seconds, on a worker thread"));
  });
}

QWidget* FillPage::createFillTab() {
  auto* tab = new QWidget;
  auto* layout = new QVBoxLayout(tab);
  auto* inputRow = new QHBoxLayout;
  textEdit_ = new QLineEdit(QString::fromUtf8(kExample));
  textEdit_->setObjectName("sentenceEdit");
  connect(textEdit_, &QLineEdit::returnPressed, this, [this] { setText(textEdit_->text()); });
  inputRow->addWidget(textEdit_, 1);
  auto* go = new QPushButton;
  go->setObjectName("fillButton");
  connect(go, &QPushButton::clicked, this, [this] { setText(textEdit_->text()); });
  inputRow->addWidget(go);
  layout->addLayout(inputRow);

  tokens_ = new TokenStrip(QString());
  connect(tokens_, &TokenStrip::tokenClicked, this, &FillPage::toggleToken);
  layout->addWidget(tokens_);
  message_ = new QLabel;
  message_->setObjectName("fillMessage");
  message_->setWordWrap(true);
  layout->addWidget(message_);

  auto* chooser = new QHBoxLayout;
  auto* blankLabel = new QLabel;
  chooser->addWidget(blankLabel);
  blankBox_ = new QComboBox;
  blankBox_->setObjectName("blankBox");
  blankBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  connect(blankBox_, &QComboBox::currentIndexChanged, this, &FillPage::updateBars);
  chooser->addWidget(blankBox_);
  chooser->addSpacing(12);
  auto* layerLabel = new QLabel;
  chooser->addWidget(layerLabel);
  layerBox_ = new QComboBox;
  layerBox_->setObjectName("layerBox");
  layerBox_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  connect(layerBox_, &QComboBox::currentIndexChanged, this, &FillPage::updateBars);
  chooser->addWidget(layerBox_);
  chooser->addStretch(1);
  layout->addLayout(chooser);
  // Under the boxes, not beside them: squeezed beside them in a presentation's type it took a word a line.
  auto* hint = new QLabel;
  hint->setObjectName("hint");
  hint->setWordWrap(true);
  layout->addWidget(hint);

  auto* splitter = new QSplitter(Qt::Horizontal);
  candidates_ = new WeightBars;
  attention_ = new WeightBars;
  for (WeightBars* bars : {candidates_, attention_}) {
    bars->setMinimumHeight(170);
    splitter->addWidget(bars);
  }
  // The bars take the height left under the texts: their own wish for height must not make the page taller than
  // the window (it would scroll, the bars half out of view).
  splitter->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);
  layout->addWidget(splitter, 1);
  // The bar's line says what a moment predicted of the watched sentence; the bars stay the kept model's.
  moments_ = new TimelineMoments(this, {[this] { return text(); }, [this](const QString& t) { setText(t); }, {}}, true);
  timeline_ = moments_->bar();
  layout->addWidget(timeline_);
  setTranslatedTexts(tab, [=, this] {
    textEdit_->setPlaceholderText(tr("Type a sentence; write [MASK] where a word should be guessed"));
    go->setText(tr("Fill the blanks"));
    tokens_->setToolTip(
        tr("The tokens as the model reads them. Click a word to hide it; click a blank to bring the word back."));
    candidates_->setValueName(tr("probability"));  // the candidates' bars are probabilities, not weights
    blankLabel->setText(tr("Blank:"));
    layerLabel->setText(tr("Attention from:"));
    hint->setText(tr("Left: the words the model would put in the blank. Right: how much the blank's position "
                     "looked at each word, on both sides of it (the row sums to 1)."));
  });
  return tab;
}

// ---------------------------------------------------------------------------------------------------------
// Models

bool FillPage::shows(const SessionModel& model) const { return model.can(Ability::Fill); }

FillPage::PageWords FillPage::pageWords() const {
  return {tr("Fill-in-the-blank"), tr("this page fills in blanks with masked language models.")};
}

QString FillPage::openDialogTitle() const { return tr("Open a masked language model’s directory"); }

QString FillPage::modelInfoText() const {
  const auto model = currentModel();
  const MaskedLmConfig* c = model ? &model->model->config() : nullptr;
  return c ? tr("%1 words, %2 tokens, %3 layer(s) of %4 heads, hides %5 %")
                 .arg(model->vocabulary.size())
                 .arg(c->encoder.sequenceLength)
                 .arg(c->encoder.numLayers)
                 .arg(c->encoder.numHeads)
                 .arg(static_cast<double>(c->maskRate) * 100, 0, 'g', 3)
       : currentBert() ? pretrainedDescription(currentSessionModel()->model)
                       : QString();
}

void FillPage::modelChanged() {
  const auto model = currentModel();
  const auto bert = currentBert();
  modelInfo_->setText(modelInfoText());
  maskId_ = bert ? static_cast<int>(bert->tokenizer->specialTokens().mask.id.value_or(-1)) : kMaskTokenId;
  unknownId_ = bert ? static_cast<int>(bert->tokenizer->specialTokens().unknown.id.value_or(-1)) : Vocabulary::kUnknownId;
  // Masking and pre-training are about the app's own masked-LM, which this page can train; BERT comes trained.
  tabs_->setTabEnabled(1, !bert);
  tabs_->setTabEnabled(2, !bert);
  updateNextSentenceTab();
  nextSentence_->setModel(bert);
  masking_->setModel(model);
  const ModelWords words = model ? modelWords(model) : ModelWords{};
  modelBar()->setModel(currentModelName(), model ? &words : nullptr);
  comparison_->setModel(model, currentModelName());
  moments_->follow(currentSessionModel());
  fill();
}

std::shared_ptr<const MaskedLmModel> FillPage::currentModel() const {
  const SessionModel* model = currentSessionModel();
  return model ? model->as<MaskedLmModel>() : nullptr;
}

std::shared_ptr<const PretrainedBert> FillPage::currentBert() const {
  const SessionModel* model = currentSessionModel();
  return model ? model->as<PretrainedBert>() : nullptr;
}

// Next sentence is BERT's other pre-training task: only a checkpoint that kept its head can answer it.
void FillPage::updateNextSentenceTab() {
  const auto bert = currentBert();
  tabs_->setTabEnabled(3, NextSentenceView::canPredict(bert.get()));
  tabs_->setTabToolTip(3, NextSentenceView::canPredict(bert.get()) ? QString()
                          : bert ? tr("This BERT's checkpoint has no next-sentence head (cls.seq_relationship): it was "
                                      "saved without it. Open a BERT saved for pre-training, e.g. bert-base-uncased.")
                                 : tr("Next-sentence prediction needs a pretrained BERT: open or download one."));
}

void FillPage::trainToyModel() {
  trainToy(
      tr("Training a toy masked-LM on the built-in reviews…"),
      [] {
        MlmRunSettings settings = mlmPreset("tiny");
        settings.threads = 1;  // leave the other core to the interface
        return std::unique_ptr<TrainingRun>(MlmRun::prepare(settings));
      },
      [](const TrainingRun&, const TrainingResult&) { return [] { return tr("toy masked-LM"); }; },
      tr("The toy model could not be trained: %1"), [this](int) { emit statusMessage(tr("The toy masked-LM is ready")); });
}

void FillPage::exportFigure() { askAndExportWidget(tabs_->currentWidget(), QStringLiteral("fill_in_the_blank")); }

// ---------------------------------------------------------------------------------------------------------
// Fill

void FillPage::setText(const QString& text) {
  hiddenWords_.clear();  // a typed sentence starts afresh
  textEdit_->setText(text);
  fill();
}

QString FillPage::text() const { return textEdit_->text(); }

void FillPage::fill() {
  hasResult_ = false;
  result_ = FillResult{};
  offsets_.clear();
  added_.clear();
  const SessionModel* session = currentSessionModel();
  lens_->setSource(session ? session->model : AnyModel{}, textEdit_->text(), headSwitches());  // computed when in view
  const auto model = currentModel();
  const auto bert = currentBert();
  if (!model && !bert) return;
  const QString text = textEdit_->text().trimmed();
  if (text.isEmpty())
    return showNote(tr("Type a sentence, then click a word to hide it or write [MASK] where a word should be guessed."));
  try {
    if (bert) return fillWithBert(*bert, text.toStdString());
    // The tokens first: a sentence without a blank still shows its words, ready to be clicked.
    result_.tokens = maskedLmTokens(text.toStdString(), model->tokenizer);
    const auto length = static_cast<size_t>(model->model->config().encoder.sequenceLength);
    result_.truncated = result_.tokens.size() > length;
    if (result_.truncated) result_.tokens.resize(length);
    result_.ids = maskedLmIds(result_.tokens, model->vocabulary);
    if (result_.tokens.empty())
      return showNote(tr("The sentence has no words once punctuation is removed. Type a sentence with [MASK] in it."));
    if (std::find(result_.ids.begin(), result_.ids.end(), kMaskTokenId) == result_.ids.end()) {
      showResult();
      return showNote(result_.truncated
                           ? tr("No blank within the first %1 tokens (the model reads no further): click a word "
                                "below to hide it.").arg(length)
                           : tr("No blank yet: click a word below to hide it, or write [MASK] in the sentence."));
    }
    const HeadSwitches switches = headSwitches();
    result_ = fillMasks(*model, text.toStdString(), kCandidates, switches.empty() ? nullptr : &switches);
    hasResult_ = true;
    showResult();
  } catch (const std::exception& e) {
    showNote(errorMessage(e));
  }
}

void FillPage::showNote(const QString& message) {
  message_->setText(message);
  message_->setStyleSheet(QStringLiteral("color: #b00020"));
  if (hasResult_) return;
  blankBox_->clear();
  layerBox_->clear();
  candidates_->setWeights({}, {}, {});
  attention_->setWeights({}, {}, {});
  if (result_.tokens.empty()) tokens_->clear();
}

void FillPage::showResult() {
  // The token strip: a blank highlighted, an unknown word grey; a click on a word toggles it.
  std::vector<TokenStrip::Token> tokens;
  int unknown = 0;
  for (size_t t = 0; t < result_.tokens.size(); ++t) {
    unknown += result_.ids[t] == unknownId_;
    tokens.push_back({QString::fromStdString(result_.tokens[t]), result_.ids[t] == unknownId_, result_.ids[t] == maskId_});
  }
  tokens_->setTokens(tokens, tr("%n token(s); click a word to hide it", "", static_cast<int>(tokens.size())));
  QStringList notes;
  if (unknown > 0)
    notes << tr("%n word(s) in grey are not in the model's vocabulary: it reads them as [UNK].", "", unknown);
  if (result_.truncated)
    notes << tr("Only the first %1 tokens are read (the model's sequence_length); the rest is cut off.")
                 .arg(result_.tokens.size());
  message_->setText(notes.join(QLatin1Char(' ')));
  message_->setStyleSheet({});
  if (!hasResult_) return;

  const QSignalBlocker blockBlanks(blankBox_), blockLayers(layerBox_);
  const int previousBlank = blankBox_->currentIndex(), previousLayer = layerBox_->currentIndex();
  blankBox_->clear();
  for (size_t n = 0; n < result_.predictions.size(); ++n) {
    const FillPrediction& p = result_.predictions[n];
    const QString best = p.top.empty() ? QString() : QString::fromStdString(p.top[0].token);
    blankBox_->addItem(tr("%1 (word %2): %3").arg(n + 1).arg(p.position + 1).arg(best));
  }
  layerBox_->clear();
  for (size_t l = 0; l < result_.attention.size(); ++l) {
    layerBox_->addItem(tr("layer %1, heads' average").arg(l + 1));
    for (size_t h = 0; h < result_.attention[l].size(); ++h) layerBox_->addItem(tr("layer %1, head %2").arg(l + 1).arg(h + 1));
  }
  blankBox_->setCurrentIndex(std::clamp(previousBlank, 0, blankBox_->count() - 1));
  layerBox_->setCurrentIndex(std::clamp(previousLayer, 0, layerBox_->count() - 1));
  updateBars();
}

void FillPage::selectBlank(int blank) { blankBox_->setCurrentIndex(blank); }
int FillPage::selectedBlank() const { return blankBox_->currentIndex(); }

void FillPage::updateBars() {
  const int blank = blankBox_->currentIndex();
  if (!hasResult_ || blank < 0 || blank >= static_cast<int>(result_.predictions.size())) return;
  const FillPrediction& p = result_.predictions[static_cast<size_t>(blank)];
  RowVector probabilities(static_cast<Index>(p.top.size()));
  QStringList words;
  for (size_t k = 0; k < p.top.size(); ++k) {
    probabilities(static_cast<Index>(k)) = p.top[k].probability;
    words << QString::fromStdString(p.top[k].token);
  }
  candidates_->setWeights(probabilities, words,
                          tr("Blank %1: the %2 most probable words (together %3 %)")
                              .arg(blank + 1)
                              .arg(p.top.size())
                              .arg(static_cast<double>(probabilities.sum()) * 100, 0, 'f', 1));

  // The layer box lists, per layer, the heads' average and then each head.
  int item = std::max(0, layerBox_->currentIndex());
  for (const std::vector<Matrix>& heads : result_.attention) {
    const int items = static_cast<int>(heads.size()) + 1;
    if (item < items) {
      const Matrix weights = item == 0 ? teaching::headAverage(heads) : heads[static_cast<size_t>(item - 1)];  // T x T
      attention_->setWeights(weights.row(p.position), toQStrings(result_.tokens),
                             tr("Where the blank at word %1 looked (%2)").arg(p.position + 1).arg(layerBox_->currentText()));
      return;
    }
    item -= items;
  }
}

// BERT's pieces: the sentence as typed, with the piece's bytes (its offsets) replaced by the mask token or given back.
void FillPage::fillWithBert(const PretrainedBert& bert, const std::string& text) {
  // The tokens first: a sentence without a blank still shows its pieces, ready to be clicked.
  const pretrained::Encoding encoding = bert.tokenizer->encode(text);
  result_.tokens = encoding.pieces;
  result_.ids.assign(encoding.ids.begin(), encoding.ids.end());
  offsets_ = encoding.offsets;
  added_ = encoding.added;
  filledText_ = text;
  if (std::find(result_.ids.begin(), result_.ids.end(), maskId_) == result_.ids.end()) {
    showResult();
    return showNote(tr("No blank yet: click a word below to hide it, or write [MASK] in the sentence."));
  }
  const HeadSwitches switches = headSwitches();
  BertFill filled = fillBert(bert, text, kCandidates, switches.empty() ? nullptr : &switches);
  result_.predictions = std::move(filled.predictions);
  result_.attention = std::move(filled.attention);
  hasResult_ = true;
  showResult();
}

void FillPage::toggleBertToken(size_t t) {
  if (added_[t]) return;  // [CLS] and [SEP] are not in the sentence
  const pretrained::Offset where = offsets_[t];
  std::map<int, QString> hidden = hiddenWords_;
  std::string replacement;
  if (result_.ids[t] == maskId_) {
    const auto word = hidden.find(static_cast<int>(t));
    if (word == hidden.end()) return;  // a typed blank has no word to bring back
    replacement = word->second.toStdString();
    hidden.erase(word);
  } else {
    hidden[static_cast<int>(t)] = QString::fromStdString(filledText_.substr(where.begin, where.end - where.begin));
    replacement = currentBert()->tokenizer->specialTokens().mask.name;
  }
  std::string text = filledText_;
  text.replace(where.begin, where.end - where.begin, replacement);
  setText(QString::fromStdString(text));
  hiddenWords_ = std::move(hidden);
}

void FillPage::toggleToken(int token) {
  if (token < 0 || token >= static_cast<int>(result_.tokens.size())) return;
  if (!offsets_.empty()) return toggleBertToken(static_cast<size_t>(token));
  std::vector<std::string> tokens = result_.tokens;
  const auto t = static_cast<size_t>(token);
  std::map<int, QString> hidden = hiddenWords_;
  if (tokens[t] == kMaskToken) {
    const auto word = hidden.find(token);
    if (word == hidden.end()) return;  // a typed blank has no word to bring back
    tokens[t] = word->second.toStdString();
    hidden.erase(word);
  } else {
    hidden[token] = QString::fromStdString(tokens[t]);
    tokens[t] = std::string(kMaskToken);
  }
  QStringList words = toQStrings(tokens);
  setText(words.join(QLatin1Char(' ')));  // the sentence as the model reads it, with the new blank
  hiddenWords_ = std::move(hidden);
}

QString FillPage::tokensText() const { return tokens_->toPlainText(); }
QString FillPage::messageText() const { return message_->text(); }

}  // namespace al::ui
