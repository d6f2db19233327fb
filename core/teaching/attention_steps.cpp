#include "core/teaching/attention_steps.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <numeric>

#include "core/error.h"
#include "core/layers/additive_attention.h"
#include "core/layers/gru.h"
#include "core/layers/relu.h"
#include "core/layers/sinusoidal_encoding.h"
#include "core/text/seq2seq_text.h"

namespace al::teaching {

namespace {

// FNV-1a: a fixed hash of a word, the same on every platform (std::hash is not).
uint64_t wordHash(const std::string& word) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : word) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

// Entropy in nats of one row of weights: -Σ a log a (a zero weight adds nothing).
double rowEntropy(const Eigen::Ref<const RowVector>& row) {
  double h = 0;
  for (Index j = 0; j < row.size(); ++j)
    if (row(j) > 0) h -= static_cast<double>(row(j)) * std::log(static_cast<double>(row(j)));
  return h;
}

StepGrid grid(std::string key, Matrix values, std::vector<std::string> rows, std::vector<std::string> columns,
              bool probabilities = false) {
  return {std::move(key), -1, std::move(values), std::move(rows), std::move(columns), probabilities, true};
}

// The grid of one head.
StepGrid headGrid(std::string key, Index head, Matrix values, std::vector<std::string> rows,
                  std::vector<std::string> columns, bool probabilities = false) {
  StepGrid g = grid(std::move(key), std::move(values), std::move(rows), std::move(columns), probabilities);
  g.head = head;
  return g;
}

}  // namespace

std::vector<std::string> numberedLabels(const std::string& prefix, Index count) {
  std::vector<std::string> out;
  for (Index i = 0; i < count; ++i) out.push_back(prefix + std::to_string(i + 1));
  return out;
}

Matrix softmaxRows(const Matrix& scores, const Matrix* allowed) {
  Matrix weights = scores;  // T x T
  maskedSoftmaxRows(weights, allowed);
  return weights;
}

Matrix headAverage(const std::vector<Matrix>& heads) {
  if (heads.empty()) return {};
  Matrix sum = Matrix::Zero(heads.front().rows(), heads.front().cols());  // T x T
  for (const Matrix& a : heads) sum += a;
  return sum / static_cast<float>(heads.size());
}

Matrix cosineSimilarity(const Matrix& rows) {
  const Eigen::VectorXf norms = rows.rowwise().norm();  // one length per row
  Matrix similarity = rows * rows.transpose();          // r_i·r_j, rows x rows
  for (Index i = 0; i < similarity.rows(); ++i)
    for (Index j = 0; j < similarity.cols(); ++j) {
      const float lengths = norms(i) * norms(j);
      similarity(i, j) = lengths > 0 ? similarity(i, j) / lengths : 0.0f;
    }
  return similarity;
}

Matrix learnedPositions(const TransformerClassifier& model, Index count) {
  const int slot = model.parameters().find("embedding.position");
  if (slot < 0) throw InputError(ErrorKind::NoLearnedPositions, {.found = toString(model.config().position)},
                                 "this model has no learned position embedding (its position is \"" +
                                 toString(model.config().position) + "\")");
  const ConstMatrixMap table = model.parameters().value(slot);  // sequence_length x D
  return table.topRows(std::min(count, table.rows()));
}

// ---------------------------------------------------------------------------------------------------------
// The layer

EncoderLayerWalkthrough::EncoderLayerWalkthrough(const TransformerClassifier& model, Vocabulary vocabulary)
    : model_(std::shared_ptr<const TransformerClassifier>(), &model),  // not owned: the caller keeps it alive
      vocabulary_(std::make_shared<const Vocabulary>(std::move(vocabulary))) {}

EncoderLayerWalkthrough::EncoderLayerWalkthrough(std::shared_ptr<const ImdbTransformerModel> model)
    : model_(model, model->model.get()), vocabulary_(model, &model->vocabulary) {}

