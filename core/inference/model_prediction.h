#pragma once
// What any model answers about a text, whatever its kind: the one place that knows how each kind predicts, so that
// a training timeline (core/train/timeline_recorder.h) and the pages show the same verdict for the same weights.
//
//   ModelPrediction p = readModelPrediction(model, "this movie was not good");
//   p.kind == PredictionKind::Class  ->  p.probability (of positive)
//
// Each kind's prediction:
//   imdb-transformer, imdb-bigram, bert-sentiment   Class      the probability of positive
//   masked-lm                                       Fill       each [MASK]'s best candidates (none without a [MASK])
//   causal-lm, gpt2                                 NextToken  the best next tokens after the text
//   seq2seq-attention, seq2seq-transformer          Answer     the greedy answer and its alignment over the question
//   bert                                            None       a pretrained encoder is read, never trained here
#include <string>
#include <string_view>
#include <vector>

#include "core/inference/any_model.h"
#include "core/tensor.h"

namespace al {

enum class PredictionKind { None, Class, Fill, NextToken, Answer };

struct PredictedToken {
  std::string token;  // as the model's vocabulary writes it
  float probability = 0;
};

struct ModelPrediction {
  PredictionKind kind = PredictionKind::None;
  std::vector<std::string> tokens;  // the text as the model read it (an answerer: its question, <start> ... <end>)
  float probability = 0;            // Class: of positive
  struct Blank {
    int position = 0;                  // index into tokens
    std::vector<PredictedToken> top;   // best first
  };
  std::vector<Blank> blanks;           // Fill: one per [MASK], in text order
  std::vector<PredictedToken> next;    // NextToken: best first
  std::string answer;                  // Answer: the output tokens joined by spaces, without <end>
  std::vector<std::string> answerTokens;  // Answer: as produced, the final <end> included when produced
  Matrix alignment;                    // Answer: answer tokens x question tokens (each row sums to 1)
};

// The prediction of `model` for `text`, with the `top` best candidates where it lists candidates. InputError as
// the kind's own prediction (a text without words, text that is not UTF-8).
ModelPrediction readModelPrediction(const AnyModel& model, std::string_view text, int top = 5);

// Whether the model's self-attention is causal: a query sees only the keys up to its own position (a language
// model). False for encoders and for models without self-attention.
bool readsCausally(const AnyModel& model);

}  // namespace al
