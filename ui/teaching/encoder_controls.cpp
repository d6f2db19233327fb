// Core headers first: they must not see Qt's `emit` macro.
#include "core/inference/imdb_transformer_inference.h"
#include "core/teaching/attention_steps.h"

#include "ui/teaching/encoder_controls.h"

#include <QButtonGroup>
#include <limits>

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QRadioButton>
#include <QSpinBox>
#include <QTextDocument>
#include <QVBoxLayout>

#include "ui/teaching/step_texts.h"
#include "ui/text/strings.h"
#include "ui/widgets/bare_layout.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

EncoderControls::EncoderControls(QWidget* parent) : QWidget(parent) {
  auto* layout = bareLayout<QVBoxLayout>(this);
  layout->addWidget(createLayerGroup());
  layout->addWidget(createAttentionGroup());
}

// The toy layer's largest sizes: small enough to read every number.
constexpr int kToyMaxWidth = 64, kToyMaxHeads = 8, kToyMaxFeedForward = 128;

QSpinBox* EncoderControls::spinBox(int lo, int hi, int value) {
  auto* box = new QSpinBox;
  box->setRange(lo, hi);
  box->setValue(value);
  connect(box, &QSpinBox::valueChanged, this, &EncoderControls::changed);
  return box;
}

QGroupBox* EncoderControls::createLayerGroup() {
  auto* group = new QGroupBox;
  auto* layout = new QVBoxLayout(group);
  toyButton_ = new QRadioButton;
  trainedButton_ = new QRadioButton;
  trainedButton_->setEnabled(false);
  toyButton_->setChecked(true);
  auto* buttons = new QButtonGroup(group);
  buttons->addButton(toyButton_);
  buttons->addButton(trainedButton_);
  connect(toyButton_, &QRadioButton::toggled, this, &EncoderControls::changed);
  layout->addWidget(toyButton_);
  auto* toyForm = new QFormLayout;
  widthBox_ = spinBox(2, kToyMaxWidth, 8);
  headsBox_ = spinBox(1, kToyMaxHeads, 2);
  feedForwardBox_ = spinBox(1, kToyMaxFeedForward, 16);
  seedBox_ = spinBox(0, 9999, 1);
  positionBox_ = new QComboBox;
  for (PositionKind k : {PositionKind::Sinusoidal, PositionKind::Learned, PositionKind::None})
    positionBox_->addItem(QString(), int(k));
  connect(positionBox_, &QComboBox::currentIndexChanged, this, &EncoderControls::changed);
  keyDimension_ = new QLabel;
  keyDimension_->setObjectName("keyDimension");
  widthBox_->setObjectName("widthBox");
  headsBox_->setObjectName("headsBox");
  feedForwardBox_->setObjectName("feedForwardBox");
  positionBox_->setObjectName("positionBox");
  seedBox_->setObjectName("seedBox");
  for (QWidget* field : std::initializer_list<QWidget*>{widthBox_, headsBox_, keyDimension_, feedForwardBox_,
                                                       positionBox_, seedBox_})
    toyForm->addRow(new QLabel, field);
  layout->addLayout(toyForm);
  layout->addWidget(trainedButton_);
  setTranslatedTexts(this, [=, this] {
    group->setTitle(tr("Layer"));
    toyButton_->setText(tr("Seeded toy layer"));
    trainedButton_->setText(trainedModel_ ? tr("First layer of “%1”").arg(trainedName_)
                                          : tr("First layer of a trained model"));
    trainedButton_->setToolTip(tr("Choose or train a model on the Attention page"));
    widthBox_->setToolTip(tr("D, the width of every token's vector"));
    headsBox_->setToolTip(tr("H, attention heads; each gets K = D / H columns"));
    feedForwardBox_->setToolTip(tr("F, the hidden width of the feed-forward block"));
    seedBox_->setToolTip(tr("Another seed gives other random weights and word vectors"));
    showPositionTexts();
    setFormLabels(toyForm, {{widthBox_, tr("Width D")}, {headsBox_, tr("Heads H")}, {keyDimension_, tr("Key dim K")},
                            {feedForwardBox_, tr("Feed-forward F")}, {positionBox_, tr("Position")}, {seedBox_, tr("Seed")}});
  });
  return group;
}

