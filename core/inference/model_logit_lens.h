#pragma once
// The logit lens (core/teaching/logit_lens.h) of any model whose output layer predicts tokens: the masked-LM, the
// language model, GPT-2 and a BERT with its masked-LM head. A classifier's or a question answerer's output layer
// does not predict the text's tokens, so they have none. The one place that knows which kinds have a lens: the
// Fill and Generate pages' lens view and `inspect` call it.
//
//   if (hasLogitLens(model)) LogitLens lens = *readLogitLens(model, "the cat sat", 5, &switches);
#include <optional>
#include <string_view>

#include "core/inference/any_model.h"
#include "core/models/head_switches.h"
#include "core/teaching/logit_lens.h"

namespace al {

// True for a model whose output layer predicts tokens (a BERT only with its masked-LM head).
bool hasLogitLens(const AnyModel& model);
// The lens of the text as the model reads it, with `switches` off (null or empty: every head on), the k best
// tokens a cell; nothing for a model without a lens. InputError as teaching::logitLens.
std::optional<teaching::LogitLens> readLogitLens(const AnyModel& model, std::string_view text, int k,
                                                 const HeadSwitches* switches = nullptr);

}  // namespace al
