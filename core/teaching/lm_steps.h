#pragma once
// The app's own language model (a GPT, task causal-lm) taken apart for the Step-through page: the pass that
// predicts the token after a text, one layer at a time. It is the decoder of the encoder-decoder Transformer
// without the cross-attention: masked self-attention over the text so far, then the feed-forward, and at the top
// the choice of the next token.
//
//   X  = E[ids] + P[0..T-1]                   the window's tokens (learned or sinusoidal positions)   T x D
//   S_h = Q_h·K_hᵀ / √K, causal mask, softmax  masked self-attention                                 T x T
//   X1 = norm1(X + self_attention(X))                                                                 T x D
//   Y  = norm2(X1 + relu(X1·W1 + b1)·W2 + b2)                                                         T x D
//   p  = softmax(Y_last·W_out + b_out)        the next token: the most likely one                     1 x V
//
// Transformer-XL (positions "relative", core/layers/relative_attention.h): X = E[ids] alone; the keys and values
// also come from the layer's memory m (M' x D, the inputs of the M' positions read before the window), and a score
// is the sum of a content term and a position term that only knows how far back the key lies:
//   S_h[t, j] = ((Q_h[t] + u_h)·Kc_h[j] + (Q_h[t] + v_h)·P_h[M'+t-j]) / √K     T x (M'+T), memory columns first
//
// The window is what the model reads to predict the next token (core/inference/causal_lm_inference.h,
// causalLmWindow): without memory the last S tokens, with memory the last segment after the memory the earlier
// segments left. Every number is the model's own: its forward pass runs on the window with its attention layers
// keeping their scores and the hidden states kept; nothing is recomputed with formulas of this file.
//
// Steps (key, variant; numbers and words as each documents):
//   "lm_embedding", "learned" | "sinusoidal" | "relative"   numbers: T, the text's tokens, the window's first index
//        grids: token_embedding, position (not for relative), x
//   "decoder_layer_input", "lm" (layer > 0)                numbers: the layer (1-based); grid: x
//   "memory", "relative" (a memory is read)                numbers: M', M, S; grid: memory (M' x D)
//   learned / sinusoidal, variant "lm": "projections", "scores", "scale", "mask", "softmax", "mix" as the decoder's
//        masked self-attention (core/teaching/decoder_steps.h)
//   relative, variant "relative": "projections" (q: T rows; k, v: M'+T rows), "relative_scores" (numbers: K, √K;
//        grids content_scores and position_scores per head), "mask" (allowed, masked_scores), "softmax", "mix"
//   "ffn", "lm"                                            grids: hidden, layer_output
//   "next_token", "lm" (last layer)                        words: the chosen token; grid: probabilities
//
// Dimension key (core/tensor.h): T tokens of the window, M' memory rows, D model width, H heads, K key dimension,
// F feed-forward width, V vocabulary size.
#include <string>
#include <vector>

#include "core/inference/causal_lm_inference.h"
#include "core/teaching/attention_steps.h"

namespace al::teaching {

struct LanguageModelWalk {
  std::vector<std::string> tokens;     // the whole text's tokens
  size_t windowStart = 0;              // the index in tokens of the window's first token
  std::vector<std::string> rowLabels;  // T: the window's tokens as a grid shows them (a space as ␣)
  std::vector<std::string> keyLabels;  // M'+T: the tokens the memory holds, then the window's
  Index memoryRows = 0;                // M'
  Index layer = 0;                     // the layer walked (0-based)
  CausalLanguageModel::Memory memory;  // what the window read besides itself
  CausalLanguageModel::Cache pass;     // the window's pass: scores and hidden states kept
  RowVector probabilities;             // 1 x V: the next token's, at the window's last position
  int nextId = 0;                      // the most likely next token (the lowest id on a tie)
  std::string nextToken;               // its vocabulary entry
  std::vector<AttentionStep> steps;
};

// Walks through layer `layer` (clamped to the model's layers) of the pass that predicts the token after `text`.
// Throws InputError for text without tokens and for text that is not UTF-8.
LanguageModelWalk walkLanguageModel(const CausalLmModel& model, const std::string& text, Index layer);

}  // namespace al::teaching
