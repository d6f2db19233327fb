#include "core/teaching/long_range_recall.h"

#include <oneapi/tbb/parallel_for.h>

#include <vector>

#include "core/error.h"

namespace al::teaching {

LongRangeRecall longRangeRecall(const CausalLmModel& model, std::span<const LongRangeDocument> documents) {
  if (model.tokenizer() != "chars")
    throw InputError("the long-range recall counts characters: it needs a model with the chars tokenizer, not " +
                     model.tokenizer());
  std::vector<LongRangeRecall> perDocument(documents.size());
  tbb::parallel_for(size_t{0}, documents.size(), [&](size_t d) {
    const LongRangeDocument& doc = documents[d];
    const std::vector<int> ids = causalLmIds(causalLmTokens(doc.text, "chars"), model.vocabulary);  // ASCII: a byte a token
    LongRangeRecall& r = perDocument[d];
    for (const auto& [first, last] : doc.dependent)
      for (size_t p = first; p < last; ++p) {
        // the token at p from the document before it, as generate would choose it (greedy)
        const int guess = greedyContinuation(*model.model, std::span(ids).first(p), 1).front();
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
