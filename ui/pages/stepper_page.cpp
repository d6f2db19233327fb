// Core headers first: they must not see Qt's `emit` macro.
#include "core/inference/model_words.h"
#include "core/teaching/attention_steps.h"

#include "ui/pages/stepper_page.h"
#include "ui/pages/timeline_moments.h"
#include "ui/session/model_library.h"

#include <QComboBox>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QStackedWidget>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>

#include "ui/widgets/hidden_while_presenting.h"
#include "ui/teaching/additive_controls.h"
#include "ui/teaching/decoder_controls.h"
#include "ui/teaching/encoder_controls.h"
#include "ui/teaching/lm_controls.h"
#include "ui/teaching/pretrained_controls.h"
#include "ui/teaching/step_texts.h"
#include "ui/teaching/step_view.h"
#include "ui/widgets/attention_grid.h"
#include "ui/widgets/bare_layout.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/timeline_bar.h"
#include "ui/widgets/model_bar.h"
#include "ui/widgets/play_button.h"
#include "ui/widgets/retranslate.h"
#include "ui/text/error_texts.h"
#include "ui/text/strings.h"

namespace al::ui {

QStringList StepperPage::exampleSentences() {
  return {QStringLiteral("The cat sat on the mat"), QStringLiteral("Action gets results"),
          QStringLiteral("The train left the station on time"),
          QStringLiteral("The animal didn't cross the street because it was too tired")};
}

StepperPage::StepperPage(ModelLibrary* library, QWidget* parent)
    : QWidget(parent),
      encoderControls_(new EncoderControls),
      additiveControls_(new AdditiveControls),
      decoderControls_(new DecoderControls),
      lmControls_(new LanguageModelControls),
      pretrainedControls_(new PretrainedControls),
      playTimer_(new QTimer(this)),
      stepView_(new StepView),
      library_(library) {
  auto* layout = new QHBoxLayout(this);
  layout->addWidget(createControls());
  // The step, or at a moment of the walked model's training what its timeline stored; the timeline's bar under them.
  auto* right = new QWidget;
  auto* rightLayout = bareLayout<QVBoxLayout>(right);
  stepOrMoment_ = new QStackedWidget;
  stepOrMoment_->setObjectName("stepOrMoment");
  stepOrMoment_->addWidget(stepView_);
  // The moment's maps scroll when they need more height than the step's room; neither side makes the page taller
  // than the window (the step's buttons at the bottom of the settings stay in view).
  auto* momentScroll = new QScrollArea;
  momentScroll->setWidget(createMomentView());
  momentScroll->setWidgetResizable(true);
  momentScroll->setFrameShape(QFrame::NoFrame);
  stepOrMoment_->addWidget(momentScroll);
  stepOrMoment_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);
  rightLayout->addWidget(stepOrMoment_, 1);
  moments_ = new TimelineMoments(this, {[this] { return sentence(); }, [this](const QString& t) { setSentence(t); },
                                        [this] { showMoment(); }},
                                 true);
  timeline_ = moments_->bar();
  timeline_->setShowsDistances(false);  // the step keeps the height: the maps themselves show the heads forming
  rightLayout->addWidget(timeline_);
  layout->addWidget(right, 1);
  playTimer_->setInterval(2500);  // time to read a step aloud
  connect(playTimer_, &QTimer::timeout, this, [this] {
    if (stepView_->isAnimating()) return;  // the softmax is still filling in: the next tick moves on
    if (current_ + 1 >= stepCount()) setPlaying(false);
    else nextStep();
  });
  connect(encoderControls_, &EncoderControls::changed, this, &StepperPage::rebuild);
  connect(additiveControls_, &AdditiveControls::changed, this, &StepperPage::rebuild);
  connect(decoderControls_, &DecoderControls::changed, this, [this] {
    if (kind() == Kind::Decoder) rebuild();
  });
  connect(lmControls_, &LanguageModelControls::changed, this, [this] {
    if (kind() == Kind::LanguageModel) rebuild();
  });
  connect(lmControls_, &LanguageModelControls::appendText, this, [this](const QString& text) {
    setSentence(sentence() + text);
  });
  connect(pretrainedControls_, &PretrainedControls::changed, this, [this] {
    if (kind() == Kind::Pretrained) rebuild();
  });
  connect(pretrainedControls_, &PretrainedControls::appendText, this, [this](const QString& text) {
    setSentence(sentence() + text);
  });
  // Texts built from names and numbers: set again, in the language of the moment.
  setTranslatedTexts(this, [this] {
    playButton_->setText(isPlaying() ? tr("Pause") : tr("Play"));
    rebuild();
  });
  if (!library) return;
  connect(library, &ModelLibrary::modelShown, this, [this, library](int id, const QStringList& texts) {
    if (const SessionModel* shown = library->model(id)) walkShownModel(*shown, texts);
  });
  connect(library, &ModelLibrary::modelRemoved, this, &StepperPage::forgetModel);
  connect(library, &ModelLibrary::modelRenamed, this, [this, library](int id) {
    if (const SessionModel* renamed = library->model(id); renamed && id == walkedIds_[int(Kind::SelfAttention)])
      encoderControls_->renameTrainedModel(renamed->name);
  });
}

