#pragma once
// Code beside the math: the line or two of Keras (the book's code) and of PyTorch (the article's example; the
// chatbot tutorial's for additive attention) that computes a Step-through step. The snippets are data,
// resources/teaching/step_code.json, keyed by the core's step key; "key.variant" (softmax.additive,
// mask.causal) is looked up before "key". Code is not translated.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include "core/teaching/attention_steps.h"

#include <QString>

namespace al::ui {

struct StepCode {
  QString keras;
  QString pytorch;
  bool isEmpty() const { return keras.isEmpty() && pytorch.isEmpty(); }
};

// The snippets of a step; empty when the file has none for it.
StepCode stepCode(const teaching::AttentionStep& step);
StepCode stepCode(const QString& key, const QString& variant = {});

}  // namespace al::ui
