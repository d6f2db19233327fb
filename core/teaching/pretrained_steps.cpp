#include "core/teaching/pretrained_steps.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/error.h"
#include "core/pretrained/sampling.h"
#include "core/pretrained/token_text.h"

namespace al::teaching {

namespace {

StepGrid grid(std::string key, Matrix values, const std::vector<std::string>& rows, std::vector<std::string> columns,
              Index head = -1, bool probabilities = false) {
  return {std::move(key), head, std::move(values), rows, std::move(columns), probabilities, true};
}

// The text encoded for the model: GPT-2's prompt (prompt true) or BERT's [CLS] text [SEP].
pretrained::Encoding encodeText(const pretrained::Tokenizer& tokenizer, const std::string& text, bool prompt) {
  pretrained::requireUtf8Text(text);
  return prompt ? tokenizer.encodePrompt(text) : tokenizer.encode(text);
}

// The text as the model reads it, with its pieces as row labels, and the walked layer clamped to the model's
// `layers`. An empty text (BERT: nothing but [CLS] [SEP]) is refused: there is nothing to walk through.
PretrainedWalk readText(const pretrained::Tokenizer& tokenizer, const pretrained::Encoding& encoding, Index layers,
                        Index layer) {
  if (std::all_of(encoding.added.begin(), encoding.added.end(), [](bool added) { return added; }))
    throw InputError(ErrorKind::EmptySentence, {}, "the text has no tokens: write a sentence to step through");
  PretrainedWalk w;
  w.ids = encoding.ids;
  for (int64_t id : encoding.ids) w.tokens.push_back(pretrained::readablePiece(tokenizer, id));
  w.layers = layers;
  w.layer = std::clamp<Index>(layer, 0, layers - 1);
  return w;
}

// What the walk needs of one layer's attention, whatever the model: the cache its attention layer kept.
struct AttentionParts {
  const MultiHeadAttention::Cache& cache;
  Index heads, keyDim;
};

std::vector<StepGrid> perHead(const std::string& key, const std::vector<Matrix>& matrices,
                              const std::vector<std::string>& labels, bool probabilities = false) {
  std::vector<StepGrid> grids;
  for (size_t h = 0; h < matrices.size(); ++h)
    grids.push_back(grid(key, matrices[h], labels, labels, static_cast<Index>(h), probabilities));
  return grids;
}

// projections, scores, scale, (mask), softmax: the attention layer's own intermediates, as it kept them.
void addAttentionSteps(PretrainedWalk& w, const AttentionParts& a, const std::string& variant, bool causal) {
  const std::vector<std::string>& L = w.tokens;
  const MultiHeadAttention::Cache& c = a.cache;
  const Index K = a.keyDim;
  const auto kdims = numberedLabels("k", K);
  AttentionStep projections{"projections", variant, {}, {}, {}};
  for (Index h = 0; h < a.heads; ++h) {
    projections.grids.push_back(grid("q", c.q.middleCols(h * K, K), L, kdims, h));  // T x K
    projections.grids.push_back(grid("k", c.k.middleCols(h * K, K), L, kdims, h));
    projections.grids.push_back(grid("v", c.v.middleCols(h * K, K), L, kdims, h));
  }
  w.steps.push_back(std::move(projections));
  w.steps.push_back({"scores", variant, {}, {}, perHead("scores", c.scores, L)});
  // numbers: K, √K (the scores were multiplied by c.scoreScale = 1/√K)
  w.steps.push_back({"scale", variant, {double(K), 1.0 / c.scoreScale}, {}, perHead("scaled_scores", c.scaledScores, L)});
  if (causal) {
    const Matrix allowed = causalMask(static_cast<Index>(L.size()));  // T x T, the mask the model applied
    std::vector<Matrix> masked;
    for (const Matrix& s : c.scaledScores) masked.push_back(maskScores(s, allowed));  // -∞ above the diagonal
    AttentionStep mask{"mask", variant, {}, {}, {grid("allowed", allowed, L, L, -1, true)}};
    for (StepGrid& g : perHead("masked_scores", masked, L)) mask.grids.push_back(std::move(g));
    w.steps.push_back(std::move(mask));
  }
  w.steps.push_back({"softmax", variant, {}, {}, perHead("weights", c.weights, L, true)});
}

// The first step: the embeddings on layer 0, else the previous layer's output.
bool addLayerInput(PretrainedWalk& w, const std::string& variant, const Matrix& input) {
  if (w.layer == 0) return false;
  // numbers: the layer (1-based)
  w.steps.push_back({"layer_input", variant, {double(w.layer + 1)}, {}, {grid("x", input, w.tokens, numberedLabels("d", input.cols()))}});
  return true;
}

// A vocabulary entry as a column label; an id the tokenizer has no piece for is named by its number.
std::string labelOf(const pretrained::Tokenizer& tokenizer, int64_t id) {
  try {
    return pretrained::readablePiece(tokenizer, id);
  } catch (const InputError&) {
    return "<id " + std::to_string(id) + ">";
  }
}

// The most likely next pieces, best first (at most 8): 1 x 8 probabilities named by their pieces.
AttentionStep nextTokenStep(const PretrainedWalk& w, const pretrained::Tokenizer& tokenizer) {
  std::vector<Index> order(static_cast<size_t>(w.probabilities.size()));
  std::iota(order.begin(), order.end(), Index(0));
  const size_t top = std::min<size_t>(8, order.size());
  std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(top), order.end(),
                    [&](Index a, Index b) {  // ties: the lower id first, as the greedy choice
                      return w.probabilities(a) > w.probabilities(b) || (w.probabilities(a) == w.probabilities(b) && a < b);
                    });
  Matrix best(1, static_cast<Index>(top));  // 1 x top
  std::vector<std::string> pieces;
  for (size_t i = 0; i < top; ++i) {
    best(0, static_cast<Index>(i)) = w.probabilities(order[i]);
    pieces.push_back(labelOf(tokenizer, order[i]));
  }
  // words: the chosen piece (the most likely)
  return {"next_token", "gpt2", {}, {pieces.front()}, {grid("probabilities", best, {w.tokens.back()}, pieces, -1, true)}};
}

}  // namespace

