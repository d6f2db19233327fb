#pragma once
// What the chatbot's training and answering need of a sequence-to-sequence model, whichever its architecture:
// the GRU with Bahdanau attention (task seq2seq-attention) or the encoder-decoder Transformer (task
// seq2seq-transformer). The data pipeline, the split, the vocabularies, exact-match scoring and the training run
// (core/train/chatbot_task.h) are written once against this interface.
//
// Dimension key (core/tensor.h): S source tokens, T target tokens.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/parameters.h"

namespace al {

// One training pair as ids. Both sides include <start> and <end>; the target needs at least two tokens.
struct Seq2SeqExample {
  std::vector<int> source;
  std::vector<int> target;
};

// Sums over target tokens (teacher forcing).
struct Seq2SeqLoss {
  double lossSum = 0;  // Σ -log p(target token)
  long tokens = 0;     // real target tokens predicted
  long correct = 0;    // of which the most likely token was the target
  Seq2SeqLoss& operator+=(const Seq2SeqLoss& o) {
    lossSum += o.lossSum;
    tokens += o.tokens;
    correct += o.correct;
    return *this;
  }
};

struct Seq2SeqAnswer {
  std::vector<int> tokens;  // the tokens produced, the final <end> included when it was produced
  Matrix attention;         // steps x S: row k is the alignment (where it looked) when producing tokens[k]
};

class Seq2SeqModel {
 public:
  virtual ~Seq2SeqModel() = default;
  // The model format's task name.
  virtual std::string task() const = 0;

  // Teacher forcing over a batch, in parallel over the current oneTBB arena's threads (chunks of consecutive
  // examples, their gradients added in chunk order: a thread count gives the same bits every time). When grads
  // is given it is a training step: ADDS the gradient of the summed token loss (not divided by the token count:
  // the caller knows the whole batch), with dropout drawn from `seed` where the model has dropout. Without grads
  // it is an evaluation (no dropout). `scratch` keeps per-chunk gradient buffers between calls.
  virtual Seq2SeqLoss batchLoss(std::span<const Seq2SeqExample* const> examples, Gradients* grads, uint64_t seed,
                                std::vector<Gradients>& scratch) const = 0;

  // Greedy decoding of one source sentence (1 <= S <= max_source_length), until endId or max_target_length tokens.
  virtual Seq2SeqAnswer greedyDecode(const std::vector<int>& source, int startId, int endId) const = 0;
  // The same for many sentences, answers in their order. A model that can decode them together (one product per
  // step for all of them) overrides it; the results are those of greedyDecode up to rounding.
  virtual std::vector<Seq2SeqAnswer> greedyDecodeMany(std::span<const std::vector<int>* const> sources, int startId,
                                                      int endId) const {
    std::vector<Seq2SeqAnswer> answers;
    for (const std::vector<int>* source : sources) answers.push_back(greedyDecode(*source, startId, endId));
    return answers;
  }

  virtual Index sourceVocabSize() const = 0;
  virtual Index targetVocabSize() const = 0;
  virtual Index maxSourceLength() const = 0;
  virtual Index maxTargetLength() const = 0;

  // FLOPs of one teacher-forced training step (forward + backward ≈ 3x forward) for a pair of these lengths.
  virtual double trainingFlops(Index sourceLength, Index targetLength) const = 0;

  virtual ParameterSet& parameters() = 0;
  virtual const ParameterSet& parameters() const = 0;
};

}  // namespace al
