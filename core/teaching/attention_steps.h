#pragma once
// The numbers behind the app's Step-through and Attention pages: one Transformer encoder layer taken apart
// into the operations a lecturer writes on the board, every intermediate matrix kept with a title, the formula
// that made it and a few sentences of explanation. The pages only draw what this file computes.
//
//   X = E[ids] + P                         embeddings (+ position)                      T x D
//   Q = X·W_q + b_q, K = ..., V = ...      projections; head h owns columns h*K..h*K+K-1 T x (H*K)
//   S_h = Q_h·K_hᵀ                         raw scores                                   T x T
//   S_h / √K                               scaled scores (the "don't scale" switch skips this)
//   masked: -∞ where query i may not look at key j (none, padding or causal)
//   A_h = softmax_rows                     attention weights, every row sums to 1       T x T
//   Z_h = A_h·V_h                          what every token takes from the others       T x K
//   Y = concat_h(Z_h)·W_o + b_o            heads side by side, mixed back to width D    T x D
//   X1 = norm1(X + Y)                      residual and normalization                   T x D
//   out = norm2(X1 + relu(X1·W1 + b1)·W2 + b2)   feed-forward, residual, normalization  T x D
//
// The walk calls the model's own layers (its MultiHeadAttention keeps the scores for it, its norms and dense
// layers run as in the model) and reads a trained model in place, without copying its parameters; it never
// recomputes a layer with formulas of its own. The tests hold it to the model's forward pass.
//
// Dimension key (core/tensor.h): T tokens, D model width, H heads, K key dimension of one head, F feed-forward
// width, S source tokens and U GRU units and A attention units (the chatbot's additive attention).
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/inference/chatbot_inference.h"
#include "core/inference/imdb_transformer_inference.h"
#include "core/layers/batch_norm.h"
#include "core/layers/dense.h"
#include "core/layers/embedding.h"
#include "core/layers/layer_norm.h"
#include "core/layers/multi_head_attention.h"
#include "core/layers/position_embedding.h"
#include "core/models/seq2seq_attention.h"
#include "core/models/transformer_classifier.h"
#include "core/text/vectorizer.h"

