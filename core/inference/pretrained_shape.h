#pragma once
// The sizes of a model read from a Hugging Face folder, whatever its kind: what a page says of it beside its name
// ("pretrained BERT: 30522 words, up to 512 tokens, 12 layers of 12 heads, width 768").
//
//   if (std::optional<PretrainedShape> s = pretrainedShapeOf(model)) ... s->family, s->layers ...
//
// Each kind:
//   bert             Bert           its tokenizer's words, its positions
//   gpt2             Gpt2           its tokenizer's words, its positions
//   bert-sentiment   SentimentHead  its BERT's layers, heads and width; the tokens the head reads; its BERT's name
//   the app's own kinds: none (their sizes are the catalogue's `describe`)
#include <cstdint>
#include <optional>
#include <string>

#include "core/inference/any_model.h"

namespace al {

struct PretrainedShape {
  enum class Family { Bert, Gpt2, SentimentHead };
  Family family = Family::Bert;
  int64_t vocabulary = 0;  // the tokenizer's words (Bert, Gpt2)
  int64_t positions = 0;   // the most tokens it reads: its positions, a sentiment head's sequence length
  int64_t layers = 0;
  int64_t heads = 0;
  int64_t width = 0;
  std::string base;        // SentimentHead: the name of the BERT under it
};

// The sizes of a pretrained model, or of the BERT under a sentiment head; nullopt for every other kind.
std::optional<PretrainedShape> pretrainedShapeOf(const AnyModel& model);

}  // namespace al
