#pragma once
// What a person reads about each hyper-parameter of the core's schema: a label and a help text, translated, by
// the spec's text key ("epochs", "bigram.vocab_size") and, for a choice, by "key.value" ("position.none").
#include <QCoreApplication>
#include <QString>

namespace al::ui {

struct ParameterText {
  QString label;
  QString toolTip;
};

// An unknown key gives the key itself as the label (a new parameter shows up before its text is written).
ParameterText parameterText(const QString& textKey);

}  // namespace al::ui
