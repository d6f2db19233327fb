// bench pretrained: the speed of a Hugging Face folder, the numbers bench/compare-pretrained-with-pytorch sets
// beside PyTorch's (the same shapes, the same thread count):
//   load   the checkpoint read twice; the second read is timed (warm: the file is in the page cache)
//   bert   one forward pass of T ids with every layer's and head's attention map kept, as the Attention page
//          asks for them (no masked-LM logits: that page does not show them)
//   gpt2   greedy generation of N tokens after a prompt of T ids, with the key/value cache: the prompt in one
//          pass, whose logits give the first token, then one pass for each further token
// The ids are spread over the vocabulary by a formula the PyTorch script repeats ((1000 + 7919·t) mod V), so
// that both sides read the same prompt and their greedy tokens can be compared; a pass costs the same whatever
// the ids are. Each measure is repeated --steps times after one untimed run; the median and the fastest are
// reported.
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <optional>
#include <vector>

#include "app/cli/cli_support.h"
#include "app/cli/commands.h"
#include "core/pretrained/bert_model.h"
#include "core/pretrained/gpt2_model.h"
#include "core/pretrained/hf_folder.h"
#include "core/train/trainer.h"

namespace al::cli {

namespace {

using pretrained::BertModel;
using pretrained::Gpt2Model;

constexpr int kBertTokens = 128;  // --tokens' default for bert: the benchmark
constexpr int kGpt2Prompt = 20;   // --tokens' default for gpt2: the prompt's length

template <class Body>
double millisecondsOf(Body&& body) {
  const auto start = std::chrono::steady_clock::now();
  body();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

// The median and the fastest of `repeats` timed runs of body, after one untimed run (allocations, caches).
struct Timing {
  double medianMs = 0, fastestMs = 0;
};

template <class Body>
Timing timeRepeated(Body&& body, int repeats) {
  body();
  std::vector<double> ms;
  for (int i = 0; i < repeats; ++i) ms.push_back(millisecondsOf(body));
  std::sort(ms.begin(), ms.end());
  return {ms[ms.size() / 2], ms.front()};
}

std::vector<int64_t> spreadIds(int count, int64_t vocabulary) {
  std::vector<int64_t> ids;
  for (int64_t t = 0; t < count; ++t) ids.push_back((1000 + 7919 * t) % vocabulary);
  return ids;
}

// The model loaded twice, the second load timed (the first brings the file into the page cache), and the token
// ids it reads: `tokens`, or `defaultTokens` when 0.
template <class Model>
struct BenchModel {
  double loadMs = 0;
  Model model;
  std::vector<int64_t> ids;
};

template <class Model>
BenchModel<Model> loadForBench(const std::filesystem::path& dir, int tokens, int defaultTokens) {
  Model::load(dir);
  std::optional<Model> model;
  const double loadMs = millisecondsOf([&] { model.emplace(Model::load(dir)); });
  std::vector<int64_t> ids = spreadIds(tokens > 0 ? tokens : defaultTokens, model->config().vocabSize);
  return {loadMs, std::move(*model), std::move(ids)};
}

int64_t argmax(const RowVector& logits) {
  Index best = 0;
  logits.maxCoeff(&best);
  return best;
}

nlohmann::json benchBert(const std::filesystem::path& dir, const BenchOptions& o) {
  const BenchModel<BertModel> bert = loadForBench<BertModel>(dir, o.tokens, kBertTokens);
  const std::vector<int> segments(bert.ids.size(), 0);
  pretrained::BertOptions options;  // every attention map kept
  options.maskedLmLogits = false;
  const Timing forward = timeRepeated([&] { bert.model.forward(bert.ids, segments, options); }, o.steps);
  return {{"model_type", "bert"}, {"load_ms", bert.loadMs}, {"tokens", bert.ids.size()},
          {"forward_ms", forward.medianMs}, {"forward_ms_fastest", forward.fastestMs}};
}

// Greedy tokens after the prompt: the prompt's pass chooses the first, then each chosen token is read in turn.
std::vector<int64_t> generateGreedy(const Gpt2Model& gpt, const std::vector<int64_t>& prompt, int count) {
  pretrained::Gpt2Cache cache;
  std::vector<int64_t> generated{argmax(gpt.prefill(cache, prompt).logits)};
  while (static_cast<int>(generated.size()) < count) generated.push_back(argmax(gpt.step(cache, generated.back()).logits));
  return generated;
}

nlohmann::json benchGpt2(const std::filesystem::path& dir, const BenchOptions& o) {
  const BenchModel<Gpt2Model> gpt = loadForBench<Gpt2Model>(dir, o.tokens, kGpt2Prompt);
  std::vector<int64_t> generated;
  const Timing generation = timeRepeated([&] { generated = generateGreedy(gpt.model, gpt.ids, o.generate); }, o.steps);
  return {{"model_type", "gpt2"}, {"load_ms", gpt.loadMs}, {"prompt_tokens", gpt.ids.size()},
          {"generated_tokens", o.generate},
          {"generate_ms", generation.medianMs}, {"generate_ms_fastest", generation.fastestMs},
          {"ms_per_token", generation.medianMs / o.generate}, {"generated_ids", generated}};
}

void printReport(const nlohmann::json& r) {
  std::cout << std::fixed << std::setprecision(0) << r["model_type"].get<std::string>() << ", " << r["threads"]
            << " threads\n  load (warm): " << r["load_ms"].get<double>() << " ms\n";
  if (r["model_type"] == "bert")
    std::cout << "  forward of " << r["tokens"] << " tokens, every attention map kept: " << r["forward_ms"].get<double>()
              << " ms (fastest " << r["forward_ms_fastest"].get<double>() << " ms)\n";
  else
    std::cout << "  greedy generation of " << r["generated_tokens"] << " tokens after " << r["prompt_tokens"]
              << ", key/value cache: " << r["generate_ms"].get<double>() << " ms (fastest "
              << r["generate_ms_fastest"].get<double>() << " ms), " << std::setprecision(1)
              << r["ms_per_token"].get<double>() << " ms a token\n";
}

}  // namespace

int benchPretrained(const BenchOptions& o) {
  return guarded([&] {
    const std::filesystem::path dir = pretrained::resolveModelFolder(o.model);
    const bool bert = pretrained::readModelType(dir) == pretrained::ModelType::Bert;
    const int threads = workerThreads(o.threads);
    tbb::task_arena arena(threads);
    nlohmann::json report;
    arena.execute([&] { report = bert ? benchBert(dir, o) : benchGpt2(dir, o); });
    report["task"] = "pretrained";
    report["threads"] = threads;
    report["steps"] = o.steps;
    if (o.json) std::cout << report.dump() << "\n";
    else printReport(report);
    return int{kDone};
  });
}

}  // namespace al::cli
