// Core headers first: they must not see Qt's `emit` macro.
#include "core/teaching/attention_steps.h"

#include "ui/teaching/step_texts.h"

#include <map>

namespace al::ui {

namespace {

QString number(double x) { return StepTexts::number(x); }

// n numbers from `from` of the step's numbers, as "1.234, 0.567".
QString numberList(const teaching::AttentionStep& step, size_t from, size_t n) {
  QStringList parts;
  for (size_t i = from; i < from + n && i < step.numbers.size(); ++i) parts << number(step.numbers[i]);
  return parts.join(QStringLiteral(", "));
}

double numberAt(const teaching::AttentionStep& step, size_t i) { return i < step.numbers.size() ? step.numbers[i] : 0.0; }

QString wordAt(const teaching::AttentionStep& step, size_t i) {
  return i < step.words.size() ? QString::fromStdString(step.words[i]) : QString();
}

// The columns of the step's grid `key` (the hidden layer's F, the output's D), 0 when the step has no such grid.
Index gridColumns(const teaching::AttentionStep& step, const std::string& key) {
  for (const teaching::StepGrid& grid : step.grids)
    if (grid.key == key) return grid.values.cols();
  return 0;
}

}  // namespace

QString StepTexts::number(double x) { return QString::number(x, 'f', kDecimals); }

StepText StepTexts::forStep(const teaching::AttentionStep& step) {
  const std::string& key = step.key;
  const std::string& variant = step.variant;
  const bool decoder = variant == "decoder";
  const bool cross = variant == "cross";
  const bool pretrained = variant == "bert" || variant == "gpt2";
  if (pretrained)
    if (std::optional<StepText> text = pretrainedStep(step)) return *text;
  // Whether the feed-forward block of the walked layer widens or narrows its rows (D to F and back).
  auto feedForwardWidth = [](Index D, Index F) {
    if (F > D) return tr("Here F > D: the block widens each row.");
    if (F < D) return tr("Here F < D: the block narrows each row.");
    return tr("Here F = D: each row keeps its width.");
  };

  // --- The chatbot's additive attention (variant "additive"; numbers: answer word position; words: the word) ---
  if (variant == "additive") {
    const QString word = wordAt(step, 0);
    if (key == "encoder")
      return {tr("Encoder outputs and decoder state"), tr("h_j = GRU(h_{j-1}, embedding(x_j)),  s = decoder state"),
              tr("The encoder GRU read the question word by word, in one direction; its state after word j is h_j, a "
                 "summary of the question up to there, and its last state was the decoder's first. The decoder is "
                 "about to write answer word %1 (“%2”); its state s holds what it has written so far.")
                  .arg(numberAt(step, 0)).arg(word)};
    if (key == "query")
      return {tr("s·W1: the state as a query"), tr("q = s·W1 + b1"),
              tr("A learned matrix W1 turns the decoder state into a vector of A attention units: what the decoder "
                 "is looking for right now.")};
    if (key == "keys")
      return {tr("h·W2: every encoder output as a key"), tr("k_j = h_j·W2 + b2"),
              tr("A second matrix W2 maps every encoder output into the same A units: what each question word offers. "
                 "The keys do not depend on the decoder, so they are computed once per question.")};
    if (key == "tanh")
      return {tr("Add and squash: tanh"), tr("t_j = tanh(q + k_j)"),
              tr("Unlike dot-product attention, query and key are added and passed through tanh: a small one-layer "
                 "network judges every pair. That is why it is called additive attention.")};
    if (key == "score")
      return {tr("V: one score per question word"), tr("e_j = t_j·V  (+ bV)"),
              tr("A learned vector V reads the A units of every pair and gives one number: how well question word j "
                 "fits what the decoder needs now. (The bias bV would add the same number to every score, which the "
                 "softmax ignores, so the layer leaves it out.)")};
    if (key == "softmax")
      return {tr("Softmax: the alignment"), tr("a_j = exp(e_j) / Σ_j' exp(e_j')"),
              tr("The scores become weights that sum to 1: where the decoder looks while writing “%1”. Stacked for "
                 "every answer word, they form the alignment heatmap (answer words x question words).").arg(word)};
    if (key == "context")
      return {tr("The context vector"), tr("c = Σ_j a_j·h_j"),
              tr("The encoder outputs are averaged with the alignment weights: the context is mostly made of the words "
                 "the decoder looks at. With the previous answer word it feeds the decoder GRU, which then predicts "
                 "the next word. Every answer word scores every question word anew, so each step costs more the "
                 "longer the question is.")};
  }

  // --- A language model (variants "lm" and "relative"; see core/teaching/lm_steps.h) ---
  if (key == "lm_embedding") {
    const int T = int(numberAt(step, 0)), n = int(numberAt(step, 1));
    QString text = T == n ? tr("The model reads the text's %n token(s), each as a row of D numbers looked up in a "
                               "learned table.", nullptr, T)
                          : tr("The model reads the last %n token(s) of the text, each as a row of D numbers looked "
                               "up in a learned table.", nullptr, T) +
                                QLatin1Char(' ') +
                                (variant == "relative" ? tr("With a memory, that is the last segment of a text read "
                                                            "segment after segment from its start.")
                                                       : tr("That is its window: it never saw a longer text."));
    text += QLatin1Char(' ');
    if (variant == "relative")
      return {tr("The text so far: embeddings"), tr("X = E[token]   (no position added)"),
              text + tr("No position vector is added: this model (Transformer-XL) learns where a token stands only "
                        "from how far back it lies, inside the attention scores.")};
    return {tr("The text so far: embeddings"),
            variant == "learned" ? tr("X = E[token] + P[position]") : tr("X = E[token] + PE[position]"),
            text + (variant == "learned" ? tr("A learned position vector is added to every row.")
                                         : tr("A sinusoidal position vector is added to every row."))};
  }
  if (key == "decoder_layer_input" && variant == "lm")
    return {tr("Input of layer %1").arg(numberAt(step, 0)), tr("X = output of the layer below"),
            tr("A higher layer reads what the layer below wrote for every token: the same T rows, refined. Its "
               "attention has the same causal mask.")};
  if (key == "memory")
    return {tr("Transformer-XL's memory of the earlier text"),
            tr("m = this layer's inputs at the %n token(s) before the segment", nullptr, int(numberAt(step, 0))),
            tr("The text is read in segments of %1 tokens. When a segment ends, every layer keeps its inputs at the "
               "last %2 positions: the next segment's keys and values include them, so a token can look back past "
               "the segment's edge, and a higher layer further still. The memory is a constant of the segment: in "
               "training no gradient flows into it.").arg(numberAt(step, 2)).arg(numberAt(step, 1))};
  if (key == "projections" && variant == "lm")
    return {tr("Masked self-attention: queries, keys and values"),
            tr("Q = X·W_q + b_q,  K = X·W_k + b_k,  V = X·W_v + b_v"),
            tr("Every token of the text gets a query, a key and a value, per head; queries and keys both come from "
               "the text. This is the decoder of the encoder-decoder Transformer without its cross-attention: a GPT "
               "has no question to read, only the text so far.")};
  if (key == "projections" && variant == "relative")
    return {tr("Queries from the segment, keys and values from memory and segment"),
            tr("Q = X·W_q + b_q,  K = [m ; X]·W_k + b_k,  V = [m ; X]·W_v + b_v"),
            tr("The queries are the segment's tokens. Keys and values are made for the memory's rows too, listed "
               "first, so that every token can find the earlier text. Where a key stands is not in X: it enters the "
               "scores in the next step.")};
  if (key == "relative_scores")
    return {tr("Scores: content plus relative position"),
            tr("S_h[t, j] = ((Q_h[t] + u_h)·K_h[j] + (Q_h[t] + v_h)·R_h[M'+t−j]) / √K,   √K = %1")
                .arg(number(numberAt(step, 1))),
            tr("Each score has two terms, both already divided by √K. The content term compares the query with what "
               "key j holds; the learned bias u_h prefers some contents whatever the query. The position term "
               "depends only on how far back key j lies, d = M'+t−j (the memory's M' rows come first, so query t "
               "stands at row M'+t): R_h[d] is the sine waves of distance d through a learned matrix, and the "
               "learned bias v_h prefers some distances. Since only distances count, the same "
               "weights read the memory and every segment alike.")};
  if (key == "mask" && variant == "relative")
    return {tr("Mask"), tr("M(t, j) = S(t, j) where j ≤ M' + t, −∞ where not"),
            tr("Every token may read all %n memory row(s) and the segment's tokens up to itself; later tokens get −∞, "
               "so their weight after softmax is exactly 0.", nullptr, int(numberAt(step, 0)))};
  if (key == "softmax" && variant == "relative")
    return {tr("Softmax by rows"), tr("A_h(t, j) = exp(M(t, j)) / Σ_j' exp(M(t, j'))"),
            tr("Each row becomes weights that sum to 1 over the memory and the tokens so far. The memory's columns "
               "come first: weight there is what the memory buys, text the window alone could not see.")};
  if (key == "mix" && (variant == "lm" || variant == "relative"))
    return {tr("Masked self-attention output, residual and norm"), tr("X1 = norm1(X + [A_h·V_h]_h·W_o + b_o)"),
            tr("Every token blends the values of the tokens it may see (itself and the ones before), the heads are "
               "mixed back to width D, added to the input and normalized.")};
  if (key == "ffn" && variant == "lm") {
    const Index F = gridColumns(step, "hidden"), D = gridColumns(step, "layer_output");
    return {tr("Feed-forward, residual and norm"), tr("Y = norm2(X1 + relu(X1·W1 + b1)·W2 + b2)"),
            tr("The same two-layer network on every token on its own (D = %1, F = %2); its output is the layer's "
               "output. ").arg(D).arg(F) + feedForwardWidth(D, F)};
  }
  if (key == "next_token" && variant == "lm")
    return {tr("The next token"), tr("logits = Y_last·W_out + b_out,  p = softmax(logits)"),
            tr("Only the last row matters now: it is projected to one score per token of the vocabulary. The most "
               "likely token, “%1”, is what greedy generation writes; Next token appends it to the text and walks "
               "again. (The Generate page can sample instead, with temperature, top-k and top-p.)").arg(wordAt(step, 0))};

  // --- The Transformer decoder (variants "decoder" and "cross"; see core/teaching/decoder_steps.h) ---
  if (key == "decoder_embedding")
    return {tr("Decoder input: the tokens so far"), tr("X = E[y_t] + P[t],  t = 0 .. n"),
            tr("The decoder reads <start> and the %1 token(s) it has written so far, each as its embedding plus a "
               "learned position vector. From the last row it will choose token %2.")
                .arg(numberAt(step, 0)).arg(numberAt(step, 0) + 1)};
  if (key == "decoder_layer_input")
    return {tr("Input of decoder layer %1").arg(numberAt(step, 0)), tr("X = output of the layer below"),
            tr("A higher layer reads what the layer below wrote for every position: the same T rows, refined.")};
  if (key == "projections" && (decoder || cross))
    return decoder ? StepText{tr("Masked self-attention: queries, keys and values"),
                              tr("Q = X·W_q + b_q,  K = X·W_k + b_k,  V = X·W_v + b_v"),
                              tr("Each token written so far gets a query, a key and a value, per head, as in the "
                                 "encoder; queries and keys both come from the answer.")}
                   : StepText{tr("Cross-attention: queries from the answer, keys and values from the question"),
                              tr("Q = X1·W_q + b_q,  K = E·W_k + b_k,  V = E·W_v + b_v"),
                              tr("Now the queries come from the decoder (X1, T rows) but the keys and values from the "
                                 "encoder's output E (S rows, one per question word): the answer asks the question.")};
  if (key == "scores" && cross)
    return {tr("Cross-attention scores ÷√K"), tr("S_h = Q_h·K_hᵀ / √K   (T x S)"),
            tr("Every answer position is compared with every question word. No mask: the whole question is known "
               "before the first word is written.")};
  if (key == "softmax" && cross)
    return {tr("Cross-attention weights"), tr("A_h = softmax_rows(S_h)   (T x S)"),
            tr("Row t says which question words the decoder reads while at answer position t: this is the "
               "Transformer's alignment, the counterpart of the Bahdanau heatmap.")};
  if (key == "mix" && cross)
    return {tr("Cross-attention output, residual and norm"), tr("X2 = norm2(X1 + [A_h·V_h]_h·W_o + b_o)"),
            tr("Every answer position takes a blend of the question words' values, is added to its own row and "
               "normalized.")};
  if (key == "mix" && decoder)
    return {tr("Masked self-attention output, residual and norm"), tr("X1 = norm1(X + [A_h·V_h]_h·W_o + b_o)"),
            tr("Every position blends the values of the positions it may see (itself and the ones before), the heads "
               "are mixed back to width D, added to the input and normalized.")};
  if (key == "ffn" && decoder) {
    const Index F = gridColumns(step, "hidden"), D = gridColumns(step, "layer_output");
    return {tr("Feed-forward, residual and norm"), tr("Y = norm3(X2 + relu(X2·W1 + b1)·W2 + b2)"),
            tr("The same two-layer network on every position on its own (D = %1, F = %2); its output is the layer's "
               "output. ").arg(D).arg(F) + feedForwardWidth(D, F)};
  }
  if (key == "next_token")
    return {tr("The next token"), tr("logits = Y_last·W_out + b_out,  p = softmax(logits)"),
            tr("Only the last row matters now: it is projected to one score per word of the answer vocabulary. "
               "Greedy decoding takes the most likely word, “%1”, appends it and runs the decoder again (Next "
               "token).").arg(wordAt(step, 0))};

  // --- A Transformer encoder layer ---
  if (key == "embedding") {
    QString text = tr("Every token becomes a row of D numbers: its embedding, looked up in a learned table. ");
    if (variant == "none")
      text += tr("This model adds no position information: the rows of X do not depend on where a word stands, so "
                 "attention alone cannot tell word order.");
    else
      text += (variant == "learned" ? tr("A learned position vector is added, so the same word at another place gives "
                                         "another row: that is how order can reach attention.")
                                    : tr("A sinusoidal position vector is added, so the same word at another place "
                                         "gives another row: that is how order can reach attention."));
    // The formula shows what is added: nothing without positions, the fixed table PE, or a learned table P.
    const QString formula = variant == "none"         ? tr("X = E[token]   (no position added)")
                            : variant == "sinusoidal" ? tr("X = E[token] + PE[position]")
                                                      : tr("X = E[token] + P[position]");
    // The title too: a model without positions adds none.
    return {variant == "none" ? tr("Embeddings, no position") : tr("Embeddings (+ position)"), formula, text};
  }
  if (key == "projections")
    return {tr("Queries, keys and values"),
            tr("Q = X·W_q + b_q,  K = X·W_k + b_k,  V = X·W_v + b_v;  head h uses columns hK .. hK+K-1"),
            tr("Three learned projections give every token a query (what it is looking for), a key (what it offers "
               "to be found by) and a value (what it passes on when found). Each head has its own K-wide slice, so "
               "heads can look for different things.")};
  if (key == "scores")
    return {decoder || variant == "lm" || variant == "gpt2" ? tr("Masked self-attention: scores Q·Kᵀ") : tr("Scores Q·Kᵀ"),
            tr("S_h = Q_h·K_hᵀ,   S_h(i, j) = Σ_k Q_h(i, k)·K_h(j, k)"),
            tr("Every query is compared with every key by a dot product: a large score means token i finds what it "
               "is looking for in token j. Row i holds the scores of query token i against all keys.")};
  if (key == "scale") {
    const QString root = QStringLiteral("√%1 = %2").arg(numberAt(step, 0)).arg(number(numberAt(step, 1)));
    QString text = tr("If the K components of a query and of a key are independent, each with mean 0 and variance 1, "
                      "their dot product has mean 0 and variance K: its spread grows as √K. Dividing by √K (%1) "
                      "brings the scores back to unit scale, so the softmax is not saturated and still learns. The "
                      "article's example: with d_k = 64, the scores of “Action gets results” are divided by √64 = 8. ")
                       .arg(root);
    if (variant == "off")
      return {tr("Divide by √K (switched off)"), tr("S_h (not divided)"),
              text + tr("The switch is off: the scores go to the softmax as they are; compare the row entropy and "
                        "the largest weight in the softmax step.")};
    return {tr("Divide by √K"), tr("S_h / √K,   √K = %1").arg(number(numberAt(step, 1))), text};
  }
  if (key == "mask") {
    QString text;
    if (variant == "causal" || decoder || variant == "lm")
      text = tr("Causal mask: token i may look at tokens 0..i only, as in a decoder that writes one word at a time "
                "and must not peek at the words it has not written yet. Scores above the diagonal become −∞, so "
                "their softmax weight is exactly 0.");
    else if (variant == "padding")
      text = tr("Padding mask: a batch pads short sentences to a common length, and the padding must not be attended "
                "to. Scores in the padding columns become −∞, so their weight after softmax is exactly 0. (The "
                "padding rows still get weights here; nothing downstream reads them.)");
    else
      text = tr("No mask: every token may look at every other token and at itself, as in the classifier's encoder. "
                "A mask would set some scores to −∞ before the softmax, which makes their weights exactly 0.");
    return {tr("Mask"), tr("M(i, j) = S(i, j) where allowed, −∞ where not"), text};
  }
  if (key == "softmax") {
    const size_t heads = step.numbers.empty() ? 0 : (step.numbers.size() - 1) / 2;
    QString text = tr("Each row of scores becomes weights between 0 and 1 that sum to 1: how much token i looks at "
                      "each token j. A larger score gets an exponentially larger share; a −∞ score gets 0. ");
    if (decoder || variant == "lm" || variant == "gpt2")
      text += tr("Above the diagonal every weight is exactly 0: no position reads a later one.");
    else if (heads > 0)
      text += tr("Mean row entropy with ÷√K: %1; without: %2 (uniform: %3). Without the division the weights are more "
                 "peaked: a few keys take almost everything.")
                  .arg(numberList(step, 1, heads), numberList(step, 1 + heads, heads), number(numberAt(step, 0)));
    return {tr("Softmax by rows"), tr("A_h(i, j) = exp(M(i, j)) / Σ_j' exp(M(i, j'))"), text};
  }
  if (key == "mix")
    return {tr("Weights × V"), tr("Z_h = A_h·V_h,   Z_h(i) = Σ_j A_h(i, j)·V_h(j)"),
            tr("Every token collects the values of the tokens it looks at, in the proportions of its weights. This "
               "is where information moves between words: the new row of a token is a blend of the others.")};
  if (key == "concat")
    return {tr("Concatenate heads and project"), tr("Y = [Z_1 … Z_H]·W_o + b_o"),
            tr("The heads' results are put side by side (H·K columns) and one more learned projection mixes them back "
               "to the model width D. This Y is the output of the attention layer.")};
  if (key == "norm1" || key == "norm2") {
    const bool layer = variant == "layer";
    if (key == "norm1")
      return {layer ? tr("Residual and layer norm") : tr("Residual and batch norm"), tr("X1 = norm(X + Y)"),
              tr("The attention output is added to the input (a residual connection: the layer only has to learn a "
                 "correction, and gradients have a short path back). ") +
                  (layer ? tr("Layer norm then rescales every token's row to mean 0 and variance 1, times a learned "
                              "gamma plus beta.")
                         : tr("Batch norm then rescales every feature with its mean and variance over the batch "
                              "in training (at inference, with the moving averages gathered in training), times a "
                              "learned gamma plus beta."))};
    return {layer ? tr("Residual and layer norm again") : tr("Residual and batch norm again"), tr("out = norm(X1 + F)"),
            tr("The same residual and normalization close the layer. The result has the shape of the input, T x D, "
               "so layers can be stacked; the classifier then pools it over the tokens and decides.")};
  }
  if (key == "ffn") {
    const Index F = gridColumns(step, "hidden"), D = gridColumns(step, "feed_forward");
    return {tr("Feed-forward"), tr("F = relu(X1·W1 + b1)·W2 + b2"),
            tr("A small two-layer network is applied to every token on its own (no token sees another here): the "
               "first layer turns each row of D = %1 numbers into F = %2, relu keeps the positive parts, and the "
               "second projects back to D. ").arg(D).arg(F) +
                feedForwardWidth(D, F) +
                tr(" The paper widens (d_ff = 2048 = 4 × d_model = 512); the book's encoder narrows (dense_dim = 32 "
                   "against embed_dim = 256).")};
  }
  return {QString::fromStdString(key), {}, {}};
}

QString StepTexts::gridTitle(const teaching::StepGrid& grid, const std::string& variant) {
  if (grid.head < 0 && (variant == "bert" || variant == "gpt2"))
    if (const QString title = pretrainedGridTitle(grid.key, variant); !title.isEmpty()) return title;
  // A sinusoidal table is the formula's PE, fixed, not a learned P.
  if (grid.key == "position" && variant == "sinusoidal") return tr("position encoding PE");
  // The grids of one head say which head ("scores, head 1").
  static const std::map<std::string, const char*> headTitles = {
      {"q", QT_TRANSLATE_NOOP("StepTexts", "Q, head %1")},
      {"k", QT_TRANSLATE_NOOP("StepTexts", "K, head %1")},
      {"v", QT_TRANSLATE_NOOP("StepTexts", "V, head %1")},
      {"scores", QT_TRANSLATE_NOOP("StepTexts", "scores, head %1")},
      {"scaled_scores", QT_TRANSLATE_NOOP("StepTexts", "scaled scores, head %1")},
      {"unscaled_scores", QT_TRANSLATE_NOOP("StepTexts", "scores, not divided by √K, head %1")},
      {"masked_scores", QT_TRANSLATE_NOOP("StepTexts", "masked scores, head %1")},
      {"weights", QT_TRANSLATE_NOOP("StepTexts", "weights A, head %1")},
      {"sharpness", QT_TRANSLATE_NOOP("StepTexts", "row sharpness, head %1")},
      {"head_output", QT_TRANSLATE_NOOP("StepTexts", "A·V, head %1")},
      {"content_scores", QT_TRANSLATE_NOOP("StepTexts", "content term, head %1")},
      {"position_scores", QT_TRANSLATE_NOOP("StepTexts", "position term, head %1")},
  };
  static const std::map<std::string, const char*> titles = {
      {"token_embedding", QT_TRANSLATE_NOOP("StepTexts", "token embedding E")},
      {"position", QT_TRANSLATE_NOOP("StepTexts", "position P")},
      {"x", QT_TRANSLATE_NOOP("StepTexts", "X")},
      {"allowed", QT_TRANSLATE_NOOP("StepTexts", "allowed (1 = may look)")},
      {"concatenated", QT_TRANSLATE_NOOP("StepTexts", "concatenated heads Z")},
      {"attention_output", QT_TRANSLATE_NOOP("StepTexts", "attention output Y")},
      {"residual1", QT_TRANSLATE_NOOP("StepTexts", "X + Y")},
      {"norm1", QT_TRANSLATE_NOOP("StepTexts", "X1 = norm(X + Y)")},
      {"hidden", QT_TRANSLATE_NOOP("StepTexts", "hidden relu(X1·W1 + b1)")},
      {"feed_forward", QT_TRANSLATE_NOOP("StepTexts", "feed-forward output F")},
      {"residual2", QT_TRANSLATE_NOOP("StepTexts", "X1 + F")},
      {"layer_output", QT_TRANSLATE_NOOP("StepTexts", "layer output")},
      {"encoder_outputs", QT_TRANSLATE_NOOP("StepTexts", "encoder outputs h")},
      {"decoder_state", QT_TRANSLATE_NOOP("StepTexts", "decoder state s")},
      {"query", QT_TRANSLATE_NOOP("StepTexts", "q = s·W1 + b1")},
      {"keys", QT_TRANSLATE_NOOP("StepTexts", "k = h·W2 + b2")},
      {"tanh", QT_TRANSLATE_NOOP("StepTexts", "t = tanh(q + k_j)")},
      {"additive_scores", QT_TRANSLATE_NOOP("StepTexts", "scores e")},
      {"additive_weights", QT_TRANSLATE_NOOP("StepTexts", "weights a")},
      {"alignment", QT_TRANSLATE_NOOP("StepTexts", "alignment of the whole answer")},
      {"weighted_outputs", QT_TRANSLATE_NOOP("StepTexts", "a_j·h_j")},
      {"context", QT_TRANSLATE_NOOP("StepTexts", "context c")},
      {"encoded", QT_TRANSLATE_NOOP("StepTexts", "encoder output E (the question)")},
      {"x1", QT_TRANSLATE_NOOP("StepTexts", "X1 = norm1(X + self-attention)")},
      {"x2", QT_TRANSLATE_NOOP("StepTexts", "X2 = norm2(X1 + cross-attention)")},
      {"probabilities", QT_TRANSLATE_NOOP("StepTexts", "most likely next tokens")},
      {"memory", QT_TRANSLATE_NOOP("StepTexts", "memory m: this layer's earlier inputs")},
  };
  if (grid.head >= 0) {
    const auto found = headTitles.find(grid.key);
    if (found != headTitles.end()) return tr(found->second).arg(grid.head + 1);
    return QStringLiteral("%1, %2").arg(QString::fromStdString(grid.key)).arg(grid.head + 1);
  }
  const auto found = titles.find(grid.key);
  return found != titles.end() ? tr(found->second) : QString::fromStdString(grid.key);
}

QStringList StepTexts::columnLabels(const teaching::StepGrid& grid) {
  if (grid.key == "sharpness")
    return {tr("entropy ÷√K"), tr("largest ÷√K"), tr("entropy unscaled"), tr("largest unscaled")};
  QStringList labels;
  for (const std::string& label : grid.columnLabels) labels << QString::fromStdString(label);
  return labels;
}

}  // namespace al::ui
