// train lm: the GPT-style language model (task causal-lm) on text, with a sample of what it writes after every
// epoch, so the run shows gibberish turning into text.
#include <cmath>
#include <iomanip>
#include <iostream>

#include "app/cli/cli_support.h"
#include "app/cli/commands.h"
#include "core/data/text_corpus.h"
#include "core/error.h"
#include "core/train/causal_lm_run.h"

namespace al::cli {

namespace {

// The progress bar, then after every epoch the validation perplexity and a sample from the corpus's prompt (the
// Train page's: poems-zh's own, or the first words of the text).
class LmProgress : public ConsoleProgress {
 public:
  LmProgress(const std::string& logFile, const CausalLmRun& run, std::string prompt)
      : ConsoleProgress(logFile), run_(run), prompt_(prompt.empty() ? run.samplePrompt() : std::move(prompt)) {}
  void onEpoch(const EpochEvent& e) override {
    ConsoleProgress::onEpoch(e);
    const std::string sample = run_.sample(prompt_, kSampleTokens);
    log({{"event", "sample"}, {"epoch", e.epoch}, {"prompt", prompt_}, {"text", sample}});
    if (std::isfinite(e.valLoss))
      std::cerr << "   val_perplexity " << std::fixed << std::setprecision(2) << std::exp(e.valLoss) << "\n";
    std::cerr << "   sample: " << prompt_ << sample << "\n";
  }

 private:
  static constexpr int kSampleTokens = 120;
  const CausalLmRun& run_;
  const std::string prompt_;
};

}  // namespace

int trainLm(const TrainOptions& o) {
  return guarded([&] {
    if (!o.initEncoder.empty()) throw InputError("--init-encoder is for train imdb; to continue a language model use --init");
    const CausalLmRunSettings s =
        applyRequest(runRequest(o), causalLmPreset(o.preset.empty() ? defaultPresetFor(causalLmSchema(), o.data) : o.preset), causalLmFields());
    const std::string out = o.out.empty() ? defaultOutputDirectory("lm") : o.out;
    std::cerr << "Reading " << o.data << " ...\n";
    std::unique_ptr<CausalLmRun> run = CausalLmRun::prepare(s);
    LmProgress progress(o.log, *run, textSamplePrompt(s.data));
    std::cerr << "Training text: " << run->trainingTokens() << " tokens in windows of "
              << run->model().config().sequenceLength << ", vocabulary " << run->vocabulary().size()
              << ". Accuracy below = next tokens guessed.\n";
    const auto [result, test] = trainAndSave(*run, out, progress, o);
    progress.log({{"event", "done"}, {"test_loss", test.loss()}, {"test_perplexity", std::exp(test.loss())}});
    std::cerr << "Saved " << out << " (epoch " << result.bestEpoch << "). " << (run->testIsHeldOut() ? "Test" : "Training")
              << " loss " << std::fixed << std::setprecision(4) << test.loss() << ", perplexity " << std::setprecision(2)
              << std::exp(test.loss()) << ", next-token accuracy " << std::setprecision(4) << test.accuracy() << "\n";
    return int{kDone};
  });
}

}  // namespace al::cli
