#pragma once
// "Which head does this?": the texts claim that, in a trained model, 它's attention goes to 书包 rather than to
// 教室 (and Apple's to phone rather than fruit). This measures it, head by head: for every layer and head, the
// query's weight on candidate A minus its weight on candidate B. A query or candidate may be several pieces (a
// word the tokenizer cut): the weights on a candidate's pieces are summed (how much of the row goes to the word),
// and a query's rows averaged (each query piece's row sums to 1, so the average does too).
//
// The numbers say what one model does with one sentence; a model with random weights has differences too, and
// those are accidents, not learning.
#include <cstddef>
#include <vector>

#include "core/tensor.h"

namespace al::teaching {

struct HeadPreference {
  size_t layer = 0, head = 0;
  double onA = 0, onB = 0;  // the query's weight on each candidate (0..1)
  double difference = 0;    // onA − onB
};

struct HeadRanking {
  Matrix differences;                  // layers x heads: onA − onB
  std::vector<HeadPreference> ranked;  // every head, the largest difference first (ties: the earlier layer, head)
  size_t preferA = 0;                  // heads with a positive difference
};

// attention: [layer][head], T x T, row = query. query, a, b: token indices (each non-empty, < T); throws
// std::invalid_argument otherwise.
HeadRanking rankHeads(const std::vector<std::vector<Matrix>>& attention, const std::vector<size_t>& query,
                      const std::vector<size_t>& a, const std::vector<size_t>& b);

}  // namespace al::teaching
