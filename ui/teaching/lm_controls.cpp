// Core headers first: they must not see Qt's `emit` macro.
#include "core/error.h"
#include "core/inference/causal_lm_generation.h"
#include "core/teaching/lm_steps.h"

#include "ui/teaching/lm_controls.h"

#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "ui/widgets/retranslate.h"

namespace al::ui {

LanguageModelControls::LanguageModelControls(QWidget* parent) : QGroupBox(parent) {
  auto* layout = new QVBoxLayout(this);
  modelName_ = new QLabel;
  modelName_->setWordWrap(true);
  layout->addWidget(modelName_);
  auto* form = new QFormLayout;
  layerBox_ = new QSpinBox;
  layerBox_->setObjectName("lmLayer");
  layerBox_->setRange(1, 1);
  connect(layerBox_, &QSpinBox::valueChanged, this, &LanguageModelControls::changed);
  auto* layerLabel = new QLabel;
  form->addRow(layerLabel, layerBox_);
  layout->addLayout(form);
  nextTokenButton_ = new QPushButton;
  nextTokenButton_->setObjectName("lmNextToken");
  nextTokenButton_->setEnabled(false);
  connect(nextTokenButton_, &QPushButton::clicked, this, [this] {
    if (!nextText_.isEmpty()) emit appendText(nextText_);
  });
  layout->addWidget(nextTokenButton_);
  window_ = new QLabel;
  window_->setObjectName("lmWindow");
  window_->setWordWrap(true);
  layout->addWidget(window_);
  setTranslatedTexts(this, [=, this] {
    setTitle(tr("Language model (GPT)"));
    layerLabel->setText(tr("Layer"));
    layerBox_->setToolTip(tr("Which layer to take apart (the next-token step follows the last one)"));
    nextTokenButton_->setText(tr("Next token"));
    nextTokenButton_->setToolTip(tr("Append the most likely next token to the text and walk again"));
    retranslate();
  });
}

void LanguageModelControls::retranslate() {
  modelName_->setText(model_ ? tr("Model: “%1”").arg(name_)
                             : tr("Choose or train a language model (GPT) on the Generate or Train page."));
}

void LanguageModelControls::setModel(const QString& name, std::shared_ptr<const CausalLmModel> model) {
  model_ = std::move(model);
  name_ = name;
  retranslate();
  {
    const QSignalBlocker blocker(layerBox_);
    layerBox_->setMaximum(model_ ? model_->model->config().numLayers : 1);
    layerBox_->setValue(layerBox_->maximum());  // the last layer: it ends with the next-token choice
  }
  emit changed();
}

void LanguageModelControls::setLayer(int layer) { layerBox_->setValue(layer + 1); }

teaching::LanguageModelWalk LanguageModelControls::walk(const QString& text) {
  nextText_.clear();
  nextTokenButton_->setEnabled(false);
  window_->clear();
  if (!model_)
    throw InputError(tr("No language model yet: train one on the Train page (task Language model) or open one on "
                        "the Generate page.").toStdString());
  teaching::LanguageModelWalk w = teaching::walkLanguageModel(*model_, text.toStdString(), layerBox_->value() - 1);
  const int64_t next[] = {w.nextId};
  nextText_ = QString::fromStdString(decodeTokens(*model_, next));
  nextTokenButton_->setEnabled(true);
  const auto T = static_cast<int>(w.rowLabels.size()), n = static_cast<int>(w.tokens.size());
  QString read = T == n ? tr("The model reads all %n token(s) of the text.", nullptr, n)
                        : tr("The model reads the last %1 of the text's %n tokens (its window).", nullptr, n).arg(T);
  if (w.memoryRows > 0)
    read += QLatin1Char(' ') + tr("Its memory holds each layer's inputs at the %n token(s) before them.", nullptr,
                                  static_cast<int>(w.memoryRows));
  window_->setText(read + QLatin1Char(' ') +
                   tr("Most likely next token: “%1” (%2 %).")
                       .arg(QString::fromStdString(teaching::visibleToken(w.nextToken)).toHtmlEscaped())
                       .arg(100.0 * w.probabilities(w.nextId), 0, 'f', 1));
  return w;
}

}  // namespace al::ui