EncoderLayerWalkthrough EncoderLayerWalkthrough::toy(const ToyEncoderSettings& s) {
  if (s.width < 1 || s.heads < 1 || s.feedForward < 1 || s.maxTokens < 1)
    throw InputError(ErrorKind::Internal, {},
                     "a toy layer needs a width, heads, a feed-forward width and a length of at least 1");
  TransformerConfig c;
  c.vocabSize = 2;  // a toy's words get vectors from their hash (embed), not from a table
  c.sequenceLength = static_cast<int>(s.maxTokens);
  c.embedDim = static_cast<int>(s.width);
  c.numHeads = static_cast<int>(s.heads);
  c.keyDim = static_cast<int>(std::max<Index>(1, s.width / s.heads));
  c.denseDim = static_cast<int>(s.feedForward);
  c.numLayers = 1;
  c.position = s.position;
  c.norm = NormKind::Layer;
  auto model = std::make_shared<TransformerClassifier>(c);
  ParameterSet& params = model->parameters();
  Rng rng(s.seed);
  if (c.position == PositionKind::Learned) {
    // Learned position vectors of a toy are as large as its word vectors, so that position visibly matters.
    MatrixMap table = params.value(params.find("embedding.position"));
    for (Index i = 0; i < table.size(); ++i) table.data()[i] = 0.5f * rng.normal();
  }
  const TransformerClassifier::EncoderLayer& layer = model->encoderLayer(0);
  layer.attention.initialize(params, rng);
  layer.dense1.initialize(params, rng);
  layer.dense2.initialize(params, rng);
  layer.layerNorm1->initialize(params);
  layer.layerNorm2->initialize(params);
  EncoderLayerWalkthrough w;
  w.model_ = std::move(model);
  w.toy_ = true;
  w.seed_ = s.seed;
  return w;
}

// A model reads text with its own tokenizer; a toy has none, and reads Chinese or Japanese word by word.
TokenizerKind EncoderLayerWalkthrough::tokenizerFor(std::string_view text) const {
  if (!toy_) return config().tokenizer;
  ScriptCounts scripts;
  scripts.add(text);
  return suggestTokenizer(TextTask::Classifier, scripts);
}

Sentence EncoderLayerWalkthrough::read(const std::string& text) const {
  Sentence s;
  if (!toy_) {
    s.tokens = imdbTokensForModel(*model_, text, &s.truncated);  // the model's own tokenization
    for (const std::string& token : s.tokens) s.ids.push_back(vocabulary_->id(token));
    return s;
  }
  s.tokens = tokenize(tokenizerFor(text), TextTask::Classifier, text);
  if (s.tokens.empty()) throw InputError(ErrorKind::EmptySentence, {}, "the text has no words once punctuation is removed; type at least one word");
  const auto length = static_cast<size_t>(config().sequenceLength);
  s.truncated = s.tokens.size() > length;
  if (s.truncated) s.tokens.resize(length);
  std::map<std::string, int> sentenceWords;  // a toy has no vocabulary: number words by first appearance, from 2
  for (const std::string& token : s.tokens)
    s.ids.push_back(sentenceWords.emplace(token, 2 + static_cast<int>(sentenceWords.size())).first->second);
  return s;
}

Matrix EncoderLayerWalkthrough::embed(const std::vector<std::string>& tokens, const std::vector<int>& ids,
                                      Index realTokens) const {
  const Index T = static_cast<Index>(ids.size());
  if (!toy_) {
    Embedding::Cache cache;
    return model_->tokenEmbedding().forward(parameters(), ids, cache);  // T x D, row t = table[ids[t]]
  }
  Matrix x = Matrix::Zero(T, config().embedDim);  // T x D; padding rows stay 0
  for (Index t = 0; t < realTokens; ++t) {
    Rng rng = Rng::derive(seed_, wordHash(tokens[static_cast<size_t>(t)]));
    for (Index d = 0; d < x.cols(); ++d) x(t, d) = rng.normal();
  }
  return x;
}

// ---------------------------------------------------------------------------------------------------------
// The walk, one operation at a time. Each part computes its matrices into the walk and adds the step that
// shows them.

