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
// --vs-limits sets each measure beside the machine's limit, measured in the same run on the same threads
// (app/cli/machine_limits.h), in --rounds rounds that alternate which goes first:
//   bert   the pass's GFLOP/s (its multiply-adds, bertForwardFlops) over a 2048³ SGEMM's, products of as much
//          arithmetic as the round's --steps passes
//   gpt2   generation's GB/s (every weight is read once a token, gpt2BytesPerToken) over a memory copy's, copies
//          of as many bytes as the round's --steps generations read
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <iomanip>
#include <iostream>
#include <numeric>
#include <optional>
#include <sstream>
#include <vector>

#include "app/cli/cli_support.h"
#include "app/cli/commands.h"
#include "app/cli/machine_limits.h"
#include "core/pretrained/bert_model.h"
#include "core/pretrained/gpt2_model.h"
#include "core/pretrained/hf_folder.h"
#include "core/matrix_product.h"
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

// The median and the fastest of timed runs.
struct Timing {
  double medianMs = 0, fastestMs = 0;
};

Timing summarize(std::vector<double> ms) {
  return {median(ms), *std::min_element(ms.begin(), ms.end())};
}

// Milliseconds of each of `repeats` timed runs of body.
template <class Body>
std::vector<double> timedRuns(Body&& body, int repeats) {
  std::vector<double> ms;
  for (int i = 0; i < repeats; ++i) ms.push_back(millisecondsOf(body));
  return ms;
}

