#pragma once
// The words of the Step-through page: every step's title, formula and explanation and every grid's title, found
// by the keys the core gives (core/teaching/attention_steps.h, core/teaching/decoder_steps.h), with the core's
// numbers put into %1 placeholders. All of it goes through Qt's translation (context "StepTexts").
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include "core/teaching/attention_steps.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace al::ui {

struct StepText {
  QString title;        // "Scores Q·Kᵀ"
  QString formula;      // "S_h = Q_h·K_hᵀ"
  QString explanation;  // two or three sentences
};

class StepTexts {
  Q_DECLARE_TR_FUNCTIONS(StepTexts)

 public:
  // The texts of a step; an unknown key gives the key itself as the title (never an empty page).
  static StepText forStep(const teaching::AttentionStep& step);
  // "scores, head 1"; an unknown key gives the key.
  static QString gridTitle(const teaching::StepGrid& grid);
  // The grid's column labels: its own, or (for a table of named quantities) named here.
  static QStringList columnLabels(const teaching::StepGrid& grid);
};

}  // namespace al::ui