namespace {

// The mask as a T x T matrix of 1 (may look) and 0 (may not).
Matrix allowedKeys(MaskKind mask, Index T, Index realTokens) {
  switch (mask) {
    case MaskKind::Causal: return causalMask(T);
    case MaskKind::Padding: return keyPaddingMask(T, realTokens);
    case MaskKind::None: break;
  }
  return Matrix::Ones(T, T);
}

std::string maskVariant(MaskKind mask) {
  switch (mask) {
    case MaskKind::Causal: return "causal";
    case MaskKind::Padding: return "padding";
    case MaskKind::None: break;
  }
  return "none";
}

void addSharpness(EncoderWalk& w, Index heads, float keyScale) {
  // The softmax with and without ÷√K, for the real query rows, to show what the scaling does.
  SoftmaxSharpness& s = w.sharpness;
  // The reference: equal weights over the keys each real row may look at (i + 1 of them under the causal mask).
  s.uniformEntropy = 0;
  for (Index i = 0; i < w.realTokens; ++i) s.uniformEntropy += std::log(static_cast<double>(w.allowed.row(i).sum()));
  s.uniformEntropy /= static_cast<double>(w.realTokens);
  for (Index h = 0; h < heads; ++h) {
    const Matrix& raw = w.scores[static_cast<size_t>(h)];  // T x T
    const Matrix scaledWeights = softmaxRows(raw * keyScale, &w.allowed);
    const Matrix unscaledWeights = softmaxRows(raw, &w.allowed);
    double hs = 0, hu = 0, ms = 0, mu = 0;
    for (Index i = 0; i < w.realTokens; ++i) {
      hs += rowEntropy(scaledWeights.row(i));
      hu += rowEntropy(unscaledWeights.row(i));
      ms += scaledWeights.row(i).maxCoeff();
      mu += unscaledWeights.row(i).maxCoeff();
    }
    const double n = static_cast<double>(w.realTokens);
    s.entropyScaled.push_back(hs / n);
    s.entropyUnscaled.push_back(hu / n);
    s.largestScaled.push_back(ms / n);
    s.largestUnscaled.push_back(mu / n);
  }
}

}  // namespace

EncoderWalk EncoderLayerWalkthrough::walk(const Sentence& sentence, const WalkSettings& settings) const {
  if (sentence.tokens.empty() || sentence.tokens.size() != sentence.ids.size())
    throw InputError(ErrorKind::EmptySentence, {}, "the sentence has no tokens; type at least one word");
  EncoderWalk w;
  addEmbeddingStep(w, sentence, settings);  // X = E[ids] + P
  addAttentionSteps(w, settings);           // the layer's forward: Q, K, V, scores, mask, softmax, A·V, Y
  addFeedForwardSteps(w);                   // residual and norm, feed-forward, residual and norm
  return w;
}

// Embeddings (+ position), with padding tokens appended for the padding mask.
void EncoderLayerWalkthrough::addEmbeddingStep(EncoderWalk& w, const Sentence& sentence,
                                               const WalkSettings& settings) const {
  std::vector<std::string> tokens = sentence.tokens;
  std::vector<int> ids = sentence.ids;
  w.realTokens = static_cast<Index>(tokens.size());
  const TransformerConfig& config = this->config();
  if (settings.mask == MaskKind::Padding) {
    const Index room = config.sequenceLength - w.realTokens;  // a learned position table ends somewhere
    for (Index p = 0; p < std::min(settings.paddingTokens, std::max<Index>(room, 0)); ++p) {
      tokens.push_back("[pad]");
      ids.push_back(Vocabulary::kPaddingId);
    }
  }
  if (static_cast<Index>(tokens.size()) > config.sequenceLength)
    throw InputError(ErrorKind::SentenceTooLong,
                     {.expected = std::to_string(config.sequenceLength), .found = std::to_string(tokens.size())},
                     "the sentence has " + std::to_string(tokens.size()) + " tokens, more than the model's " +
                     std::to_string(config.sequenceLength));
  const Index T = static_cast<Index>(tokens.size());
  w.labels = tokens;
  const std::vector<std::string>& L = w.labels;
  const auto dims = numberedLabels("d", config.embedDim);

  w.tokenEmbedding = embed(tokens, ids, w.realTokens);  // T x D
  w.position = model_->positionRows(T);                 // T x D
  w.input = w.tokenEmbedding + w.position;              // T x D
  {
    // variant: the position kind ("none", "learned", "sinusoidal")
    AttentionStep s{"embedding", toString(config.position), {}, {}, {}};
    s.grids.push_back(grid("token_embedding", w.tokenEmbedding, L, dims));
    if (config.position != PositionKind::None) s.grids.push_back(grid("position", w.position, L, dims));
    s.grids.push_back(grid("x", w.input, L, dims));
    w.steps.push_back(std::move(s));
  }
}