StepperPage::~StepperPage() = default;

// ---------------------------------------------------------------------------------------------------------
// Building the page

QWidget* StepperPage::createControls() {
  auto* panel = new QWidget;
  // Room for the settings and, on a short window, the scroll bar beside them.
  panel->setFixedWidth(300 + panel->style()->pixelMetric(QStyle::PM_ScrollBarExtent));
  // A presentation's lesson has set them, and PageDown walks the steps: the step's grids get the width.
  panel->setProperty(kHiddenWhilePresenting, true);
  auto* layout = bareLayout<QVBoxLayout>(panel);

  kindBox_ = new QComboBox;
  kindBox_->setObjectName("kindBox");
  kindBox_->addItem(QString(), int(Kind::SelfAttention));
  kindBox_->addItem(QString(), int(Kind::Additive));
  kindBox_->addItem(QString(), int(Kind::Decoder));
  kindBox_->addItem(QString(), int(Kind::LanguageModel));
  kindBox_->addItem(QString(), int(Kind::Pretrained));
  connect(kindBox_, &QComboBox::currentIndexChanged, this, [this] {
    encoderControls_->setVisible(kind() == Kind::SelfAttention);
    additiveControls_->setVisible(kind() == Kind::Additive);
    decoderControls_->setVisible(kind() == Kind::Decoder);
    lmControls_->setVisible(kind() == Kind::LanguageModel);
    pretrainedControls_->setVisible(kind() == Kind::Pretrained);
    offerExamples();
    // A language model continues text of its own corpus: the texts' English examples mean little to a model of
    // Chinese poems, so its prompt replaces them.
    const QStringList& prompts = modelExamples_[int(Kind::LanguageModel)];
    if (kind() == Kind::LanguageModel && !prompts.isEmpty() && exampleSentences().contains(sentence())) {
      const QSignalBlocker blocker(sentenceBox_);
      sentenceBox_->setEditText(prompts.front());
    }
    current_ = 0;
    rebuild();
  });
  layout->addWidget(kindBox_);

  // The settings scroll (only down) when the window is short; the steps and their buttons stay in view.
  auto* settings = new QWidget;
  settings->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);  // as wide as the panel, as it always was
  auto* settingsLayout = bareLayout<QVBoxLayout>(settings);
  auto* settingsScroll = new QScrollArea;
  settingsScroll->setObjectName("stepSettings");
  settingsScroll->setWidget(settings);
  settingsScroll->setWidgetResizable(true);
  settingsScroll->setFrameShape(QFrame::NoFrame);
  settingsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  layout->addWidget(settingsScroll, 2);

  auto* sentenceGroup = new QGroupBox;
  auto* sentenceLayout = new QVBoxLayout(sentenceGroup);
  sentenceBox_ = new QComboBox;
  sentenceBox_->setObjectName("sentenceBox");
  sentenceBox_->setEditable(true);
  sentenceBox_->addItems(exampleSentences());
  sentenceBox_->setCurrentIndex(0);
  sentenceBox_->setInsertPolicy(QComboBox::NoInsert);
  connect(sentenceBox_, &QComboBox::currentIndexChanged, this, &StepperPage::rebuild);
  connect(sentenceBox_->lineEdit(), &QLineEdit::editingFinished, this, &StepperPage::rebuild);
  sentenceLayout->addWidget(sentenceBox_);
  settingsLayout->addWidget(sentenceGroup);

  settingsLayout->addWidget(encoderControls_);
  additiveControls_->hide();
  settingsLayout->addWidget(additiveControls_);
  decoderControls_->hide();
  settingsLayout->addWidget(decoderControls_);
  lmControls_->hide();
  settingsLayout->addWidget(lmControls_);
  pretrainedControls_->hide();
  settingsLayout->addWidget(pretrainedControls_);
  settingsLayout->addStretch(1);

  stepList_ = new QListWidget;
  stepList_->setObjectName("stepList");
  connect(stepList_, &QListWidget::currentRowChanged, this, [this](int row) {
    if (row >= 0 && row != current_) showStep(row);
  });
  stepList_->setMinimumHeight(120);
  layout->addWidget(stepList_, 1);
  layout->addWidget(createStepButtons());
  setTranslatedTexts(this, [=, this] {
    setItemTexts(kindBox_, {tr("Self-attention (Transformer)"), tr("Additive attention (chatbot)"),
                            tr("Transformer decoder (chatbot)"), tr("Language model (GPT)"),
                            tr("Pretrained model (BERT / GPT-2)")});
    sentenceGroup->setTitle(tr("Sentence"));
    sentenceBox_->setToolTip(tr("Pick an example or type your own sentence and press Enter"));
  });
  return panel;
}