QGroupBox* EncoderControls::createAttentionGroup() {
  auto* group = new QGroupBox;
  auto* form = new QFormLayout(group);
  maskBox_ = new QComboBox;
  for (teaching::MaskKind k : {teaching::MaskKind::None, teaching::MaskKind::Padding, teaching::MaskKind::Causal})
    maskBox_->addItem(QString(), int(k));
  connect(maskBox_, &QComboBox::currentIndexChanged, this, &EncoderControls::changed);
  paddingBox_ = spinBox(1, 8, 2);
  scaleBox_ = new QCheckBox;
  scaleBox_->setObjectName("scaleBox");
  scaleBox_->setChecked(true);
  connect(scaleBox_, &QCheckBox::toggled, this, &EncoderControls::changed);
  form->addRow(new QLabel, maskBox_);
  form->addRow(new QLabel, paddingBox_);
  form->addRow(scaleBox_);
  sharpness_ = new QLabel;
  sharpness_->setObjectName("sharpness");
  sharpness_->setWordWrap(true);
  form->addRow(sharpness_);
  setTranslatedTexts(this, [=, this] {
    group->setTitle(tr("Attention"));
    setItemTexts(maskBox_, {tr("none"), tr("padding"), tr("causal")});
    paddingBox_->setToolTip(tr("Padding tokens appended for the padding mask"));
    scaleBox_->setText(tr("Divide the scores by √K"));
    setFormLabels(form, {{maskBox_, tr("Mask")}, {paddingBox_, tr("Padding tokens")}});
  });
  return group;
}

void EncoderControls::setToySettings(const teaching::ToyEncoderSettings& s) {
  savedToy_.reset();
  const QSignalBlocker a(widthBox_), b(headsBox_), c(feedForwardBox_), d(seedBox_), e(positionBox_), f(toyButton_);
  widthBox_->setValue(static_cast<int>(s.width));
  headsBox_->setValue(static_cast<int>(s.heads));
  feedForwardBox_->setValue(static_cast<int>(s.feedForward));
  seedBox_->setValue(static_cast<int>(s.seed));
  positionBox_->setCurrentIndex(positionBox_->findData(int(s.position)));
  toyButton_->setChecked(true);
}

teaching::ToyEncoderSettings EncoderControls::toySettings() const {
  if (savedToy_) return *savedToy_;  // the boxes show the trained model's settings
  teaching::ToyEncoderSettings s;
  s.width = widthBox_->value();
  s.heads = headsBox_->value();
  s.feedForward = feedForwardBox_->value();
  s.seed = static_cast<uint64_t>(seedBox_->value());
  s.position = static_cast<PositionKind>(positionBox_->currentData().toInt());
  return s;
}

void EncoderControls::showPositionTexts() {
  setItemTexts(positionBox_, {tr("sinusoidal"), usesTrainedModel() ? tr("learned (trained)") : tr("learned (random)"),
                              tr("none")});
}

bool EncoderControls::setTrainedModel(const QString& name, const AnyModel& model,
                                      std::optional<uint64_t> seed) {
  trainedName_ = name;
  trainedModel_ = model.as<ImdbTransformerModel>();
  trainedSeed_ = seed;
  trainedButton_->setEnabled(trainedModel_ != nullptr);
  trainedButton_->setText(trainedModel_ ? tr("First layer of “%1”").arg(name) : tr("First layer of a trained model"));
  if (!trainedModel_ && trainedButton_->isChecked()) {
    toyButton_->setChecked(true);  // emits changed
    return false;
  }
  return trainedButton_->isChecked();
}

void EncoderControls::renameTrainedModel(const QString& name) {
  trainedName_ = name;
  if (trainedModel_) trainedButton_->setText(tr("First layer of “%1”").arg(name));
}

void EncoderControls::useTrainedModel(bool trained) {
  if (trained && trainedModel_) trainedButton_->setChecked(true);
  else toyButton_->setChecked(true);
}

bool EncoderControls::usesTrainedModel() const { return trainedButton_->isChecked() && trainedModel_; }

void EncoderControls::setMask(teaching::MaskKind mask) { maskBox_->setCurrentIndex(maskBox_->findData(int(mask))); }
void EncoderControls::setScaling(bool divideByRootK) { scaleBox_->setChecked(divideByRootK); }

void EncoderControls::updateKeyDimension() {
  const int K = std::max(1, widthBox_->value() / headsBox_->value());
  keyDimension_->setText(widthBox_->value() % headsBox_->value() == 0
                             ? QString::number(K)
                             : tr("%1 (D / H rounded down)").arg(K));
}

