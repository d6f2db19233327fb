#pragma once
// The commands of attentionlab-cli (contract: cli.md). Each returns the process exit code:
// 0 done; 1 failed while running; 2 bad command line; 3 bad input data.
#include <optional>
#include <string>

namespace al::cli {

enum ExitCode { kDone = 0, kFailed = 1, kBadCommandLine = 2, kBadInput = 3 };

struct TrainOptions {
  std::string task;  // imdb | bigram | chatbot
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
  // imdb
  std::optional<int> vocabSize, sequenceLength, embedDim, numHeads, keyDim, denseDim, layers;
  std::string position, norm, pooling;
  // bigram (an addition to cli.md: the baseline's input encoding)
  std::string encoding;
  // chatbot
  std::string architecture = "gru";  // gru | transformer
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

struct BenchOptions {
  std::string task;
  std::string preset;
  std::string architecture = "gru";  // chatbot: gru | transformer
  int steps = 3;
  int threads = 0;
  bool json = false;
};

int train(const TrainOptions& options);
int eval(const EvalOptions& options);
int predict(const PredictOptions& options);
int ask(const PredictOptions& options);
int bench(const BenchOptions& options);

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
