#include "core/teaching/long_range_recall.h"

#include <oneapi/tbb/parallel_for.h>

#include <vector>

#include "core/error.h"
#include "core/inference/causal_lm_stream.h"

namespace al::teaching {

namespace {
// The id of the largest logit, the lowest on a tie (as greedyContinuation chooses).
int greedyChoice(const auto& row) {
  int best = 0;
  for (Index v = 1; v < row.size(); ++v)
    if (row(v) > row(best)) best = static_cast<int>(v);
  return best;
}
}  // namespace

LongRangeRecall longRangeRecall(const CausalLmModel& model, std::span<const LongRangeDocument> documents) {
  if (model.tokenizer() != "chars")
    throw InputError("the long-range recall counts characters: it needs a model with the chars tokenizer, not " +
                     model.tokenizer());
  std::vector<LongRangeRecall> perDocument(documents.size());
  tbb::parallel_for(size_t{0}, documents.size(), [&](size_t d) {
    const LongRangeDocument& doc = documents[d];
    const std::vector<int> ids = causalLmIds(causalLmTokens(doc.text, "chars"), model.vocabulary);  // ASCII: a byte a token
    // with memory: the document read once, each segment after the memory (row p-1 is what generate reads after
    // the first p ids); without: the last S ids before each dependent token
    const bool memory = model.model->config().memoryLength > 0;
    const Matrix logits = memory ? CausalLmStream(*model.model).read(ids) : Matrix();  // N x V
    LongRangeRecall& r = perDocument[d];
    for (const auto& [first, last] : doc.dependent)
      for (size_t p = first; p < last; ++p) {
        // the token at p from the document before it, as generate would choose it (greedy)
        const int guess = memory ? greedyChoice(logits.row(static_cast<Index>(p - 1)))
                                 : greedyContinuation(*model.model, std::span(ids).first(p), 1).front();
        const bool right = guess == ids[p];
        ++r.tokens;
        r.correct += right;
        if (p == first) {
          ++r.firstTokens;
          r.firstCorrect += right;
        }
      }
  });
  LongRangeRecall total;
  for (const LongRangeRecall& r : perDocument) {
    total.tokens += r.tokens, total.correct += r.correct;
    total.firstTokens += r.firstTokens, total.firstCorrect += r.firstCorrect;
  }
  return total;
}

}  // namespace al::teaching