// The attention layer's own forward pass over X, keeping its scores: every matrix of the attention steps.
void EncoderLayerWalkthrough::addAttentionSteps(EncoderWalk& w, const WalkSettings& settings) const {
  const MultiHeadAttention& attention = this->attention();
  const Index T = static_cast<Index>(w.labels.size());
  w.allowed = allowedKeys(settings.mask, T, w.realTokens);  // T x T
  const Matrix* allowed = settings.mask == MaskKind::None ? nullptr : &w.allowed;
  MultiHeadAttention::Cache cache;
  cache.keepScores = true;
  w.attentionOutput = attention.forward(parameters(), w.input, cache, allowed,
                                        settings.scale ? ScoreScaling::SqrtKeyDim : ScoreScaling::None);  // T x D
  w.q = std::move(cache.q);  // T x (H*K)
  w.k = std::move(cache.k);
  w.v = std::move(cache.v);
  w.scores = std::move(cache.scores);        // H of T x T
  w.scaled = std::move(cache.scaledScores);  // H of T x T
  for (const Matrix& scaled : w.scaled) w.masked.push_back(maskScores(scaled, w.allowed));
  w.weights = std::move(cache.weights);      // H of T x T
  w.concatenated = std::move(cache.heads);   // T x (H*K)
  const Index K = attention.keyDim();
  for (Index h = 0; h < attention.heads(); ++h) w.headOutputs.push_back(w.concatenated.middleCols(h * K, K));  // T x K

  addProjectionStep(w);
  addScoreSteps(w, settings);
  addSoftmaxStep(w);
  addMixingSteps(w);
}

// Q, K and V for every head.
void EncoderLayerWalkthrough::addProjectionStep(EncoderWalk& w) const {
  const Index H = attention().heads(), K = attention().keyDim();
  const std::vector<std::string>& L = w.labels;
  {
    AttentionStep s{"projections", "", {}, {}, {}};
    const auto kdims = numberedLabels("k", K);
    for (Index h = 0; h < H; ++h) {
      s.grids.push_back(headGrid("q", h, w.q.middleCols(h * K, K), L, kdims));
      s.grids.push_back(headGrid("k", h, w.k.middleCols(h * K, K), L, kdims));
      s.grids.push_back(headGrid("v", h, w.v.middleCols(h * K, K), L, kdims));
    }
    w.steps.push_back(std::move(s));
  }
}

// Scores Q·Kᵀ, their scaling by 1/√K, the mask.
void EncoderLayerWalkthrough::addScoreSteps(EncoderWalk& w, const WalkSettings& settings) const {
  const Index H = attention().heads(), K = attention().keyDim();
  const float keyScale = attention().scoreScale();
  const std::vector<std::string>& L = w.labels;
  {
    AttentionStep s{"scores", "", {}, {}, {}};
    for (Index h = 0; h < H; ++h) s.grids.push_back(headGrid("scores", h, w.scores[static_cast<size_t>(h)], L, L));
    w.steps.push_back(std::move(s));
  }
  {
    // numbers: K, √K; variant "off" when the division is switched off
    AttentionStep s{"scale", settings.scale ? "" : "off", {double(K), 1.0 / keyScale}, {}, {}};
    // Switched off, the grids hold the scores as they are: named so, not "scaled".
    const char* key = settings.scale ? "scaled_scores" : "unscaled_scores";
    for (Index h = 0; h < H; ++h) s.grids.push_back(headGrid(key, h, w.scaled[static_cast<size_t>(h)], L, L));
    w.steps.push_back(std::move(s));
  }
  {
    AttentionStep s{"mask", maskVariant(settings.mask), {}, {}, {}};
    s.grids.push_back(grid("allowed", w.allowed, L, L, true));
    for (Index h = 0; h < H; ++h) s.grids.push_back(headGrid("masked_scores", h, w.masked[static_cast<size_t>(h)], L, L));
    w.steps.push_back(std::move(s));
  }
}

