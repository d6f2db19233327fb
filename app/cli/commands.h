#pragma once
// The commands of attentionlab-cli (contract: cli.md). Each returns the process exit code:
// 0 done; 1 failed while running; 2 bad command line; 3 bad input data.
#include <optional>
#include <string>

namespace al {
struct ImdbRunSettings;
}

namespace al::cli {

enum ExitCode { kDone = 0, kFailed = 1, kBadCommandLine = 2, kBadInput = 3 };

struct TrainOptions {
  std::string task;  // imdb | bigram | chatbot | mlm
  std::string data = "builtin";
  std::string out;
  std::string preset;
  std::optional<int> epochs, batchSize;
  std::optional<double> lr;
  std::string optimizer;  // empty: task default
  double validationSplit = 0.2;
  std::string shuffle = "on";
  uint64_t seed = 1337;
  int threads = 0;  // 0: all cores
  std::string init;
  std::optional<double> dropout;
  std::string log;
  std::optional<int> trainLimit;  // any task: only the first N training samples after shuffling
  // imdb
  std::optional<int> vocabSize, sequenceLength, embedDim, numHeads, keyDim, denseDim, layers;
  std::string position, norm, pooling;
  std::string initEncoder;  // imdb: from a masked-lm directory
  // mlm
  std::optional<double> maskRate;
  // bigram (an addition to cli.md: the baseline's input encoding)
  std::string encoding;
  // chatbot
  std::optional<int> units, attentionUnits, maxLength;
};

struct EvalOptions {
  std::string model;
  std::string data;
  bool json = false;
  int threads = 0;
};

struct PredictOptions {
  std::string model;
  std::string text;
  bool json = false;
};

struct FillOptions {
  std::string model;
  std::string text;
  int top = 5;
  bool json = false;
};

struct BenchOptions {
  std::string task;
  std::string preset;
  int steps = 3;
  int threads = 0;
  bool json = false;
};

int train(const TrainOptions& options);
int eval(const EvalOptions& options);
int predict(const PredictOptions& options);
int ask(const PredictOptions& options);
int bench(const BenchOptions& options);

// The imdb model options (--vocab-size ... --pooling, --dropout, --init, --init-encoder) and the shared training
// options over a preset (app/cli/imdb_commands.cpp); the masked-lm uses them too.
void applyImdbOptions(const TrainOptions& options, ImdbRunSettings& settings);

// The masked language model (app/cli/mlm_commands.cpp).
int trainMlm(const TrainOptions& options);
int fill(const FillOptions& options);
int evalMlm(const EvalOptions& options);  // inside guarded()

// The bag-of-bigrams side (app/cli/bigram_commands.cpp).
int trainBigram(const TrainOptions& options);
int predictBigram(const PredictOptions& options);
int evalBigram(const EvalOptions& options);

// The chatbot's side of train / eval / ask / bench (app/cli/chatbot_commands.cpp).
int trainChatbot(const TrainOptions& options);
int evalChatbot(const EvalOptions& options);
int askChatbot(const PredictOptions& options);
int benchChatbot(const BenchOptions& options);

}  // namespace al::cli
