// Core headers first: they must not see Qt's `emit` macro.
#include "core/error.h"
#include "core/teaching/decoder_steps.h"

#include "ui/teaching/decoder_controls.h"

#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QStringList>
#include <QVBoxLayout>

namespace al::ui {

DecoderControls::DecoderControls(QWidget* parent) : QGroupBox(tr("Transformer decoder"), parent) {
  auto* layout = new QVBoxLayout(this);
  modelName_ = new QLabel(tr("Choose or train an encoder-decoder Transformer on the Chatbot or Train page."));
  modelName_->setWordWrap(true);
  layout->addWidget(modelName_);
  auto* form = new QFormLayout;
  stepBox_ = new QSpinBox;
  stepBox_->setObjectName("generationStep");
  stepBox_->setRange(1, 1);
  stepBox_->setToolTip(tr("Which answer token is being chosen: the decoder reads <start> and the tokens before it"));
  layerBox_ = new QSpinBox;
  layerBox_->setRange(1, 1);
  layerBox_->setToolTip(tr("Which decoder layer to take apart (the next-token step follows the last one)"));
  for (QSpinBox* box : {stepBox_, layerBox_}) connect(box, &QSpinBox::valueChanged, this, &DecoderControls::changed);
  form->addRow(tr("Answer token"), stepBox_);
  form->addRow(tr("Decoder layer"), layerBox_);
  layout->addLayout(form);
  nextTokenButton_ = new QPushButton(tr("Next token"));
  nextTokenButton_->setObjectName("nextToken");
  nextTokenButton_->setToolTip(tr("Append the chosen token and run the decoder again"));
  connect(nextTokenButton_, &QPushButton::clicked, this, &DecoderControls::nextToken);
  layout->addWidget(nextTokenButton_);
  answer_ = new QLabel;
  answer_->setWordWrap(true);
  layout->addWidget(answer_);
}

void DecoderControls::setModel(const QString& name, const AnyModel& model) {
  model_ = model.as<Seq2SeqTransformerModel>();
  modelName_->setText(model_ ? tr("Model: “%1”").arg(name)
                             : tr("Choose or train an encoder-decoder Transformer on the Chatbot or Train page."));
  {
    const QSignalBlocker a(stepBox_), b(layerBox_);
    stepBox_->setValue(1);
    layerBox_->setMaximum(model_ ? static_cast<int>(model_->model->config().numLayers) : 1);
    layerBox_->setValue(layerBox_->maximum());  // the last layer: it ends with the next-token choice
  }
  emit changed();
}

int DecoderControls::generationStep() const { return stepBox_->value() - 1; }
void DecoderControls::setGenerationStep(int step) { stepBox_->setValue(step + 1); }
void DecoderControls::setLayer(int layer) { layerBox_->setValue(layer + 1); }
void DecoderControls::nextToken() { stepBox_->setValue(stepBox_->value() + 1); }

teaching::DecoderWalk DecoderControls::walk(const QString& question) {
  if (!model_) throw InputError(tr("No encoder-decoder Transformer yet: train one on the Train page (architecture "
                                   "Transformer) or on the Chatbot page.").toStdString());
  teaching::DecoderWalk w = teaching::walkDecoder(*model_, question.toStdString(), generationStep(), layerBox_->value() - 1);
  {
    const QSignalBlocker blocker(stepBox_);
    stepBox_->setMaximum(std::max(1, static_cast<int>(w.outputTokens.size())));
    stepBox_->setValue(static_cast<int>(w.step) + 1);
  }
  nextTokenButton_->setEnabled(w.step + 1 < static_cast<Index>(w.outputTokens.size()));
  QStringList words;
  for (size_t k = 0; k < w.outputTokens.size(); ++k) {
    const QString word = QString::fromStdString(w.outputTokens[k]).toHtmlEscaped();
    if (static_cast<Index>(k) < w.step) words << word;                                              // written
    else if (static_cast<Index>(k) == w.step) words << QStringLiteral("<b><u>%1</u></b>").arg(word);  // being chosen
    else words << QStringLiteral("<span style=\"color:#aaa\">%1</span>").arg(word);                  // not yet
  }
  answer_->setText(tr("Answer: %1").arg(words.join(' ')));
  return w;
}

}  // namespace al::ui
