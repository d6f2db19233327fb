#pragma once
// The commands of attentionlab-cli (contract: cli.md). Each returns the process exit code:
// 0 done; 1 failed while running; 2 bad command line; 3 bad input data.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace al {
struct AnyModel;  // core/inference/any_model.h
}  // namespace al

namespace CLI {
class App;
}


namespace al::cli {

enum ExitCode { kDone = 0, kFailed = 1, kBadCommandLine = 2, kBadInput = 3 };

struct TrainOptions {
  std::string task;  // imdb | bigram | chatbot | mlm | lm (a TaskSchema's command)
  std::string data = "builtin";
  std::string out;
  std::string preset;
  std::string init;
  std::string log;
  // Every hyper-parameter given on the command line, by its key in the core's schema (core/train/hyperparameters.h).
  nlohmann::json values = nlohmann::json::object();
  std::string initEncoder;  // imdb: vocabulary, embeddings and encoder from a masked-lm directory
  int fineTuneLayers = 0;   // imdb from a BERT folder: its top layers trained too (0: the head only)
  // A training timeline (timeline.json beside the model): the sentences watched (none but --watch-every given: the
  // corpus's own, the catalogue's defaultProbes) and a snapshot every N steps besides the schedule's (0: automatic).
  std::vector<std::string> watch;
  long watchEvery = 0;
};

struct TimelineOptions {
  std::string model;
  bool json = false;
  // "Q,A,B" (as inspect --which-head): at every snapshot, each head's weight from word Q on word A and on word B in
  // the first watched sentence that has the three words; empty: not asked.
  std::string whichHead;
};

struct EvalOptions {
  std::string model;
  std::string data;
  bool json = false;
  int threads = 0;
  std::optional<uint64_t> seed;      // lm on generated text: draws its documents (empty: the model's training seed)
  bool headImportance = false;       // imdb-transformer: the accuracy with each head alone switched off
  int samples = 0;                   // with headImportance: at most this many test reviews (0: all)
  std::string replacement = "zero";  // with headImportance: what replaces a switched-off head (zero | mean)
  bool rankCorrelations = false;     // imdb-transformer: attention, rollout, saliency and deletion compared
  std::string attentionHead;         // with rankCorrelations: "L.H", or "mean" / empty for the last layer's mean
  std::string after;                 // lm: also the accuracy of the token after each occurrence of this text
  std::string ablate;                // with after: heads switched off for its guesses, "L.H[,L.H...]"
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

struct InspectOptions {
  std::string model;
  std::string text;
  bool json = false;
  std::string ablate;  // heads switched off, "L.H[,L.H...]" (empty: none)
  std::string whichHead;  // "Q,A,B": each head's weight from word Q on word A minus on word B (empty: not asked)
};

struct NextSentenceOptions {
  std::string model;
  std::string a, b;
  bool json = false;
};

struct GenerateOptions {
  std::string model;
  std::string prompt;
  int maxNewTokens = 20;
  float temperature = 0;  // 0: greedy
  int topK = 0;           // 0: no limit
  float topP = 1;         // 1: no limit
  uint64_t seed = 1;
  bool json = false;
};

struct BenchOptions {
  std::string task;
  std::string preset;
  std::string architecture = "gru";  // chatbot: gru | transformer
  int steps = 3;
  int threads = 0;
  bool json = false;
  std::string data;          // imdb: real batches from this source (empty: full-length random ids)
  bool sweepLength = false;  // imdb: ms per step for 64 .. 2,048 tokens and the quadratic term's share
  bool scaling = false;      // imdb: 1 thread against `threads` on the same batches, in alternating blocks
  bool vsSgemm = false;      // imdb: the step against 2048² SGEMMs on the same threads, alternating rounds
  bool vsLimits = false;     // pretrained: bert's pass against SGEMMs, gpt2's generation against memory copies, in
                             // alternating rounds
  int rounds = 10;           // --vs-sgemm, --vs-limits: how many rounds
  bool roundsGiven = false;  // --rounds was on the command line
  std::string model;         // lm: the memory model to time against a vanilla one; pretrained: a bert or gpt2 folder
  int tokens = 0;            // lm: the length of the text evaluated; pretrained: bert's input, gpt2's prompt
                             // (0: the task's default, kLmBenchTokens, 128 or 20)
  int generate = 50;         // pretrained, gpt2: tokens generated greedily after the prompt
  bool timeline = false;     // imdb: what a training timeline at the default schedule costs a run of the preset
};
constexpr int kLmBenchTokens = 2000;  // bench lm's --tokens default

struct DownloadOptions {
  std::string what;  // imdb | model
  std::string name;  // model: NAME or OWNER/NAME on the hub
  std::string to;    // empty: the app's data folder
  std::string url;   // imdb: empty means the data set's home page
  std::string sha256;
  std::string revision = "main";  // model
};

struct TokenizeOptions {
  std::string model;      // a model directory, or
  std::string tokenizer;  // a tokenizer name with
  std::string task;       // imdb | seq2seq
  std::string text;
  bool json = false;
};

int train(const TrainOptions& options);
int eval(const EvalOptions& options);
int predict(const PredictOptions& options);
int ask(const PredictOptions& options);
int bench(const BenchOptions& options);
int tokenize(const TokenizeOptions& options);  // app/cli/tokenize_command.cpp
int timeline(const TimelineOptions& options);  // app/cli/timeline_command.cpp

// The GPT-style language model (app/cli/lm_commands.cpp); it answers inspect and generate.
int trainLm(const TrainOptions& options);

// The masked language model (app/cli/mlm_commands.cpp).
int trainMlm(const TrainOptions& options);
int fill(const FillOptions& options);

// Models with self-attention, and the pretrained Hugging Face folders (app/cli/pretrained_commands.cpp).
int inspect(const InspectOptions& options);
int fillPretrained(const FillOptions& options);  // fill on a bert folder
int nextSentence(const NextSentenceOptions& options);
int generate(const GenerateOptions& options);

// The bag-of-bigrams side (app/cli/bigram_commands.cpp); predict prints inside guarded().
int trainBigram(const TrainOptions& options);
int predictBigram(const AnyModel& model, const PredictOptions& options);  // an imdb-bigram model

// The chatbot's side of train / ask / bench (app/cli/chatbot_commands.cpp); ask prints inside guarded().
int trainChatbot(const TrainOptions& options);
int askModel(const AnyModel& model, const PredictOptions& options);  // a model that can Ask (either chatbot)
int benchChatbot(const BenchOptions& options);

// `bench imdb` (app/cli/bench_imdb_command.cpp): full length, real data (--data) or --sweep-length.
int benchImdb(const BenchOptions& options);
// `bench imdb --timeline` (app/cli/bench_timeline_command.cpp): a training timeline's share of the training time.
int benchTimeline(const BenchOptions& options);
// `bench lm` (app/cli/bench_lm_command.cpp): evaluating one text with a vanilla model and with Transformer-XL's memory.
int benchLm(const BenchOptions& options);
// `bench pretrained` (app/cli/bench_pretrained_command.cpp): loading a Hugging Face folder, BERT's forward pass with
// every attention map, GPT-2's greedy generation with the key/value cache.
int benchPretrained(const BenchOptions& options);

// `download imdb` (app/cli/download_commands.cpp): adds the command to the app, and runs it.
CLI::App* addDownloadCommand(CLI::App& app, DownloadOptions& options);
int download(const DownloadOptions& options);

}  // namespace al::cli
