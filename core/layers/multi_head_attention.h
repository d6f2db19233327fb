#pragma once
// Multi-head attention, the heart of a Transformer: self-attention (queries, keys and values all from one
// sequence X) in the encoder and the decoder, cross-attention (queries from the decoder's sequence X_q, keys and
// values from the encoder's output X_kv) where the decoder reads the source sentence.
//
// Every token asks a question (its query), advertises what it holds (its key) and offers content (its value).
// A head compares each query with every key, turns the scores into weights that sum to 1 (softmax), and
// returns for every token the weighted average of the values. Several heads do this side by side, each in
// its own K-wide slice of the projections, so that one head can follow syntax while another follows
// sentiment. The heads' results are concatenated and mixed back to width D.
//
//   Q = X_q·W_q + b_q                                             T x (H*K)
//   K = X_kv·W_k + b_k,  V = X_kv·W_v + b_v                       S x (H*K) each (self-attention: X_kv = X_q)
//   head h owns columns h*K .. h*K+K-1 of Q, K and V
//   S_h = Q_h·K_hᵀ / √K                                           T x S scores (query row, key column)
//   A_h = softmax_rows(S_h), masked entries get weight exactly 0  T x S attention weights
//   Z   = concat_h(A_h·V_h)                                       T x (H*K)
//   Y   = Z·W_o + b_o                                             T x D
//
// Why divide by √K: a dot product of K random unit-variance numbers has variance K; dividing keeps the scores
// near unit scale, so the softmax is not saturated (and its gradient not vanishing) at the start of training.
//
// Dimension key (core/tensor.h): T query tokens, S key/value tokens (S = T in self-attention), D model width,
// H heads, K key dimension of one head.
// Read multiHeadAttentionReference() first: it is the same computation written with plain loops.
//
// Switching heads off (HeadMask, the "which heads matter?" experiment): head h's slice of Z is replaced before
// the output projection, for every token, by zeros or by a fixed row the caller supplies (its mean over data):
//   Z_h = 0                 T x K     ("zero")
//   Z_h = 1_T · m_h         T x K     ("mean": every row is m_h, 1 x K)
// so Y = Z·W_o + b_o keeps nothing of what head h read in this text. A_h is still computed (and can be shown).
//
// Several sequences stacked (forwardStacked, what training does): X holds the rows of B sequences one after the
// other, N = T_1 + ... + T_B rows. The projections are row by row, so each is one N-row product: the weights are
// read (packed by the matrix library) once for all B sequences instead of once per sequence, which is most of
// what a product of a few hundred rows costs beyond its arithmetic. Attention itself stays within each sequence:
// sequence b's queries see sequence b's keys only, so every A_h is T_b x T_b, as if the sequences ran one by one.
#include <span>
#include <string>
#include <vector>

#include "core/layers/layer.h"

namespace al {

// Whether the scores are divided by √K. Only teaching switches it off, to show what an unscaled softmax does.
enum class ScoreScaling { SqrtKeyDim, None };

// Which heads of one layer are switched off, and what takes their place.
struct HeadMask {
  std::vector<bool> off;  // head h is switched off when off[h] (heads past the end stay on)
  Matrix means;           // H x K: row h replaces head h's output on every token; empty: zeros
  bool isOff(Index h) const { return h >= 0 && static_cast<size_t>(h) < off.size() && off[static_cast<size_t>(h)]; }
};

// Z_h = 0, or every row = m_h, for each head `mask` switches off (null: every head stays on); shared by
// MultiHeadAttention and RelativeAttention. z: T x (H*K). Returns which of the H heads were switched off, so that
// backward can treat their Z_h as a constant.
std::vector<bool> switchHeadsOff(const HeadMask* mask, Matrix& z, Index heads, Index keyDim);

class MultiHeadAttention {
 public:
  struct Cache {
    Matrix queryInput;            // T x D, the X_q the query projection saw
    Matrix keyValueInput;         // S x D, the X_kv the key and value projections saw (empty: X_kv = X_q)
    Matrix q;                     // T x (H*K)
    Matrix k, v;                  // S x (H*K) each
    std::vector<Matrix> weights;  // H matrices of T x S: A_h, row = query token, column = key token
    Matrix heads;                 // T x (H*K), Z = concat_h(A_h·V_h)
    float scoreScale = 1.0f;      // the factor the scores were multiplied by (1/√K, or 1 unscaled): backward needs it
    // Set keepScores before forward to also keep the scores, H matrices of T x S each, for the teaching walk
    // (training leaves it off): the raw S_h = Q_h·K_hᵀ and the scaled S_h·scale that the mask and softmax saw.
    bool keepScores = false;
    std::vector<Matrix> scores, scaledScores;
    // Set headMask before forward to switch heads off (null: all on). Forward copies which heads were off into
    // switchedOff: backward treats their Z_h as a constant (no gradient reaches their Q, K and V).
    const HeadMask* headMask = nullptr;
    std::vector<bool> switchedOff;  // H
    // forwardStacked: the stacked sequences' lengths (weights then holds H matrices per sequence, sequence by
    // sequence: A_h of sequence b is weights[b*H + h]). Empty: one sequence, X_q and X_kv whole.
    std::vector<Index> lengths;
  };
  // What backward of cross-attention returns: the gradient of each of its two inputs.
  struct InputGradients {
    Matrix query;     // T x D, dL/dX_q
    Matrix keyValue;  // S x D, dL/dX_kv
  };