QWidget* StepperPage::createStepButtons() {
  auto* row = new QWidget;
  auto* rows = bareLayout<QVBoxLayout>(row);
  auto* buttons = new QHBoxLayout;
  rows->addLayout(buttons);
  backButton_ = new QPushButton(QIcon(QStringLiteral(":/icons/back.svg")), QString());
  playButton_ = new QPushButton(QIcon(QStringLiteral(":/icons/play.svg")), QString());
  nextButton_ = new QPushButton(QIcon(QStringLiteral(":/icons/forward.svg")), QString());
  nextButton_->setLayoutDirection(Qt::RightToLeft);  // the arrow after the word
  playButton_->setCheckable(true);
  backButton_->setShortcut(QKeySequence(Qt::Key_PageUp));
  nextButton_->setShortcut(QKeySequence(Qt::Key_PageDown));
  connect(backButton_, &QPushButton::clicked, this, &StepperPage::previousStep);
  connect(nextButton_, &QPushButton::clicked, this, &StepperPage::nextStep);
  connect(playButton_, &QPushButton::toggled, this, &StepperPage::setPlaying);
  buttons->addWidget(backButton_);
  buttons->addWidget(playButton_);
  buttons->addWidget(nextButton_);
  auto* speedRow = new QHBoxLayout;
  auto* speedLabel = new QLabel;
  speedBox_ = new QComboBox;
  speedBox_->setObjectName("speedBox");
  for (double speed : {0.5, 1.0, 2.0, 4.0}) speedBox_->addItem(QStringLiteral("%1×").arg(speed), speed);
  speedBox_->setCurrentIndex(1);
  connect(speedBox_, &QComboBox::currentIndexChanged, this, [this] {
    playTimer_->setInterval(playInterval());
    stepView_->setSpeed(speed());
  });
  speedRow->addWidget(speedLabel);
  speedRow->addWidget(speedBox_, 1);
  rows->addLayout(speedRow);
  setTranslatedTexts(this, [=, this] {
    backButton_->setText(tr("Back"));
    nextButton_->setText(tr("Next"));
    speedLabel->setText(tr("Play speed"));
    speedBox_->setToolTip(tr("How fast Play goes from step to step, and how fast the softmax fills in"));
  });
  return row;
}

// ---------------------------------------------------------------------------------------------------------
// Settings

void StepperPage::setSentence(const QString& text) {
  const QSignalBlocker blocker(sentenceBox_);
  sentenceBox_->setEditText(text);
  rebuild();
}

QString StepperPage::sentence() const { return sentenceBox_->currentText(); }

