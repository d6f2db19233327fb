#pragma once
// Which walk of the step-through page takes a model apart, and the model that walk reads: the one place that knows
// it for every kind, so that the page names no kind.
//
//   std::optional<ModelWalk> w = modelWalkOf(model);   // nullopt: no walk reads a model of this kind
//   w->kind == WalkKind::Pretrained  ->  w->model holds a BERT or a GPT-2
//
// Each kind:
//   imdb-transformer       SelfAttention   its first encoder layer
//   seq2seq-attention      Additive        its decoder's additive (Bahdanau) attention
//   seq2seq-transformer    Decoder         its decoder, one generation step at a time
//   causal-lm              LanguageModel   the pass that predicts the next token
//   bert, gpt2             Pretrained      any layer, with the model's own numbers
//   bert-sentiment         Pretrained      its BERT (which keeps the head's snapshot alive)
//   imdb-bigram, masked-lm none
#include <optional>

#include "core/inference/any_model.h"

namespace al {

// The walks, in the order the page offers them.
enum class WalkKind {
  SelfAttention,  // a Transformer encoder layer
  Additive,       // the chatbot decoder's additive (Bahdanau) attention
  Decoder,        // the encoder-decoder Transformer's decoder, one generation step at a time
  LanguageModel,  // a GPT trained here: the pass that predicts the next token
  Pretrained,     // a Hugging Face BERT or GPT-2: any layer, with the model's own numbers
};
inline constexpr int kWalkKinds = 5;

struct ModelWalk {
  WalkKind kind = WalkKind::SelfAttention;
  AnyModel model;  // what the walk reads: the model itself, or the BERT under a sentiment head
};

// The walk that reads `model`; nullopt for a model without weights or of a kind no walk reads.
std::optional<ModelWalk> modelWalkOf(const AnyModel& model);

}  // namespace al