  // Registers name + ".query.kernel" [D, H*K], ".query.bias" [H*K], the same for ".key" and ".value",
  // ".output.kernel" [H*K, D] and ".output.bias" [D].
  MultiHeadAttention(ParameterSet& params, const std::string& name, Index width, Index heads, Index keyDim);

  void initialize(ParameterSet& params, Rng& rng) const;  // Glorot kernels, zero biases

  // Self-attention. x: T x D -> T x D. `allowed` is an optional T x T mask: entry (i, j) is 1 when query i may
  // attend to key j, 0 when it may not. A query with no allowed key gets all-zero weights (its head output is 0).
  Matrix forward(const ParameterSet& params, const Matrix& x, Cache& cache, const Matrix* allowed = nullptr,
                 ScoreScaling scaling = ScoreScaling::SqrtKeyDim) const;
  // Self-attention of B sequences stacked row-wise (the header's last paragraph): x is N x D, `lengths` the B
  // sequences' token counts (summing to N); each token attends to the tokens of its own sequence only. N x D.
  // backward takes the stacked dY and gives the stacked dX. No mask and no kept scores (training's path): a cache
  // with keepScores set is refused (std::logic_error).
  Matrix forwardStacked(const ParameterSet& params, const Matrix& x, std::span<const Index> lengths, Cache& cache) const;
  // dY: T x D -> dX: T x D; adds the gradients of all eight tensors into grads.
  Matrix backward(const ParameterSet& params, const Cache& cache, const Matrix& dy, Gradients& grads) const;

  // Cross-attention. xQuery: T x D, xKeyValue: S x D -> T x D; `allowed` is an optional T x S mask.
  Matrix forward(const ParameterSet& params, const Matrix& xQuery, const Matrix& xKeyValue, Cache& cache,
                 const Matrix* allowed = nullptr, ScoreScaling scaling = ScoreScaling::SqrtKeyDim) const;
  // dY: T x D -> dX_q: T x D and dX_kv: S x D; adds the gradients of all eight tensors into grads.
  InputGradients backwardCross(const ParameterSet& params, const Cache& cache, const Matrix& dy, Gradients& grads) const;

  // The factor the scores are multiplied by: 1/√K, or 1 without scaling.
  float scoreScale(ScoreScaling scaling = ScoreScaling::SqrtKeyDim) const;

  Index width() const { return width_; }
  Index heads() const { return heads_; }
  Index keyDim() const { return keyDim_; }

  // One projection X·W + b: its two slots, and what every attention layer (and GPT-2's cached generation) does
  // with one.
  struct Projection {
    int kernel;
    int bias;
    // Registers name + ".kernel" [in, out] and name + ".bias" [out].
    static Projection add(ParameterSet& params, const std::string& name, Index in, Index out);
    // Y = X·W + b for every token: N x in -> N x out.
    Matrix apply(const ParameterSet& params, const Matrix& x) const;
    // Y = X·W + b  =>  dW += Xᵀ·dY,  db += Σ_rows dY  (dX is the caller's: it usually has several sources).
    // x must live until a batch's gradients are added up (core/parameters.h); a dy passed as an rvalue is moved
    // into one sample's part of them.
    void addGradients(const Matrix& x, const Matrix& dy, Gradients& grads) const;
    void addGradients(const Matrix& x, Matrix&& dy, Gradients& grads) const;
  };
  // The four projections of an attention layer, registered under one name: W_Q, W_K, W_V [D, H*K] and
  // W_O [H*K, D], each with its bias. Relative attention (Transformer-XL) has the same four and more.
  struct Projections {
    Projection query, key, value, output;
    static Projections add(ParameterSet& params, const std::string& name, Index width, Index heads, Index keyDim);
    // Glorot-uniform kernels, zero biases (Keras' defaults, as the book's layer).
    void initialize(ParameterSet& params, Rng& rng) const;
  };
  const Projection& query() const { return projections_.query; }
  const Projection& key() const { return projections_.key; }
  const Projection& value() const { return projections_.value; }
  const Projection& output() const { return projections_.output; }