PretrainedWalk walkBert(const PretrainedBert& bert, const std::string& text, Index layer) {
  const pretrained::Encoding e = encodeText(*bert.tokenizer, text, false);
  const pretrained::BertConfig& config = bert.model->config();
  PretrainedWalk w = readText(*bert.tokenizer, e, config.numLayers, layer);
  pretrained::BertOptions options;  // the walked layer's intermediates, nothing else
  options.attention = pretrained::AttentionCapture::none();
  options.maskedLmLogits = options.hiddenStates = false;
  options.traceLayer = static_cast<int>(w.layer);
  const pretrained::BertOutput out = bert.model->forward(e.ids, e.segments, options);
  const pretrained::BertTrace& t = *out.trace;
  const std::vector<std::string>& L = w.tokens;
  const auto dims = numberedLabels("d", config.hiddenSize);
  const auto fdims = numberedLabels("f", config.intermediateSize);
  const std::string variant = "bert";

  if (!addLayerInput(w, variant, t.input))  // numbers: T
    w.steps.push_back({"embedding", variant, {double(L.size())}, {},
                       {grid("token_embedding", t.word, L, dims), grid("position", t.position, L, dims),
                        grid("token_type", t.type, L, dims), grid("embedding_sum", t.embeddingSum, L, dims),
                        grid("embedding_norm", t.embedded, L, dims)}});
  addAttentionSteps(w, {t.attention, config.numHeads, config.hiddenSize / config.numHeads}, variant, false);
  w.steps.push_back({"mix", variant, {}, {},
                     {grid("concatenated", t.attention.heads, L, numberedLabels("z", t.attention.heads.cols())),
                      grid("attention_output", t.attentionOutput, L, dims)}});
  w.steps.push_back({"post_norm", variant, {1}, {},
                     {grid("residual1", t.residual1, L, dims), grid("norm1", t.attentionNormed, L, dims)}});
  w.steps.push_back({"gelu", variant, {}, {},
                     {grid("pre_activation", t.preActivation, L, fdims), grid("hidden", t.activated, L, fdims)}});
  w.steps.push_back({"ffn", variant, {}, {},
                     {grid("hidden", t.activated, L, fdims), grid("feed_forward", t.feedForward, L, dims)}});
  w.steps.push_back({"post_norm", variant, {2}, {},
                     {grid("residual2", t.residual2, L, dims), grid("layer_output", t.output, L, dims)}});
  return w;
}