namespace al::teaching {

// ---------------------------------------------------------------------------------------------------------
// What a step shows

// One labelled grid of numbers. The core names what a grid and a step show by a key and gives the numbers their
// texts need; the words a person reads (titles, formulas, explanations) live with the app, translated.
struct StepGrid {
  std::string key;  // what it shows: "q", "scores", "weights", "context", ...
  Index head = -1;  // the head it belongs to (0-based), -1 for none
  Matrix values;
  std::vector<std::string> rowLabels, columnLabels;  // tokens or symbols ("d1", "k1"); empty: 1, 2, 3, ...
  bool probabilities = false;  // values in [0, 1] (attention weights): drawn white to blue, not signed colours
  bool coloured = true;        // false: a table of different quantities (one colour scale would mislead)
};

struct AttentionStep {
  std::string key;      // stable name: "embedding", "projections", "scores", "scale", "mask", "softmax", ...
  std::string variant;  // which form of the step: "off" (scale switched off), "causal" (mask), "layer" (norm), ...
  std::vector<double> numbers;      // what its text needs, in the order the step's key documents (see each step)
  std::vector<std::string> words;   // tokens its text names (the answer word being written)
  std::vector<StepGrid> grids;
};

enum class MaskKind {
  None,     // every token looks at every token (the classifier's encoder)
  Padding,  // padding tokens appended to the sentence; nobody may look at them
  Causal,   // token i may look at tokens 0..i only (a decoder: no peeking at later words)
};

struct WalkSettings {
  MaskKind mask = MaskKind::None;
  Index paddingTokens = 2;  // MaskKind::Padding: how many padding tokens are appended
  bool scale = true;        // divide the scores by √K; off shows what an unscaled softmax does
};

// How peaked the softmax rows are, with and without the division by √K, averaged over the real query rows.
// Entropy is in nats: log(T) for uniform weights, 0 when one key takes everything.
struct SoftmaxSharpness {
  std::vector<double> entropyScaled, entropyUnscaled;  // H
  std::vector<double> largestScaled, largestUnscaled;  // H: the largest weight of a row
  double uniformEntropy = 0;                           // log(number of real keys)
};

// A sentence as a model reads it.
struct Sentence {
  std::vector<std::string> tokens;  // T, after standardization (unknown words as typed)
  std::vector<int> ids;             // T; 1 = unknown
  bool truncated = false;           // words after sequence_length were cut off
};

// Everything the walk computed, by name (for tests and summaries), and the steps that show it.
struct EncoderWalk {
  std::vector<std::string> labels;  // T row labels: the tokens, then "[pad]" for padding
  Index realTokens = 0;             // the first realTokens rows are the sentence, the rest padding
  Matrix tokenEmbedding;            // T x D
  Matrix position;                  // T x D (zeros for a model without position information)
  Matrix input;                     // T x D  X
  Matrix q, k, v;                   // T x (H*K)
  std::vector<Matrix> scores;       // H of T x T  Q_h·K_hᵀ
  std::vector<Matrix> scaled;       // H of T x T  divided by √K (equal to scores when the switch is off)
  Matrix allowed;                   // T x T  1 where query i may look at key j
  std::vector<Matrix> masked;       // H of T x T  -∞ where not allowed
  std::vector<Matrix> weights;      // H of T x T  A_h
  std::vector<Matrix> headOutputs;  // H of T x K  A_h·V_h
  Matrix concatenated;              // T x (H*K)
  Matrix attentionOutput;           // T x D  Y
  Matrix residual1, norm1;          // T x D
  Matrix hidden;                    // T x F  relu(X1·W1 + b1)
  Matrix feedForward;               // T x D
  Matrix residual2, output;         // T x D
  SoftmaxSharpness sharpness;
  std::vector<AttentionStep> steps;
};

// A toy encoder layer with seeded weights: every word gets a fixed random vector (from a hash of the word and
// the seed), so a word has the same embedding in every sentence.
struct ToyEncoderSettings {
  Index width = 8;        // D
  Index heads = 2;        // H; K = D / H (at least 1)
  Index feedForward = 16; // F
  PositionKind position = PositionKind::Sinusoidal;  // Learned gives random position vectors
  uint64_t seed = 1;
  Index maxTokens = 64;   // longest sentence (learned position table length)
};

// The first encoder layer of a model, with its embeddings, ready to be walked through.
class EncoderLayerWalkthrough {
 public:
  // Reads `model` in place (the caller keeps it alive and unchanged while the walkthrough lives); keeps the
  // vocabulary.
  EncoderLayerWalkthrough(const TransformerClassifier& model, Vocabulary vocabulary);
  // Shares a loaded model (a session's read-only snapshot): nothing is copied.
  explicit EncoderLayerWalkthrough(std::shared_ptr<const ImdbTransformerModel> model);
  // A seeded toy layer. Throws InputError for a zero width, heads or feed-forward width.
  static EncoderLayerWalkthrough toy(const ToyEncoderSettings& settings);

  // Standardizes and splits the text (the model's rules), looks up ids and cuts after the longest sentence.
  // Throws InputError for text without words.
  Sentence read(const std::string& text) const;
  // Runs the layer step by step. Throws InputError for an empty sentence.
  EncoderWalk walk(const Sentence& sentence, const WalkSettings& settings = {}) const;

  bool isToy() const { return toy_; }
  const TransformerConfig& config() const { return model_->config(); }
  const ParameterSet& parameters() const { return model_->parameters(); }
  const MultiHeadAttention& attention() const { return model_->encoderLayer(0).attention; }
  const TransformerClassifier& model() const { return *model_; }

 private:
  EncoderLayerWalkthrough() = default;
  TokenizerKind tokenizerFor(std::string_view text) const;
  Matrix embed(const std::vector<std::string>& tokens, const std::vector<int>& ids, Index realTokens) const;
  // The stages of walk(): each takes its part of the walk from the model's layers and adds the step(s) that show it.
  void addEmbeddingStep(EncoderWalk& w, const Sentence& sentence, const WalkSettings& settings) const;
  void addAttentionSteps(EncoderWalk& w, const WalkSettings& settings) const;
  void addProjectionStep(EncoderWalk& w) const;
  void addScoreSteps(EncoderWalk& w, const WalkSettings& settings) const;
  void addSoftmaxStep(EncoderWalk& w) const;
  void addMixingSteps(EncoderWalk& w) const;
  void addFeedForwardSteps(EncoderWalk& w) const;

