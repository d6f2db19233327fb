#pragma once
// What tests the reading "the model decided because of this word", on the command line
// (app/cli/explain_commands.cpp): inspect's attention rollout and saliency, and eval --rank-correlations.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli/commands.h"
#include "core/inference/any_model.h"
#include "core/tensor.h"

namespace al::cli {

// inspect --json: "rollout" ([layer][query][key], R_1 .. R_L of core/teaching/attention_rollout.h, the last the
// whole stack's) for every model that reports attention, and for an imdb-transformer "saliency"
// ({"label", "probability", "gradient_x_input": [T], "deletion": [T]}, core/teaching/token_attribution.h).
void addExplanationsJson(nlohmann::json& out, const AnyModel& model, const std::vector<std::vector<Matrix>>& attention,
                         const std::vector<int64_t>& ids);
// The same as lines of text: the attention each token receives in the rollout, and the saliency per token.
void printExplanations(const AnyModel& model, const std::vector<std::string>& tokens,
                       const std::vector<std::vector<Matrix>>& attention, const std::vector<int64_t>& ids);

// What is wrong with the form of an --attention-head spec ("" for L.H or "mean").
std::string attentionHeadProblem(const std::string& spec);

// eval --rank-correlations: over the test reviews (or --samples N of them), the mean Spearman correlation of
// attention, rollout, saliency and deletion, as a 4 x 4 table.
int evalRankCorrelations(const EvalOptions& options);

}  // namespace al::cli
