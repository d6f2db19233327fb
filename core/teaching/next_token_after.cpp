#include "core/teaching/next_token_after.h"

#include <oneapi/tbb/parallel_for.h>

#include <algorithm>

#include "core/error.h"
#include "core/inference/causal_lm_generation.h"

namespace al::teaching {

namespace {

// The document's guesses after each occurrence of `after` (ids).
TokenAfterScore scoreDocument(const CausalLmModel& model, const std::string& document, const std::vector<int>& after,
                              const HeadSwitches* switches) {
  const std::vector<int> ids = causalLmIds(causalLmTokens(document, model.tokenizer()), model.vocabulary);
  const std::vector<int64_t> wide(ids.begin(), ids.end());
  TokenAfterScore score;
  // end: the index of the token after an occurrence, the one to guess
  for (size_t end = after.size(); end < ids.size(); ++end) {
    if (!std::equal(after.begin(), after.end(), ids.begin() + static_cast<std::ptrdiff_t>(end - after.size())))
      continue;
    const CausalLmStep step = nextTokenStep(model, std::span(wide.data(), end), switches);
    Eigen::Index guess = 0;
    step.logits.maxCoeff(&guess);
    ++score.tokens;
    score.right += guess == ids[end];
  }
  return score;
}

}  // namespace

TokenAfterScore scoreTokensAfter(const CausalLmModel& model, const std::vector<std::string>& documents,
                                 std::string_view after, const HeadSwitches* switches) {
  const std::vector<int> afterIds = causalLmIds(causalLmTokens(after, model.tokenizer()), model.vocabulary);
  if (afterIds.empty())
    throw InputError(ErrorKind::EmptySentence, {.name = "after"},
                     "the text to score the next token after has no tokens: '" + std::string(after) + "'");
  std::vector<TokenAfterScore> perDocument(documents.size());
  tbb::parallel_for(size_t{0}, documents.size(), [&](size_t d) {
    perDocument[d] = scoreDocument(model, documents[d], afterIds, switches);
  });
  TokenAfterScore total;
  for (const TokenAfterScore& s : perDocument) total.tokens += s.tokens, total.right += s.right;
  return total;
}

}  // namespace al::teaching
