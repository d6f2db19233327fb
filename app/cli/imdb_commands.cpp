// train imdb, predict, eval and bench imdb; dispatch of the other tasks (cli.md).
#include <oneapi/tbb/task_arena.h>

#include <cmath>
#include <filesystem>
#include <iomanip>
#include <optional>
#include <iostream>

#include "app/cli/cli_support.h"
#include "app/cli/commands.h"
#include "app/cli/explain_commands.h"
#include "app/cli/head_commands.h"
#include "core/catalogue/model_catalogue.h"
#include "core/data/text_corpus.h"
#include "core/inference/causal_lm_inference.h"
#include "core/parallel.h"
#include "core/teaching/next_token_after.h"
#include "core/error.h"
#include "core/inference/model_attention.h"
#include "core/io/json_fields.h"
#include "core/train/bert_sentiment_run.h"
#include "core/train/imdb_run.h"

#include <unistd.h>

namespace al::cli {

namespace {

// The preset, then every option the user gave.
ImdbRunSettings imdbSettings(const TrainOptions& o) {
  return applyRequest(runRequest(o), imdbPreset(o.preset.empty() ? ImdbRunSettings{}.preset : o.preset), imdbFields());
}

// The Train page's data card, on stderr and in the log (--log) as the event "data": the training samples, their
// mean length in words and the ratio of the two, which the book's rule of thumb compares with 1,500.
void reportDataCard(const DataCard& card, ConsoleProgress& progress) {
  std::cerr << "Training samples: " << card.samples << ", mean words per review: " << std::fixed << std::setprecision(1)
            << card.meanWords << ", samples / mean length = " << std::setprecision(0) << card.ratio << "\n";
  progress.log({{"event", "data"}, {"samples", card.samples}, {"mean_words", card.meanWords}, {"ratio", card.ratio}});
}

// The [CLS] features of a frozen BERT take the time before the first epoch: a line that counts them up.
ProgressFn featureProgress() {
  return [](const std::string& stage, double fraction) {
    if (stage == stage::kComputingFeatures && isatty(STDERR_FILENO))
      std::cerr << "\r BERT reads the reviews once (frozen encoder): " << std::fixed << std::setprecision(0)
                << 100.0 * (fraction - 0.75) / 0.25 << "%   " << std::flush;
    if (stage == stage::kReady) std::cerr << "\r BERT read every review: its [CLS] states are the head's features\n";
    return true;
  };
}

// The run the options ask for: the Transformer classifier, or a head on a frozen BERT (--init-encoder BERT_FOLDER).
std::unique_ptr<TrainingRun> prepareImdb(const TrainOptions& o, ConsoleProgress& progress) {
  const ImdbRunSettings settings = imdbSettings(o);
  if (startsFromBert(settings)) {
    std::unique_ptr<BertSentimentRun> run = BertSentimentRun::prepare(settings, featureProgress());
    reportDataCard(run->dataCard(), progress);
    return run;
  }
  std::unique_ptr<ImdbRun> run = ImdbRun::prepare(settings);
  reportDataCard(run->dataCard(), progress);
  return run;
}

int trainImdb(const TrainOptions& o) {
  const std::string out = o.out.empty() ? defaultOutputDirectory("imdb") : o.out;
  ConsoleProgress progress(o.log);
  std::cerr << "Reading " << o.data << " ...\n";
  std::unique_ptr<TrainingRun> run = prepareImdb(o, progress);
  const auto [result, test] = trainAndSave(*run, out, progress, o);
  progress.log({{"event", "done"}, {"test_loss", test.loss()}, {"test_accuracy", test.accuracy()}});
  std::cerr << "Saved " << out << " (epoch " << result.bestEpoch << "). Test accuracy " << std::setprecision(4)
            << test.accuracy() << ", loss " << test.loss() << "\n";
  return kDone;
}

// The command that asks a model of this kind what it can answer, for a model given to the wrong command.
std::string commandFor(const ModelKind& kind) {
  if (kind.can(Ability::Ask)) return "ask";
  if (kind.can(Ability::Fill)) return "fill";
  if (kind.can(Ability::Generate)) return "generate";
  if (!kind.can(Ability::Classify)) return "inspect";
  return "predict";
}

const ModelKind& kindThatCan(const std::string& dir, Ability ability) {
  const ModelKind& kind = modelKindOfDirectory(dir);
  if (!kind.can(ability))
    throw InputError(dir + " holds a model of task " + kind.task + ", which answers 'attentionlab-cli " +
                     commandFor(kind) + "'");
  return kind;
}

// predict on a classifier with self-attention (the app's Transformer, a head on a frozen BERT): cli.md's shape, with
// the tokens as the model read them (BERT's own pieces).
int predictWithAttention(const AnyModel& model, const PredictOptions& o) {
  const ModelAttention p = readModelAttention(model, o.text);
  const float probability = p.probability.value();  // the kind can Classify
  const std::string label = probability >= 0.5f ? "positive" : "negative";
  if (o.json) {
    nlohmann::json out = {{"probability", probability}, {"label", label}, {"tokens", p.tokens},
                          {"ids", p.ids}, {"attention", attentionJson(p.attention)}};
    std::cout << out.dump() << "\n";
    return kDone;
  }
  std::cout << label << " (probability of positive: " << std::fixed << std::setprecision(4) << probability << ")\n";
  std::cout << "tokens (" << p.tokens.size() << (p.truncated ? ", truncated to sequence_length" : "") << "):";
  // A word the model never saw is marked (a pretrained tokenizer's unknown piece is "[UNK]" itself).
  for (size_t i = 0; i < p.tokens.size(); ++i)
    std::cout << " " << p.tokens[i] << (p.unknown[i] && p.pieces.empty() ? "[UNK]" : "");
  std::cout << "\n";
  return kDone;
}

}  // namespace

int train(const TrainOptions& o) {
  if (o.task == "chatbot") return trainChatbot(o);
  if (o.task == "mlm") return trainMlm(o);
  if (o.task == "lm") return trainLm(o);
  return guarded([&] {
    if (!o.initEncoder.empty() && o.task != "imdb") throw InputError("--init-encoder is for train imdb only");
    if (!o.initEncoder.empty() && !o.init.empty()) throw InputError("give --init or --init-encoder, not both");
    if (o.fineTuneLayers > 0 && o.initEncoder.empty())
      throw InputError("--fine-tune-layers trains BERT's top layers: give a BERT folder with --init-encoder");
    if (o.task == "bigram") return trainBigram(o);
    return trainImdb(o);
  });
}

int predict(const PredictOptions& o) {
  return guarded([&] {
    const ModelKind& kind = kindThatCan(o.model, Ability::Classify);
    const AnyModel model = kind.load(o.model);
    return kind.can(Ability::SelfAttention) ? predictWithAttention(model, o) : predictBigram(model, o);
  });
}

namespace {

nlohmann::json recallJson(const Evaluation::Recall& r) { return {{"accuracy", r.accuracy}, {"tokens", r.tokens}}; }

// "accuracy" and "tokens" are the dependent tokens' (the name's first letter and the digits), the kinds apart beside.
nlohmann::json longRangeJson(const Evaluation::LongRange& l) {
  return {{"accuracy", l.dependent.accuracy}, {"tokens", l.dependent.tokens},
          {"name_first", recallJson(l.nameFirst)},  {"digits", recallJson(l.digits)},
          {"name_rest", recallJson(l.nameRest)},    {"repeated", recallJson(l.repeated)}};
}

void printLongRange(const Evaluation::LongRange& l) {
  auto line = [](const char* what, const Evaluation::Recall& r) {
    std::cout << "  " << what << ": accuracy " << r.accuracy << " on " << r.tokens << " tokens\n";
  };
  std::cout << "tokens that need the first mention, more than a segment before: accuracy " << l.dependent.accuracy
            << " on " << l.dependent.tokens << " tokens\n";
  line("a repeated name's first letter (1 in 24 by guessing)", l.nameFirst);
  line("a repeated number's digits (1 in 10 by guessing)", l.digits);
  line("a repeated name's later letters (they follow from its first)", l.nameRest);
  line("every repeated character", l.repeated);
}

const char* seedFromKey(Evaluation::SeedFrom from) {
  switch (from) {
    case Evaluation::SeedFrom::Asked: return "asked";
    case Evaluation::SeedFrom::TrainingRecord: return "training_record";
    case Evaluation::SeedFrom::Default: return "default";
  }
  return "default";
}

const char* seedFromWords(Evaluation::SeedFrom from) {
  switch (from) {
    case Evaluation::SeedFrom::Asked: return "as asked (--seed)";
    case Evaluation::SeedFrom::TrainingRecord: return "the seed the model was trained with (its training.json)";
    case Evaluation::SeedFrom::Default: return "the training default (the model has no training.json)";
  }
  return "";
}

// The line for kinds that score tokens: a language model predicts each next token, a masked one the hidden ones.
void printTokenScores(const ModelKind& kind, const Evaluation& e) {
  if (kind.can(Ability::Generate)) {
    std::cout << "next tokens: loss " << e.loss << ", perplexity " << std::exp(e.loss) << ", next-token accuracy "
              << e.accuracy << " on " << e.scoredTokens << " tokens predicted\n";
  } else {
    std::cout << "masked tokens: loss " << e.loss << ", accuracy " << e.accuracy << " on " << e.scoredTokens
              << " hidden tokens\n";
  }
}

void printEvaluation(const ModelKind& kind, const Evaluation& e, const std::string& data) {
  if (e.dataSeed)
    std::cout << "test documents of " << (data.empty() ? "builtin" : data) << " drawn with seed " << e.dataSeed->seed
              << ", " << seedFromWords(e.dataSeed->from) << "\n";
  if (e.longRange) printLongRange(*e.longRange);  // what a language model remembers, then the whole text's numbers
  if (e.exactMatch) {  // question-answer pairs: tokens scored, and whole answers
    std::cout << "loss " << e.loss << ", token accuracy " << e.accuracy << " on " << e.samples << " pairs ("
              << e.scoredTokens << " target tokens); answers exactly right: " << std::fixed << std::setprecision(1)
              << 100.0 * *e.exactMatch << "%\n";
  } else if (e.scoredTokens) {
    printTokenScores(kind, e);
  } else {
    std::cout << "loss " << e.loss << ", accuracy " << e.accuracy << " on " << e.samples << " samples\n";
  }
}

// cli.md's three numbers, then what a kind adds: the seed of a generated text, a language model's recall.
nlohmann::json evaluationJson(const Evaluation& e) {
  nlohmann::json out{{"loss", e.loss}, {"accuracy", e.accuracy}, {"samples", e.samples}};
  if (e.dataSeed) {
    out["seed"] = e.dataSeed->seed;
    out["seed_from"] = seedFromKey(e.dataSeed->from);
  }
  if (e.longRange) out["long_range"] = longRangeJson(*e.longRange);
  return out;
}

// eval --after: the next-token accuracy right after each occurrence of the text, in the documents the evaluation
// read (the test split; all of the data when it has none), with --ablate's heads off.
struct AfterScore {
  teaching::TokenAfterScore score;
  bool heldOut = true;
  std::string ablated;  // "L.H,..." ("" when every head is on)
};

AfterScore scoreAfter(const EvalOptions& o, const ModelKind& kind, const Evaluation& e) {
  if (kind.task != CausalLmModel::kTask)
    throw InputError(ErrorKind::OptionsConflict, {.name = "--after", .found = kind.task},
                     "--after scores the next tokens of a language model (causal-lm), not of a " + kind.task +
                         " model");
  const AnyModel model = kind.load(o.model);
  const HeadSwitches switches = headSwitchesOf(model, o.ablate);
  const std::string data = o.data.empty() ? kind.corpora.front().source : o.data;
  const TextCorpus corpus = loadTextCorpus(data, e.dataSeed ? e.dataSeed->seed : TrainingSettings{}.seed);
  AfterScore r;
  r.heldOut = !corpus.test.empty();
  r.ablated = toString(switches);
  tbb::task_arena arena(workerThreads(o.threads));
  arena.execute([&] {
    r.score = teaching::scoreTokensAfter(*model.as<CausalLmModel>(), r.heldOut ? corpus.test : corpus.train, o.after,
                                         &switches);
  });
  return r;
}

nlohmann::json afterJson(const AfterScore& a, const std::string& text) {
  return {{"text", text}, {"accuracy", a.score.accuracy()}, {"tokens", a.score.tokens}, {"held_out", a.heldOut},
          {"ablated", a.ablated}};
}

void printAfter(const AfterScore& a, const std::string& text) {
  std::cout << "the token after \"" << text << "\": accuracy " << a.score.accuracy() << " on " << a.score.tokens
            << " tokens of the " << (a.heldOut ? "test" : "training") << " documents, each read from its start";
  if (!a.ablated.empty()) std::cout << ", heads " << a.ablated << " switched off (output zero)";
  std::cout << "\n";
}

}  // namespace

int eval(const EvalOptions& o) {
  if (o.rankCorrelations) return evalRankCorrelations(o);
  if (o.headImportance) return evalHeadImportance(o);
  return guarded([&] {
    const ModelKind& kind = modelKindOfDirectory(o.model);
    const Evaluation e = kind.evaluate(o.model, o.data, o.threads, o.seed);
    const std::optional<AfterScore> after = o.after.empty() ? std::nullopt : std::optional(scoreAfter(o, kind, e));
    if (o.json) {
      nlohmann::json out = evaluationJson(e);
      if (after) out["after"] = afterJson(*after, o.after);
      std::cout << out.dump() << "\n";
    } else {
      printEvaluation(kind, e, o.data);
      if (after) printAfter(*after, o.after);
    }
    return int{kDone};
  });
}

int bench(const BenchOptions& o) {
  if (o.vsLimits && o.task != "pretrained") {
    std::cerr << "error: --vs-limits is for bench pretrained (bench imdb: --vs-sgemm)\n";
    return int{kBadCommandLine};
  }
  if (o.roundsGiven && !o.vsSgemm && !o.vsLimits) {
    std::cerr << "error: --rounds counts the rounds of bench imdb --vs-sgemm or bench pretrained --vs-limits\n";
    return int{kBadCommandLine};
  }
  if (o.task == "lm") {
    if (!o.preset.empty() || o.sweepLength || o.scaling || o.vsSgemm) {
      std::cerr << "error: bench lm times the model given by --model on --data's text; --preset, --sweep-length, "
                   "--scaling and --vs-sgemm are for bench imdb\n";
      return int{kBadCommandLine};
    }
    if (o.model.empty()) {
      std::cerr << "error: bench lm needs --model DIR, a language model with a memory (train lm --position relative "
                   "--memory M)\n";
      return int{kBadCommandLine};
    }
    return benchLm(o);
  }
  if (o.task == "pretrained") {
    if (o.model.empty()) {
      std::cerr << "error: bench pretrained needs --model DIR, a BERT or GPT-2 folder (Hugging Face)\n";
      return int{kBadCommandLine};
    }
    if (!o.preset.empty() || !o.data.empty() || o.sweepLength || o.scaling || o.vsSgemm) {
      std::cerr << "error: bench pretrained times the folder given by --model; --preset, --data, --sweep-length, "
                   "--scaling and --vs-sgemm are for bench imdb\n";
      return int{kBadCommandLine};
    }
    return benchPretrained(o);
  }
  if (!o.model.empty()) {
    std::cerr << "error: --model is for bench lm and bench pretrained\n";
    return int{kBadCommandLine};
  }
  if (o.task != "chatbot") return benchImdb(o);
  if (!o.data.empty() || o.sweepLength || o.scaling || o.vsSgemm) {
    std::cerr << "error: bench chatbot times built-in batches only; --data, --sweep-length, --scaling and --vs-sgemm are for "
                 "bench imdb\n";
    return int{kBadCommandLine};
  }
  return benchChatbot(o);
}

int ask(const PredictOptions& o) {
  return guarded([&] {
    return askModel(kindThatCan(o.model, Ability::Ask).load(o.model), o);
  });
}

}  // namespace al::cli
