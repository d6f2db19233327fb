// The Step-through page's words for a pretrained model's layer (core/teaching/pretrained_steps.h, variants "bert"
// and "gpt2"): what a student must see is where the norm sits. BERT, like the original Transformer and the app's own
// models, normalizes after each residual sum (post-norm); GPT-2 normalizes the copy each block reads and leaves the
// residual path a plain sum (pre-norm), which is why it needs one more norm, ln_f, at the end. Both use GELU.
//
// Core headers first: they must not see Qt's `emit` macro.
#include "core/teaching/attention_steps.h"

#include "ui/teaching/step_texts.h"

#include <map>

namespace al::ui {

namespace {

double numberAt(const teaching::AttentionStep& step, size_t i) { return i < step.numbers.size() ? step.numbers[i] : 0.0; }

Index gridColumns(const teaching::AttentionStep& step, const std::string& key) {
  for (const teaching::StepGrid& grid : step.grids)
    if (grid.key == key) return grid.values.cols();
  return 0;
}

}  // namespace

std::optional<StepText> StepTexts::pretrainedStep(const teaching::AttentionStep& step) {
  const std::string& key = step.key;
  const bool gpt2 = step.variant == "gpt2";
  const int T = static_cast<int>(numberAt(step, 0));
  if (key == "embedding" && !gpt2)
    return StepText{tr("BERT's embeddings, then LayerNorm"),
                    tr("x_0 = LN_e(word[ids] + position[0..T-1] + token_type[0])"),
                    tr("BERT reads [CLS] text [SEP]: %n piece(s) of its WordPiece vocabulary. Each piece's row of "
                       "the word table, a learned position vector and the vector of segment A (token type 0: one "
                       "sentence here) are summed, and a layer norm rescales every row to mean 0 and variance 1, "
                       "times a learned gamma plus beta. Even the first layer's input is normalized: BERT puts a "
                       "norm after every sum.", nullptr, T)};
  if (key == "embedding")
    return StepText{tr("GPT-2's embeddings: wte + wpe"), tr("x_0 = wte[ids] + wpe[0..T-1]"),
                    tr("GPT-2 reads the prompt as %n piece(s) of its byte-level BPE vocabulary (a piece can be a "
                       "whole word with the space before it, or part of a word). Each piece's row of the token "
                       "table wte plus a learned position vector wpe, and no norm: in a pre-norm model the residual "
                       "stream x itself is never normalized; each block reads a normalized copy.", nullptr, T)};
  if (key == "layer_input")
    return StepText{tr("Input of layer %1").arg(numberAt(step, 0)), tr("x = output of layer %1").arg(numberAt(step, 0) - 1),
                    gpt2 ? tr("This layer reads the residual stream as the layers below left it: the embeddings plus "
                              "every earlier block's output, a plain sum that no norm has touched (pre-norm). Its "
                              "numbers can grow from layer to layer; only the copy each block reads is normalized.")
                         : tr("This layer reads the previous layer's output, the same T rows refined. It is already "
                              "normalized: every BERT layer ends with a layer norm (post-norm).")};
  if (key == "pre_norm" && numberAt(step, 0) == 1)
    return StepText{tr("Pre-norm: LN_1 before attention"), tr("z = LN_1(x)"),
                    tr("GPT-2 normalizes before the block: every row of x is rescaled to mean 0 and variance 1, times "
                       "a learned gamma plus beta, and only this copy z goes into attention. x itself stays as it "
                       "is: the residual path from the embeddings to the last layer is a plain sum. BERT and the "
                       "original Transformer do it the other way round, a norm after each sum (post-norm); pre-norm "
                       "trains deep stacks more stably.")};
  if (key == "pre_norm")
    return StepText{tr("Pre-norm: LN_2 before the MLP"), tr("LN_2(x'),   x' = x + attention output"),
                    tr("Again the norm comes first: the feed-forward block (the MLP) reads a normalized copy of x', "
                       "and its output will be added to x' itself, not to the copy. The residual stream keeps "
                       "flowing past every norm.")};
  if (key == "post_norm" && numberAt(step, 0) == 1)
    return StepText{tr("Post-norm: residual, then LN_1"), tr("y = LN_1(x + a)"),
                    tr("The attention output a is added to the layer's input x (the residual), then layer norm "
                       "rescales each row to mean 0 and variance 1, times a learned gamma plus beta. This is "
                       "post-norm, as in the original Transformer and the app's own models: the norm sits on the "
                       "residual path, so what goes on is always normalized. GPT-2 does it the other way round "
                       "(pre-norm).")};
  if (key == "post_norm")
    return StepText{tr("Post-norm: residual, then LN_2"), tr("x_{l+1} = LN_2(y + h·W_2 + b_2)"),
                    tr("The feed-forward output is added to y and normalized once more: this is the layer's output, "
                       "what the next layer reads. Every BERT layer ends with a norm, so no layer's output grows "
                       "unchecked and none needs a final norm.")};
  if (key == "gelu") {
    const QString why = tr(" GELU rather than ReLU: it is smooth and lets small negative values through a little, "
                           "and BERT and GPT-2 were trained with it.");
    const QString widen = tr("The first dense layer widens each row to F = %1 numbers; GELU then weighs each number "
                             "u by the chance that a standard normal variable is below it: large positive values "
                             "pass, large negative ones become 0, and near 0 it bends smoothly.")
                              .arg(gridColumns(step, "pre_activation"));
    if (gpt2)
      return StepText{tr("GELU (the tanh form)"),
                      tr("h = 0.5·u·(1 + tanh(√(2/π)·(u + 0.044715·u³))),   u = LN_2(x')·W_fc + b_fc"),
                      widen + tr(" GPT-2 uses the tanh approximation of that curve (gelu_new), which differs from the "
                                 "erf form by less than 0.001.") + why};
    return StepText{tr("GELU (the erf form)"), tr("h = gelu(u) = 0.5·u·(1 + erf(u/√2)),   u = y·W_i + b_i"),
                    widen + why};
  }
  if (key == "mix" && gpt2)
    return StepText{tr("Weights × V, c_proj, and the residual"), tr("x' = x + concat_h(A_h·V_h)·W_o + b_o"),
                    tr("Every token collects the values of the tokens it may see; the heads are put side by side and "
                       "c_proj mixes them back to width D. The result is added to x, the input before LN_1 (not to "
                       "z), and no norm follows: x' is still a plain sum.")};
  if (key == "mix")
    return StepText{tr("Weights × V, heads mixed back"), tr("a = concat_h(A_h·V_h)·W_o + b_o"),
                    tr("Every token collects the values of the tokens it looks at, in the proportions of its weights; "
                       "the heads are put side by side (H·K = D columns) and one dense layer (attention.output.dense) "
                       "mixes them back to width D. The residual and the norm come in the next step.")};
  if (key == "ffn") {
    const QString sizes = tr("The second dense layer brings the F = %1 numbers of every token back to D = %2, each "
                             "token on its own.").arg(gridColumns(step, "hidden")).arg(gridColumns(step, "feed_forward"));
    if (gpt2)
      return StepText{tr("Feed-forward output and the residual"), tr("x_{l+1} = x' + h·W_proj + b_proj"),
                      sizes + tr(" It is added to x' with no norm after: the layer's output is the residual stream, "
                                 "still a plain sum of everything the layers wrote.")};
    return StepText{tr("Feed-forward output"), tr("f = h·W_2 + b_2"),
                    sizes + tr(" The residual and the layer's last norm, LN_2, follow.")};
  }
  if (key == "final_norm")
    return StepText{tr("The final norm LN_f"), tr("LN_f(x_L)"),
                    tr("In a pre-norm model no block normalizes what it passes on, so the stream after the last layer "
                       "has never been normalized itself. GPT-2 adds one last layer norm, ln_f, before reading the "
                       "next token from it. BERT needs none: its last layer already ended with LN_2.")};
  if (key == "next_token")
    return StepText{tr("The next token"), tr("p = softmax(LN_f(x_L)·wteᵀ),   last row"),
                    tr("Only the last row matters: it is compared with every row of the token table wte (the input's "
                       "own table, shared), one score per piece of the vocabulary, and softmax makes them "
                       "probabilities. The most likely piece, “%1”, is what greedy generation writes; Next token "
                       "appends it to the text and walks again.")
                        .arg(step.words.empty() ? QString() : QString::fromStdString(step.words.front()))};
  if (key == "projections" && gpt2)
    return StepText{tr("Queries, keys and values from the normed copy"),
                    tr("Q, K, V = z·W_{q,k,v} + b   (c_attn, split in three)"),
                    tr("One dense layer, c_attn, gives every token 3·D numbers, split into a query (what it looks for), "
                       "a key (what it offers) and a value (what it passes on). They are made from z = LN_1(x), the "
                       "normed copy, not from x. Head h uses its own K-wide slice of each.")};
  if (key == "mask" && gpt2)
    return StepText{tr("Causal mask: −∞ above the diagonal"), tr("M(i, j) = S(i, j) for j ≤ i, −∞ for j > i"),
                    tr("GPT-2 writes left to right, so piece i may look at pieces 0..i only: scores above the diagonal "
                       "become −∞ and their weights after softmax are exactly 0. It was trained this way on every "
                       "position at once. BERT has no such mask: every piece sees the whole text, both sides.")};
  return std::nullopt;  // the generic texts fit (scores, scale, softmax, BERT's projections)
}

// Grid titles that differ from the generic ones for a pretrained model ("key.variant", then "key").
QString StepTexts::pretrainedGridTitle(const std::string& key, const std::string& variant) {
  static const std::map<std::string, const char*> titles = {
      {"token_embedding.bert", QT_TRANSLATE_NOOP("StepTexts", "word embeddings")},
      {"token_embedding.gpt2", QT_TRANSLATE_NOOP("StepTexts", "token embeddings wte")},
      {"position.bert", QT_TRANSLATE_NOOP("StepTexts", "position embeddings")},
      {"position.gpt2", QT_TRANSLATE_NOOP("StepTexts", "position embeddings wpe")},
      {"token_type", QT_TRANSLATE_NOOP("StepTexts", "token type (segment A)")},
      {"embedding_sum", QT_TRANSLATE_NOOP("StepTexts", "word + position + token type")},
      {"embedding_norm", QT_TRANSLATE_NOOP("StepTexts", "x_0 = LN_e(sum)")},
      {"x.bert", QT_TRANSLATE_NOOP("StepTexts", "x (the layer's input)")},
      {"x.gpt2", QT_TRANSLATE_NOOP("StepTexts", "x (the residual stream)")},
      {"ln_1", QT_TRANSLATE_NOOP("StepTexts", "z = LN_1(x)")},
      {"ln_2", QT_TRANSLATE_NOOP("StepTexts", "LN_2(x')")},
      {"ln_f", QT_TRANSLATE_NOOP("StepTexts", "LN_f(x_L)")},
      {"attention_output", QT_TRANSLATE_NOOP("StepTexts", "attention output a")},
      {"residual1.bert", QT_TRANSLATE_NOOP("StepTexts", "x + a")},
      {"residual1.gpt2", QT_TRANSLATE_NOOP("StepTexts", "x' = x + a (no norm)")},
      {"norm1", QT_TRANSLATE_NOOP("StepTexts", "y = LN_1(x + a)")},
      {"pre_activation.bert", QT_TRANSLATE_NOOP("StepTexts", "u = y·W_i + b_i")},
      {"pre_activation.gpt2", QT_TRANSLATE_NOOP("StepTexts", "u = LN_2(x')·W_fc + b_fc")},
      {"hidden.bert", QT_TRANSLATE_NOOP("StepTexts", "h = gelu(u), erf form")},
      {"hidden.gpt2", QT_TRANSLATE_NOOP("StepTexts", "h = gelu(u), tanh form")},
      {"feed_forward.bert", QT_TRANSLATE_NOOP("StepTexts", "f = h·W_2 + b_2")},
      {"feed_forward.gpt2", QT_TRANSLATE_NOOP("StepTexts", "h·W_proj + b_proj")},
      {"residual2", QT_TRANSLATE_NOOP("StepTexts", "y + f")},
      {"layer_output.bert", QT_TRANSLATE_NOOP("StepTexts", "layer output LN_2(y + f)")},
      {"layer_output.gpt2", QT_TRANSLATE_NOOP("StepTexts", "layer output x' + MLP")},
      {"probabilities", QT_TRANSLATE_NOOP("StepTexts", "most likely next pieces")},
  };
  for (const std::string& name : {key + "." + variant, key}) {
    const auto found = titles.find(name);
    if (found != titles.end()) return tr(found->second);
  }
  return {};
}

}  // namespace al::ui
