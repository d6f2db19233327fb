#pragma once
// Code beside the math: the line or two of Keras and of PyTorch that computes a Step-through step. The snippets
// are data, resources/teaching/step_code.json, keyed by the core's step key; "key.variant" (embedding.learned,
// scale.off, mask.causal, softmax.additive, projections.cross) is looked up before "key", so that the code
// follows the step's settings. Each column names where it comes from: the book's Keras, what Keras's own
// MultiHeadAttention does inside, a KerasHub layer, the chatbot tutorial's TensorFlow, or PyTorch written for
// this app with the shapes of the step. Code is not translated.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include "core/teaching/attention_steps.h"

#include <QString>

namespace al::ui {

struct StepCode {
  QString keras;
  QString pytorch;
  // Where each column comes from: "book", "keras", "keras_hub", "tutorial" or "app" (see step_code.json).
  QString kerasSource;
  QString pytorchSource;
  bool isEmpty() const { return keras.isEmpty() && pytorch.isEmpty(); }
};

// The snippets of a step; empty when the file has none for it.
StepCode stepCode(const teaching::AttentionStep& step);
StepCode stepCode(const QString& key, const QString& variant = {});

}  // namespace al::ui
