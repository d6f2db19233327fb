#pragma once
// Transformer-XL's attention (Dai et al., 2019): causal multi-head self-attention that reads, besides the
// segment x, a memory m of the previous M' inputs of the same layer, and that knows where a key is only by how
// far it lies behind the query (relative position), never by its absolute index.
//
// Why a memory: a model that reads a long text in segments of T tokens forgets everything at a segment's edge.
// Keeping each layer's last inputs and letting the next segment attend to them stretches what a token can see
// from T back to about L·M tokens (L layers, each reaching M further back), at no cost in backward: no gradient
// flows into the memory, it is a constant of the segment.
// Why relative positions: with a memory, "position 3" means a different token in every segment; "2 tokens
// behind me" means the same thing everywhere. So the scores get a term that depends on the distance t - j only.
//
//   c   = [m ; x]                                                  (M'+T) x D   memory rows first
//   Q   = x·W_q + b_q                                              T x (H*K)    queries: the segment only
//   Kc  = c·W_k + b_k,   Vc = c·W_v + b_v                          (M'+T) x (H*K) keys and values: memory too
//   P   = R·W_R                                                    (M'+T) x (H*K) R_p = PE[p], p = 0 .. M'+T-1
//   head h owns columns h*K .. h*K+K-1 of Q, Kc, Vc and P; u_h, v_h are row h of u_bias, v_bias (1 x K)
//   query t sits at position M'+t of c; its distance to key j is d = M'+t-j, and it sees j <= M'+t (d >= 0):
//   S_h[t, j] = ( (Q_h[t] + u_h)·Kc_h[j]          content: what key j holds
//               + (Q_h[t] + v_h)·P_h[M'+t-j] )    position: how far back key j is
//               / √K                                                T x (M'+T)
//   A_h = softmax_rows(S_h), entries with j > M'+t exactly 0      T x (M'+T)
//   Z   = concat_h(A_h·Vc_h)                                      T x (H*K)
//   Y   = Z·W_o + b_o                                             T x D
// u_h is a query-independent preference for some contents ("attend to names"), v_h one for some distances
// ("attend to the previous token"). PE is the sinusoidal table (core/layers/sinusoidal_encoding.h).
//
// The second term written as a matrix: B_h = (Q_h + v_h)·P_hᵀ (T x (M'+T), column d = distance d) holds every
// query against every distance; the score needs B_h[t, M'+t-j], a per-row shift of B_h ("relative shift").
//
// Dimension key (core/tensor.h): T tokens of the segment, D model width, H heads, K key dimension of one head;
// M' memory rows (0 <= M' <= M), C = M'+T keys.
// Read relativeAttentionReference() first: it is the same computation written with plain loops.
#include <string>
#include <vector>

#include "core/layers/layer.h"
#include "core/layers/multi_head_attention.h"  // Projection, HeadMask, maskedSoftmaxRows

namespace al {

class RelativeAttention {
 public:
  using Projection = MultiHeadAttention::Projection;
  using Projections = MultiHeadAttention::Projections;
  struct Cache {
    Matrix input;                 // T x D, x (what the query projection read)
    Matrix context;               // C x D, c = [m ; x] (its first memoryRows rows are the memory)
    Index memoryRows = 0;         // M'
    Matrix q;                     // T x (H*K)
    Matrix qu, qv;                // T x (H*K) each: Q + u and Q + v (u_h, v_h on head h's columns)
    Matrix k, v;                  // C x (H*K) each
    Matrix positions;             // C x D, R: PE rows 0 .. C-1 (what W_R reads; kept for its gradient)
    Matrix p;                     // C x (H*K), P = R·W_R
    std::vector<Matrix> weights;  // H matrices of T x C: A_h, row = query token, column = key (memory first)
    Matrix heads;                 // T x (H*K), Z
    // Set headMask before forward to switch heads off (as MultiHeadAttention::Cache::headMask).
    const HeadMask* headMask = nullptr;
    std::vector<bool> switchedOff;  // H
    // Set keepScores before forward to also keep the two terms of every head's scores, for the teaching walk
    // (core/teaching/lm_steps.h). Both are already divided by √K and 0 where key j lies after the query.
    bool keepScores = false;
    std::vector<Matrix> contentScores;   // H of T x C: (Q_h[t] + u_h)·Kc_h[j] / √K
    std::vector<Matrix> positionScores;  // H of T x C: (Q_h[t] + v_h)·P_h[M'+t-j] / √K, shifted to key columns
  };

