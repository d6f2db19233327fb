#pragma once
// The Step-through page's controls for a pretrained model (a Hugging Face BERT or GPT-2 folder): which model (the
// one chosen last on the Attention page, or a GPT-2 on the Generate page) and which layer. walk() asks the core to
// take that layer apart with the model's own numbers (core/teaching/pretrained_steps.h) and says what the model
// read; for GPT-2 the last layer ends with the next piece, which Next token appends to the text.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <memory>
#include <variant>

#include "core/inference/any_model.h"
#include "core/inference/pretrained_inference.h"
#include "core/teaching/pretrained_steps.h"

#include <QString>

#include "ui/teaching/walk_controls.h"

namespace al::ui {

// A pretrained model the page can walk: none, a BERT or a GPT-2.
using PretrainedModelRef =
    std::variant<std::monostate, std::shared_ptr<const PretrainedBert>, std::shared_ptr<const PretrainedGpt2>>;

class PretrainedControls : public WalkControls {
  Q_OBJECT
 public:
  explicit PretrainedControls(QWidget* parent = nullptr);

  // The layer goes to the last one for GPT-2 (so that the next-token step shows), to the first for BERT.
  // A model of another kind: none.
  void setModel(const QString& name, const AnyModel& model);
  const PretrainedModelRef& model() const { return model_; }
  bool isGpt2() const;
  // The walk of the current layer for `text`; updates what is said of the reading and the next piece.
  // Throws InputError without a model and for text the model cannot read.
  teaching::PretrainedWalk walk(const QString& text);

 private:
  void retranslate();
  void sayWhatWasRead(const teaching::PretrainedWalk& w);

  PretrainedModelRef model_;
  QString name_;
};

}  // namespace al::ui
