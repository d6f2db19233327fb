#pragma once
// The decoder of the encoder-decoder Transformer taken apart for the Step-through page, one generation step at a
// time: for the pass that chooses answer token n, the tokens read so far, one decoder layer's masked
// self-attention (scores, ÷√K, the causal mask as -∞, softmax), its cross-attention against the encoder's
// output, its feed-forward, and (last layer) the choice of the next token.
//
//   X  = E[y_0..y_n] + P[0..n]                  the decoder's input: <start> and the tokens written so far  T x D
//   S_h = Q_h·K_hᵀ, masked causally, softmax    masked self-attention                                         T x T
//   X1 = norm1(X + self_attention(X))                                                                          T x D
//   C_h = softmax(Q_h(X1)·K_h(E)ᵀ / √K)         cross-attention: answer positions x question words           T x S
//   X2 = norm2(X1 + cross_attention(X1, E))                                                                    T x D
//   Y  = norm3(X2 + ffn(X2));  p = softmax(Y_last·W_out + b_out)  the next token: the most likely one          1 x V
//
// Every number is the model's own: greedy decoding (Seq2SeqTransformer::decode with its passes) gives the tokens
// and the logits; the walked pass is run again through the model's own decoder with its attention layers keeping
// their scores. Nothing is recomputed with formulas of this file. The words a person reads are the app's: steps
// and grids carry keys (see core/teaching/attention_steps.h).
//
// Dimension key (core/tensor.h): T tokens read so far, S source tokens, D model width, H heads, K key dimension,
// F feed-forward width, V target vocabulary size.
#include <functional>
#include <string>
#include <vector>

#include "core/inference/seq2seq_transformer_inference.h"
#include "core/teaching/attention_steps.h"

namespace al::teaching {

struct DecoderWalk {
  std::vector<std::string> sourceTokens;  // S: <start>, the question's words, <end>
  std::vector<std::string> outputTokens;  // the greedy answer, <end> included when produced
  Index step = 0;                         // the generation step walked (0-based): the pass choosing outputTokens[step]
  Index layer = 0;                        // the decoder layer walked (0-based)
  std::vector<std::string> inputTokens;   // T: <start> and outputTokens[0 .. step-1]
  Matrix encoded;                         // S x D, the encoder's output
  TransformerDecoder::Cache pass;         // the walked pass, its attention scores kept
  Matrix output;                          // T x D, the decoder's output (the last layer's)
  RowVector logits;                       // 1 x V, of the last position (the model's decode computed them)
  RowVector probabilities;                // 1 x V, their softmax
  std::vector<AttentionStep> steps;
};

// The pieces every decoder walk is made of (the language model's walk, core/teaching/lm_steps.h, uses them too).

// The rows of the parameter table `name` for some ids (a lookup, as the embedding layer does): ids.size() x D.
Matrix tableRows(const ParameterSet& params, const char* name, const std::vector<int>& ids);
// The steps of one attention of a layer whose cache kept its scores: projections, scores (self-attention: ÷√K and
// the causal mask as -∞), softmax, and the heads' output with the layer's state after its residual and norm
// (`after`, T x D). `rows`: the T query tokens; `keys`: the key tokens (self-attention: the same T); `encoded`: the
// encoder output the keys come from (cross-attention only, S x D), else null. `variant`: "cross" for
// cross-attention, any other (the walk's name: "decoder", "lm") for causal self-attention.
void addAttentionSteps(std::vector<AttentionStep>& steps, const MultiHeadAttention& attention,
                       const MultiHeadAttention::Cache& cache, const std::string& variant,
                       const std::vector<std::string>& rows, const std::vector<std::string>& keys,
                       const Matrix* encoded, const Matrix& after);
// The step "next_token": the 8 most likely tokens of `probabilities` (1 x V) best first, named by tokenOf, in one
// row labelled `lastRow`; words: the token chosen.
AttentionStep nextTokenStep(const RowVector& probabilities, const std::function<std::string(Index)>& tokenOf,
                            const std::string& lastRow, const std::string& chosen, const std::string& variant);

// Answers `question` greedily and walks through generation step `step` (clamped to the answer) in decoder layer
// `layer` (clamped to the model's layers). Throws InputError for text that is not UTF-8.
DecoderWalk walkDecoder(const Seq2SeqTransformerModel& model, const std::string& question, Index step, Index layer);

}  // namespace al::teaching
