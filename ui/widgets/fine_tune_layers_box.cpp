// Core headers first: Qt's `emit` macro must not reach them.
#include "core/inference/pretrained_inference.h"

#include "ui/widgets/fine_tune_layers_box.h"

#include <QFormLayout>

#include "ui/widgets/retranslate.h"

namespace al::ui {

FineTuneLayersBox::FineTuneLayersBox(QWidget* parent) : QSpinBox(parent) {
  setRange(0, 0);
  setTranslatedTexts(this, [this] {
    setSpecialValueText(tr("none (BERT frozen)"));
    setToolTip(tr("How many of BERT's top layers learn with the sentiment head. 0 keeps BERT frozen: it reads each "
                  "review once and only the head learns (fast). With 1 or more, BERT's lower layers still read each "
                  "review once, and its top layers are trained on every batch (slower, and the saved model keeps its "
                  "own copy of BERT)."));
  });
}

void FineTuneLayersBox::followBert(const PretrainedBert* bert, QFormLayout* form) {
  form->setRowVisible(this, bert != nullptr);
  setRange(0, bert ? static_cast<int>(bert->model->config().numLayers) : 0);
}

QString FineTuneLayersBox::labelText() { return tr("Fine-tune top layers"); }

}  // namespace al::ui
