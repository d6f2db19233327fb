// inspect --ablate and eval --head-importance: switching heads off (core/models/head_switches.h) and "which heads
// matter?" (core/teaching/head_importance.h) on the command line.
#include "app/cli/head_commands.h"

#include <oneapi/tbb/task_arena.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <limits>
#include <optional>

#include "app/cli/cli_support.h"
#include "core/catalogue/model_catalogue.h"
#include "core/error.h"
#include "core/inference/bert_sentiment.h"
#include "core/inference/model_attention.h"
#include "core/teaching/bert_head_importance.h"
#include "core/teaching/head_importance.h"
#include "core/train/imdb_run.h"

namespace al::cli {

std::string headListProblem(const std::string& spec) {
  try {
    parseHeadSwitches(spec, std::numeric_limits<int>::max(), std::numeric_limits<Index>::max());  // the form only
  } catch (const InputError& e) {
    return e.what();
  }
  return {};
}

namespace {

// A classifier's probability of positive with these heads off and with every head on; none for a model that does
// not classify.
struct AblatedProbabilities {
  float off = 0, all = 0;
};
std::optional<AblatedProbabilities> ablatedProbabilities(const AnyModel& model, const std::string& text,
                                                         const HeadSwitches& switches) {
  const std::optional<float> off = readModelAttention(model, text, &switches).probability;
  if (!off) return std::nullopt;
  return AblatedProbabilities{*off, *readModelAttention(model, text).probability};
}

}  // namespace

nlohmann::json ablationJson(const AnyModel& model, const std::string& text, const HeadSwitches& switches) {
  nlohmann::json out = {{"ablated", toString(switches)}, {"replacement", "zero"}};
  if (const auto p = ablatedProbabilities(model, text, switches)) {
    out["probability"] = p->off;
    out["probability_all_heads"] = p->all;
  }
  return out;
}

void printAblation(const AnyModel& model, const std::string& text, const HeadSwitches& switches) {
  std::cout << "heads switched off (output set to zero): " << toString(switches) << "\n";
  if (const auto p = ablatedProbabilities(model, text, switches))
    std::cout << "probability of positive: " << std::fixed << std::setprecision(4) << p->off << " with these heads off, "
              << p->all << " with every head on\n";
}

namespace {

// The measure and whether its reviews are a held-out test split.
struct MeasuredHeads {
  teaching::HeadImportance importance;
  bool heldOut = false;
};

// A bar on stderr that redraws itself, for a person watching only (never into a file or a pipe).
teaching::HeadImportanceProgress progressBar() {
  const bool terminal = isatty(fileno(stderr));
  return [terminal](size_t done, size_t total) {
    if (!terminal) return true;
    std::fprintf(stderr, "\rwhich heads matter? %3.0f%%", 100.0 * static_cast<double>(done) / static_cast<double>(total));
    if (done == total) std::fprintf(stderr, "\n");
    return true;
  };
}

MeasuredHeads measureImdbHeads(const EvalOptions& o) {
  const std::unique_ptr<ImdbRun> run = prepareImdbEvaluation(o, "--head-importance");
  const std::vector<const EncodedSample*> samples = teaching::chooseReviews(run->testData(), static_cast<size_t>(o.samples));
  const auto replacement = o.replacement == "mean" ? teaching::HeadReplacement::Mean : teaching::HeadReplacement::Zero;
  MeasuredHeads m;
  m.heldOut = run->testIsHeldOut();
  tbb::task_arena arena(workerThreads(o.threads));
  arena.execute([&] { m.importance = teaching::headImportance(run->model(), samples, replacement, progressBar()); });
  return m;
}

// A sentiment head on BERT: the heads of its BERT, on the reviews as its text (BERT reads them with its own
// tokenizer), the test split as the IMDB classifier's measure reads it.
MeasuredHeads measureBertHeads(const EvalOptions& o) {
  if (o.replacement != "zero")
    throw InputError("--replace " + o.replacement + ": a sentiment head on BERT switches heads off with zero only");
  const BertSentimentModel model = loadBertSentiment(o.model);
  const LabeledDataset data = loadImdbSource(o.data.empty() ? std::string("builtin") : o.data, {},
                                             ImdbRunSettings{}.training.seed);
  const std::vector<const LabeledText*> reviews =
      teaching::chooseReviews(data.hasTestSplit ? data.test : data.train, static_cast<size_t>(o.samples));
  MeasuredHeads m;
  m.heldOut = data.hasTestSplit;
  tbb::task_arena arena(workerThreads(o.threads));
  arena.execute([&] { m.importance = teaching::bertHeadImportance(model, reviews, progressBar()); });
  return m;
}

void printHeadImportance(const MeasuredHeads& m, const EvalOptions& o) {
  const teaching::HeadImportance& r = m.importance;
  if (o.json) {
    nlohmann::json accuracy = nlohmann::json::array(), drop = nlohmann::json::array();
    for (size_t l = 0; l < r.accuracy.size(); ++l) {
      accuracy.push_back(r.accuracy[l]);
      nlohmann::json row = nlohmann::json::array();
      for (size_t h = 0; h < r.accuracy[l].size(); ++h) row.push_back(r.drop(l, h));
      drop.push_back(std::move(row));
    }
    std::cout << nlohmann::json{{"samples", r.samples}, {"replacement", o.replacement}, {"held_out", m.heldOut},
                                {"baseline_accuracy", r.baseline}, {"accuracy", std::move(accuracy)},
                                {"drop", std::move(drop)}}.dump() << "\n";
    return;
  }
  std::cout << "which heads matter? accuracy on " << r.samples << (m.heldOut ? " test" : " training")
            << " reviews with every head on: " << std::fixed << std::setprecision(4) << r.baseline << "\n"
            << "drop in accuracy with one head switched off (output set to " << o.replacement << "):\n";
  std::cout << "         ";
  for (size_t h = 0; h < (r.accuracy.empty() ? 0 : r.accuracy.front().size()); ++h) std::cout << "   head " << h;
  std::cout << "\n";
  for (size_t l = 0; l < r.accuracy.size(); ++l) {
    std::cout << "layer " << std::setw(2) << l << " ";
    for (size_t h = 0; h < r.accuracy[l].size(); ++h) std::cout << std::showpos << std::setw(9) << r.drop(l, h) << std::noshowpos;
    std::cout << "\n";
  }
}

}  // namespace

int evalHeadImportance(const EvalOptions& o) {
  return guarded([&] {
    if (o.replacement != "zero" && o.replacement != "mean")
      throw InputError("--replace takes zero or mean, not '" + o.replacement + "'");
    const bool onBert = modelKindOfDirectory(o.model).task == BertSentimentModel::kTask;
    printHeadImportance(onBert ? measureBertHeads(o) : measureImdbHeads(o), o);
    return int{kDone};
  });
}

}  // namespace al::cli
