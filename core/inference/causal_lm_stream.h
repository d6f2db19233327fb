#pragma once
// Transformer-XL's evaluation: a text read once, left to right, every token after the memory the earlier ones
// left behind, instead of the whole text from the start again for every new token (Dai et al., 2019, section 3.2:
// "the representations from the previous segments can be reused instead of being computed from scratch").
//
//   the text is cut into segments of S ids from its start (as CausalLanguageModel::readSegments cuts it)
//   context_ = each layer's inputs at the memory's M' positions, then at the current segment's t ids read so far
//              (L matrices of (M'+t) x D)
//   read(ids): the new ids in pieces that end at segment edges; a piece of T ids goes through the model after
//              context_: its queries are the T new ids, its keys and values the M'+t context rows and the T ids
//   a full segment (t = S) leaves its last M rows as the next segment's memory (CausalLanguageModel::memoryAfter)
// The context rows are what re-reading the text would compute again: a causal layer's input at a position does
// not depend on any later id. So the logits are those of readSegments on the text so far (to float rounding), and
// a new token costs one pass over one id (keys of at most M + S positions), not a pass over every segment.
//
// Dimension key (core/tensor.h): T new ids of one piece, D model width, V vocabulary size, M' memory rows, t ids
// of the current segment read before the piece, C = M'+t+T keys of the piece.
#include <span>
#include <vector>

#include "core/models/causal_lm.h"

namespace al {

class CausalLmStream {
 public:
  // A model with a memory (memory_length > 0); InputError otherwise (without memory the model reads a window).
  explicit CausalLmStream(const CausalLanguageModel& model);

  // The ids after those read so far -> their logits (N x V for N ids: row n predicts the id after ids[n]).
  // InputError for no ids.
  Matrix read(std::span<const int> ids);

  // The last piece's attention: [layer][head] of T x C, query row, key column; key 0 is the text's id
  // lastKeysStart() (the memory's oldest position).
  const std::vector<std::vector<Matrix>>& lastAttention() const { return lastAttention_; }
  size_t lastKeysStart() const { return lastKeysStart_; }
  size_t length() const { return length_; }  // ids read so far

 private:
  Matrix readPiece(std::span<const int> piece);  // T ids that fit in the current segment -> T x V

  const CausalLanguageModel& model_;
  CausalLanguageModel::Memory context_;  // L of (M'+t) x D; empty before the first id
  size_t segmentFill_ = 0;               // t: ids of the current segment read (0 .. S-1)
  size_t length_ = 0;
  std::vector<std::vector<Matrix>> lastAttention_;
  size_t lastKeysStart_ = 0;
};

}  // namespace al
