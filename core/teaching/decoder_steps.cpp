#include "core/teaching/decoder_steps.h"

#include <algorithm>
#include <numeric>

#include "core/text/seq2seq_text.h"

namespace al::teaching {

namespace {

StepGrid grid(std::string key, Matrix values, std::vector<std::string> rows, std::vector<std::string> columns,
              Index head = -1, bool probabilities = false) {
  return {std::move(key), head, std::move(values), std::move(rows), std::move(columns), probabilities, true};
}

}  // namespace

Matrix tableRows(const ParameterSet& params, const char* name, const std::vector<int>& ids) {
  const ConstMatrixMap table = params.value(params.find(name));  // rows x D
  Matrix rows(static_cast<Index>(ids.size()), table.cols());
  for (size_t t = 0; t < ids.size(); ++t) rows.row(static_cast<Index>(t)) = table.row(ids[t]);
  return rows;
}

void addAttentionSteps(std::vector<AttentionStep>& steps, const MultiHeadAttention& attention,
                       const MultiHeadAttention::Cache& cache, const std::string& variant,
                       const std::vector<std::string>& rows, const std::vector<std::string>& keys,
                       const Matrix* encoded, const Matrix& after) {
  const Index H = attention.heads(), K = attention.keyDim();
  const bool self = variant != "cross";
  const auto kdims = numberedLabels("k", K);
  const auto dims = numberedLabels("d", after.cols());
  auto heads = [&](const std::string& key, const std::vector<Matrix>& m, bool probabilities = false) {
    std::vector<StepGrid> out;
    for (Index h = 0; h < H; ++h) out.push_back(grid(key, m[static_cast<size_t>(h)], rows, keys, h, probabilities));
    return out;
  };
  AttentionStep projections{"projections", variant, {}, {}, {}};
  if (encoded) projections.grids.push_back(grid("encoded", *encoded, keys, dims));
  for (Index h = 0; h < H; ++h) {
    projections.grids.push_back(grid("q", cache.q.middleCols(h * K, K), rows, kdims, h));
    projections.grids.push_back(grid("k", cache.k.middleCols(h * K, K), keys, kdims, h));
    projections.grids.push_back(grid("v", cache.v.middleCols(h * K, K), keys, kdims, h));
  }
  steps.push_back(std::move(projections));
  if (self) {
    steps.push_back({"scores", variant, {}, {}, heads("scores", cache.scores)});
    const float scale = attention.scoreScale();
    steps.push_back({"scale", variant, {double(K), 1.0 / scale}, {}, heads("scaled_scores", cache.scaledScores)});
    const Matrix causal = causalMask(static_cast<Index>(rows.size()));  // T x T, the mask the layer applied
    std::vector<Matrix> masked;
    for (const Matrix& s : cache.scaledScores) masked.push_back(maskScores(s, causal));  // -∞ above the diagonal
    AttentionStep mask{"mask", variant, {}, {}, {grid("allowed", causal, rows, keys, -1, true)}};
    for (StepGrid& g : heads("masked_scores", masked)) mask.grids.push_back(std::move(g));
    steps.push_back(std::move(mask));
  } else {
    steps.push_back({"scores", variant, {}, {}, heads("scaled_scores", cache.scaledScores)});
  }
  steps.push_back({"softmax", variant, {}, {}, heads("weights", cache.weights, true)});
  steps.push_back({"mix", variant, {}, {},
                   {grid("concatenated", cache.heads, rows, numberedLabels("z", H * K)),
                    grid(self ? "x1" : "x2", after, rows, dims)}});
}

AttentionStep nextTokenStep(const RowVector& probabilities, const std::function<std::string(Index)>& tokenOf,
                            const std::string& lastRow, const std::string& chosen, const std::string& variant) {
  // The most likely next tokens, best first (at most 8): 1 x 8 probabilities named by their tokens.
  std::vector<Index> order(static_cast<size_t>(probabilities.size()));
  std::iota(order.begin(), order.end(), Index(0));
  const size_t top = std::min<size_t>(8, order.size());
  std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(top), order.end(),
                    [&](Index a, Index b) { return probabilities(a) > probabilities(b); });
  Matrix best(1, static_cast<Index>(top));  // 1 x top
  std::vector<std::string> words;
  for (size_t i = 0; i < top; ++i) {
    best(0, static_cast<Index>(i)) = probabilities(order[i]);
    words.push_back(tokenOf(order[i]));
  }
  // words: the chosen token
  return {"next_token", variant, {}, {chosen}, {grid("probabilities", best, {lastRow}, words, -1, true)}};
}

