#pragma once
// Head switches on the command line: inspect --ablate L.H[,L.H...] and eval --head-importance
// (app/cli/head_commands.cpp).
#include <string>

#include <nlohmann/json.hpp>

#include "app/cli/commands.h"
#include "core/inference/any_model.h"
#include "core/models/head_switches.h"
#include "core/teaching/head_finder.h"

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

// What is wrong with the form of a --which-head spec ("" when it is three words separated by commas, Q,A,B).
std::string whichHeadProblem(const std::string& spec);
// inspect --which-head Q,A,B (the Attention page's "Which head does this?" tab): every layer's and head's weight
// from word Q on word A minus on word B (core/teaching/head_finder.h). A word is the first run of the text's tokens
// that spells it (BERT's "##" marks left out), so a word a tokenizer cut into pieces is found too.
struct WhichHead {
  std::string query, a, b;
  std::vector<size_t> queryTokens, aTokens, bTokens;  // their token indices
  teaching::HeadRanking ranking;
};
// tokens: the text's; attention: [layer][head], T x T over them. InputError naming a word the tokens do not spell.
WhichHead whichHead(const std::string& spec, const std::vector<std::string>& tokens,
                    const std::vector<std::vector<Matrix>>& attention);
// {"query", "a", "b", "query_tokens", "a_tokens", "b_tokens", "difference": [layer][head], "on_a", "on_b" (the
// same shape), "prefer_a": how many heads put more weight on A, "heads": how many there are}
nlohmann::json whichHeadJson(const WhichHead& w);
void printWhichHead(const WhichHead& w);

// eval --head-importance: the test accuracy with each head alone switched off, as a layers x heads table; for a
// bert-sentiment model, the heads of its BERT (switched off with zero only).
int evalHeadImportance(const EvalOptions& options);

}  // namespace al::cli
