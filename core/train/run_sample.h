#pragma once
// What a training run's model writes now, for the Train page's samples while a language model trains (the class
// sees gibberish turn into text epoch by epoch). Only runs whose model writes text (the language model,
// core/train/causal_lm_run.h) have samples; the others answer nullopt.
#include <optional>
#include <string>

#include "core/train/run.h"

namespace al {

// Whether the run's model writes text.
bool runWrites(const TrainingRun& run);
// The run's own prompt: the start of its first training document ("The music"); empty for a run that does not write.
std::string runSamplePrompt(const TrainingRun& run);
// `tokens` tokens after `prompt` (empty: the run's own prompt), sampled at temperature 0.8 with a fixed seed, so
// that two samples of one prompt differ by the weights only. Call it where the run trains, between batches (a
// trainer's onBatch or onEpoch). nullopt for a run that does not write. InputError for a prompt the tokenizer
// refuses.
std::optional<std::string> runSample(const TrainingRun& run, const std::string& prompt, int tokens);

}  // namespace al