// `repeats` timed runs of body after one untimed run (allocations, caches).
template <class Body>
Timing timeRepeated(Body&& body, int repeats) {
  body();
  return summarize(timedRuns(body, repeats));
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

// The multiply-adds of BERT's forward pass (x2 for FLOPs), as bench measures it: per layer the four projections
// (4·T·D·D), the feed-forward pair (2·T·D·F), the scores Q·Kᵀ and the weighted values A·V (2·T·T·D over the heads);
// with the next-sentence head its pooler and classifier on one row. Element-wise work (softmax, GELU, norms) is
// not counted, as a PyTorch profile counts only the products.
double bertForwardFlops(const pretrained::BertConfig& c, bool nextSentenceHead, double T) {
  const double D = static_cast<double>(c.hiddenSize), F = static_cast<double>(c.intermediateSize);
  const double layer = 4 * T * D * D + 2 * T * D * F + 2 * T * T * D;
  const double pooler = nextSentenceHead ? D * D + 2 * D : 0;
  return 2.0 * (static_cast<double>(c.numLayers) * layer + pooler);
}

// The bytes of weights one generation step reads: every layer's matrices and vectors, the final norm and the output
// layer (V x D), once each; of the embeddings only one row each (not counted), nor the key/value cache (under 2 %
// for 70 tokens of GPT-2 small).
double gpt2BytesPerToken(const pretrained::Gpt2Config& c) {
  const double embeddingRowsNotRead = static_cast<double>(c.maxPositions * c.width) +
                                      (c.tieWordEmbeddings ? 0.0 : static_cast<double>(c.vocabSize * c.width));
  return (static_cast<double>(c.parameterCount()) - embeddingRowsNotRead) * sizeof(float);
}

// What --vs-limits measured: each round's speed of the measure and of the limit, their ratio.
struct LimitRounds {
  std::vector<double> work, limit, ratios;
  std::vector<int> limitRuns;  // products or copies in each round
  std::vector<double> workMs;  // every timed run of the measure, all rounds
};

nlohmann::json limitsJson(const LimitRounds& r, const std::string& workKey, const std::string& limitKey) {
  return {{workKey, r.work}, {limitKey, r.limit}, {"ratios", r.ratios}, {"median", median(r.ratios)},
          {"lowest", *std::min_element(r.ratios.begin(), r.ratios.end())},
          {"highest", *std::max_element(r.ratios.begin(), r.ratios.end())}, {"rounds", r.ratios.size()},
          {"processor", processorName()}, {"kernel", kernelName()}, {"matrix_product", matrixProductKernel()}};
}

// The rounds of --vs-limits: --steps runs of the measure (each doing `amount` of work: FLOPs or bytes), then the
// limit on as much work (limit(total) gives its speed and how many products or copies that took), --rounds times,
// the two in turn (alternately). Speeds in units of amount per second, / 1e9.
template <class Limit>
LimitRounds againstLimit(const std::function<void()>& run, double amount, const BenchOptions& o, Limit&& limit) {
  LimitRounds r;
  for (int round = 0; round < o.rounds; ++round) {
    int limitRuns = 0;
    const RoundSpeeds speeds = alternately(
        round,
        [&] {
          const std::vector<double> ms = timedRuns(run, o.steps);
          r.workMs.insert(r.workMs.end(), ms.begin(), ms.end());
          return amount * o.steps / (std::accumulate(ms.begin(), ms.end(), 0.0) / 1000.0) / 1e9;
        },
        [&] {
          const auto [speed, runs] = limit(amount * o.steps);
          limitRuns = runs;
          return speed;
        });
    r.work.push_back(speeds.work);
    r.limit.push_back(speeds.limit);
    r.ratios.push_back(speeds.work / speeds.limit);
    r.limitRuns.push_back(limitRuns);
  }
  return r;
}

// --vs-limits for bert: --steps passes, then SGEMMs of as much arithmetic, --rounds times.
LimitRounds bertAgainstSgemm(const std::function<void()>& pass, double passFlops, const BenchOptions& o, int threads) {
  SgemmRig sgemm(threads);
  pass();
  sgemm.timedProduct();
  return againstLimit(pass, passFlops, o, [&](double flops) {
    const SgemmRig::Result products = sgemm.timedProductsLike(flops);
    return std::pair{products.gflops, products.products};
  });
}

nlohmann::json benchBert(const std::filesystem::path& dir, const BenchOptions& o, int threads) {
  const BenchModel<BertModel> bert = loadForBench<BertModel>(dir, o.tokens, kBertTokens);
  const std::vector<int> segments(bert.ids.size(), 0);
  pretrained::BertOptions options;  // every attention map kept
  options.maskedLmLogits = false;
  const std::function<void()> pass = [&] { bert.model.forward(bert.ids, segments, options); };
  const double flops =
      bertForwardFlops(bert.model.config(), bert.model.hasNextSentenceHead(), static_cast<double>(bert.ids.size()));
  nlohmann::json report = {{"model_type", "bert"}, {"load_ms", bert.loadMs}, {"tokens", bert.ids.size()},
                           {"forward_gflop", flops / 1e9}};
  Timing forward;
  if (o.vsLimits) {
    const LimitRounds r = bertAgainstSgemm(pass, flops, o, threads);
    forward = summarize(r.workMs);
    report["vs_limits"] = limitsJson(r, "pass_gflops", "sgemm_gflops");
    report["vs_limits"]["limit"] = "sgemm";
    report["vs_limits"]["sgemm_size"] = kSgemmSize;
    report["vs_limits"]["sgemm_products"] = r.limitRuns;
    report["vs_limits"]["passes_per_round"] = o.steps;
  } else {
    forward = timeRepeated(pass, o.steps);
  }
  report["forward_ms"] = forward.medianMs;
  report["forward_ms_fastest"] = forward.fastestMs;
  report["forward_gflops"] = flops / forward.medianMs / 1e6;
  return report;
}

// Greedy tokens after the prompt: the prompt's pass chooses the first, then each chosen token is read in turn.
std::vector<int64_t> generateGreedy(const Gpt2Model& gpt, const std::vector<int64_t>& prompt, int count) {
  pretrained::Gpt2Cache cache;
  std::vector<int64_t> generated{argmax(gpt.prefill(cache, prompt).logits)};
  while (static_cast<int>(generated.size()) < count) generated.push_back(argmax(gpt.step(cache, generated.back()).logits));
  return generated;
}

// --vs-limits for gpt2: --steps generations, then memory copies of as many bytes, --rounds times.
LimitRounds gpt2AgainstCopy(const std::function<void()>& generation, double bytes, const BenchOptions& o, int threads) {
  CopyRig copy(threads);
  generation();
  copy.timedCopy();
  return againstLimit(generation, bytes, o, [&](double total) {
    return std::pair{copy.timedCopiesLike(total), std::max(1, static_cast<int>(std::lround(total / copy.bytes())))};
  });
}

nlohmann::json benchGpt2(const std::filesystem::path& dir, const BenchOptions& o, int threads) {
  const BenchModel<Gpt2Model> gpt = loadForBench<Gpt2Model>(dir, o.tokens, kGpt2Prompt);
  std::vector<int64_t> generated;
  const std::function<void()> generation = [&] { generated = generateGreedy(gpt.model, gpt.ids, o.generate); };
  // Each generated token is one pass: the prompt's gives the first, each further token its own.
  const double bytesPerToken = gpt2BytesPerToken(gpt.model.config()), bytes = bytesPerToken * o.generate;
  nlohmann::json report = {{"model_type", "gpt2"}, {"load_ms", gpt.loadMs}, {"prompt_tokens", gpt.ids.size()},
                           {"generated_tokens", o.generate}, {"weight_bytes_per_token", bytesPerToken}};
  Timing timing;
  if (o.vsLimits) {
    const LimitRounds r = gpt2AgainstCopy(generation, bytes, o, threads);
    timing = summarize(r.workMs);
    report["vs_limits"] = limitsJson(r, "generate_gbps", "copy_gbps");
    report["vs_limits"]["limit"] = "copy";
    report["vs_limits"]["copy_bytes"] = CopyRig::bytes();
    report["vs_limits"]["copies"] = r.limitRuns;
    report["vs_limits"]["generations_per_round"] = o.steps;
  } else {
    timing = timeRepeated(generation, o.steps);
  }
  report["generate_ms"] = timing.medianMs;
  report["generate_ms_fastest"] = timing.fastestMs;
  report["ms_per_token"] = timing.medianMs / o.generate;
  report["generate_gbps"] = bytes / timing.medianMs / 1e6;
  report["generated_ids"] = generated;
  return report;
}

std::string fixed(double x, int digits) {
  std::ostringstream s;
  s << std::fixed << std::setprecision(digits) << x;
  return s.str();
}

// The rounds of --vs-limits: one line each, then the median and the range of the ratio.
void printLimits(const nlohmann::json& r) {
  const nlohmann::json& v = r["vs_limits"];
  const bool bert = r["model_type"] == "bert";
  const int perRound = (bert ? v["passes_per_round"] : v["generations_per_round"]).get<int>();
  if (bert)
    std::cout << "  against a " << kSgemmSize << " x " << kSgemmSize << " SGEMM on the same threads: "
              << perRound << " passes of " << fixed(r["forward_gflop"].get<double>(), 1)
              << " GFLOP a round, products of as much arithmetic\n  round   pass GFLOP/s   SGEMM GFLOP/s   products   ratio\n";
  else
    std::cout << "  against a memory copy of " << fixed(CopyRig::bytes() / 2 / 1e6, 0)
              << " MB on the same threads (bytes read + written): " << perRound << " generations a round, reading "
              << fixed(r["weight_bytes_per_token"].get<double>() / 1e6, 0)
              << " MB of weights a token, copies of as many bytes\n  round   generation GB/s   copy GB/s   copies   ratio\n";
  const auto& work = v[bert ? "pass_gflops" : "generate_gbps"];
  const auto& limit = v[bert ? "sgemm_gflops" : "copy_gbps"];
  const auto& runs = v[bert ? "sgemm_products" : "copies"];
  for (size_t i = 0; i < v["ratios"].size(); ++i)
    std::cout << std::setw(7) << i + 1 << std::setw(bert ? 15 : 18) << fixed(work[i].get<double>(), 1)
              << std::setw(bert ? 16 : 12) << fixed(limit[i].get<double>(), 1) << std::setw(bert ? 11 : 9)
              << runs[i].get<int>() << std::setw(8) << fixed(v["ratios"][i].get<double>(), 2) << "\n";
  std::cout << "  median ratio " << fixed(v["median"].get<double>(), 2) << " (" << fixed(v["lowest"].get<double>(), 2)
            << "-" << fixed(v["highest"].get<double>(), 2) << ") over " << v["rounds"].get<int>()
            << " rounds; processor: " << v["processor"].get<std::string>() << "; kernel: "
            << v["kernel"].get<std::string>() << "; matrix products: " << v["matrix_product"].get<std::string>() << "\n";
}

void printReport(const nlohmann::json& r) {
  std::cout << std::fixed << std::setprecision(0) << r["model_type"].get<std::string>() << ", " << r["threads"]
            << " threads\n  load (warm): " << r["load_ms"].get<double>() << " ms\n";
  if (r["model_type"] == "bert")
    std::cout << "  forward of " << r["tokens"] << " tokens, every attention map kept: " << r["forward_ms"].get<double>()
              << " ms (fastest " << r["forward_ms_fastest"].get<double>() << " ms), "
              << r["forward_gflops"].get<double>() << " GFLOP/s\n";
  else
    std::cout << "  greedy generation of " << r["generated_tokens"] << " tokens after " << r["prompt_tokens"]
              << ", key/value cache: " << r["generate_ms"].get<double>() << " ms (fastest "
              << r["generate_ms_fastest"].get<double>() << " ms), " << std::setprecision(1)
              << r["ms_per_token"].get<double>() << " ms a token, " << r["generate_gbps"].get<double>()
              << " GB/s of weights\n";
  if (r.contains("vs_limits")) printLimits(r);
}

}  // namespace

int benchPretrained(const BenchOptions& o) {
  return guarded([&] {
    const std::filesystem::path dir = pretrained::resolveModelFolder(o.model);
    const bool bert = pretrained::readModelType(dir) == pretrained::ModelType::Bert;
    const int threads = workerThreads(o.threads);
    tbb::task_arena arena(threads);
    nlohmann::json report;
    arena.execute([&] { report = bert ? benchBert(dir, o, threads) : benchGpt2(dir, o, threads); });
    report["task"] = "pretrained";
    report["threads"] = threads;
    report["steps"] = o.steps;
    if (o.json) std::cout << report.dump() << "\n";
    else printReport(report);
    return int{kDone};
  });
}

}  // namespace al::cli
