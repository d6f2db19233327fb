// Core headers first: they must not see Qt's `emit` macro.
#include "core/inference/chatbot_inference.h"
#include "core/inference/imdb_transformer_inference.h"
#include "core/teaching/attention_steps.h"

#include "ui/pages/stepper_page.h"
#include "ui/text/strings.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QTableWidget>
#include <QTextDocument>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>

#include "ui/export.h"
#include "ui/widgets/retranslate.h"
#include "ui/widgets/matrix_view.h"
#include "ui/teaching/decoder_controls.h"
#include "ui/teaching/step_texts.h"

namespace al::ui {

namespace {

QString plain(const QString& html) {
  QTextDocument doc;
  doc.setHtml(html);
  return doc.toPlainText();
}

// The largest finite |value|: masked scores hold -∞, which must not wash out every other colour.
double finiteLimit(const Matrix& m) {
  const auto finite = m.array().isFinite();
  return std::max(1e-9, static_cast<double>(finite.select(m.array().abs(), 0.0f).maxCoeff()));
}

}  // namespace

QStringList StepperPage::exampleSentences() {
  return {QStringLiteral("The cat sat on the mat"), QStringLiteral("Action gets results"),
          QStringLiteral("The train left the station on time"),
          QStringLiteral("The animal didn't cross the street because it was too tired")};
}

StepperPage::StepperPage(QWidget* parent) : QWidget(parent), playTimer_(new QTimer(this)) {
  auto* layout = new QHBoxLayout(this);
  layout->addWidget(createControls());
  layout->addWidget(createStepView(), 1);
  playTimer_->setInterval(2500);  // time to read a step aloud
  connect(playTimer_, &QTimer::timeout, this, [this] {
    if (current_ + 1 >= stepCount()) setPlaying(false);
    else nextStep();
  });
  // Texts built from names and numbers: set again, in the language of the moment, from what the page keeps.
  setTranslatedTexts(this, [this] {
    playButton_->setText(isPlaying() ? tr("Pause") : tr("Play"));
    setTrainedModel(trainedName_, trainedModel_);
    setChatbotModel(chatbotName_, chatbotModel_);
    rebuild();
  });
}

StepperPage::~StepperPage() = default;

// ---------------------------------------------------------------------------------------------------------
// Building the page

QWidget* StepperPage::createControls() {
  auto* panel = new QWidget;
  panel->setFixedWidth(300);
  auto* layout = new QVBoxLayout(panel);
  layout->setContentsMargins(0, 0, 0, 0);

  kindBox_ = new QComboBox;
  kindBox_->setObjectName("kindBox");
  kindBox_->addItem(QString(), int(Kind::SelfAttention));
  kindBox_->addItem(QString(), int(Kind::Additive));
  kindBox_->addItem(QString(), int(Kind::Decoder));
  connect(kindBox_, &QComboBox::currentIndexChanged, this, [this] {
    layerGroup_->setVisible(kind() == Kind::SelfAttention);
    attentionGroup_->setVisible(kind() == Kind::SelfAttention);
    chatbotGroup_->setVisible(kind() == Kind::Additive);
    decoderControls_->setVisible(kind() == Kind::Decoder);
    current_ = 0;
    rebuild();
  });
  layout->addWidget(kindBox_);

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
  layout->addWidget(sentenceGroup);

  layerGroup_ = new QGroupBox;
  auto* modelLayout = new QVBoxLayout(layerGroup_);
  toyButton_ = new QRadioButton;
  trainedButton_ = new QRadioButton;
  trainedButton_->setEnabled(false);
  toyButton_->setChecked(true);
  auto* group = new QButtonGroup(layerGroup_);
  group->addButton(toyButton_);
  group->addButton(trainedButton_);
  connect(toyButton_, &QRadioButton::toggled, this, &StepperPage::rebuild);
  modelLayout->addWidget(toyButton_);
  auto* toyForm = new QFormLayout;
  auto spin = [&](int lo, int hi, int value) {
    auto* box = new QSpinBox;
    box->setRange(lo, hi);
    box->setValue(value);
    connect(box, &QSpinBox::valueChanged, this, &StepperPage::rebuild);
    return box;
  };
  widthBox_ = spin(2, 64, 8);
  headsBox_ = spin(1, 8, 2);
  feedForwardBox_ = spin(1, 128, 16);
  seedBox_ = spin(0, 9999, 1);
  positionBox_ = new QComboBox;
  for (PositionKind k : {PositionKind::Sinusoidal, PositionKind::Learned, PositionKind::None})
    positionBox_->addItem(QString(), int(k));
  connect(positionBox_, &QComboBox::currentIndexChanged, this, &StepperPage::rebuild);
  keyDimension_ = new QLabel;
  for (QWidget* field : std::initializer_list<QWidget*>{widthBox_, headsBox_, keyDimension_, feedForwardBox_,
                                                       positionBox_, seedBox_})
    toyForm->addRow(new QLabel, field);
  modelLayout->addLayout(toyForm);
  modelLayout->addWidget(trainedButton_);
  layout->addWidget(layerGroup_);

  attentionGroup_ = new QGroupBox;
  auto* attentionForm = new QFormLayout(attentionGroup_);
  maskBox_ = new QComboBox;
  for (teaching::MaskKind k : {teaching::MaskKind::None, teaching::MaskKind::Padding, teaching::MaskKind::Causal})
    maskBox_->addItem(QString(), int(k));
  connect(maskBox_, &QComboBox::currentIndexChanged, this, &StepperPage::rebuild);
  paddingBox_ = spin(1, 8, 2);
  scaleBox_ = new QCheckBox;
  scaleBox_->setObjectName("scaleBox");
  scaleBox_->setChecked(true);
  connect(scaleBox_, &QCheckBox::toggled, this, &StepperPage::rebuild);
  attentionForm->addRow(new QLabel, maskBox_);
  attentionForm->addRow(new QLabel, paddingBox_);
  attentionForm->addRow(scaleBox_);
  sharpness_ = new QLabel;
  sharpness_->setObjectName("sharpness");
  sharpness_->setWordWrap(true);
  attentionForm->addRow(sharpness_);
  layout->addWidget(attentionGroup_);
  chatbotGroup_ = createChatbotControls();
  chatbotGroup_->hide();
  layout->addWidget(chatbotGroup_);
  decoderControls_ = new DecoderControls;
  decoderControls_->hide();
  connect(decoderControls_, &DecoderControls::changed, this, [this] {
    if (kind() == Kind::Decoder) rebuild();
  });
  layout->addWidget(decoderControls_);

  stepList_ = new QListWidget;
  stepList_->setObjectName("stepList");
  connect(stepList_, &QListWidget::currentRowChanged, this, [this](int row) {
    if (row >= 0 && row != current_) showStep(row);
  });
  layout->addWidget(stepList_, 1);

  auto* buttons = new QHBoxLayout;
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
  layout->addLayout(buttons);
  setTranslatedTexts(this, [=, this] {
    setItemTexts(kindBox_, {tr("Self-attention (Transformer)"), tr("Additive attention (chatbot)"),
                            tr("Transformer decoder (chatbot)")});
    sentenceGroup->setTitle(tr("Sentence"));
    sentenceBox_->setToolTip(tr("Pick an example or type your own sentence and press Enter"));
    layerGroup_->setTitle(tr("Layer"));
    toyButton_->setText(tr("Seeded toy layer"));
    trainedButton_->setToolTip(tr("Choose or train a model on the Attention page"));
    widthBox_->setToolTip(tr("D, the width of every token's vector"));
    headsBox_->setToolTip(tr("H, attention heads; each gets K = D / H columns"));
    feedForwardBox_->setToolTip(tr("F, the hidden width of the feed-forward block"));
    seedBox_->setToolTip(tr("Another seed gives other random weights and word vectors"));
    setItemTexts(positionBox_, {tr("sinusoidal"), tr("learned (random)"), tr("none")});
    setFormLabels(toyForm, {{widthBox_, tr("Width D")}, {headsBox_, tr("Heads H")}, {keyDimension_, tr("Key dim K")},
                            {feedForwardBox_, tr("Feed-forward F")}, {positionBox_, tr("Position")}, {seedBox_, tr("Seed")}});
    attentionGroup_->setTitle(tr("Attention"));
    setItemTexts(maskBox_, {tr("none"), tr("padding"), tr("causal")});
    paddingBox_->setToolTip(tr("Padding tokens appended for the padding mask"));
    scaleBox_->setText(tr("Divide the scores by √K"));
    setFormLabels(attentionForm, {{maskBox_, tr("Mask")}, {paddingBox_, tr("Padding tokens")}});
    backButton_->setText(tr("Back"));
    nextButton_->setText(tr("Next"));
  });
  return panel;
}

QGroupBox* StepperPage::createChatbotControls() {
  auto* box = new QGroupBox;
  auto* layout = new QVBoxLayout(box);
  toyChatbotButton_ = new QRadioButton;
  trainedChatbotButton_ = new QRadioButton;
  trainedChatbotButton_->setEnabled(false);
  toyChatbotButton_->setChecked(true);
  auto* group = new QButtonGroup(box);
  group->addButton(toyChatbotButton_);
  group->addButton(trainedChatbotButton_);
  connect(toyChatbotButton_, &QRadioButton::toggled, this, &StepperPage::rebuild);
  layout->addWidget(toyChatbotButton_);
  auto* form = new QFormLayout;
  auto spin = [&](int lo, int hi, int value) {
    auto* s = new QSpinBox;
    s->setRange(lo, hi);
    s->setValue(value);
    connect(s, &QSpinBox::valueChanged, this, &StepperPage::rebuild);
    return s;
  };
  unitsBox_ = spin(2, 32, 6);
  attentionUnitsBox_ = spin(1, 32, 4);
  chatbotSeedBox_ = spin(0, 9999, 1);
  for (QWidget* field : std::initializer_list<QWidget*>{unitsBox_, attentionUnitsBox_, chatbotSeedBox_})
    form->addRow(new QLabel, field);
  layout->addLayout(form);
  layout->addWidget(trainedChatbotButton_);
  auto* wordForm = new QFormLayout;
  answerWordBox_ = spin(1, 1, 1);
  wordForm->addRow(new QLabel, answerWordBox_);
  layout->addLayout(wordForm);
  answer_ = new QLabel;
  answer_->setWordWrap(true);
  layout->addWidget(answer_);
  setTranslatedTexts(this, [=, this] {
    box->setTitle(tr("Chatbot"));
    toyChatbotButton_->setText(tr("Seeded toy chatbot (untrained)"));
    toyChatbotButton_->setToolTip(tr("Random weights, the question's own words as vocabulary: the answer is "
                                     "nonsense, the arithmetic is real"));
    trainedChatbotButton_->setToolTip(tr("Choose or train a chatbot on the Chatbot page"));
    unitsBox_->setToolTip(tr("U, the GRU's state width (and the toy's word vector width)"));
    attentionUnitsBox_->setToolTip(tr("A, the width of the attention's hidden layer"));
    chatbotSeedBox_->setToolTip(tr("Another seed gives other random weights"));
    setFormLabels(form, {{unitsBox_, tr("Units U")}, {attentionUnitsBox_, tr("Attention units A")},
                         {chatbotSeedBox_, tr("Seed")}});
    answerWordBox_->setToolTip(tr("Which answer word's attention to walk through"));
    setFormLabels(wordForm, {{answerWordBox_, tr("Answer word")}});
  });
  return box;
}

QWidget* StepperPage::createStepView() {
  stepView_ = new QWidget;
  auto* layout = new QVBoxLayout(stepView_);
  layout->setContentsMargins(0, 0, 0, 0);
  error_ = new QLabel;
  error_->setWordWrap(true);
  error_->setObjectName("stepperError");
  error_->hide();
  layout->addWidget(error_);
  title_ = new QLabel;
  title_->setObjectName("stepTitle");
  formula_ = new QLabel;
  formula_->setObjectName("formula");
  formula_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  formula_->setWordWrap(true);
  explanation_ = new QLabel;
  explanation_->setObjectName("explanation");
  explanation_->setWordWrap(true);
  auto* titleRow = new QHBoxLayout;
  titleRow->addWidget(title_, 1);
  auto* savePicture = new QPushButton;
  connect(savePicture, &QPushButton::clicked, this, &StepperPage::exportFigure);
  auto* saveNumbers = new QPushButton;
  connect(saveNumbers, &QPushButton::clicked, this, &StepperPage::exportNumbers);
  titleRow->addWidget(savePicture);
  titleRow->addWidget(saveNumbers);
  layout->addLayout(titleRow);
  layout->addWidget(formula_);
  layout->addWidget(explanation_);
  gridHost_ = new QWidget;
  gridLayout_ = new QGridLayout(gridHost_);
  gridLayout_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  auto* scroll = new QScrollArea;
  scroll->setWidget(gridHost_);
  scroll->setWidgetResizable(true);
  layout->addWidget(scroll, 1);
  setTranslatedTexts(this, [=] {
    savePicture->setText(tr("Save picture…"));
    savePicture->setToolTip(tr("The current step as PNG, SVG or PDF"));
    saveNumbers->setText(tr("Save numbers…"));
    saveNumbers->setToolTip(tr("Every grid of the current step in one CSV file"));
  });
  return stepView_;
}

// ---------------------------------------------------------------------------------------------------------
// Settings

void StepperPage::setSentence(const QString& text) {
  const QSignalBlocker blocker(sentenceBox_);
  sentenceBox_->setEditText(text);
  rebuild();
}

QString StepperPage::sentence() const { return sentenceBox_->currentText(); }

void StepperPage::setToySettings(const teaching::ToyEncoderSettings& s) {
  {
    const QSignalBlocker a(widthBox_), b(headsBox_), c(feedForwardBox_), d(seedBox_), e(positionBox_), f(toyButton_);
    widthBox_->setValue(static_cast<int>(s.width));
    headsBox_->setValue(static_cast<int>(s.heads));
    feedForwardBox_->setValue(static_cast<int>(s.feedForward));
    seedBox_->setValue(static_cast<int>(s.seed));
    positionBox_->setCurrentIndex(positionBox_->findData(int(s.position)));
    toyButton_->setChecked(true);
  }
  rebuild();
}

teaching::ToyEncoderSettings StepperPage::toySettings() const {
  teaching::ToyEncoderSettings s;
  s.width = widthBox_->value();
  s.heads = headsBox_->value();
  s.feedForward = feedForwardBox_->value();
  s.seed = static_cast<uint64_t>(seedBox_->value());
  s.position = static_cast<PositionKind>(positionBox_->currentData().toInt());
  return s;
}

void StepperPage::setTrainedModel(const QString& name, std::shared_ptr<const ImdbTransformerModel> model) {
  trainedName_ = name;
  trainedModel_ = std::move(model);
  trainedButton_->setEnabled(trainedModel_ != nullptr);
  trainedButton_->setText(trainedModel_ ? tr("First layer of “%1”").arg(name) : tr("First layer of a trained model"));
  if (!trainedModel_ && trainedButton_->isChecked()) toyButton_->setChecked(true);
  else if (trainedButton_->isChecked()) rebuild();
}

void StepperPage::useTrainedModel(bool trained) {
  if (trained && trainedModel_) trainedButton_->setChecked(true);
  else toyButton_->setChecked(true);
}

bool StepperPage::usesTrainedModel() const { return trainedButton_->isChecked() && trainedModel_; }

void StepperPage::setMask(teaching::MaskKind mask) { maskBox_->setCurrentIndex(maskBox_->findData(int(mask))); }
void StepperPage::setScaling(bool divideByRootK) { scaleBox_->setChecked(divideByRootK); }

void StepperPage::setKind(Kind k) { kindBox_->setCurrentIndex(kindBox_->findData(int(k))); }
StepperPage::Kind StepperPage::kind() const { return static_cast<Kind>(kindBox_->currentData().toInt()); }

void StepperPage::setChatbotModel(const QString& name, std::shared_ptr<const ChatbotModel> model) {
  chatbotName_ = name;
  chatbotModel_ = std::move(model);
  trainedChatbotButton_->setEnabled(chatbotModel_ != nullptr);
  trainedChatbotButton_->setText(chatbotModel_ ? tr("“%1”").arg(name) : tr("The Chatbot page's model"));
  if (!chatbotModel_ && trainedChatbotButton_->isChecked()) toyChatbotButton_->setChecked(true);
  else if (trainedChatbotButton_->isChecked() && kind() == Kind::Additive) rebuild();
}

void StepperPage::useTrainedChatbot(bool trained) {
  if (trained && chatbotModel_) trainedChatbotButton_->setChecked(true);
  else toyChatbotButton_->setChecked(true);
}

bool StepperPage::usesTrainedChatbot() const { return trainedChatbotButton_->isChecked() && chatbotModel_; }

void StepperPage::setAnswerWord(int index) {
  answerWordBox_->setValue(index + 1);  // rebuilds when it changes
}

void StepperPage::setTransformerModel(const QString& name, std::shared_ptr<const Seq2SeqTransformerModel> model) {
  decoderControls_->setModel(name, std::move(model));  // walks again when the decoder is shown
}

void StepperPage::updateKeyDimension() {
  const int K = std::max(1, widthBox_->value() / headsBox_->value());
  keyDimension_->setText(widthBox_->value() % headsBox_->value() == 0
                             ? QString::number(K)
                             : tr("%1 (D / H rounded down)").arg(K));
}

void StepperPage::rebuild() {
  try {
    if (kind() == Kind::Additive) walkAdditiveAttention();
    else if (kind() == Kind::Decoder) steps_ = decoderWalk_.emplace(decoderControls_->walk(sentence())).steps;
    else walkSelfAttention();
    error_->hide();
  } catch (const std::exception& e) {
    error_->setText(QString::fromStdString(e.what()));
    error_->show();
    return;  // keep showing the last walk
  }
  {
    const QSignalBlocker blocker(stepList_);
    stepList_->clear();
    for (size_t i = 0; i < steps_.size(); ++i)
      stepList_->addItem(QStringLiteral("%1. %2").arg(i + 1).arg(StepTexts::forStep(steps_[i]).title));
  }
  updateSharpness();
  showStep(std::min(current_, stepCount() - 1));
}

void StepperPage::walkSelfAttention() {
  updateKeyDimension();
  for (QWidget* w : {static_cast<QWidget*>(widthBox_), static_cast<QWidget*>(headsBox_),
                     static_cast<QWidget*>(feedForwardBox_), static_cast<QWidget*>(seedBox_),
                     static_cast<QWidget*>(positionBox_)})
    w->setEnabled(!usesTrainedModel());
  paddingBox_->setEnabled(maskBox_->currentData().toInt() == int(teaching::MaskKind::Padding));
  if (usesTrainedModel())
    walkthrough_ = std::make_unique<teaching::EncoderLayerWalkthrough>(trainedModel_);  // shared, not copied
  else
    walkthrough_ = std::make_unique<teaching::EncoderLayerWalkthrough>(teaching::EncoderLayerWalkthrough::toy(toySettings()));
  teaching::WalkSettings settings;
  settings.mask = static_cast<teaching::MaskKind>(maskBox_->currentData().toInt());
  settings.paddingTokens = paddingBox_->value();
  settings.scale = scaleBox_->isChecked();
  walk_ = walkthrough_->walk(walkthrough_->read(sentence().toStdString()), settings);
  steps_ = walk_->steps;
}

void StepperPage::walkAdditiveAttention() {
  for (QSpinBox* box : {unitsBox_, attentionUnitsBox_, chatbotSeedBox_}) box->setEnabled(!usesTrainedChatbot());
  const std::string question = sentence().toStdString();
  std::shared_ptr<const ChatbotModel> model = chatbotModel_;
  if (!usesTrainedChatbot()) {
    // The toy's vocabulary is the question's words: a new question or new sizes need a new toy.
    const QString key = QStringLiteral("%1|%2|%3|%4").arg(sentence()).arg(unitsBox_->value()).arg(attentionUnitsBox_->value()).arg(chatbotSeedBox_->value());
    if (!toyChatbot_ || key != toyChatbotKey_) {
      toyChatbot_ = std::make_shared<ChatbotModel>(teaching::toyChatbot(question, unitsBox_->value(), attentionUnitsBox_->value(),
                                                                        static_cast<uint64_t>(chatbotSeedBox_->value())));
      toyChatbotKey_ = key;
    }
    model = toyChatbot_;
  }
  additiveWalk_ = teaching::walkAdditiveAttention(*model->model, model->source, model->target, question,
                                                  answerWordBox_->value() - 1);
  steps_ = additiveWalk_->steps;
  {
    const QSignalBlocker blocker(answerWordBox_);
    answerWordBox_->setMaximum(std::max(1, static_cast<int>(additiveWalk_->outputTokens.size())));
    answerWordBox_->setValue(static_cast<int>(additiveWalk_->step) + 1);
  }
  QStringList words;
  for (size_t k = 0; k < additiveWalk_->outputTokens.size(); ++k) {
    const QString word = QString::fromStdString(additiveWalk_->outputTokens[k]).toHtmlEscaped();
    words << (static_cast<Index>(k) == additiveWalk_->step ? QStringLiteral("<b><u>%1</u></b>").arg(word) : word);
  }
  answer_->setText(tr("Answer: %1").arg(words.join(' ')));
}

void StepperPage::updateSharpness() {
  if (!walk_ || kind() != Kind::SelfAttention) return;
  const teaching::SoftmaxSharpness& s = walk_->sharpness;
  QString text = tr("<b>Softmax sharpness</b> (mean over rows; uniform entropy %1)").arg(s.uniformEntropy, 0, 'f', 3);
  for (size_t h = 0; h < s.entropyScaled.size(); ++h)
    text += tr("<br>head %1: entropy %2 with ÷√K, %3 without; largest weight %4 vs %5")
                .arg(h + 1)
                .arg(s.entropyScaled[h], 0, 'f', 3)
                .arg(s.entropyUnscaled[h], 0, 'f', 3)
                .arg(s.largestScaled[h], 0, 'f', 3)
                .arg(s.largestUnscaled[h], 0, 'f', 3);
  sharpness_->setText(text);
}

QString StepperPage::sharpnessText() const { return plain(sharpness_->text()); }
QString StepperPage::errorText() const { return error_->isHidden() ? QString() : error_->text(); }

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

void StepperPage::nextStep() { showStep(current_ + 1); }
void StepperPage::previousStep() { showStep(current_ - 1); }

void StepperPage::setPlaying(bool playing) {
  if (playing && current_ + 1 >= stepCount()) showStep(0);  // Play at the end starts again
  if (playing) playTimer_->start();
  else playTimer_->stop();
  const QSignalBlocker blocker(playButton_);
  playButton_->setChecked(playing);
  playButton_->setText(playing ? tr("Pause") : tr("Play"));
  playButton_->setIcon(QIcon(playing ? QStringLiteral(":/icons/pause.svg") : QStringLiteral(":/icons/play.svg")));
}

bool StepperPage::isPlaying() const { return playTimer_->isActive(); }

void StepperPage::showCurrentStep() {
  const teaching::AttentionStep& step = steps_[size_t(current_)];
  const StepText text = StepTexts::forStep(step);
  title_->setText(tr("Step %1 of %2: %3").arg(current_ + 1).arg(stepCount()).arg(text.title));
  formula_->setText(text.formula);
  explanation_->setText(text.explanation);

  // The grids of the last step are reused (a new table costs more than refilling one); extra ones are dropped.
  while (gridViews_.size() > static_cast<qsizetype>(step.grids.size())) delete gridViews_.takeLast();
  // Q, K and V of a head side by side; otherwise two grids a row (the heads of one quantity next to each other).
  const int columns = step.key == "projections" ? 3 : 2;
  for (size_t g = 0; g < step.grids.size(); ++g) {
    const teaching::StepGrid& grid = step.grids[g];
    const bool reused = static_cast<qsizetype>(g) < gridViews_.size();
    MatrixView* view = reused ? gridViews_[static_cast<qsizetype>(g)] : new MatrixView;
    if (reused) view->setMatrix(Matrix());  // empty first: the settings below then refill nothing
    view->setTitle(StepTexts::gridTitle(grid));
    view->table()->horizontalHeader()->setMinimumSectionSize(46);
    view->setDecimals(grid.probabilities ? 3 : 2);
    view->setColouring(!grid.coloured          ? MatrixView::Colouring::None
                       : grid.probabilities ? MatrixView::Colouring::Sequential
                                            : MatrixView::Colouring::Diverging,
                       grid.probabilities || !grid.coloured ? 0 : finiteLimit(grid.values));
    view->setMatrix(grid.values, toQStrings(grid.rowLabels), StepTexts::columnLabels(grid));
    if (kind() == Kind::SelfAttention && walk_ && walk_->realTokens < grid.values.rows()) {
      QList<int> padding;
      for (int r = static_cast<int>(walk_->realTokens); r < grid.values.rows(); ++r) padding << r;
      if (grid.values.rows() == static_cast<Index>(walk_->labels.size())) view->setMutedRows(padding);
    }
    gridLayout_->addWidget(view, static_cast<int>(g) / columns, static_cast<int>(g) % columns, Qt::AlignTop | Qt::AlignLeft);
    if (!reused) gridViews_ << view;
  }
}

QString StepperPage::stepTitle() const { return title_->text(); }
QString StepperPage::formulaText() const { return formula_->text(); }
QString StepperPage::explanationText() const { return explanation_->text(); }

void StepperPage::exportFigure() {
  askAndExportWidget(stepView_, QStringLiteral("step_%1").arg(current_ + 1));
}

void StepperPage::exportNumbers() {
  // One file: each grid as a block, introduced by its title.
  std::vector<std::vector<QString>> rows;
  for (MatrixView* view : gridViews_) {
    rows.push_back({view->title()});
    const QStringList header = view->csvHeader();
    rows.push_back(std::vector<QString>(header.begin(), header.end()));
    for (auto& row : view->csvRows()) rows.push_back(row);
    rows.push_back({});
  }
  askAndWriteCsv(this, QStringLiteral("step_%1").arg(current_ + 1), {}, rows);
}

}  // namespace al::ui
