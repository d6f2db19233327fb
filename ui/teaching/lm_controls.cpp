// Core headers first: they must not see Qt's `emit` macro.
#include "core/error.h"
#include "core/inference/causal_lm_generation.h"
#include "core/teaching/lm_steps.h"
#include "core/text/token_label.h"

#include "ui/teaching/lm_controls.h"

#include "ui/widgets/retranslate.h"

namespace al::ui {

LanguageModelControls::LanguageModelControls(QWidget* parent) : WalkControls(QStringLiteral("lm"), parent) {
  setTranslatedTexts(this, [this] {
    setTitle(tr("Language model (GPT)"));
    setSharedTexts(tr("Which layer to take apart (the next-token step follows the last one)"),
                   tr("Append the most likely next token to the text and walk again"));
    retranslate();
  });
}

void LanguageModelControls::retranslate() {
  setModelText(model_ ? tr("Model: “%1”").arg(name_)
                      : tr("Choose or train a language model (GPT) on the Generate or Train page."));
}

void LanguageModelControls::setModel(const QString& name, const AnyModel& model) {
  model_ = model.as<CausalLmModel>();
  name_ = name;
  retranslate();
  const int layers = model_ ? model_->model->config().numLayers : 1;
  setLayers(layers, layers - 1);  // the last layer: it ends with the next-token choice
  emit changed();
}

teaching::LanguageModelWalk LanguageModelControls::walk(const QString& text) {
  forgetWalk();
  if (!model_)
    throw InputError(tr("No language model yet: train one on the Train page (task Language model) or open one on "
                        "the Generate page.").toStdString());
  teaching::LanguageModelWalk w = teaching::walkLanguageModel(*model_, text.toStdString(), layer());
  const int64_t next[] = {w.nextId};
  offerNextText(QString::fromStdString(decodeTokens(*model_, next)));
  const auto T = static_cast<int>(w.rowLabels.size()), n = static_cast<int>(w.tokens.size());
  QString read = T == n ? tr("The model reads all %n token(s) of the text.", nullptr, n)
                        : tr("The model reads the last %1 of the text's %n tokens (its window).", nullptr, n).arg(T);
  if (w.memoryRows > 0)
    read += QLatin1Char(' ') + tr("Its memory holds each layer's inputs at the %n token(s) before them.", nullptr,
                                  static_cast<int>(w.memoryRows));
  say(read + QLatin1Char(' ') +
      tr("Most likely next token: “%1” (%2 %).")
          .arg(QString::fromStdString(tokenLabel(w.nextToken)).toHtmlEscaped())
          .arg(100.0 * w.probabilities(w.nextId), 0, 'f', 1));
  return w;
}

}  // namespace al::ui