// The boxes show the layer that is walked: the toy's settings, or (greyed) the trained model's own. The toy's are
// kept aside meanwhile and come back with the toy.
void EncoderControls::showLayerSettings() {
  const QSignalBlocker a(widthBox_), b(headsBox_), c(feedForwardBox_), d(positionBox_), e(seedBox_);
  showPositionTexts();
  if (usesTrainedModel()) {
    if (!savedToy_) savedToy_ = toySettings();
    const TransformerConfig& config = trainedModel_->model->config();
    for (auto [box, value] : {std::pair{widthBox_, config.embedDim}, {headsBox_, config.numHeads},
                              {feedForwardBox_, config.denseDim}}) {
      box->setMaximum(std::max(box->maximum(), static_cast<int>(value)));
      box->setValue(static_cast<int>(value));
    }
    positionBox_->setCurrentIndex(positionBox_->findData(int(config.position)));
    keyDimension_->setText(QString::number(config.keyDim));
    // The run's own seed; "unknown" (the box's minimum) for a model that does not say.
    seedBox_->setRange(-1, std::numeric_limits<int>::max());
    seedBox_->setSpecialValueText(tr("unknown"));
    seedBox_->setValue(trainedSeed_ && *trainedSeed_ <= uint64_t(std::numeric_limits<int>::max())
                           ? static_cast<int>(*trainedSeed_) : -1);
  } else {
    if (savedToy_) {
      widthBox_->setMaximum(kToyMaxWidth);
      headsBox_->setMaximum(kToyMaxHeads);
      feedForwardBox_->setMaximum(kToyMaxFeedForward);
      widthBox_->setValue(static_cast<int>(savedToy_->width));
      headsBox_->setValue(static_cast<int>(savedToy_->heads));
      feedForwardBox_->setValue(static_cast<int>(savedToy_->feedForward));
      positionBox_->setCurrentIndex(positionBox_->findData(int(savedToy_->position)));
      seedBox_->setSpecialValueText(QString());
      seedBox_->setRange(0, 9999);
      seedBox_->setValue(static_cast<int>(savedToy_->seed));
      savedToy_.reset();
    }
    updateKeyDimension();
  }
  for (QWidget* w : std::initializer_list<QWidget*>{widthBox_, headsBox_, feedForwardBox_, seedBox_, positionBox_})
    w->setEnabled(!usesTrainedModel());
}

teaching::EncoderWalk EncoderControls::walk(const QString& sentence) {
  showLayerSettings();
  paddingBox_->setEnabled(maskBox_->currentData().toInt() == int(teaching::MaskKind::Padding));
  if (usesTrainedModel())
    walkthrough_ = std::make_unique<teaching::EncoderLayerWalkthrough>(trainedModel_);  // shared, not copied
  else
    walkthrough_ = std::make_unique<teaching::EncoderLayerWalkthrough>(teaching::EncoderLayerWalkthrough::toy(toySettings()));
  teaching::WalkSettings settings;
  settings.mask = static_cast<teaching::MaskKind>(maskBox_->currentData().toInt());
  settings.paddingTokens = paddingBox_->value();
  settings.scale = scaleBox_->isChecked();
  teaching::Sentence read = walkthrough_->read(sentence.toStdString());
  if (usesTrainedModel()) {  // the rows are what the model reads: a word its vocabulary lacks is [UNK]
    const QStringList labels = readTokenLabels(read.tokens, read.ids);
    for (size_t t = 0; t < read.tokens.size(); ++t) read.tokens[t] = labels[qsizetype(t)].toStdString();
  }
  teaching::EncoderWalk w = walkthrough_->walk(read, settings);
  showSharpness(w.sharpness);
  return w;
}

void EncoderControls::showSharpness(const teaching::SoftmaxSharpness& s) {
  const auto number = &StepTexts::number;  // the step text's rounding
  QString text = tr("<b>Softmax sharpness</b> (mean over rows; uniform entropy %1)").arg(number(s.uniformEntropy));
  for (size_t h = 0; h < s.entropyScaled.size(); ++h)
    text += tr("<br>head %1: entropy %2 with ÷√K, %3 without; largest weight %4 vs %5")
                .arg(h + 1)
                .arg(number(s.entropyScaled[h]), number(s.entropyUnscaled[h]), number(s.largestScaled[h]),
                     number(s.largestUnscaled[h]));
  sharpness_->setText(text);
}

QString EncoderControls::sharpnessText() const {
  QTextDocument doc;
  doc.setHtml(sharpness_->text());
  return doc.toPlainText();
}

}  // namespace al::ui
