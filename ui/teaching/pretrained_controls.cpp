// Core headers first: they must not see Qt's `emit` macro.
#include "core/error.h"
#include "core/teaching/pretrained_steps.h"

#include "ui/teaching/pretrained_controls.h"

#include <QPushButton>

#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace {

int layersOf(const PretrainedModelRef& model) {
  if (const auto* bert = std::get_if<std::shared_ptr<const PretrainedBert>>(&model)) return (*bert)->model->config().numLayers;
  if (const auto* gpt = std::get_if<std::shared_ptr<const PretrainedGpt2>>(&model)) return (*gpt)->model->config().numLayers;
  return 1;
}

}  // namespace

PretrainedControls::PretrainedControls(QWidget* parent) : WalkControls(QStringLiteral("pretrained"), parent) {
  nextTokenButton()->hide();  // GPT-2 only
  setTranslatedTexts(this, [this] {
    setTitle(tr("Pretrained model (BERT / GPT-2)"));
    setSharedTexts(tr("Which layer to take apart (GPT-2: the next-token step follows the last one)"),
                   tr("Append the most likely next piece to the text and walk again"));
    retranslate();
  });
}

void PretrainedControls::retranslate() {
  const bool none = std::holds_alternative<std::monostate>(model_);
  setModelText(none ? tr("Open a BERT or GPT-2 folder on the Attention page (or a GPT-2 on the Generate "
                                "page) to walk its layers.")
                           : (isGpt2() ? tr("GPT-2: “%1”") : tr("BERT: “%1”")).arg(name_));
}

bool PretrainedControls::isGpt2() const { return std::holds_alternative<std::shared_ptr<const PretrainedGpt2>>(model_); }

void PretrainedControls::setModel(const QString& name, const AnyModel& model) {
  if (const auto bert = model.as<PretrainedBert>()) model_ = bert;
  else if (const auto gpt = model.as<PretrainedGpt2>()) model_ = gpt;
  else model_ = std::monostate{};
  name_ = name;
  retranslate();
  nextTokenButton()->setVisible(isGpt2());
  // GPT-2's last layer ends with the next token; BERT's first layer starts from the embeddings.
  setLayers(layersOf(model_), isGpt2() ? layersOf(model_) - 1 : 0);
  emit changed();
}

teaching::PretrainedWalk PretrainedControls::walk(const QString& text) {
  forgetWalk();
  const std::string utf8 = text.toStdString();
  teaching::PretrainedWalk w;
  if (const auto* bert = std::get_if<std::shared_ptr<const PretrainedBert>>(&model_)) {
    w = teaching::walkBert(**bert, utf8, layer());
  } else if (const auto* gpt = std::get_if<std::shared_ptr<const PretrainedGpt2>>(&model_)) {
    w = teaching::walkGpt2(**gpt, utf8, layer());
    if (w.probabilities.size() > 0) {
      Index chosen = 0;
      w.probabilities.maxCoeff(&chosen);  // the first of equals: the lower id, as greedy generation
      offerNextText(QString::fromStdString((*gpt)->tokenizer->decode({static_cast<int64_t>(chosen)})));
    }
  } else {
    throw InputError(tr("No pretrained model yet: open a BERT or GPT-2 folder on the Attention page, or a GPT-2 on "
                        "the Generate page.").toStdString());
  }
  sayWhatWasRead(w);
  return w;
}

void PretrainedControls::sayWhatWasRead(const teaching::PretrainedWalk& w) {
  const int T = static_cast<int>(w.tokens.size());
  QString said = tr("The model reads %n piece(s) of its own tokenizer.", nullptr, T);
  if (isGpt2() && w.probabilities.size() > 0) {
    Index chosen = 0;
    const double p = w.probabilities.maxCoeff(&chosen);
    said += QLatin1Char(' ') + tr("Most likely next piece: “%1” (%2 %).").arg(nextText().toHtmlEscaped()).arg(100.0 * p, 0, 'f', 1);
  } else if (isGpt2()) {
    said += QLatin1Char(' ') + tr("The next piece is chosen after the last layer (%1).").arg(w.layers);
  }
  say(said);
}

}  // namespace al::ui