DecoderWalk walkDecoder(const Seq2SeqTransformerModel& loaded, const std::string& question, Index step, Index layer) {
  const Seq2SeqTransformer& model = *loaded.model;
  const ParameterSet& params = model.parameters();
  const Seq2SeqTransformerReply reply = askSeq2seqTransformer(model, loaded.source, loaded.target, question, true);
  const Seq2SeqTransformer::Decoding& decoding = reply.decoding;

  DecoderWalk w;
  w.sourceTokens = reply.sourceTokens;
  w.outputTokens = reply.outputTokens;
  w.encoded = decoding.encoded;  // S x D
  w.step = std::clamp<Index>(step, 0, static_cast<Index>(decoding.passes.size()) - 1);
  const auto L = static_cast<Index>(model.decoder().layers().size());
  w.layer = std::clamp<Index>(layer, 0, L - 1);
  const Seq2SeqTransformer::DecoderPass& taken = decoding.passes[static_cast<size_t>(w.step)];
  for (int id : taken.input) w.inputTokens.push_back(loaded.target.token(id));

  // The pass again through the model's own decoder, its attention layers keeping their scores.
  w.pass.layers.resize(static_cast<size_t>(L));
  for (TransformerDecoderLayer::Cache& c : w.pass.layers) c.selfAttention.keepScores = c.crossAttention.keepScores = true;
  w.output = model.decoder().forward(params, taken.input, w.encoded, w.pass);  // T x D
  w.logits = taken.logits;                                                     // 1 x V
  w.probabilities = softmaxRows(Matrix(w.logits));                                  // 1 x V

  const std::vector<std::string>& rows = w.inputTokens;
  const auto dims = numberedLabels("d", w.encoded.cols());
  const TransformerDecoderLayer& decoderLayer = model.decoder().layers()[static_cast<size_t>(w.layer)];
  const TransformerDecoderLayer::Cache& c = w.pass.layers[static_cast<size_t>(w.layer)];

  // numbers: the tokens written so far (T - 1)
  AttentionStep input{"decoder_embedding", "decoder", {double(taken.input.size() - 1)}, {}, {}};
  input.grids.push_back(grid("token_embedding", tableRows(params, "decoder.embedding.token", taken.input), rows, dims));
  std::vector<int> positions(taken.input.size());
  std::iota(positions.begin(), positions.end(), 0);
  input.grids.push_back(grid("position", tableRows(params, "decoder.embedding.position", positions), rows, dims));
  input.grids.push_back(grid("x", w.pass.embedded, rows, dims));
  w.steps.push_back(std::move(input));
  if (w.layer > 0)  // numbers: the layer (1-based)
    w.steps.push_back({"decoder_layer_input", "decoder", {double(w.layer + 1)}, {}, {grid("x", c.input, rows, dims)}});

  addAttentionSteps(w.steps, decoderLayer.selfAttention(), c.selfAttention, "decoder", rows, rows, nullptr,
                    c.afterSelfAttention);
  addAttentionSteps(w.steps, decoderLayer.crossAttention(), c.crossAttention, "cross", rows, w.sourceTokens,
                    &w.encoded, c.afterCrossAttention);

  const bool last = w.layer + 1 == L;
  const Matrix& layerOutput = last ? w.output : w.pass.layers[static_cast<size_t>(w.layer + 1)].input;  // T x D
  w.steps.push_back({"ffn", "decoder", {}, {},
                     {grid("hidden", c.dense2.input, rows, numberedLabels("f", c.dense2.input.cols())),
                      grid("layer_output", layerOutput, rows, dims)}});
  if (last) {
    const auto tokenOf = [&](Index id) { return loaded.target.token(static_cast<int>(id)); };
    w.steps.push_back(nextTokenStep(w.probabilities, tokenOf, rows.back(), w.outputTokens[static_cast<size_t>(w.step)],
                                    "decoder"));
  }
  return w;
}

}  // namespace al::teaching