 private:
  // One sequence's rows among the stacked ones: queries first .. first+T-1 of X_q, keys of X_kv likewise.
  struct Rows {
    Index queryFirst, queries, keyFirst, keys;
  };
  // The sequences of cache.lengths (or the whole of X_q and X_kv).
  static std::vector<Rows> sequencesOf(const Cache& cache, Index T, Index S);
  Matrix forwardSequences(const ParameterSet& params, const Matrix& xQuery, const Matrix& xKeyValue, Cache& cache,
                          const Matrix* allowed, ScoreScaling scaling) const;
  // One sequence's part of backward: from dZ to dQ, dK, dV of its rows. A_h is weights[index*H + h].
  void attentionBackward(const Cache& cache, const Rows& rows, size_t index, const Matrix& dz, Matrix& dq, Matrix& dk,
                         Matrix& dv) const;

  Index width_, heads_, keyDim_;
  Projections projections_;
};

// The layer's softmax, in place: every row of T x T scores becomes weights over its allowed keys (all when
// `allowed` is null); masked keys get exactly 0 and a row without any allowed key becomes all zeros.
void maskedSoftmaxRows(Matrix& scores, const Matrix* allowed);
// The scores as the softmax sees them: -∞ where `allowed` is 0 (T x T).
Matrix maskScores(const Matrix& scores, const Matrix& allowed);

// The T x T mask of a decoder: query i may attend to keys 0..i only (no peeking at later tokens).
Matrix causalMask(Index T);
// The T x T mask of a padded sequence: every query may attend to the first realTokens keys only.
Matrix keyPaddingMask(Index T, Index realTokens);

// The same forward pass with plain loops and double accumulators: no Eigen products. It is the test oracle of
// the fast forward and the version a student reads first. If `weights` is given it receives the H matrices A_h.
// `mask` switches heads off as Cache::headMask does.
Matrix multiHeadAttentionReference(const ParameterSet& params, const MultiHeadAttention& layer, const Matrix& x,
                                   const Matrix* allowed = nullptr, std::vector<Matrix>* weights = nullptr,
                                   const HeadMask* mask = nullptr);
// Cross-attention with plain loops: queries from xQuery (T x D), keys and values from xKeyValue (S x D).
Matrix multiHeadAttentionReference(const ParameterSet& params, const MultiHeadAttention& layer, const Matrix& xQuery,
                                   const Matrix& xKeyValue, const Matrix* allowed = nullptr,
                                   std::vector<Matrix>* weights = nullptr, const HeadMask* mask = nullptr);

// The backward pass with plain loops and double sums: the test oracle of backward and backwardCross. It runs the
// forward formulas again from the inputs (every head on, scores scaled by 1/√K), then goes back through them:
//   Y = Z·W_o + b_o              =>  dZ = dY·W_oᵀ,   dW_o += Zᵀ·dY,   db_o += Σ_rows dY
//   Z_h = A_h·V_h                =>  dA_h = dZ_h·V_hᵀ,   dV_h = A_hᵀ·dZ_h
//   A_h = softmax_rows(S_h)      =>  dS_h[i][j] = A_h[i][j]·(dA_h[i][j] - Σ_j' A_h[i][j']·dA_h[i][j'])
//   S_h = Q_h·K_hᵀ/√K            =>  dQ_h = dS_h·K_h/√K,   dK_h = dS_hᵀ·Q_h/√K
//   Q = X_q·W_q + b_q            =>  dX_q = dQ·W_qᵀ,   dW_q += X_qᵀ·dQ,   db_q += Σ_rows dQ   (K and V: from X_kv)
// Cross-attention: queries from xQuery (T x D), keys and values from xKeyValue (S x D); dY: T x D. The gradients
// of the eight tensors are added into grads.
MultiHeadAttention::InputGradients multiHeadAttentionBackwardReference(const ParameterSet& params,
                                                                       const MultiHeadAttention& layer,
                                                                       const Matrix& xQuery, const Matrix& xKeyValue,
                                                                       const Matrix& dy, Gradients& grads,
                                                                       const Matrix* allowed = nullptr);
// Self-attention: X is both X_q and X_kv, so dX = dX_q + dX_kv (T x D).
Matrix multiHeadAttentionBackwardReference(const ParameterSet& params, const MultiHeadAttention& layer,
                                           const Matrix& x, const Matrix& dy, Gradients& grads,
                                           const Matrix* allowed = nullptr);

}  // namespace al
