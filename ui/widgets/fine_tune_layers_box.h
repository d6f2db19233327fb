#pragma once
// "Fine-tune top layers": how many of a BERT's top layers learn with the sentiment head, from 0 (shown as "none
// (BERT frozen)": only the head learns) to the BERT's layer count. Its value is RunRequest::fineTuneLayers. The Train
// page and "Does pre-training help?" each show one in a form row beside their choice of a BERT; the row is there
// only while a BERT is chosen.
#include <QSpinBox>
#include <QString>

class QFormLayout;

namespace al {
struct PretrainedBert;
}

namespace al::ui {

class FineTuneLayersBox : public QSpinBox {
  Q_OBJECT
 public:
  explicit FineTuneLayersBox(QWidget* parent = nullptr);

  // The range 0 .. bert's layer count, and this box's row of `form` shown only with a BERT (null: none chosen).
  void followBert(const PretrainedBert* bert, QFormLayout* form);
  static QString labelText();  // the form row's label, in the interface's language
};

}  // namespace al::ui
