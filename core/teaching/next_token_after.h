#pragma once
// "Does the model guess the word that comes after this?": a language model's next-token accuracy counted only at
// the tokens that follow a given text (eval --after). On the referent text (core/data/referent_corpus.h) the text
// "它很" picks exactly the decisive words, whose accuracy says whether the model reads what 它 refers to; on any
// text it measures one kind of prediction apart from the whole text's average.
//
// Each document is read from its start, as a person would type it: the guess after an occurrence sees the
// document up to it (its last S tokens; with a memory, all of it), never a window cut in the middle of the
// sentence as the whole text's evaluation cuts its stream. Heads may be switched off (eval --ablate).
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/inference/causal_lm_inference.h"
#include "core/models/head_switches.h"

namespace al::teaching {

struct TokenAfterScore {
  size_t tokens = 0;  // tokens that follow an occurrence of the text (and so were guessed)
  size_t right = 0;   // of them, the ones the model's most likely next token got right
  double accuracy() const { return tokens ? static_cast<double>(right) / static_cast<double>(tokens) : 0.0; }
};

// `after` is read with the model's tokenizer; an occurrence is a run of the document's tokens equal to its tokens.
// InputError (EmptySentence, name "after") for a text without tokens. In parallel over the documents, in the
// caller's task arena; the counts do not depend on the thread count.
TokenAfterScore scoreTokensAfter(const CausalLmModel& model, const std::vector<std::string>& documents,
                                 std::string_view after, const HeadSwitches* switches = nullptr);

}  // namespace al::teaching