// Softmax by rows, and how sharp it is with and without the scaling.
void EncoderLayerWalkthrough::addSoftmaxStep(EncoderWalk& w) const {
  const Index H = attention().heads();
    const float keyScale = attention().scoreScale();
  const Index T = static_cast<Index>(w.labels.size());
  const std::vector<std::string>& L = w.labels;

  addSharpness(w, H, keyScale);
  {
    // numbers: the uniform entropy, then the H mean row entropies with ÷√K, then the H without
    const SoftmaxSharpness& sh = w.sharpness;
    AttentionStep s{"softmax", "", {sh.uniformEntropy}, {}, {}};
    s.numbers.insert(s.numbers.end(), sh.entropyScaled.begin(), sh.entropyScaled.end());
    s.numbers.insert(s.numbers.end(), sh.entropyUnscaled.begin(), sh.entropyUnscaled.end());
    for (Index h = 0; h < H; ++h) s.grids.push_back(headGrid("weights", h, w.weights[static_cast<size_t>(h)], L, L, true));
    for (Index h = 0; h < H; ++h) {
      // The row sharpness, both ways, for the "don't scale by √K" comparison.
      const Matrix& raw = w.scores[static_cast<size_t>(h)];
      const Matrix scaledWeights = softmaxRows(raw * keyScale, &w.allowed);
      const Matrix unscaledWeights = softmaxRows(raw, &w.allowed);
      Matrix table(T, 4);  // T x 4
      for (Index i = 0; i < T; ++i)
        table.row(i) << static_cast<float>(rowEntropy(scaledWeights.row(i))), scaledWeights.row(i).maxCoeff(),
            static_cast<float>(rowEntropy(unscaledWeights.row(i))), unscaledWeights.row(i).maxCoeff();
      // columns: entropy ÷√K, largest ÷√K, entropy unscaled, largest unscaled (the app names them)
      s.grids.push_back(headGrid("sharpness", h, table, L, {}));
      s.grids.back().coloured = false;  // entropies and weights side by side: no common colour scale
    }
    w.steps.push_back(std::move(s));
  }
}

// Weights × V per head, then the heads side by side and the output projection.
void EncoderLayerWalkthrough::addMixingSteps(EncoderWalk& w) const {
  const Index H = attention().heads(), K = attention().keyDim();
  const std::vector<std::string>& L = w.labels;
  const auto dims = numberedLabels("d", config().embedDim);
  {
    AttentionStep s{"mix", "", {}, {}, {}};
    const auto kdims = numberedLabels("k", K);
    for (Index h = 0; h < H; ++h) s.grids.push_back(headGrid("head_output", h, w.headOutputs[static_cast<size_t>(h)], L, kdims));
    w.steps.push_back(std::move(s));
  }

  // --- Concatenate heads and project (computed by the layer's forward above) ---
  {
    AttentionStep s{"concat", "", {}, {}, {}};
    s.grids.push_back(grid("concatenated", w.concatenated, L, numberedLabels("z", H * K)));
    s.grids.push_back(grid("attention_output", w.attentionOutput, L, dims));
    w.steps.push_back(std::move(s));
  }
}

