#pragma once
// The chatbot: a GRU encoder-decoder with additive (Bahdanau) attention, task "seq2seq-attention" of the model
// file contract.
//
// Dimension key (core/tensor.h): S source tokens, T target tokens, E embedding width, U GRU units,
// A attention units, V target vocabulary size, B sentences processed together, N target tokens of a batch.
//
//   encoder:  O = GRU(embedding_src[source])             S x U, from a zero state; its last state starts the decoder
//   decoder step (previous state s, previous token y):
//     c  = attention(s, O)                               1 x U, the alignment a (1 x S) says where it looked
//     s' = GRU(concat(c, embedding_tgt[y]), s)            1 x U
//     logits = s'·W_out + b_out                           1 x V
// Training uses teacher forcing: the decoder is fed the true previous target token, for target positions 1..T-1,
// and the loss is the cross-entropy of every real target token. Answering is greedy: the most likely token is
// fed back until <end> or max_target_length tokens.
//
// Speed: several sentences go through the encoder and decoder together, each at its real length. Sorted by
// length (longest first), the sentences still running at step t are the first B_t rows, so every step is one
// matrix product for all of them and no padding is ever computed. The weight gradients of all steps are added
// with one product per tensor at the end.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/io/declared_memory.h"
#include "core/layers/additive_attention.h"
#include "core/layers/dense.h"
#include "core/layers/embedding.h"
#include "core/layers/gru.h"
#include "core/models/seq2seq_model.h"
#include "core/parameters.h"
#include "core/text/tokenizer.h"

namespace al {

struct Seq2SeqConfig {
  Index sourceVocabSize = 0, targetVocabSize = 0;
  Index embedDim = 0;        // E
  Index units = 0;           // U
  Index attentionUnits = 0;  // A
  Index maxSourceLength = 0, maxTargetLength = 0;  // in tokens, <start> and <end> included
  TokenizerKind tokenizer = TokenizerKind::Ascii;  // how text becomes tokens (model format, "Text to ids")
};

// The config.json fields of the contract (without format, version and task); InputError naming the file for a
// missing or bad field.
nlohmann::json toJson(const Seq2SeqConfig&);
// Reads and checks the fields of config.json (model-format.md, task "seq2seq-attention"); `file` names it in
// messages. Throws InputError.
Seq2SeqConfig seq2seqConfigFromJson(const nlohmann::json&, const std::string& file);

// What greedy decoding computed on its way, kept for the teaching walk (the walk reads it, never recomputes it).
struct Seq2SeqTrace {
  Matrix outputs;                     // S x U  encoder outputs h_j
  Matrix keys;                        // S x A  h·W2 + b2
  struct Step {
    RowVector state;                  // 1 x U  decoder state s before this answer word
    RowVector query;                  // 1 x A  s·W1 + b1
    AdditiveAttention::StepCache attention;  // tanh(q + k_j), scores e, weights a
    RowVector context;                // 1 x U  c = Σ_j a_j h_j
  };
  std::vector<Step> steps;            // one per answer word
};

class Seq2SeqAttention : public Seq2SeqModel {
 public:
  // Registers every tensor of the contract, in its order. Throws InputError for a zero size.
  explicit Seq2SeqAttention(const Seq2SeqConfig& config);
  // What the constructor would register and one full-length answer needs, from the config alone.
  static io::DeclaredMemory declaredMemory(const Seq2SeqConfig& config);

  void initialize(uint64_t seed);  // Keras' default initializers

  // Teacher forcing on a group of examples, on the calling thread. When grads is given, ADDS the gradient of
  // the summed token loss (not yet divided by the token count: the caller knows the whole batch).
  Seq2SeqLoss teacherForcing(std::span<const Seq2SeqExample* const> examples, Gradients* grads) const;

  // Groups of consecutive examples, one per thread, each through teacherForcing (no dropout: seed unused).
  Seq2SeqLoss batchLoss(std::span<const Seq2SeqExample* const> examples, Gradients* grads, uint64_t seed,
                        std::vector<Gradients>& scratch) const override;

  // Greedy decoding of one source sentence (any length >= 1). With a trace, also keeps every intermediate value.
  Seq2SeqAnswer greedyDecode(const std::vector<int>& source, int startId, int endId) const override {
    return greedyDecode(source, startId, endId, nullptr);
  }
  Seq2SeqAnswer greedyDecode(const std::vector<int>& source, int startId, int endId, Seq2SeqTrace* trace) const;
  // Greedy decoding of many sentences together: at each step the sentences still answering are the rows of one
  // GRU step and one output product, and a sentence leaves the group at its <end> (scoring a test split).
  std::vector<Seq2SeqAnswer> greedyDecodeMany(std::span<const std::vector<int>* const> sources, int startId,
                                              int endId) const override {
    return decodeGroup(sources, startId, endId, nullptr);
  }

  std::string task() const override { return "seq2seq-attention"; }
  const Seq2SeqConfig& config() const { return config_; }
  Index sourceVocabSize() const override { return config_.sourceVocabSize; }
  Index targetVocabSize() const override { return config_.targetVocabSize; }
  Index maxSourceLength() const override { return config_.maxSourceLength; }
  Index maxTargetLength() const override { return config_.maxTargetLength; }
  ParameterSet& parameters() override { return params_; }
  const ParameterSet& parameters() const override { return params_; }

  // Multiply-adds of one teacher-forced training step (forward + backward ≈ 3x forward) for one sentence pair
  // of these lengths, for the benchmark's GFLOP/s.
  double trainingFlops(Index sourceLength, Index targetLength) const override;

 private:
  // The encoder's work for a group of sentences, kept for the backward pass and for decoding.
  struct Encoded {
    std::vector<size_t> order;          // row r holds example order[r] (longest source first)
    std::vector<Index> rowOf;           // example i -> its row
    std::vector<Gru::StepCache> steps;  // one per time step, B_t rows each (their input left empty: see inputs)
    std::vector<std::vector<int>> ids;  // per time step: the B_t token ids that were embedded
    Matrix inputs;                      // ΣS x E, the embeddings of every step, step after step
    std::vector<Matrix> outputs;        // per example i: S_i x U, the states after every source token
    Matrix finalStates;                 // B x U, row r: the last state of example order[r]
  };
  struct Decoded;   // decoder caches of a group
  void checkIds(const std::vector<int>& ids, Index vocabSize, const char* side) const;
  Encoded encode(std::span<const Seq2SeqExample* const> examples) const;
  void encodeBackward(const Encoded& enc, std::vector<Matrix>& dOutputs, const Matrix& dFinal, Gradients& grads) const;
  // Greedy decoding of a group (greedyDecode is a group of one); a trace only for a group of one.
  std::vector<Seq2SeqAnswer> decodeGroup(std::span<const std::vector<int>* const> sources, int startId, int endId,
                                         Seq2SeqTrace* trace) const;

  Seq2SeqConfig config_;
  ParameterSet params_;
  Embedding sourceEmbedding_;
  Gru encoderGru_;
  Embedding targetEmbedding_;
  AdditiveAttention attention_;
  Gru decoderGru_;
  Dense output_;
};

}  // namespace al
