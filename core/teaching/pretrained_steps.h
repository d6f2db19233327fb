#pragma once
// A pretrained model's layer taken apart for the Step-through page, with the model's own numbers: BERT (post-norm,
// the norm after each residual sum) and GPT-2 (pre-norm, the norm before each block, a causal mask, and the
// next-token choice after the last layer). Both use GELU in the feed-forward, not the ReLU of the app's own models.
//
// BERT, layer l (the text read as [CLS] text [SEP], one segment):
//   x_0 = LN_e(word[ids] + position[0..T-1] + token_type[0])   embeddings, then their layer norm        T x D
//   Q = x·W_q + b_q, K = ..., V = ...                          projections; head h owns columns h*K..   T x (H*K)
//   S_h = Q_h·K_hᵀ,  S_h / √K                                  scores, scaled                          T x T
//   A_h = softmax_rows(S_h / √K)                               no mask: every token sees every token   T x T
//   a = concat_h(A_h·V_h)·W_o + b_o                            the heads mixed back to width D          T x D
//   y = LN_1(x + a)                                            post-norm: residual, then layer norm     T x D
//   h = gelu(y·W_i + b_i)                                      gelu: the erf form                       T x F
//   x_{l+1} = LN_2(y + h·W_2 + b_2)                            the layer's output                       T x D
//
// GPT-2, layer l (the text read as the model's prompt):
//   x_0 = wte[ids] + wpe[0..T-1]                               embeddings, no norm                     T x D
//   z = LN_1(x)                                                pre-norm: the block reads a normed copy  T x D
//   Q, K, V = z·W_{q,k,v} + b (c_attn split in three)                                                   T x (H*K)
//   S_h = Q_h·K_hᵀ,  S_h / √K, -∞ above the diagonal           causal: token i sees tokens 0..i         T x T
//   A_h = softmax_rows(masked)                                 exactly 0 above the diagonal             T x T
//   x' = x + concat_h(A_h·V_h)·W_o + b_o                       c_proj, residual; no norm after          T x D
//   h = gelu_new(LN_2(x')·W_fc + b_fc)                         gelu_new: the tanh form                  T x I
//   x_{l+1} = x' + h·W_proj + b_proj                           the layer's output                       T x D
//   last layer: p = softmax(LN_f(x_L)·wteᵀ), last row          the next token                           1 x V
//
// Every number is the model's own: the walk asks the model's forward pass to keep one layer's intermediates
// (BertOptions / Gpt2Options::traceLayer), whose attention layer keeps its scores; nothing is recomputed with
// formulas of this file. The masked scores are the core's maskScores of the scores the layer's softmax saw.
//
// Steps (AttentionStep, see core/teaching/attention_steps.h), in order; every step's variant is the model, "bert"
// or "gpt2". Row labels are the pieces as a person reads them (readablePiece); "k1".., "d1".., "z1".., "f1"..
// label the columns of a head, the model width, the heads side by side and the feed-forward width.
// Grids of one head carry it in StepGrid::head; the others have head -1.
//
//   key           grids (key: shape)                                          numbers / words
//   embedding     bert: token_embedding, position, token_type, embedding_sum   numbers: T
//                 (all T x D), embedding_norm (T x D, x_0)
//                 gpt2: token_embedding, position, x (T x D each; x = x_0)
//                 only on layer 0 (1-based: layer 1)
//   layer_input   x: T x D, the previous layer's output                       numbers: the layer (1-based);
//                                                                             only on layers after the first
//   pre_norm      gpt2 only. numbers[0] = 1: x, ln_1 (T x D each)            numbers: 1 before attention,
//                 numbers[0] = 2: residual1, ln_2 (T x D each)                2 before the MLP
//   projections   per head: q, k, v (T x K each)
//   scores        per head: scores (T x T)
//   scale         per head: scaled_scores (T x T)                             numbers: K, √K
//   mask          gpt2 only: allowed (T x T, 1 where query i may see key j,
//                 probabilities), per head: masked_scores (T x T, -∞ above
//                 the diagonal)
//   softmax       per head: weights (T x T, probabilities)
//   mix           concatenated (T x (H*K)), attention_output (T x D, the
//                 output projection: BERT's attention.output.dense, GPT-2's
//                 c_proj); gpt2 also residual1 (T x D, x + attention_output)
//   post_norm     bert only. numbers[0] = 1: residual1 (x + a), norm1         numbers: 1 after attention,
//                 (LN_1, T x D each); numbers[0] = 2: residual2 (y +          2 after the feed-forward
//                 feed_forward), layer_output (LN_2, T x D each)
//   gelu          pre_activation (T x F: what the first dense layer gives),
//                 hidden (T x F: after GELU; bert the erf form, gpt2 tanh)
//   ffn           hidden (T x F), feed_forward (T x D: hidden·W_2 + b_2);
//                 gpt2 also layer_output (T x D, residual1 + feed_forward)
//   final_norm    gpt2, last layer only: layer_output, ln_f (T x D each)
//   next_token    gpt2, last layer only: probabilities (1 x 8 at most, the    words: the chosen piece (the
//                 most likely next pieces, best first, named by the           most likely)
//                 columns; the row is the last piece; probabilities)
//
// Dimension key (core/tensor.h): T tokens, D model width, H heads, K = D/H key dimension of one head, F the
// feed-forward width (BERT's intermediate_size, GPT-2's inner width I, 4D by default), V vocabulary.
#include <cstdint>
#include <string>
#include <vector>

#include "core/inference/pretrained_inference.h"
#include "core/teaching/attention_steps.h"

namespace al::teaching {

struct PretrainedWalk {
  std::vector<std::string> tokens;  // T, the pieces as a person reads them (the grids' row labels)
  std::vector<int64_t> ids;         // T
  Index layer = 0;                  // the layer walked (0-based), clamped to the model's layers
  Index layers = 0;                 // how many layers the model has
  RowVector probabilities;          // 1 x V, the next token after the text (GPT-2's last layer only; else empty)
  std::vector<AttentionStep> steps;
};

// Walks layer `layer` (clamped to the model's layers) of BERT reading `text` ([CLS] text [SEP]).
// al::InputError for text that is not UTF-8, has no pieces, or is longer than the model's positions.
PretrainedWalk walkBert(const PretrainedBert& bert, const std::string& text, Index layer);
// Walks layer `layer` (clamped) of GPT-2 reading `text` as its prompt; on the last layer, the next token too.
// al::InputError for text that is not UTF-8, is empty, or is longer than the model's positions.
PretrainedWalk walkGpt2(const PretrainedGpt2& gpt, const std::string& text, Index layer);

}  // namespace al::teaching
