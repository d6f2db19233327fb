#include "core/train/run_sample.h"

#include "core/train/causal_lm_run.h"

namespace al {

namespace {

const CausalLmRun* writer(const TrainingRun& run) { return dynamic_cast<const CausalLmRun*>(&run); }

}  // namespace

bool runWrites(const TrainingRun& run) { return writer(run) != nullptr; }

std::string runSamplePrompt(const TrainingRun& run) {
  const CausalLmRun* lm = writer(run);
  return lm ? lm->samplePrompt() : std::string();
}

std::optional<std::string> runSample(const TrainingRun& run, const std::string& prompt, int tokens) {
  const CausalLmRun* lm = writer(run);
  if (!lm) return std::nullopt;
  return lm->sample(prompt.empty() ? lm->samplePrompt() : prompt, tokens);
}

}  // namespace al
