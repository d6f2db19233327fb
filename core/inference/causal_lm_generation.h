#pragma once
// What a causal-lm answers (contracts: model-format.md "causal-lm", pretrained.md `inspect` and `generate`):
// its attention over a text, and the text that follows a prompt, one token at a time.
//
//   inspect:   "To be or not" -> the segments of S tokens from the start; the last segment's attention maps
//   generate:  prompt ids -> logits of the last S ids -> sampler (core/pretrained/sampling.h) -> one id, appended;
//              again for each new token. Without memory the model sees only its window of the last S tokens, so a
//              step re-runs that window (T <= S: cheap for the small models trained here). With memory (M > 0) the
//              model sees the whole text so far read segment after segment from the start (contract: generate);
//              generate reads each id once, carrying the memory (core/inference/causal_lm_stream.h), so a new
//              token costs a pass over one token, where nextTokenStep reads the text again from the start.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/inference/causal_lm_inference.h"
#include "core/inference/causal_lm_stream.h"
#include "core/inference/pretrained_inference.h"  // GenerationSettings, Generation
#include "core/tensor.h"

namespace al {

// An independent copy of a model with its vocabulary and history (what a run hands out as its snapshot).
CausalLmModel copyCausalLm(const CausalLanguageModel& model, const Vocabulary& vocabulary,
                           std::vector<io::EpochRecord> history);

// inspect: the text's tokens and ids, and the attention of its last segment ([layer][head], T x (M'+T): the
// memory's M' tokens before the segment, then the segment, T <= S). InputError for a text without tokens.
struct CausalLmAttention {
  std::vector<std::string> tokens;
  std::vector<int64_t> ids;
  size_t segmentStart = 0;                     // the last segment's first token
  size_t memoryRows = 0;                       // M': key j is token segmentStart - M' + j
  std::vector<std::vector<Matrix>> attention;  // [layer][head], T x (M'+T), row = query
};
// `switches`: heads switched off while reading (null: every head on).
CausalLmAttention readAttention(const CausalLmModel& model, std::string_view text,
                                const HeadSwitches* switches = nullptr);

// The prompt as the model reads it: its tokens and ids. InputError for a prompt without tokens.
struct CausalLmPrompt {
  std::vector<std::string> tokens;
  std::vector<int64_t> ids;
};
CausalLmPrompt encodePrompt(const CausalLmModel& model, std::string_view prompt);

// One step: the scores of the token after `ids` (read through the last S of them) and how that last token weighs
// each token of its window. Shaped like pretrained::Gpt2Step, so a page shows both models the same way.
struct CausalLmStep {
  RowVector logits;                               // 1 x V
  std::vector<std::vector<RowVector>> attention;  // [layer][head], 1 x T: the last token over the window
  size_t windowStart = 0;                         // the index in ids of the window's first token (with memory:
                                                  // the first token the memory holds)
};
// `switches`: heads switched off while reading (null: every head on).
CausalLmStep nextTokenStep(const CausalLmModel& model, std::span<const int64_t> ids,
                           const HeadSwitches* switches = nullptr);
// The same step for a model with memory, from a stream that has read the ids before `newIds`: only the new ids are
// read (the logits equal nextTokenStep's on the whole text to float rounding). InputError for no new ids.
CausalLmStep nextTokenStep(CausalLmStream& stream, std::span<const int64_t> newIds);

// The last query's row of every map, [layer][head] 1 x keys: how the newest token weighs the tokens it saw.
std::vector<std::vector<RowVector>> lastQueryRows(const std::vector<std::vector<Matrix>>& attention);

// A token as text: "[EOS]" ends a document (a line break); word tokenizers' tokens are separated by spaces.
std::string tokenText(const CausalLmModel& model, int64_t id);
std::string decodeTokens(const CausalLmModel& model, std::span<const int64_t> ids);

// generate: settings.maxNewTokens tokens after the prompt, each chosen by the sampling settings (temperature 0:
// greedy); the steps' probabilities and top candidates as for a GPT-2. InputError for an empty prompt.
Generation generate(const CausalLmModel& model, std::string_view prompt, const GenerationSettings& settings);

}  // namespace al
