// train imdb, predict, eval and bench imdb; dispatch of the other tasks (cli.md).
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <iostream>

#include "app/cli/cli_support.h"
#include "app/cli/commands.h"
#include "core/error.h"
#include "core/inference/imdb_transformer_inference.h"
#include "core/io/json_fields.h"
#include "core/train/imdb_run.h"

namespace al::cli {

namespace {

// The preset, then every option the user gave.
ImdbRunSettings imdbSettings(const TrainOptions& o) {
  return applyRequest(runRequest(o), imdbPreset(o.preset.empty() ? ImdbRunSettings{}.preset : o.preset), imdbFields());
}

int trainImdb(const TrainOptions& o) {
  const std::string out = o.out.empty() ? defaultOutputDirectory("imdb") : o.out;
  ConsoleProgress progress(o.log);
  std::cerr << "Reading " << o.data << " ...\n";
  std::unique_ptr<ImdbRun> run = ImdbRun::prepare(imdbSettings(o));
  const DataCard& card = run->dataCard();
  std::cerr << "Training samples: " << card.samples << ", mean words per review: " << std::fixed << std::setprecision(1)
            << card.meanWords << ", samples / mean length = " << std::setprecision(0) << card.ratio << "\n";
  const auto [result, test] = trainAndSave(*run, out, progress);
  progress.log({{"event", "done"}, {"test_loss", test.loss()}, {"test_accuracy", test.accuracy()}});
  std::cerr << "Saved " << out << " (epoch " << result.bestEpoch << "). Test accuracy " << std::setprecision(4)
            << test.accuracy() << ", loss " << test.loss() << "\n";
  return kDone;
}

std::string modelTask(const std::string& dir) { return io::readConfig(dir, "")["task"].get<std::string>(); }

}  // namespace

int train(const TrainOptions& o) {
  if (o.task == "chatbot") return trainChatbot(o);
  if (o.task == "mlm") return trainMlm(o);
  return guarded([&] {
    if (!o.initEncoder.empty() && o.task != "imdb") throw InputError("--init-encoder is for train imdb only");
    if (!o.initEncoder.empty() && !o.init.empty()) throw InputError("give --init or --init-encoder, not both");
    if (o.task == "bigram") return trainBigram(o);
    return trainImdb(o);
  });
}

int predict(const PredictOptions& o) {
  return guarded([&] {
    const std::string task = modelTask(o.model);
    if (task == "seq2seq-attention" || task == "seq2seq-transformer")
      throw InputError(o.model + " holds a chatbot model: use 'attentionlab-cli ask'");
    if (task == "masked-lm") throw InputError(o.model + " holds a masked language model: use 'attentionlab-cli fill'");
    if (task == "imdb-bigram") return predictBigram(o);
    ImdbTransformerModel loaded = loadImdbTransformer(o.model);
    const ImdbPrediction p = predictText(*loaded.model, loaded.vocabulary, o.text);
    const std::string label = p.probability >= 0.5f ? "positive" : "negative";
    if (o.json) {
      nlohmann::json out = {{"probability", p.probability}, {"label", label}, {"tokens", p.tokens},
                            {"ids", p.ids}, {"attention", attentionJson(p.attention)}};
      std::cout << out.dump() << "\n";
    } else {
      std::cout << label << " (probability of positive: " << std::fixed << std::setprecision(4) << p.probability << ")\n";
      std::cout << "tokens (" << p.tokens.size() << (p.truncated ? ", truncated to sequence_length" : "") << "):";
      for (size_t i = 0; i < p.tokens.size(); ++i) std::cout << " " << p.tokens[i] << (p.ids[i] == 1 ? "[UNK]" : "");
      std::cout << "\n";
    }
    return int{kDone};
  });
}

int eval(const EvalOptions& o) {
  return guarded([&] {
    const std::string task = modelTask(o.model);
    if (task == "seq2seq-attention" || task == "seq2seq-transformer") return evalChatbot(o);
    if (task == "imdb-bigram") return evalBigram(o);
    if (task == "masked-lm") return evalMlm(o);
    ImdbRunSettings s;
    s.data = o.data.empty() ? "builtin" : o.data;
    s.initDir = o.model;
    s.threads = o.threads;
    s.model = loadImdbTransformer(o.model).model->config();
    std::unique_ptr<ImdbRun> run = ImdbRun::prepare(s);
    const BatchStats stats = run->evaluateTest();
    if (o.json) {
      std::cout << nlohmann::json{{"loss", stats.loss()}, {"accuracy", stats.accuracy()}, {"samples", static_cast<size_t>(stats.total)}}.dump() << "\n";
    } else {
      std::cout << "loss " << stats.loss() << ", accuracy " << stats.accuracy() << " on " << stats.total << " samples\n";
    }
    return int{kDone};
  });
}

int bench(const BenchOptions& o) {
  if (o.task != "chatbot") return benchImdb(o);
  if (!o.data.empty() || o.sweepLength || o.scaling || o.vsSgemm) {
    std::cerr << "error: bench chatbot times built-in batches only; --data, --sweep-length, --scaling and --vs-sgemm are for "
                 "bench imdb\n";
    return int{kBadCommandLine};
  }
  return benchChatbot(o);
}

int ask(const PredictOptions& o) { return askChatbot(o); }

}  // namespace al::cli
