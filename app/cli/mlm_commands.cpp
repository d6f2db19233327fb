// train mlm, fill, and eval of a masked-lm (cli.md).
#include <iomanip>
#include <iostream>

#include "app/cli/cli_support.h"
#include "app/cli/commands.h"
#include "core/catalogue/model_catalogue.h"
#include "core/error.h"
#include "core/inference/masked_lm_inference.h"
#include "core/train/mlm_run.h"

namespace al::cli {

int trainMlm(const TrainOptions& o) {
  return guarded([&] {
    if (!o.initEncoder.empty()) throw InputError("--init-encoder is for train imdb; to continue a masked language model use --init");
    if (o.values.contains("pooling")) throw InputError("--pooling is for train imdb: a masked language model predicts at every position");
    const MlmRunSettings s = applyRequest(runRequest(o), mlmPreset(o.preset.empty() ? "tiny" : o.preset), mlmFields());
    const std::string out = o.out.empty() ? defaultOutputDirectory("mlm") : o.out;
    ConsoleProgress progress(o.log);
    std::cerr << "Reading " << o.data << " ...\n";
    std::unique_ptr<MlmRun> run = MlmRun::prepare(s);
    std::cerr << "Training texts: " << run->trainingTexts() << " (" << run->unlabeledTexts()
              << " without a label), vocabulary " << run->vocabulary().size() << ", hiding " << std::setprecision(3)
              << run->model().config().maskRate * 100 << " % of the tokens. Accuracy below = masked tokens guessed.\n";
    const auto [result, test] = trainAndSave(*run, out, progress, o);
    progress.log({{"event", "done"}, {"test_loss", test.loss()}, {"test_accuracy", test.accuracy()}});
    std::cerr << "Saved " << out << " (epoch " << result.bestEpoch << "). Test masked-token accuracy " << std::fixed
              << std::setprecision(4) << test.accuracy() << ", loss " << test.loss() << "\n";
    return int{kDone};
  });
}

int fill(const FillOptions& o) {
  return guarded([&] {
    // The catalogue's kind of the directory decides: a pretrained bert folder fills with its masked-LM head.
    if (!modelKindOfDirectory(o.model).trainable()) return fillPretrained(o);
    const MaskedLmModel model = loadMaskedLm(o.model);
    const FillResult r = fillMasks(model, o.text, o.top);
    if (o.json) {
      std::cout << fillJson(r).dump() << "\n";
      return int{kDone};
    }
    std::cout << "tokens (" << r.tokens.size() << (r.truncated ? ", truncated to sequence_length" : "") << "):";
    for (size_t i = 0; i < r.tokens.size(); ++i) std::cout << " " << r.tokens[i] << (r.ids[i] == 1 ? "[UNK]" : "");
    std::cout << "\n";
    for (const FillPrediction& p : r.predictions) {
      std::cout << "[MASK] at position " << p.position << ":";
      for (const FillCandidate& c : p.top) std::cout << "  " << c.token << " " << std::fixed << std::setprecision(4) << c.probability;
      std::cout << "\n";
    }
    return int{kDone};
  });
}

}  // namespace al::cli
