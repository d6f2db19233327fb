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
#include "core/text/comma_list.h"
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

// A token as the text spells it: BERT's continuation mark "##" left out.
std::string spelling(const std::string& token) { return token.rfind("##", 0) == 0 ? token.substr(2) : token; }

// The first run of tokens that spells `word`; InputError when none does.
std::vector<size_t> tokensOf(const std::string& word, const std::vector<std::string>& tokens) {
  for (size_t first = 0; first < tokens.size(); ++first) {
    std::string spelled;
    for (size_t last = first; last < tokens.size() && spelled.size() < word.size(); ++last) {
      spelled += spelling(tokens[last]);
      if (spelled != word) continue;
      std::vector<size_t> run(last - first + 1);
      for (size_t i = 0; i < run.size(); ++i) run[i] = first + i;
      return run;
    }
  }
  std::string read;
  for (const std::string& t : tokens) read += (read.empty() ? "" : " ") + t;
  throw InputError(ErrorKind::OptionInvalid, {.name = "--which-head", .expected = read, .found = word},
                   "--which-head: no tokens of the text spell '" + word + "' (the model reads: " + read + ")");
}

}  // namespace

std::string whichHeadProblem(const std::string& spec) {
  const std::vector<std::string> words = splitAtCommas(spec);
  if (words.size() != 3 || std::any_of(words.begin(), words.end(), [](const std::string& w) { return w.empty(); }))
    return "--which-head takes three words of the text separated by commas, Q,A,B (e.g. 它,书包,教室), not '" +
           spec + "'";
  return {};
}

WhichHead whichHead(const std::string& spec, const std::vector<std::string>& tokens,
                    const std::vector<std::vector<Matrix>>& attention) {
  if (const std::string problem = whichHeadProblem(spec); !problem.empty())
    throw InputError(ErrorKind::OptionInvalid, {.name = "--which-head", .expected = "Q,A,B", .found = spec}, problem);
  const std::vector<std::string> words = splitAtCommas(spec);
  WhichHead w{words[0], words[1], words[2], tokensOf(words[0], tokens), tokensOf(words[1], tokens),
              tokensOf(words[2], tokens), {}};
  w.ranking = teaching::rankHeads(attention, w.queryTokens, w.aTokens, w.bTokens);
  return w;
}

nlohmann::json whichHeadJson(const WhichHead& w) {
  const teaching::HeadRanking& r = w.ranking;
  Matrix onA = Matrix::Zero(r.differences.rows(), r.differences.cols()), onB = onA;
  for (const teaching::HeadPreference& p : r.ranked) {
    onA(static_cast<Index>(p.layer), static_cast<Index>(p.head)) = static_cast<float>(p.onA);
    onB(static_cast<Index>(p.layer), static_cast<Index>(p.head)) = static_cast<float>(p.onB);
  }
  return {{"query", w.query},         {"a", w.a},
          {"b", w.b},                 {"query_tokens", w.queryTokens},
          {"a_tokens", w.aTokens},    {"b_tokens", w.bTokens},
          {"difference", matrixJson(r.differences)}, {"on_a", matrixJson(onA)},
          {"on_b", matrixJson(onB)},  {"prefer_a", r.preferA},
          {"heads", r.ranked.size()}};
}

void printWhichHead(const WhichHead& w) {
  const teaching::HeadRanking& r = w.ranking;
  std::cout << "which head? the weight of " << w.query << " on " << w.a << " minus on " << w.b
            << " (layer and head counted from 0):\n" << std::fixed << std::setprecision(3);
  for (const teaching::HeadPreference& p : r.ranked)
    std::cout << "  layer " << p.layer << " head " << p.head << ": " << std::showpos << p.difference << std::noshowpos
              << " (" << p.onA << " on " << w.a << ", " << p.onB << " on " << w.b << ")\n";
  std::cout << r.preferA << " of " << r.ranked.size() << " heads put more of " << w.query << "'s weight on " << w.a
            << " than on " << w.b << "\n";
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
