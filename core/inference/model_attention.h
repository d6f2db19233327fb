#pragma once
// What any model with self-attention (the catalogue's Ability::SelfAttention) shows of a text: the tokens it read
// and every layer's and head's map, with heads switched off where asked; and the shape of its attention stack.
// The one place that knows how each kind reads a text: `inspect` and the Attention page both call it, so they
// show the same numbers for the same text.
//
//   ModelAttention a = readModelAttention(model, "the cat sat", &switches);  // switches: null for every head on
//   a.attention[layer][head](query, key)     // row = query, its weights over the keys sum to 1
//
// Each kind, as it reads a text:
//   imdb-transformer      its words, cut at sequence_length; the prediction beside the maps
//   bert-sentiment        its BERT's pieces ([CLS] ... [SEP], cut where the head's training cut), the head's verdict
//   masked-lm             its words ([MASK] kept whole), cut at sequence_length
//   causal-lm             the whole text's tokens; the maps of its last segment of S tokens (with a memory, the
//                         keys start before the segment: queryStart, keyStart)
//   seq2seq-transformer   the question as its encoder reads it (<start> ... <end>): the encoder's self-attention
//   bert, gpt2            the tokenizer's pieces (BERT's with [CLS] and [SEP])
//
// Dimension key (core/tensor.h): T tokens, L layers, H heads.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/inference/any_model.h"
#include "core/models/head_switches.h"
#include "core/teaching/word_grouping.h"
#include "core/tensor.h"

namespace al {

struct ModelAttention {
  std::vector<std::string> tokens;  // as the model's vocabulary writes them: "[CLS]", "##ing", "Ġthe", "<start>"
  std::vector<int64_t> ids;         // the model's ids of those tokens
  // Each token as a person reads it (a byte-level piece decoded: "Ġthe" -> "the"); the token itself otherwise.
  std::vector<std::string> readable;
  std::vector<bool> unknown;        // the model read its unknown token there ([UNK]: a word it has never seen)
  // A pretrained tokenizer's pieces: where each came from in the text (to group them into its words). Empty for
  // the app's own kinds, whose tokens are words already.
  std::vector<teaching::PieceSpan> pieces;
  bool truncated = false;           // the text had more tokens than the model reads; the first ones are shown
  std::optional<float> probability;  // a classifier of reviews: its probability of positive
  std::vector<std::vector<Matrix>> attention;  // [layer][head], queries x keys (T x T but for a causal-lm's memory)
  size_t queryStart = 0;  // the token of query row 0 (a causal-lm's last segment; 0 otherwise)
  size_t keyStart = 0;    // the token of key column 0 (before queryStart when the memory's tokens are keys too)

  size_t layers() const { return attention.size(); }
  size_t heads() const { return attention.empty() ? 0 : attention.front().size(); }
  // Every query reads the same tokens it is: the maps are square over the tokens from queryStart.
  bool square() const { return keyStart == queryStart; }
};

// The text as `model` reads it, with `switches` off (null or empty: every head on). InputError for a model without
// self-attention (WrongTask), a text without tokens (EmptySentence) or longer than a pretrained model's positions.
ModelAttention readModelAttention(const AnyModel& model, std::string_view text, const HeadSwitches* switches = nullptr);

// The size of a model: its self-attention stack (layers x heads; 0 x 0 for a model without) and the vocabulary it
// reads (the source's for a model that answers questions; 0 for no weights).
struct ModelShape {
  size_t layers = 0;
  Index heads = 0;
  Index vocabulary = 0;
};
ModelShape modelShape(const AnyModel& model);

// The heads "L.H[,L.H...]" names, checked against the model's shape (core/models/head_switches.h). InputError
// naming the piece that is wrong; also for a model without self-attention (WrongTask). Empty spec: none off.
HeadSwitches headSwitchesOf(const AnyModel& model, const std::string& spec);

}  // namespace al