  std::shared_ptr<const TransformerClassifier> model_;
  std::shared_ptr<const Vocabulary> vocabulary_;  // null for a toy
  bool toy_ = false;
  uint64_t seed_ = 0;
};

// Softmax of every row of scores, over the keys `allowed` permits (all when null); a row with no allowed key
// is all zeros. The attention layer's own softmax (maskedSoftmaxRows), on a copy.
Matrix softmaxRows(const Matrix& scores, const Matrix* allowed = nullptr);

// ---------------------------------------------------------------------------------------------------------
// Word order and position

// The same review with its words shuffled, next to the original. Without position information attention cannot
// see order: the prediction is the same and every row of attention is the original row, permuted with the words.
struct ShuffledComparison {
  ImdbPrediction original, shuffled;
  std::string shuffledText;             // the shuffled tokens joined by spaces
  std::vector<int> order;               // shuffled token i is original token order[i]
  double probabilityDifference = 0;     // |p_shuffled - p_original|
  double largestWeightDifference = 0;   // max over layers, heads, i, j of |A'(i, j) - A(order[i], order[j])|
};
// Throws InputError for text without words. A text of two or more different tokens is never left in order.
ShuffledComparison compareShuffledWords(const TransformerClassifier& model, const Vocabulary& vocabulary,
                                        const std::string& text, uint64_t seed);

// Cosine similarity of every pair of rows: C(i, j) = r_i·r_j / (|r_i| |r_j|); a zero row gives 0. rows x rows.
Matrix cosineSimilarity(const Matrix& rows);
// The model's learned position vectors P[0..count-1] (count x D). Throws InputError when the model has none.
Matrix learnedPositions(const TransformerClassifier& model, Index count);

// Labels prefix1 .. prefixN for the columns of a grid ("d1", "d2", ... for the model width).
std::vector<std::string> numberedLabels(const std::string& prefix, Index count);

// The mean of the H heads' weights, T x T: the "average" heatmap.
Matrix headAverage(const std::vector<Matrix>& heads);

// ---------------------------------------------------------------------------------------------------------
// The chatbot's additive (Bahdanau) attention, one decoder step
//
//   q   = s·W1 + b1                      the decoder state as a query              1 x A
//   k_j = h_j·W2 + b2                    every encoder output as a key             S x A
//   t_j = tanh(q + k_j)                  query and key added, then squashed        S x A
//   e_j = t_j·V (+ bV)                   one score per question word; bV shifts all alike, so the layer leaves it out
//   a   = softmax(e)                     the alignment: where the decoder looks    S
//   c   = Σ_j a_j h_j                    the context vector the next word is made from   1 x U

struct AdditiveWalk {
  std::vector<std::string> sourceTokens;  // S: <start>, the question's words, <end>
  std::vector<std::string> outputTokens;  // the greedy answer, <end> included when produced
  Index step = 0;                         // the answer word whose attention is walked through (0-based)
  Matrix outputs;                         // S x U  encoder outputs h_j
  RowVector state;                        // 1 x U  decoder state s before this step
  RowVector query;                        // 1 x A
  Matrix keys;                            // S x A
  Matrix activations;                     // S x A  tanh(q + k_j)
  RowVector scores;                       // 1 x S  e
  RowVector weights;                      // 1 x S  a
  RowVector context;                      // 1 x U  c
  Matrix alignment;                       // answer words x S: a of every step of the answer
  std::vector<AttentionStep> steps;
};

// Answers `question` greedily and walks through the attention of answer word `step` (clamped to the answer):
// every number is the one the model's decode loop computed (Seq2SeqTrace).
// Throws InputError for text that is not UTF-8.
AdditiveWalk walkAdditiveAttention(const Seq2SeqAttention& model, const Vocabulary& source, const Vocabulary& target,
                                   const std::string& question, Index step);

// An untrained seeded chatbot whose vocabularies are the question's own words: its answer is random words, but
// the arithmetic of its attention is the real thing. U units, A attention units, E = U embedding width.
ChatbotModel toyChatbot(const std::string& question, Index units, Index attentionUnits, uint64_t seed);

}  // namespace al::teaching
