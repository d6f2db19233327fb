#pragma once
// The logit lens (nostalgebraist, "interpreting GPT: the logit lens", 2020): what would the model say if it
// stopped after layer l? Every layer adds to (GPT-2: the residual stream) or replaces (the post-norm models) one
// state per position, and only the last one goes through the output layer. The lens sends every intermediate
// state through that same output layer:
//
//   h_0 = the embedded input, h_l = the state after layer l       L+1 of T x D (h_L: what the model reads out)
//   p_{l,t} = softmax(readOut(h_l)_t)                             1 x V, over the whole vocabulary
//   the table: for each l and t, the k tokens with the largest p_{l,t}, best first
//
// readOut is each model's own output layer, unchanged:
//   masked-lm       h·mlm.output.kernel + bias
//   causal-lm       h·output.kernel + bias                        (position t guesses token t+1)
//   bert            LN(gelu(h·W_t + b_t))·decoderᵀ + bias          (the masked-LM head's transform included)
//   gpt2            LN_f(h)·wteᵀ                                   (the final layer norm first, as the model does)
// so the last row (l = L) is exactly the model's own prediction, and the rows above show when in the stack the
// answer appears. The output layer was trained on the last state only; an early row that reads as nonsense says
// the state is not yet in the output layer's terms, not that the layer knows nothing.
//
// Dimension key (core/tensor.h): L layers, T tokens, D model width, V vocabulary, k tokens shown per cell.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "core/tensor.h"

namespace al {
struct MaskedLmModel;
struct CausalLmModel;
struct PretrainedBert;
struct PretrainedGpt2;
struct HeadSwitches;
}  // namespace al

namespace al::teaching {

struct LensGuess {
  int64_t id = 0;
  std::string token;      // as the vocabulary writes it ("great", "##ing", "Ġthe")
  std::string text;       // as text: a byte-level piece decoded ("Ġthe" -> " the"); else the token
  float probability = 0;  // p_{l,t}[id], over the whole vocabulary
};

struct LogitLens {
  std::vector<std::string> tokens;  // the T input tokens the model read (the table's columns)
  std::vector<std::string> texts;   // the same as text (as LensGuess::text)
  // guesses[l][t]: the k most probable tokens at position t read from state l, best first (ties: lower id first);
  // l = 0: after the embeddings, l = 1..L: after layer l (l = L: the model's own output).
  std::vector<std::vector<std::vector<LensGuess>>> guesses;  // (L+1) x T x k
};

// Softmax over the whole row (the largest logit subtracted first), then the k largest, best first, ties to the
// lower id. k is clamped to V. Returns (id, probability) pairs.
std::vector<std::pair<int64_t, float>> topProbabilities(const RowVector& logits, int k);

using LensReadOut = std::function<Matrix(const Matrix&)>;  // states (T x D) -> logits (T x V)
using LensTokenName = std::function<std::string(int64_t)>;

// The table of states (L+1 of T x D) through readOut; tokens and texts left empty. `text` names a guess as text
// (none: its token). std::invalid_argument for no states, states of different sizes, or k < 1.
LogitLens logitLens(const std::vector<Matrix>& states, const LensReadOut& readOut, int k, const LensTokenName& name,
                    const LensTokenName& text = {});

// The lens of each model kind on a text, read as the model reads it (its tokenizer; masked-lm: the first
// sequence_length tokens; causal-lm: the last sequence_length; bert: with [CLS] and [SEP]). `switches`: heads
// switched off (core/models/head_switches.h); null: all on. InputError for a text without tokens, one longer than
// a pretrained model reads, and a BERT without its masked-LM head.
LogitLens logitLens(const MaskedLmModel& model, std::string_view text, int k, const HeadSwitches* switches = nullptr);
LogitLens logitLens(const CausalLmModel& model, std::string_view text, int k, const HeadSwitches* switches = nullptr);
LogitLens logitLens(const PretrainedBert& model, std::string_view text, int k, const HeadSwitches* switches = nullptr);
LogitLens logitLens(const PretrainedGpt2& model, std::string_view text, int k, const HeadSwitches* switches = nullptr);

}  // namespace al::teaching