  // Registers name + ".query.kernel" [D, H*K], ".query.bias" [H*K], the same for ".key" and ".value",
  // ".output.kernel" [H*K, D], ".output.bias" [D], ".relative.kernel" [D, H*K] (W_R, no bias), ".u_bias" [H, K]
  // and ".v_bias" [H, K]. maxKeys: the most keys a forward pass may see (segment length + memory length).
  RelativeAttention(ParameterSet& params, const std::string& name, Index width, Index heads, Index keyDim,
                    Index maxKeys);

  void initialize(ParameterSet& params, Rng& rng) const;  // Glorot kernels (W_R too), zero biases, zero u and v

  // x: T x D (T >= 1), memory: M' x D (M' >= 0, the previous inputs of this layer) -> T x D.
  Matrix forward(const ParameterSet& params, const Matrix& x, const Matrix& memory, Cache& cache) const;
  // dY: T x D -> dX: T x D; adds the gradients of all eleven tensors into grads. The memory gets none.
  Matrix backward(const ParameterSet& params, const Cache& cache, const Matrix& dy, Gradients& grads) const;

  Index width() const { return width_; }
  Index heads() const { return heads_; }
  Index keyDim() const { return keyDim_; }
  Index maxKeys() const { return positions_.rows(); }
  const Projection& query() const { return projections_.query; }
  const Projection& key() const { return projections_.key; }
  const Projection& value() const { return projections_.value; }
  const Projection& output() const { return projections_.output; }
  int relativeKernel() const { return relative_; }  // W_R, D x (H*K)
  int uBias() const { return u_; }                   // H x K
  int vBias() const { return v_; }                   // H x K
  const Matrix& positionTable() const { return positions_; }  // maxKeys x D: PE rows

 private:

  Index width_, heads_, keyDim_;
  Projections projections_;
  int relative_, u_, v_;
  Matrix positions_;  // maxKeys x D, PE[0 .. maxKeys-1]
};

// Query t of a segment after M' memory rows may read key j (of C = M'+T) when j <= M'+t: T x C of 1 and 0.
Matrix causalMaskWithMemory(Index T, Index memoryRows);

// The same forward pass with plain loops and double accumulators: the test oracle of the fast forward and the
// version a student reads first. If `weights` is given it receives the H matrices A_h (T x C).
Matrix relativeAttentionReference(const ParameterSet& params, const RelativeAttention& layer, const Matrix& x,
                                  const Matrix& memory, std::vector<Matrix>* weights = nullptr);

// The backward pass with plain loops and double sums: the test oracle of backward. It runs the forward formulas
// again from x and the memory (every head on), then goes back through them. Each score has two terms, and each
// sends its gradient dS_h[t, j] to its own two factors (scaled by 1/√K):
//   content  (Q_h[t] + u_h)·Kc_h[j]      =>  d(Q_h[t] + u_h) += dS·Kc_h[j],   dKc_h[j] += dS·(Q_h[t] + u_h)
//   position (Q_h[t] + v_h)·P_h[M'+t-j]  =>  d(Q_h[t] + v_h) += dS·P_h[M'+t-j],   dP_h[M'+t-j] += dS·(Q_h[t] + v_h)
// then du_h, dv_h and dQ from the two sums, dW_R = Rᵀ·dP, and the projections as in a dense layer. The memory
// is a constant of the segment: it gets no gradient, but W_k and W_v learn from its rows too.
// dY: T x D -> dX: T x D; adds the gradients of all eleven tensors into grads.
Matrix relativeAttentionBackwardReference(const ParameterSet& params, const RelativeAttention& layer,
                                          const Matrix& x, const Matrix& memory, const Matrix& dy, Gradients& grads);

}  // namespace al