// The sentence box offers the source texts' examples, then those of the walked model's corpus it knows every word of.
void StepperPage::setModelExamples(Kind k, const QStringList& examples) {
  modelExamples_[int(k)] = examples;
  if (k == kind()) offerExamples();
}

void StepperPage::offerExamples() {
  const QSignalBlocker blocker(sentenceBox_);
  const QString typed = sentenceBox_->currentText();
  sentenceBox_->clear();
  sentenceBox_->addItems(exampleSentences());
  for (const QString& example : modelExamples_[int(kind())])
    if (sentenceBox_->findText(example) < 0) sentenceBox_->addItem(example);
  sentenceBox_->setEditText(typed);
}

void StepperPage::setToySettings(const teaching::ToyEncoderSettings& s) {
  encoderControls_->setToySettings(s);
  rebuild();
}

teaching::ToyEncoderSettings StepperPage::toySettings() const { return encoderControls_->toySettings(); }

bool StepperPage::setModel(const QString& name, const AnyModel& model, std::optional<uint64_t> seed,
                           const QStringList& prompts) {
  const std::optional<ModelWalk> walk = modelWalkOf(model);
  if (!walk) return false;
  walkModel(walk->kind, name, walk->model, seed, prompts);
  return true;
}

void StepperPage::dropModel(Kind k) { walkModel(k, QString(), AnyModel{}, std::nullopt, {}); }

// The controls of walk `k` take `model` (none: no weights); the page walks again when they say the walk shown
// changed (the encoder's and the chatbot's), or they ask for it (the others, through their changed signal).
void StepperPage::walkModel(Kind k, const QString& name, const AnyModel& model, std::optional<uint64_t> seed,
                            const QStringList& prompts) {
  // The sentences the model knows every word of (a language model: the texts it continues).
  const std::optional<ModelWords> words = modelWordsOf(model);
  const QStringList known = words ? ModelBar::knownExamples(*words, 6) : QStringList();
  switch (k) {
    case Kind::SelfAttention:
      setModelExamples(k, known);
      if (encoderControls_->setTrainedModel(name, model, seed)) rebuild();
      return;
    case Kind::Additive:
      setModelExamples(k, known);
      if (additiveControls_->setModel(name, model) && kind() == Kind::Additive) rebuild();
      return;
    case Kind::Decoder:
      setModelExamples(k, known);
      decoderControls_->setModel(name, model);  // walks again when the decoder is shown
      return;
    case Kind::LanguageModel:
      setModelExamples(k, model.hasWeights() ? prompts : QStringList());
      lmControls_->setModel(name, model);  // walks again when the language model is shown
      return;
    case Kind::Pretrained:
      pretrainedControls_->setModel(name, model);  // walks again when the pretrained model is shown
      return;
  }
}

void StepperPage::useTrainedModel(bool trained) { encoderControls_->useTrainedModel(trained); }
bool StepperPage::usesTrainedModel() const { return encoderControls_->usesTrainedModel(); }
void StepperPage::setMask(teaching::MaskKind mask) { encoderControls_->setMask(mask); }
void StepperPage::setScaling(bool divideByRootK) { encoderControls_->setScaling(divideByRootK); }

void StepperPage::setKind(Kind k) { kindBox_->setCurrentIndex(kindBox_->findData(int(k))); }
StepperPage::Kind StepperPage::kind() const { return static_cast<Kind>(kindBox_->currentData().toInt()); }

void StepperPage::useTrainedChatbot(bool trained) { additiveControls_->useTrained(trained); }
bool StepperPage::usesTrainedChatbot() const { return additiveControls_->usesTrained(); }
void StepperPage::setAnswerWord(int index) { additiveControls_->setAnswerWord(index); }  // rebuilds when it changes

const teaching::EncoderLayerWalkthrough* StepperPage::walkthrough() const { return encoderControls_->walkthrough(); }

