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
    throw InputError(ErrorKind::TokenizerMismatch, {.expected = "chars", .found = model.tokenizer()},
                     "the long-range recall counts characters: it needs a model with the chars tokenizer, not " +
                     model.tokenizer());
  std::vector<LongRangeRecall> perDocument(documents.size());
  tbb::parallel_for(size_t{0}, documents.size(), [&](size_t d) {
    const LongRangeDocument& doc = documents[d];
    const std::vector<int> ids = causalLmIds(causalLmTokens(doc.text, "chars"), model.vocabulary);  // ASCII: a byte a token
    // with memory: the document read once, each segment after the memory (row p-1 is what generate reads after
    // the first p ids); without: the last S ids before each dependent token
    const bool memory = model.model->config().memoryLength > 0;
    const Matrix logits = memory ? CausalLmStream(*model.model).read(ids) : Matrix();  // N x V
    // the token at p from the document before it, as generate would choose it (greedy)
    auto count = [&](size_t first, size_t last, RecallCount& kind) {
      for (size_t p = first; p < last; ++p) {
        const int guess = memory ? greedyChoice(logits.row(static_cast<Index>(p - 1)))
                                 : greedyContinuation(*model.model, std::span(ids).first(p), 1).front();
        ++kind.tokens;
        kind.correct += guess == ids[p];
      }
    };
    LongRangeRecall& r = perDocument[d];
    count(doc.dependent.front().first, doc.dependent.front().second, r.nameFirst);
    count(doc.nameRest.first, doc.nameRest.second, r.nameRest);
    count(doc.dependent.back().first, doc.dependent.back().second, r.digits);
  });
  LongRangeRecall total;
  for (const LongRangeRecall& r : perDocument) {  // in document order
    total.nameFirst += r.nameFirst, total.digits += r.digits, total.nameRest += r.nameRest;
  }
  return total;
}

}  // namespace al::teaching
