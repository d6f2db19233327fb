#pragma once
// Attention between words rather than pieces (the Attention page's "words" view). A tokenizer cuts a Chinese
// sentence into characters and an English one into pieces ("play", "##ing"); a reader thinks in words. The pieces
// are grouped into the words ICU's word break iterator finds in the original text (a piece belongs to the word its
// first byte lies in; a piece the tokenizer added, [CLS] or [SEP], stays a word of its own), and a word's map is
//
//   W[i][j] = (1 / |pieces of i|) · Σ over query pieces p of i · Σ over key pieces k of j · A[p][k]
//
// the weight summed over the key word's pieces (how much of a row goes to the word) and averaged over the query
// word's pieces, so each row still sums to 1.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "core/tensor.h"

namespace al::teaching {

struct PieceSpan {
  size_t begin = 0, end = 0;  // bytes of the text the piece came from
  bool added = false;         // added by the tokenizer ([CLS], [SEP]): no bytes of the text
};

struct WordGroups {
  std::vector<std::vector<size_t>> pieces;  // [word]: its pieces, in order; every piece in exactly one word
  std::vector<std::string> words;           // [word]: its text (an added piece: empty; the caller names it)
};

// text: UTF-8, the text the pieces were read from. Pieces in order, as the tokenizer gave them.
WordGroups groupIntoWords(std::string_view text, const std::vector<PieceSpan>& pieces);

// A piece map (T x T, rows = queries) as a word map (words x words); rows that summed to 1 still do.
Matrix wordAttention(const Matrix& pieces, const WordGroups& groups);

}  // namespace al::teaching
