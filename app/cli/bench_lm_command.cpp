// bench lm: Transformer-XL's evaluation speed-up (Dai et al., 2019, section 3.2). One long text, every token of it
// predicted from what comes before, three ways:
//   vanilla       a learned-position model of the same size and segment S: for each token the window of the S ids
//                 before it goes through the model again (the only way such a model sees S tokens of context for
//                 every prediction), one prediction a pass
//   memory        the memory model (--model): the text read once, segment after segment, each after the memory the
//                 previous one left (core/inference/causal_lm_stream.h), S predictions a pass
//   memory, one by one  the same model fed one id at a time, as generation feeds it
// The vanilla model's weights are freshly initialised: a pass costs the same whatever the weights are.
#include <oneapi/tbb/task_arena.h>

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <iostream>
#include <span>

#include "app/cli/cli_support.h"
#include "app/cli/commands.h"
#include "core/data/text_corpus.h"
#include "core/error.h"
#include "core/inference/causal_lm_inference.h"
#include "core/inference/causal_lm_stream.h"
#include "core/train/trainer.h"

namespace al::cli {

namespace {

// The first `count` ids of the source's test documents (its training ones when it has no test split), each
// document followed by [EOS], as the model reads a text.
std::vector<int> benchText(const CausalLmModel& model, const std::string& source, size_t count) {
  const TextCorpus corpus = loadTextCorpus(source, 1);
  std::vector<int> ids;
  for (const std::string& document : corpus.test.empty() ? corpus.train : corpus.test) {
    for (const int id : causalLmIds(causalLmTokens(document, model.tokenizer()), model.vocabulary)) ids.push_back(id);
    ids.push_back(kEndOfTextId);
    if (ids.size() >= count) break;
  }
  if (ids.size() < count)
    throw InputError(source + " has " + std::to_string(ids.size()) + " tokens, fewer than the " +
                     std::to_string(count) + " asked for (--tokens)");
  ids.resize(count);
  return ids;
}

template <class Body>
double secondsOf(Body&& body) {
  const auto start = std::chrono::steady_clock::now();
  body();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Tokens per second of each way over ids (N ids: N - 1 predictions each, the first id has nothing before it).
struct EvaluationSpeeds {
  double vanilla = 0, memory = 0, memoryOneByOne = 0;
};

EvaluationSpeeds measure(const CausalLanguageModel& memoryModel, std::span<const int> ids) {
  CausalLmConfig config = memoryModel.config();
  config.position = CausalPosition::Learned;
  config.memoryLength = 0;
  CausalLanguageModel vanilla(config);
  vanilla.initialize(1);
  const auto S = static_cast<size_t>(config.sequenceLength);
  const auto predictions = static_cast<double>(ids.size() - 1);
  EvaluationSpeeds speeds;
  speeds.vanilla = predictions / secondsOf([&] {
    for (size_t n = 1; n < ids.size(); ++n)  // the window of the S ids before id n
      vanilla.predict(ids.subspan(n > S ? n - S : 0, std::min(n, S)));
  });
  speeds.memory = predictions / secondsOf([&] { CausalLmStream(memoryModel).read(ids.first(ids.size() - 1)); });
  speeds.memoryOneByOne = predictions / secondsOf([&] {
    CausalLmStream stream(memoryModel);
    for (size_t n = 0; n + 1 < ids.size(); ++n) stream.read(ids.subspan(n, 1));
  });
  return speeds;
}

}  // namespace

int benchLm(const BenchOptions& o) {
  return guarded([&] {
    const CausalLmModel model = loadCausalLm(o.model);
    const CausalLmConfig& c = model.model->config();
    if (c.memoryLength == 0)
      throw InputError(o.model + " has no memory (memory_length 0): bench lm times a model trained with --position "
                       "relative --memory M against a vanilla one");
    const std::string source = o.data.empty() ? "long-range" : o.data;
    const std::vector<int> ids = benchText(model, source, static_cast<size_t>(o.tokens > 0 ? o.tokens : kLmBenchTokens));
    const int threads = workerThreads(o.threads);
    tbb::task_arena arena(threads);
    EvaluationSpeeds speeds;
    arena.execute([&] {
      measure(*model.model, std::span(ids).first(std::min<size_t>(ids.size(), 4 * c.sequenceLength)));  // warm-up
      speeds = measure(*model.model, ids);
    });
    const double speedup = speeds.memory / speeds.vanilla;
    if (o.json) {
      const nlohmann::json out = {{"task", "lm"}, {"data", source}, {"tokens", ids.size()},
                                  {"sequence_length", c.sequenceLength}, {"memory_length", c.memoryLength},
                                  {"threads", threads}, {"vanilla_tokens_per_s", speeds.vanilla},
                                  {"memory_tokens_per_s", speeds.memory},
                                  {"memory_one_by_one_tokens_per_s", speeds.memoryOneByOne}, {"speedup", speedup}};
      std::cout << out.dump() << "\n";
      return int{kDone};
    }
    std::cout << std::fixed << std::setprecision(0) << "lm: " << ids.size() << " tokens of " << source
              << ", segment " << c.sequenceLength << ", memory " << c.memoryLength << ", " << threads << " threads\n"
              << "  vanilla, window slid one token at a time:  " << speeds.vanilla << " tokens/s\n"
              << "  memory, a segment at a time:               " << speeds.memory << " tokens/s\n"
              << "  memory, one token at a time (generation):  " << speeds.memoryOneByOne << " tokens/s\n"
              << std::setprecision(1) << "  speed-up of the memory: " << speedup << "x\n";
    return int{kDone};
  });
}

}  // namespace al::cli
