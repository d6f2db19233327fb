#pragma once
// The encoder-decoder Transformer (task "seq2seq-transformer" of the model format): the book's
// TransformerEncoder + TransformerDecoder, for the same question -> answer (or translation) pairs as the chatbot.
//
//   source ids (S) -> encoder stack (core/models/transformer_encoder.h) -> E            S x D
//   target ids y_0..y_{T-1} (y_0 = <start>) -> decoder stack (core/models/transformer_decoder.h), reading E
//                                                                        -> X           T x D
//   dropout (training only) -> logits = X·W_out + b_out                                  T x V; row t predicts y_{t+1}
//
// Training uses teacher forcing: the decoder reads the true target shifted right (<start> y_1 .. y_{T-2}) and
// every position predicts the next token at once; the causal mask keeps each position from seeing the tokens it
// must predict. The loss is the cross-entropy over the real target tokens y_1 .. <end>.
// Answering is greedy: the decoder runs again on all tokens so far and the last row's most likely token is
// appended, until <end> or max_target_length tokens.
//
// Dimension key (core/tensor.h): B pairs, S source tokens, T target tokens, D model width, H heads, K key
// dimension, F feed-forward width, L layers (each side), V target vocabulary size.
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/layers/dense.h"
#include "core/layers/dropout.h"
#include "core/models/seq2seq_model.h"
#include "core/models/transformer_decoder.h"
#include "core/models/transformer_encoder.h"

namespace al {

struct Seq2SeqTransformerConfig {
  Index sourceVocabSize = 0, targetVocabSize = 0;
  Index embedDim = 0;   // D
  Index numHeads = 0;   // H
  Index keyDim = 0;     // K
  Index denseDim = 0;   // F
  Index numLayers = 0;  // L, on each side
  Index maxSourceLength = 0, maxTargetLength = 0;  // in tokens, <start> and <end> included
  float dropout = 0.0f;
  float normEpsilon = 1e-3f;
  std::string tokenizer = "ascii";  // model-format.md, "Text to ids"
};

class Seq2SeqTransformer : public Seq2SeqModel {
 public:
  // One pair's teacher-forced pass, kept for backward.
  struct SampleCache {
    TransformerDecoder::Cache decoder;
    Dropout::Cache dropout;
    Dense::Cache output;
  };

  // One decoder pass of greedy decoding: the tokens it read and everything its layers computed.
  struct DecoderPass {
    std::vector<int> input;        // T tokens: <start> and the tokens produced before this step
    TransformerDecoder::Cache cache;  // per layer: q, k, v, attention weights, norms, feed-forward values
    Matrix output;                 // T x D, the last layer's output
    RowVector logits;              // 1 x V, of the last position: the next token's scores
    int chosen = 0;                // the most likely token: the one appended
  };
  // Greedy decoding with every attention set, for ask --json and the app's pages.
  struct Decoding {
    std::vector<int> tokens;                            // produced, the final <end> included when produced
    Matrix encoded;                                     // S x D, the encoder's output
    std::vector<std::vector<Matrix>> encoderAttention;  // [layer][head] S x S
    std::vector<std::vector<Matrix>> decoderAttention;  // [layer][head] T x T, of the final pass (causal: upper triangle 0)
    std::vector<std::vector<Matrix>> crossAttention;    // [layer][head] T x S, of the final pass
    std::vector<DecoderPass> passes;                    // one per generation step (only with keepPasses)
  };

  // Registers every tensor of the contract. Throws InputError for a zero size.
  explicit Seq2SeqTransformer(const Seq2SeqTransformerConfig& config);
  // Keras' default initializers (Glorot kernels, zero biases, uniform ±0.05 embeddings, norms 1 and 0).
  void initialize(uint64_t seed);
  // The dropout rate of training (a training setting more than a part of the model). Throws outside [0, 1).
  void setDropout(float rate);

  // Teacher forcing on one pair with explicit parameters (the gradient check nudges a copy): logits T-1 x V,
  // row t predicting target[t+1]. Dropout is drawn from rng in Mode::Train.
  Matrix forwardPair(const ParameterSet& params, const Seq2SeqExample& pair, Mode mode, Rng& rng,
                     TransformerEncoder::BatchCache& encoder, SampleCache& cache) const;
  // dLogits (T-1 x V) -> adds every parameter gradient into grads.
  void backwardPair(const ParameterSet& params, TransformerEncoder::BatchCache& encoder, const SampleCache& cache,
                    const Matrix& dLogits, Gradients& grads) const;

  Seq2SeqLoss batchLoss(std::span<const Seq2SeqExample* const> examples, Gradients* grads, uint64_t seed,
                        std::vector<Gradients>& scratch) const override;
  Seq2SeqAnswer greedyDecode(const std::vector<int>& source, int startId, int endId) const override;
  // The same greedy decoding, with every attention set (and every pass's values when keepPasses).
  Decoding decode(const std::vector<int>& source, int startId, int endId, bool keepPasses = false) const;
  // The alignment of a decoding (T x S): its last layer's cross-attention averaged over the heads.
  static Matrix alignment(const Decoding& decoding);

  std::string task() const override { return "seq2seq-transformer"; }
  const Seq2SeqTransformerConfig& config() const { return config_; }
  Index sourceVocabSize() const override { return config_.sourceVocabSize; }
  Index targetVocabSize() const override { return config_.targetVocabSize; }
  Index maxSourceLength() const override { return config_.maxSourceLength; }
  Index maxTargetLength() const override { return config_.maxTargetLength; }
  double trainingFlops(Index sourceLength, Index targetLength) const override;
  ParameterSet& parameters() override { return params_; }
  const ParameterSet& parameters() const override { return params_; }

  const TransformerEncoder& encoder() const { return *encoder_; }
  const TransformerDecoder& decoder() const { return *decoder_; }

 private:
  void checkIds(const std::vector<int>& ids, Index vocabSize, const char* side) const;
  Matrix encode(const std::vector<int>& source, TransformerEncoder::BatchCache& cache) const;

  Seq2SeqTransformerConfig config_;
  ParameterSet params_;
  std::unique_ptr<TransformerEncoder> encoder_;
  std::unique_ptr<TransformerDecoder> decoder_;
  std::unique_ptr<Dense> output_;
};

}  // namespace al