void StepperPage::rebuild() {
  followTimeline();  // the walk shown may read another model now (another kind, the toy, a model dropped)
  try {
    if (kind() == Kind::Additive) steps_ = additiveWalk_.emplace(additiveControls_->walk(sentence())).steps;
    else if (kind() == Kind::Decoder) steps_ = decoderWalk_.emplace(decoderControls_->walk(sentence())).steps;
    else if (kind() == Kind::LanguageModel) steps_ = lmWalk_.emplace(lmControls_->walk(sentence())).steps;
    else if (kind() == Kind::Pretrained) steps_ = pretrainedWalk_.emplace(pretrainedControls_->walk(sentence())).steps;
    else steps_ = walk_.emplace(encoderControls_->walk(sentence())).steps;
    stepView_->setError(QString());
  } catch (const std::exception& e) {
    // Nothing of the last walk stays under the banner: it belonged to another sentence or model.
    walk_.reset();
    additiveWalk_.reset();
    decoderWalk_.reset();
    lmWalk_.reset();
    pretrainedWalk_.reset();
    steps_.clear();  // (current_ stays: the same step comes back with the next good walk)
    {
      const QSignalBlocker blocker(stepList_);
      stepList_->clear();
    }
    stepView_->clear();
    backButton_->setEnabled(false);
    nextButton_->setEnabled(false);
    stepView_->setError(errorMessage(e));
    showMoment();
    return;
  }
  {
    const QSignalBlocker blocker(stepList_);
    stepList_->clear();
    for (size_t i = 0; i < steps_.size(); ++i)
      stepList_->addItem(QStringLiteral("%1. %2").arg(i + 1).arg(StepTexts::forStep(steps_[i]).title));
  }
  showStep(std::min(current_, stepCount() - 1));
  showMoment();
}

// ---------------------------------------------------------------------------------------------------------
// The walked model's timeline

QWidget* StepperPage::createMomentView() {
  momentView_ = new QWidget;
  auto* layout = new QVBoxLayout(momentView_);
  momentNote_ = new QLabel;
  momentNote_->setObjectName("momentNote");
  momentNote_->setWordWrap(true);
  layout->addWidget(momentNote_);
  momentMaps_ = new AttentionGrid;
  layout->addWidget(momentMaps_, 1);
  momentAlignment_ = new HeatmapView;
  layout->addWidget(momentAlignment_, 1);
  setTranslatedTexts(momentView_, [this] {
    momentMaps_->setAxisTitles(tr("token (looks)"), tr("token (is looked at)"));
    momentAlignment_->setTitle(tr("The answer then: where the decoder looked while writing each answer word"));
    momentAlignment_->setAxisTitles(tr("answer word (being written)"), tr("question word (looked at)"));
  });
  return momentView_;
}

// The walks of a toy read no trained model, so have no timeline; a walk of a model of the library shows its own.
void StepperPage::followTimeline() {
  if (!moments_) return;
  const SessionModel* walked = nullptr;
  const bool trained = kind() == Kind::SelfAttention ? usesTrainedModel()
                       : kind() == Kind::Additive    ? usesTrainedChatbot()
                                                     : true;
  if (library_ && trained && walkedIds_[int(kind())] != 0) walked = library_->model(walkedIds_[int(kind())]);
  const std::shared_ptr<const void> timeline = walked ? walked->timeline : nullptr;
  const std::shared_ptr<const void> error = walked ? walked->timelineError : nullptr;
  if (timeline == followed_[0] && error == followed_[1]) return;  // the same: the moment shown stays
  followed_[0] = timeline;
  followed_[1] = error;
  moments_->follow(walked);
}