// Residual and normalization, feed-forward, residual and normalization.
void EncoderLayerWalkthrough::addFeedForwardSteps(EncoderWalk& w) const {
  const TransformerConfig& config = this->config();
  const TransformerClassifier::EncoderLayer& layer = model_->encoderLayer(0);
  const std::vector<std::string>& L = w.labels;
  const auto dims = numberedLabels("d", config.embedDim);

  w.residual1 = w.input + w.attentionOutput;       // T x D
  w.norm1 = model_->normalize(0, true, w.residual1);  // T x D
  const bool layerNorm = config.norm == NormKind::Layer;
  const std::string normKind = layerNorm ? "layer" : "batch";  // the steps' variant
  {
    AttentionStep s{"norm1", normKind, {}, {}, {}};
    s.grids.push_back(grid("residual1", w.residual1, L, dims));
    s.grids.push_back(grid("norm1", w.norm1, L, dims));
    w.steps.push_back(std::move(s));
  }

  // --- Feed-forward, residual and normalization ---
  Dense::Cache dense1Cache, dense2Cache;
  Relu::Cache reluCache;
  w.hidden = Relu{}.forward(layer.dense1.forward(parameters(), w.norm1, dense1Cache), reluCache);  // T x F
  w.feedForward = layer.dense2.forward(parameters(), w.hidden, dense2Cache);                        // T x D
  w.residual2 = w.norm1 + w.feedForward;                                                            // T x D
  w.output = model_->normalize(0, false, w.residual2);                                              // T x D
  {
    AttentionStep s{"ffn", "", {}, {}, {}};
    s.grids.push_back(grid("hidden", w.hidden, L, numberedLabels("f", config.denseDim)));
    s.grids.push_back(grid("feed_forward", w.feedForward, L, dims));
    w.steps.push_back(std::move(s));
  }
  {
    AttentionStep s{"norm2", normKind, {}, {}, {}};
    s.grids.push_back(grid("residual2", w.residual2, L, dims));
    s.grids.push_back(grid("layer_output", w.output, L, dims));
    w.steps.push_back(std::move(s));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Word order

ShuffledComparison compareShuffledWords(const TransformerClassifier& model, const Vocabulary& vocabulary,
                                        const std::string& text, uint64_t seed) {
  ShuffledComparison c;
  c.original = predictText(model, vocabulary, text);
  const std::vector<std::string>& tokens = c.original.tokens;  // what the model read (already truncated)
  const size_t T = tokens.size();
  c.order.resize(T);
  std::iota(c.order.begin(), c.order.end(), 0);
  Rng rng(seed);
  auto inOrder = [&] {
    for (size_t i = 0; i < T; ++i)
      if (tokens[static_cast<size_t>(c.order[i])] != tokens[i]) return false;
    return true;
  };
  // Fisher-Yates; a shuffle that reads exactly like the original is drawn again (a few tries are plenty).
  for (int attempt = 0; attempt < 20 && (attempt == 0 || inOrder()); ++attempt)
    for (size_t i = T; i > 1; --i) std::swap(c.order[i - 1], c.order[rng.below(i)]);

  for (size_t i = 0; i < T; ++i) c.shuffledText += (i ? " " : "") + tokens[static_cast<size_t>(c.order[i])];
  c.shuffled = predictText(model, vocabulary, c.shuffledText);
  c.probabilityDifference = std::abs(static_cast<double>(c.shuffled.probability) - c.original.probability);
  for (size_t l = 0; l < c.original.attention.size(); ++l)
    for (size_t h = 0; h < c.original.attention[l].size(); ++h) {
      const Matrix& a = c.original.attention[l][h];  // T x T
      const Matrix& b = c.shuffled.attention[l][h];  // T x T
      for (size_t i = 0; i < T; ++i)
        for (size_t j = 0; j < T; ++j) {
          const double d = std::abs(static_cast<double>(b(Index(i), Index(j))) - a(c.order[i], c.order[j]));
          c.largestWeightDifference = std::max(c.largestWeightDifference, d);
        }
    }
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// Additive attention

AdditiveWalk walkAdditiveAttention(const Seq2SeqAttention& model, const Vocabulary& source, const Vocabulary& target,
                                   const std::string& question, Index step) {
  Seq2SeqTrace trace;  // what the model's decode loop computed on its way
  const ChatbotReply reply = askChatbot(model, source, target, question, &trace);

  AdditiveWalk w;
  w.sourceTokens = reply.sourceTokens;
  w.outputTokens = reply.outputTokens;
  w.alignment = reply.attention;
  w.step = std::clamp<Index>(step, 0, std::max<Index>(0, static_cast<Index>(trace.steps.size()) - 1));
  const Index S = static_cast<Index>(reply.sourceIds.size());
  const Seq2SeqTrace::Step& taken = trace.steps.at(static_cast<size_t>(w.step));
  w.outputs = trace.outputs;                      // S x U
  w.keys = trace.keys;                            // S x A
  w.state = taken.state;                          // 1 x U
  w.query = taken.query;                          // 1 x A
  w.activations = taken.attention.activations;    // S x A
  w.scores = taken.attention.scores;              // 1 x S
  w.weights = taken.attention.weights;            // 1 x S
  w.context = taken.context;                      // 1 x U

  const std::vector<std::string>& L = w.sourceTokens;
  const Index U = w.outputs.cols(), A = w.query.cols();
  const std::string word = w.outputTokens.empty() ? "" : w.outputTokens[static_cast<size_t>(w.step)];
  auto column = [](const RowVector& r) { return Matrix(r.transpose()); };  // S values as an S x 1 grid
  auto addStep = [&](std::string key, std::vector<StepGrid> grids) {
    // variant "additive"; numbers: the answer word's position (1-based); words: the answer word
    w.steps.push_back({std::move(key), "additive", {double(w.step + 1)}, {word}, std::move(grids)});
  };

  addStep("encoder", {grid("encoder_outputs", w.outputs, L, numberedLabels("u", U)), grid("decoder_state", w.state, {"s"}, numberedLabels("u", U))});
  addStep("query", {grid("query", w.query, {"s"}, numberedLabels("a", A))});
  addStep("keys", {grid("keys", w.keys, L, numberedLabels("a", A))});
  addStep("tanh", {grid("tanh", w.activations, L, numberedLabels("a", A))});
  addStep("score", {grid("additive_scores", column(w.scores), L, {"e"})});
  addStep("softmax", {grid("additive_weights", column(w.weights), L, {"a"}, true),
                            grid("alignment", w.alignment, w.outputTokens, L, true)});
  Matrix weighted = w.outputs;  // S x U, a_j·h_j
  for (Index j = 0; j < S; ++j) weighted.row(j) *= w.weights(j);
  addStep("context", {grid("weighted_outputs", weighted, L, numberedLabels("u", U)), grid("context", w.context, {"c"}, numberedLabels("u", U))});
  return w;
}

ChatbotModel toyChatbot(const std::string& question, Index units, Index attentionUnits, uint64_t seed) {
  if (units < 1 || attentionUnits < 1)
    throw InputError(ErrorKind::Internal, {}, "a toy chatbot needs at least one unit and one attention unit");
  ScriptCounts scripts;  // a toy reads Chinese or Japanese word by word
  scripts.add(question);
  const TokenizerKind tokenizer = suggestTokenizer(TextTask::Seq2seq, scripts);
  const std::vector<std::string> tokens = tokenizeSeq2seq(tokenizer, question);
  ChatbotModel toy;
  toy.source = Vocabulary::build({tokens}, 0);
  toy.target = toy.source;
  Seq2SeqConfig c;
  c.sourceVocabSize = c.targetVocabSize = static_cast<Index>(toy.source.size());
  c.embedDim = c.units = units;
  c.attentionUnits = attentionUnits;
  c.maxSourceLength = std::max<Index>(32, static_cast<Index>(tokens.size()));
  c.maxTargetLength = 6;
  c.tokenizer = tokenizer;
  toy.model = std::make_unique<Seq2SeqAttention>(c);
  toy.model->initialize(seed);
  // Word vectors as large as the GRU's scale (the default ±0.05 would make every alignment nearly uniform).
  Rng rng(seed + 1);
  for (const char* name : {"encoder.embedding", "decoder.embedding"}) {
    MatrixMap table = toy.model->parameters().value(toy.model->parameters().find(name));
    for (Index i = 0; i < table.size(); ++i) table.data()[i] = rng.normal();
  }
  // Never answer with padding ("") or [UNK]: their output biases are far below any other word's logit.
  MatrixMap bias = toy.model->parameters().value(toy.model->parameters().find("decoder.output.bias"));  // 1 x V
  bias(0, Vocabulary::kPaddingId) = bias(0, Vocabulary::kUnknownId) = -100.0f;
  return toy;
}

}  // namespace al::teaching
