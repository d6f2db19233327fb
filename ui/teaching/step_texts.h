#pragma once
// The words of the Step-through page: every step's title, formula and explanation and every grid's title, found
// by the keys the core gives (core/teaching/attention_steps.h, core/teaching/decoder_steps.h), with the core's
// numbers put into %1 placeholders. All of it goes through Qt's translation (context "StepTexts").
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include "core/teaching/attention_steps.h"

#include <optional>
#include <string>

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
  // "scores, head 1"; an unknown key gives the key. `variant`: the step's (a pretrained model's grids are named
  // by its own formulas).
  static QString gridTitle(const teaching::StepGrid& grid, const std::string& variant = {});
  // The grid's column labels: its own, or (for a table of named quantities) named here.
  static QStringList columnLabels(const teaching::StepGrid& grid);
  // A number of a step's text, its tables of weights and statistics and the sidebar's sharpness alike: the same
  // rounding everywhere, so that what the text says is what the table and the sidebar show.
  static constexpr int kDecimals = 3;
  static QString number(double x);

 private:
  // A pretrained model's step (variants "bert", "gpt2"; ui/teaching/pretrained_step_texts.cpp); nothing where the
  // generic text fits.
  static std::optional<StepText> pretrainedStep(const teaching::AttentionStep& step);
  static QString pretrainedGridTitle(const std::string& key, const std::string& variant);  // empty: the generic one
};

}  // namespace al::ui
