#pragma once
// One rule for a token's text shown as a label a person reads: a heatmap's row or column, a table's header, a bar of
// the next token's candidates, a step's grid. The Attention, Generate, Memory and Step-through pages and the logit
// lens all show tokens through it, so that a space looks the same everywhere.
#include <string>
#include <string_view>

namespace al {

// The token's text without the spaces a tokenizer keeps around a word (GPT-2's " the" -> "the"), a line break inside
// it as ↵; a token of white space only, which would be an empty or invisible label, as one sign per character:
// space ␣, tab ⇥, line break ↵ ("" -> "␣").
std::string tokenLabel(std::string_view text);

}  // namespace al
