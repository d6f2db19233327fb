#pragma once
// The Step-through page's controls for a language model (a GPT trained here, task causal-lm): which model (the
// Generate page's current one) and which layer. The page's sentence is the text the model continues; walk() asks
// the core for the pass that predicts the next token (core/teaching/lm_steps.h) and says what the model read (the
// window, and Transformer-XL's memory) and which token it would write. Next token appends that token to the text.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <memory>

#include "core/inference/any_model.h"
#include "core/teaching/lm_steps.h"

#include <QString>

#include "ui/teaching/walk_controls.h"

namespace al::ui {

class LanguageModelControls : public WalkControls {
  Q_OBJECT
 public:
  explicit LanguageModelControls(QWidget* parent = nullptr);

  void setModel(const QString& name, const AnyModel& model);
  std::shared_ptr<const CausalLmModel> model() const { return model_; }
  // The walk of the current layer for `text`; updates what is said of the window and the next token.
  // Throws InputError without a model and for text without tokens or not UTF-8.
  teaching::LanguageModelWalk walk(const QString& text);

 private:
  void retranslate();

  std::shared_ptr<const CausalLmModel> model_;
  QString name_;
};

}  // namespace al::ui
