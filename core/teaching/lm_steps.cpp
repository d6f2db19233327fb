#include "core/teaching/lm_steps.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "core/teaching/decoder_steps.h"
#include "core/text/token_label.h"

namespace al::teaching {

namespace {

StepGrid grid(std::string key, Matrix values, std::vector<std::string> rows, std::vector<std::string> columns,
              Index head = -1, bool probabilities = false) {
  return {std::move(key), head, std::move(values), std::move(rows), std::move(columns), probabilities, true};
}

// The embedding step: the window's token rows, the position rows added to them (none for relative) and X.
// numbers: T, the text's tokens, the index of the window's first token.
AttentionStep embeddingStep(const LanguageModelWalk& w, const CausalLanguageModel& model,
                            const std::vector<int>& window) {
  const ParameterSet& params = model.parameters();
  const auto T = static_cast<Index>(window.size());
  const auto dims = numberedLabels("d", model.config().embedDim);
  const std::string variant = toString(model.config().position);
  AttentionStep step{"lm_embedding", variant, {double(T), double(w.tokens.size()), double(w.windowStart)}, {}, {}};
  step.grids.push_back(grid("token_embedding", tableRows(params, "embedding.token", window), w.rowLabels, dims));
  if (model.config().position != CausalPosition::Relative)
    step.grids.push_back(grid("position", model.positionRows(params, T), w.rowLabels, dims));
  step.grids.push_back(grid("x", w.pass.hiddenStates.front(), w.rowLabels, dims));  // T x D
  return step;
}

// Transformer-XL's attention of one layer: projections (keys and values of the memory too), the two terms of
// the scores, the causal mask over [memory ; window], softmax and the heads' output.
void addRelativeSteps(LanguageModelWalk& w, const RelativeAttention& attention, const RelativeAttention::Cache& c,
                      const Matrix& x1) {
  const Index H = attention.heads(), K = attention.keyDim();
  const auto T = static_cast<Index>(w.rowLabels.size());
  const auto kdims = numberedLabels("k", K);
  const std::vector<std::string>& rows = w.rowLabels;
  const std::vector<std::string>& keys = w.keyLabels;
  AttentionStep projections{"projections", "relative", {}, {}, {}};
  for (Index h = 0; h < H; ++h) {
    projections.grids.push_back(grid("q", c.q.middleCols(h * K, K), rows, kdims, h));  // T x K
    projections.grids.push_back(grid("k", c.k.middleCols(h * K, K), keys, kdims, h));  // (M'+T) x K
    projections.grids.push_back(grid("v", c.v.middleCols(h * K, K), keys, kdims, h));  // (M'+T) x K
  }
  w.steps.push_back(std::move(projections));

  // numbers: K, √K
  AttentionStep scores{"relative_scores", "relative", {double(K), std::sqrt(double(K))}, {}, {}};
  for (Index h = 0; h < H; ++h) {
    scores.grids.push_back(grid("content_scores", c.contentScores[size_t(h)], rows, keys, h));    // T x (M'+T)
    scores.grids.push_back(grid("position_scores", c.positionScores[size_t(h)], rows, keys, h));  // T x (M'+T)
  }
  w.steps.push_back(std::move(scores));

  const Matrix allowed = causalMaskWithMemory(T, w.memoryRows);  // T x (M'+T), the mask the layer applied
  AttentionStep mask{"mask", "relative", {double(w.memoryRows)}, {}, {grid("allowed", allowed, rows, keys, -1, true)}};
  for (Index h = 0; h < H; ++h)
    mask.grids.push_back(grid("masked_scores",
                              maskScores(c.contentScores[size_t(h)] + c.positionScores[size_t(h)], allowed), rows,
                              keys, h));
  w.steps.push_back(std::move(mask));

  AttentionStep softmax{"softmax", "relative", {}, {}, {}};
  for (Index h = 0; h < H; ++h) softmax.grids.push_back(grid("weights", c.weights[size_t(h)], rows, keys, h, true));
  w.steps.push_back(std::move(softmax));
  w.steps.push_back({"mix", "relative", {}, {},
                     {grid("concatenated", c.heads, rows, numberedLabels("z", H * K)),
                      grid("x1", x1, rows, numberedLabels("d", x1.cols()))}});
}

}  // namespace

LanguageModelWalk walkLanguageModel(const CausalLmModel& loaded, const std::string& text, Index layer) {
  const CausalLanguageModel& model = *loaded.model;
  LanguageModelWalk w;
  w.tokens = causalLmTokens(text, loaded.tokenizer());
  if (w.tokens.empty()) throw InputError(ErrorKind::EmptySentence, {}, "the text has no tokens to continue");
  const std::vector<int> ids = causalLmIds(w.tokens, loaded.vocabulary);
  CausalLmWindow window = causalLmWindow(model, ids);
  w.windowStart = window.start;
  w.memory = std::move(window.memory);
  w.memoryRows = w.memory.rows();
  for (size_t i = w.windowStart - static_cast<size_t>(w.memoryRows); i < w.tokens.size(); ++i) {
    w.keyLabels.push_back(tokenLabel(w.tokens[i]));
    if (i >= w.windowStart) w.rowLabels.push_back(w.keyLabels.back());
  }
  const auto L = static_cast<Index>(model.layers().size());
  w.layer = std::clamp<Index>(layer, 0, L - 1);

  // The window through the model's own forward pass, its attention layers keeping their scores.
  w.pass.layers.resize(static_cast<size_t>(L));
  for (CausalLanguageModel::Cache::LayerCache& c : w.pass.layers) c.attention.keepScores = c.relative.keepScores = true;
  w.pass.keepHiddenStates = true;
  Rng unused(0);
  const Matrix logits = model.forward(model.parameters(), window.ids, Mode::Eval, unused, w.pass, &w.memory);  // T x V
  w.probabilities = softmaxRows(Matrix(logits.bottomRows(1)));  // 1 x V
  Index best = 0;
  w.probabilities.maxCoeff(&best);  // the first of equal largest: the lowest id
  w.nextId = static_cast<int>(best);
  w.nextToken = loaded.vocabulary.token(w.nextId);

  const auto l = static_cast<size_t>(w.layer);
  const CausalLanguageModel::Layer& walked = model.layers()[l];
  const CausalLanguageModel::Cache::LayerCache& c = w.pass.layers[l];
  const auto dims = numberedLabels("d", model.config().embedDim);
  w.steps.push_back(embeddingStep(w, model, window.ids));
  if (w.layer > 0)  // numbers: the layer (1-based)
    w.steps.push_back({"decoder_layer_input", "lm", {double(w.layer + 1)}, {}, {grid("x", w.pass.hiddenStates[l], w.rowLabels, dims)}});
  if (w.memoryRows > 0) {  // numbers: M', M, S
    const std::vector<std::string> memoryLabels(w.keyLabels.begin(), w.keyLabels.begin() + w.memoryRows);
    w.steps.push_back({"memory", "relative",
                       {double(w.memoryRows), double(model.config().memoryLength), double(model.config().sequenceLength)},
                       {},
                       {grid("memory", w.memory.layers[l], memoryLabels, dims)}});
  }
  const Matrix& x1 = c.dense1.input;  // T x D: norm1(X + attention), what the feed-forward reads
  if (walked.relative) addRelativeSteps(w, *walked.relative, c.relative, x1);
  else addAttentionSteps(w.steps, *walked.attention, c.attention, "lm", w.rowLabels, w.rowLabels, nullptr, x1);
  w.steps.push_back({"ffn", "lm", {}, {},
                     {grid("hidden", c.dense2.input, w.rowLabels, numberedLabels("f", c.dense2.input.cols())),
                      grid("layer_output", w.pass.hiddenStates[l + 1], w.rowLabels, dims)}});
  if (w.layer + 1 == L) {
    const auto tokenOf = [&](Index id) { return tokenLabel(loaded.vocabulary.token(static_cast<int>(id))); };
    w.steps.push_back(nextTokenStep(w.probabilities, tokenOf, w.rowLabels.back(), tokenLabel(w.nextToken), "lm"));
  }
  return w;
}

}  // namespace al::teaching