PretrainedWalk walkGpt2(const PretrainedGpt2& gpt, const std::string& text, Index layer) {
  const pretrained::Encoding e = encodeText(*gpt.tokenizer, text, true);
  const pretrained::Gpt2Config& config = gpt.model->config();
  PretrainedWalk w = readText(*gpt.tokenizer, e, config.numLayers, layer);
  pretrained::Gpt2Options options;  // the walked layer's intermediates (and the logits)
  options.attention = pretrained::AttentionCapture::none();
  options.traceLayer = static_cast<int>(w.layer);
  const pretrained::Gpt2Output out = gpt.model->forward(e.ids, options);
  const pretrained::Gpt2Trace& t = *out.trace;
  const std::vector<std::string>& L = w.tokens;
  const auto dims = numberedLabels("d", config.width);
  const auto fdims = numberedLabels("f", t.activated.cols());
  const std::string variant = "gpt2";

  if (!addLayerInput(w, variant, t.input))  // numbers: T
    w.steps.push_back({"embedding", variant, {double(L.size())}, {},
                       {grid("token_embedding", t.token, L, dims), grid("position", t.position, L, dims),
                        grid("x", t.embedded, L, dims)}});
  w.steps.push_back({"pre_norm", variant, {1}, {}, {grid("x", t.input, L, dims), grid("ln_1", t.norm1, L, dims)}});
  addAttentionSteps(w, {t.attention, config.numHeads, config.width / config.numHeads}, variant, true);
  w.steps.push_back({"mix", variant, {}, {},
                     {grid("concatenated", t.attention.heads, L, numberedLabels("z", t.attention.heads.cols())),
                      grid("attention_output", t.attentionOutput, L, dims), grid("residual1", t.residual1, L, dims)}});
  w.steps.push_back({"pre_norm", variant, {2}, {}, {grid("residual1", t.residual1, L, dims), grid("ln_2", t.norm2, L, dims)}});
  w.steps.push_back({"gelu", variant, {}, {},
                     {grid("pre_activation", t.preActivation, L, fdims), grid("hidden", t.activated, L, fdims)}});
  w.steps.push_back({"ffn", variant, {}, {},
                     {grid("hidden", t.activated, L, fdims), grid("feed_forward", t.mlpOutput, L, dims),
                      grid("layer_output", t.output, L, dims)}});
  if (w.layer + 1 == w.layers) {
    w.steps.push_back({"final_norm", variant, {}, {}, {grid("layer_output", t.output, L, dims), grid("ln_f", t.finalNorm, L, dims)}});
    // 1 x V: the distribution generate draws from (greedy: the plain softmax), of the model's last logits
    const std::vector<float> p = pretrained::softmaxOf(out.logits.bottomRows(1));
    w.probabilities = Eigen::Map<const RowVector>(p.data(), static_cast<Index>(p.size()));
    w.steps.push_back(nextTokenStep(w, *gpt.tokenizer));
  }
  return w;
}

}  // namespace al::teaching
