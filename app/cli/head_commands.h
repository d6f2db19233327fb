#pragma once
// Head switches on the command line: inspect --ablate L.H[,L.H...] and eval --head-importance
// (app/cli/head_commands.cpp).
#include <string>

#include <nlohmann/json.hpp>

#include "app/cli/commands.h"
#include "core/inference/any_model.h"
#include "core/models/head_switches.h"

namespace al::cli {

// What is wrong with the form of an --ablate spec ("" when it is a list of layer.head): the command line's check,
// before any model is read.
std::string headListProblem(const std::string& spec);
// (The heads --ablate names are checked against the model by headSwitchesOf, core/inference/model_attention.h.)

// What switching the heads off changed in the model's answer: {"ablated": "0.1,1.0", "replacement": "zero"} and,
// for an imdb-transformer or a bert-sentiment model, "probability" with the heads off and "probability_all_heads".
nlohmann::json ablationJson(const AnyModel& model, const std::string& text, const HeadSwitches& switches);
// The same as lines of text.
void printAblation(const AnyModel& model, const std::string& text, const HeadSwitches& switches);

// eval --head-importance: the test accuracy with each head alone switched off, as a layers x heads table; for a
// bert-sentiment model, the heads of its BERT (switched off with zero only).
int evalHeadImportance(const EvalOptions& options);

}  // namespace al::cli
