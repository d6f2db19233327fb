// Core headers first: they must not see Qt's `emit` macro.
#include "core/inference/chatbot_inference.h"
#include "core/teaching/attention_steps.h"

#include "ui/teaching/additive_controls.h"

#include <QButtonGroup>
#include <QFormLayout>
#include <QLabel>
#include <QRadioButton>
#include <QSpinBox>
#include <QStringList>
#include <QVBoxLayout>

#include "ui/widgets/retranslate.h"

namespace al::ui {

AdditiveControls::AdditiveControls(QWidget* parent) : QGroupBox(parent) {
  auto* layout = new QVBoxLayout(this);
  toyButton_ = new QRadioButton;
  trainedButton_ = new QRadioButton;
  trainedButton_->setEnabled(false);
  toyButton_->setChecked(true);
  auto* group = new QButtonGroup(this);
  group->addButton(toyButton_);
  group->addButton(trainedButton_);
  connect(toyButton_, &QRadioButton::toggled, this, &AdditiveControls::changed);
  layout->addWidget(toyButton_);
  auto* form = new QFormLayout;
  unitsBox_ = spinBox(2, 32, 6);
  attentionUnitsBox_ = spinBox(1, 32, 4);
  seedBox_ = spinBox(0, 9999, 1);
  for (QWidget* field : std::initializer_list<QWidget*>{unitsBox_, attentionUnitsBox_, seedBox_})
    form->addRow(new QLabel, field);
  layout->addLayout(form);
  layout->addWidget(trainedButton_);
  auto* wordForm = new QFormLayout;
  answerWordBox_ = spinBox(1, 1, 1);
  wordForm->addRow(new QLabel, answerWordBox_);
  layout->addLayout(wordForm);
  answer_ = new QLabel;
  answer_->setWordWrap(true);
  layout->addWidget(answer_);
  setTranslatedTexts(this, [=, this] {
    setTitle(tr("Chatbot"));
    toyButton_->setText(tr("Seeded toy chatbot (untrained)"));
    toyButton_->setToolTip(tr("Random weights, the question's own words as vocabulary: the answer is "
                              "nonsense, the arithmetic is real"));
    trainedButton_->setText(model_ ? tr("“%1”").arg(name_) : tr("The Chatbot page's model"));
    trainedButton_->setToolTip(tr("Choose or train a chatbot on the Chatbot page"));
    unitsBox_->setToolTip(tr("U, the GRU's state width (and the toy's word vector width)"));
    attentionUnitsBox_->setToolTip(tr("A, the width of the attention's hidden layer"));
    seedBox_->setToolTip(tr("Another seed gives other random weights"));
    setFormLabels(form, {{unitsBox_, tr("Units U")}, {attentionUnitsBox_, tr("Attention units A")},
                         {seedBox_, tr("Seed")}});
    answerWordBox_->setToolTip(tr("Which answer word's attention to walk through"));
    setFormLabels(wordForm, {{answerWordBox_, tr("Answer word")}});
  });
}

QSpinBox* AdditiveControls::spinBox(int lo, int hi, int value) {
  auto* box = new QSpinBox;
  box->setRange(lo, hi);
  box->setValue(value);
  connect(box, &QSpinBox::valueChanged, this, &AdditiveControls::changed);
  return box;
}

bool AdditiveControls::setModel(const QString& name, const AnyModel& model) {
  name_ = name;
  model_ = model.as<ChatbotModel>();
  trainedButton_->setEnabled(model_ != nullptr);
  trainedButton_->setText(model_ ? tr("“%1”").arg(name) : tr("The Chatbot page's model"));
  if (!model_ && trainedButton_->isChecked()) {
    toyButton_->setChecked(true);  // emits changed
    return false;
  }
  return trainedButton_->isChecked();
}

void AdditiveControls::useTrained(bool trained) {
  if (trained && model_) trainedButton_->setChecked(true);
  else toyButton_->setChecked(true);
}

bool AdditiveControls::usesTrained() const { return trainedButton_->isChecked() && model_; }

void AdditiveControls::setAnswerWord(int index) { answerWordBox_->setValue(index + 1); }

teaching::AdditiveWalk AdditiveControls::walk(const QString& question) {
  for (QSpinBox* box : {unitsBox_, attentionUnitsBox_, seedBox_}) box->setEnabled(!usesTrained());
  const std::string text = question.toStdString();
  std::shared_ptr<const ChatbotModel> model = model_;
  if (!usesTrained()) {
    // The toy's vocabulary is the question's words: a new question or new sizes need a new toy.
    const QString key = QStringLiteral("%1|%2|%3|%4").arg(question).arg(unitsBox_->value()).arg(attentionUnitsBox_->value()).arg(seedBox_->value());
    if (!toyChatbot_ || key != toyChatbotKey_) {
      toyChatbot_ = std::make_shared<ChatbotModel>(teaching::toyChatbot(text, unitsBox_->value(), attentionUnitsBox_->value(),
                                                                        static_cast<uint64_t>(seedBox_->value())));
      toyChatbotKey_ = key;
    }
    model = toyChatbot_;
  }
  teaching::AdditiveWalk w = teaching::walkAdditiveAttention(*model->model, model->source, model->target, text,
                                                             answerWordBox_->value() - 1);
  {
    const QSignalBlocker blocker(answerWordBox_);
    answerWordBox_->setMaximum(std::max(1, static_cast<int>(w.outputTokens.size())));
    answerWordBox_->setValue(static_cast<int>(w.step) + 1);
  }
  QStringList words;
  for (size_t k = 0; k < w.outputTokens.size(); ++k) {
    const QString word = QString::fromStdString(w.outputTokens[k]).toHtmlEscaped();
    words << (static_cast<Index>(k) == w.step ? QStringLiteral("<b><u>%1</u></b>").arg(word) : word);
  }
  answer_->setText(tr("Answer: %1").arg(words.join(' ')));
  return w;
}

}  // namespace al::ui