// At a moment of training, what the timeline stored of the sentence in place of the step (the walk needs weights a
// timeline does not keep); at the kept model, or for a moment that holds nothing of this sentence, the step.
void StepperPage::showMoment() {
  shownMoment_ = -1;
  if (!moments_) return;
  const ProbeReading* then = moments_->readingOf(sentence());
  const bool maps = then && !then->attention.empty() && !then->attention.front().empty();
  const bool answer = then && then->prediction.kind == PredictionKind::Answer && then->prediction.alignment.size() > 0;
  if (!maps && !answer) {
    stepOrMoment_->setCurrentWidget(stepView_);
    return;
  }
  const TimelineProbe& probe = timeline_->timeline()->probes[size_t(timeline_->probeOf(sentence()))];
  if (maps) {
    // A language model's maps are its last segment's (queries from queryStart) over the memory and the segment.
    QStringList tokens = toQStrings(probe.tokens);
    const QStringList queries = tokens.mid(qsizetype(probe.queryStart)), keys = tokens.mid(qsizetype(probe.keyStart));
    const Matrix& first = then->attention.front().front();
    momentMaps_->setAttention(then->attention, first.rows() == queries.size() ? queries : QStringList(),
                              first.cols() == keys.size() ? keys : QStringList());
  }
  if (answer) {
    const ModelPrediction& p = then->prediction;
    momentAlignment_->setMatrix(p.alignment, toQStrings(p.answerTokens), toQStrings(p.tokens));
  }
  momentMaps_->setVisible(maps);
  momentAlignment_->setVisible(answer);
  shownMoment_ = moments_->moment();
  const long step = moments_->snapshot()->step;
  const QString what = maps && answer ? tr("its encoder's attention maps, every layer and head, and the alignment of "
                                           "its answer over the question")
                       : maps         ? tr("its attention maps, every layer and head")
                                      : tr("the alignment of its answer over the question");
  momentNote_->setText(tr("<b>Step %1 of training</b>, “%2”. The walk takes the weights of the model the run kept "
                          "apart, one operation at a time; a training timeline keeps no weights, only what the model "
                          "showed at each moment. Below: %3, as recorded then. Move the slider to its last position to "
                          "walk the kept model again.")
                           .arg(step)
                           .arg(sentence().toHtmlEscaped(), what));
  stepOrMoment_->setCurrentIndex(1);
}

QString StepperPage::momentNoteText() const { return shownMoment_ >= 0 ? momentNote_->text() : QString(); }

QString StepperPage::sharpnessText() const { return encoderControls_->sharpnessText(); }
QString StepperPage::errorText() const { return stepView_->error(); }

// ---------------------------------------------------------------------------------------------------------
// Steps

void StepperPage::showStep(int index) {
  if (steps_.empty()) return;
  current_ = std::clamp(index, 0, stepCount() - 1);
  {
    const QSignalBlocker blocker(stepList_);
    stepList_->setCurrentRow(current_);
  }
  backButton_->setEnabled(current_ > 0);
  nextButton_->setEnabled(current_ + 1 < stepCount());
  showCurrentStep();
}

void StepperPage::nextStep() {
  if (stepView_->isAnimating()) stepView_->finishAnimation();
  else showStep(current_ + 1);
}

void StepperPage::previousStep() {
  stepView_->finishAnimation();
  showStep(current_ - 1);
}

void StepperPage::setSpeed(double speed) {
  int best = 0;
  for (int i = 0; i < speedBox_->count(); ++i)
    if (std::abs(speedBox_->itemData(i).toDouble() - speed) < std::abs(speedBox_->itemData(best).toDouble() - speed))
      best = i;
  speedBox_->setCurrentIndex(best);
}

double StepperPage::speed() const { return speedBox_->currentData().toDouble(); }
int StepperPage::playInterval() const { return static_cast<int>(2500 / speed()); }

void StepperPage::setPlaying(bool playing) {
  if (playing && current_ + 1 >= stepCount()) showStep(0);  // Play at the end starts again
  if (playing) playTimer_->start();
  else playTimer_->stop();
  showPlayState(playButton_, playing);
}

bool StepperPage::isPlaying() const { return playTimer_->isActive(); }

void StepperPage::showCurrentStep() {
  // The self-attention walk's padding tokens are greyed out in every grid whose rows are its tokens.
  const bool padded = kind() == Kind::SelfAttention && walk_;
  stepView_->showStep(steps_[size_t(current_)], current_ + 1, stepCount(), padded ? walk_->realTokens : -1,
                      padded ? static_cast<Index>(walk_->labels.size()) : -1);
}

QList<MatrixView*> StepperPage::gridViews() const { return stepView_->gridViews(); }
QString StepperPage::stepTitle() const { return stepView_->title(); }
QString StepperPage::formulaText() const { return stepView_->formula(); }
QString StepperPage::explanationText() const { return stepView_->explanation(); }
void StepperPage::exportFigure() { stepView_->exportFigure(); }
void StepperPage::exportNumbers() { stepView_->exportNumbers(); }

}  // namespace al::ui
