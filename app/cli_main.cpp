// attentionlab-cli: the command-line twin of the desktop app (contract: cli.md).
#include <CLI/CLI.hpp>
#include <iostream>

#include "app/cli/commands.h"
#include "app/cli/explain_commands.h"
#include "app/cli/head_commands.h"
#include "app/cli/train_options.h"
#include "core/catalogue/model_catalogue.h"
#include "core/inference/training_timeline.h"
#include "core/train/hyperparameters.h"

namespace {

// A command that reads one model: the --model it requires and the --json every such command offers.
CLI::App* addModelCommand(CLI::App& app, const std::string& name, const std::string& description, std::string& model,
                          const std::string& modelHelp, bool& json) {
  CLI::App* command = app.add_subcommand(name, description);
  command->add_option("--model", model, modelHelp)->required();
  command->add_flag("--json", json, "print one JSON object");
  return command;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace al::cli;
  CLI::App app{"AttentionLab: train Transformer and attention models, inspect their attention, benchmark them."};
  app.set_version_flag("--version", std::string("attentionlab-cli ") + ATTENTIONLAB_VERSION);
  app.require_subcommand(1);
  app.footer("Exit codes: 0 done, 1 failed while running, 2 bad command line, 3 bad input data.\n"
             "Every command takes --help.");

  TrainOptions t;
  CLI::App* train = app.add_subcommand("train", "Train a model and write its model directory");
  // The tasks are the core schema's commands (core/train/hyperparameters.h), in the catalogue's order.
  std::vector<std::string> trainCommands;
  for (const al::TaskSchema& schema : al::taskSchemas()) trainCommands.push_back(schema.command);
  train->add_option("task", t.task, CLI::detail::join(trainCommands, " | "))->required()->check(CLI::IsMember(trainCommands));
  train->add_option("--data", t.data, "builtin or builtin:zh, an aclImdb folder, the aclImdb_v1.tar.gz archive, a CSV "
                                       "or TSV (imdb, bigram), a question<TAB>answer file or builtin corpus (chatbot: "
                                       "builtin, builtin:translate, builtin:zh, builtin:translate-zh), or for lm builtin, "
                                       "builtin:zh, poems-zh, quotes (Debian's fortunes-zh, fortunes) or a UTF-8 text "
                                       "file (a line a document)")
      ->capture_default_str();
  train->add_option("--out", t.out, "model directory to write (atomically); default runs/<task>-<time>");
  train->add_option("--preset", t.preset, "tiny | classroom | book (the source material's configuration); lm: tiny | "
                                        "classroom | large | long-range (the default with --data long-range)");
  train->add_option("--init", t.init, "start from an existing model directory");
  train->add_option("--log", t.log, "write one JSON object per event to FILE");
  HyperParameterOptions hyperParameters;  // --epochs, --lr, --embed-dim, ...: one per key of the core's schema
  addHyperParameterOptions(*train, hyperParameters);
  train->add_option("--init-encoder", t.initEncoder, "imdb: vocabulary, embeddings and encoder from a masked-lm directory, new head; or a BERT folder "
                                                   "(Hugging Face), frozen, with a new head on its [CLS] state");
  train->add_option("--fine-tune-layers", t.fineTuneLayers, "imdb with a BERT folder as --init-encoder: train its top N "
                                                            "layers with the head (1 to its layer count; 0, the "
                                                            "default: the head only, BERT frozen)")
      ->check(CLI::NonNegativeNumber);
  train->add_option("--watch", t.watch, "record a training timeline of this sentence (repeat for up to 4): every "
                                        "head's attention and the prediction at step 0, often in the first epoch and "
                                        "at every epoch's end, saved as timeline.json in the model directory")
      ->allow_extra_args(false);
  train->add_option("--watch-every", t.watchEvery, "with a timeline: a snapshot every N steps besides those (default: "
                                                   "about 48 over the run); alone, it watches the corpus's own sentence")
      ->check(CLI::PositiveNumber);

  EvalOptions e;
  CLI::App* evalCmd = app.add_subcommand("eval", "Evaluate a model directory on data (the test split)");
  evalCmd->add_option("--model", e.model, "model directory")->required();
  evalCmd->add_option("--data", e.data, "data source (default: builtin)");
  evalCmd->add_flag("--json", e.json, "print one JSON object");
  evalCmd->add_option("--threads", e.threads, "worker threads")->check(CLI::NonNegativeNumber);
  evalCmd->add_option("--seed", e.seed, "lm on generated text (builtin, builtin:zh, long-range): the seed that draws "
                                        "its documents (default: the model's own, from its training.json)")
      ->check(CLI::NonNegativeNumber);
  evalCmd->add_flag("--head-importance", e.headImportance, "imdb-transformer or bert-sentiment: the test accuracy "
                                                           "with each head alone switched off, as a layers x heads table");
  evalCmd->add_option("--samples", e.samples, "with --head-importance or --rank-correlations: at most N test reviews, "
                                              "a fixed random choice (default: all)")->check(CLI::NonNegativeNumber);
  evalCmd->add_option("--replace", e.replacement, "with --head-importance: a switched-off head's output becomes "
                                                  "zero or its mean over the reviews")
      ->check(CLI::IsMember({"zero", "mean"}))->capture_default_str();

  CLI::Option* after = evalCmd->add_option(
      "--after", e.after, "lm: also the accuracy of the next token guessed right after each occurrence of TEXT in the "
                          "test documents, each read from its start (--after 它很 --data referent-zh: the words 它 "
                          "decides)");
  evalCmd->add_option("--ablate", e.ablate, "with --after: switch these heads off (output zero) for its guesses: "
                                            "L.H[,L.H...], counted from 0 as inspect prints them")
      ->check(CLI::Validator([](std::string& spec) { return headListProblem(spec); }, "L.H[,L.H...]"))
      ->needs(after);
  evalCmd->add_flag("--rank-correlations", e.rankCorrelations, "imdb-transformer: the rank correlation (Spearman) of "
                    "attention, rollout, saliency and the effect of deleting each token, per review, averaged");
  evalCmd->add_option("--attention-head", e.attentionHead, "with --rank-correlations: the attention compared, L.H "
                      "(counted from 0) or mean (the last layer's mean over its heads, the default)")
      ->check(CLI::Validator([](std::string& spec) { return attentionHeadProblem(spec); }, "L.H|mean"));

  PredictOptions p;
  CLI::App* predictCmd = addModelCommand(app, "predict", "Classify a text with an imdb model and show its attention",
                                         p.model, "model directory", p.json);
  predictCmd->add_option("text", p.text, "the text to classify")->required();

  PredictOptions a;
  CLI::App* askCmd = addModelCommand(app, "ask", "Ask the chatbot a question and show its word alignment", a.model,
                                     "model directory", a.json);
  askCmd->add_option("text", a.text, "the question")->required();

  FillOptions f;
  CLI::App* fillCmd = addModelCommand(app, "fill", "Fill in the [MASK]s of a text with a masked-lm or a BERT folder and "
                                      "show its attention", f.model,
                                      "model directory (task masked-lm) or BERT folder (Hugging Face)", f.json);
  fillCmd->add_option("--top", f.top, "candidates per [MASK]")->check(CLI::PositiveNumber)->capture_default_str();
  fillCmd->add_option("text", f.text, "the text, with [MASK] where a word is hidden")->required();

  InspectOptions i;
  CLI::App* inspectCmd = addModelCommand(app, "inspect", "Show every layer's and head's attention over a text (" +
                                         al::tasksThatCan(al::Ability::SelfAttention) + ")", i.model,
                                         "model directory or Hugging Face folder", i.json);
  inspectCmd->add_option("--ablate", i.ablate, "switch heads off (their output set to zero) and recompute: "
                                               "L.H[,L.H...], layer and head counted from 0 as inspect prints them")
      ->check(CLI::Validator([](std::string& spec) { return headListProblem(spec); }, "L.H[,L.H...]"));
  inspectCmd->add_option("--which-head", i.whichHead, "which head does this? Q,A,B (three words of the text, each "
                         "its first occurrence): every layer's and head's weight from Q on A minus on B, and how many "
                         "heads put more on A")
      ->check(CLI::Validator([](std::string& spec) { return whichHeadProblem(spec); }, "Q,A,B"));
  inspectCmd->add_option("text", i.text, "the text")->required();

  NextSentenceOptions n;
  CLI::App* nextCmd = addModelCommand(app, "next-sentence", "The probability that sentence B follows sentence A (a "
                                      "BERT folder with a next-sentence head)", n.model, "BERT folder (Hugging Face)",
                                      n.json);
  nextCmd->add_option("a", n.a, "sentence A")->required();
  nextCmd->add_option("b", n.b, "sentence B")->required();

  GenerateOptions g;
  CLI::App* generateCmd = addModelCommand(app, "generate", "Continue a prompt with a GPT-2 folder or a trained "
                                          "language model (train lm), one token at a time", g.model,
                                          "GPT-2 folder (Hugging Face) or causal-lm model directory", g.json);
  generateCmd->add_option("--max-new-tokens", g.maxNewTokens, "tokens to generate")
      ->check(CLI::PositiveNumber)->capture_default_str();
  generateCmd->add_option("--temperature", g.temperature, "0: greedy (always the most probable token); more: sampled")
      ->check(CLI::NonNegativeNumber)->capture_default_str();
  generateCmd->add_option("--top-k", g.topK, "sample among the K most probable tokens (0: all)")
      ->check(CLI::NonNegativeNumber)->capture_default_str();
  generateCmd->add_option("--top-p", g.topP, "sample among the fewest most probable tokens reaching P (1: all)")
      ->check(CLI::Range(0.0, 1.0))->capture_default_str();
  generateCmd->add_option("--seed", g.seed, "the sampling's random seed")->capture_default_str();
  generateCmd->add_option("prompt", g.prompt, "the text to continue")->required();

  BenchOptions b;
  CLI::App* benchCmd = app.add_subcommand(
      "bench", "Time training steps (forward, backward, optimizer update); lm: evaluation with and without memory; "
               "pretrained: loading, BERT's forward pass, GPT-2's generation");
  benchCmd->add_option("task", b.task, "imdb | chatbot | lm | pretrained")
      ->required()
      ->check(CLI::IsMember({"imdb", "chatbot", "lm", "pretrained"}));
  benchCmd->add_option("--preset", b.preset, "tiny | classroom | book");
  benchCmd->add_option("--architecture", b.architecture, "chatbot: gru | transformer")
      ->check(CLI::IsMember({"gru", "transformer"}))->capture_default_str();
  benchCmd->add_option("--steps", b.steps, "steps to time (pretrained: timed repeats)")->check(CLI::PositiveNumber)->capture_default_str();
  benchCmd->add_option("--threads", b.threads, "worker threads")->check(CLI::NonNegativeNumber);
  benchCmd->add_flag("--json", b.json, "print one JSON object");
  benchCmd->add_option("--data", b.data, "imdb: real batches from this source (aclImdb folder, archive, CSV, TSV)");
  benchCmd->add_flag("--sweep-length", b.sweepLength, "imdb: ms per step for 64 .. 2048 tokens, quadratic share")
      ->excludes(benchCmd->get_option("--data"));
  benchCmd->add_flag("--scaling", b.scaling, "imdb: 1 thread against --threads on the same batches, alternating")
      ->excludes("--sweep-length");
  CLI::Option* vsSgemm =
      benchCmd
          ->add_flag("--vs-sgemm", b.vsSgemm,
                     "imdb: the step's GFLOP/s against 2048x2048 SGEMMs of as much arithmetic on the same threads, "
                     "in alternating rounds (--steps per round); prints each round's ratio, the median and lowest, "
                     "the processor, the kernel and the matrix product library")
          ->excludes("--sweep-length")
          ->excludes("--scaling");
  benchCmd->add_flag("--timeline", b.timeline, "imdb: what a training timeline (train --watch) at the default "
                                              "schedule costs a run of --preset (default classroom; --data: its data, "
                                              "default builtin): the share of the training time")
      ->excludes("--sweep-length")
      ->excludes("--scaling")
      ->excludes(vsSgemm);
  benchCmd->add_flag("--vs-limits", b.vsLimits,
                     "pretrained: BERT's forward GFLOP/s against 2048x2048 SGEMMs of as much arithmetic, GPT-2's "
                     "generation GB/s (its weights read once a token) against memory copies, on the same threads, in "
                     "alternating rounds (--steps per round); prints each round's ratio, the median and range")
      ->excludes(vsSgemm);
  benchCmd->add_option("--rounds", b.rounds, "imdb --vs-sgemm, pretrained --vs-limits: alternating rounds")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  benchCmd->add_option("--model", b.model, "lm: a language model with a memory (train lm --position relative --memory M); "
                                          "pretrained: a BERT or GPT-2 folder (Hugging Face)");
  benchCmd->add_option("--tokens", b.tokens, "lm: the tokens of --data's text to evaluate (default data: long-range; "
                                             "default 2000); pretrained: BERT's input (default 128) or GPT-2's prompt "
                                             "(default 20)")
      ->check(CLI::Range(2, 1000000));
  benchCmd->add_option("--generate", b.generate, "pretrained, GPT-2: tokens generated greedily after the prompt")
      ->check(CLI::Range(1, 100000))
      ->capture_default_str();

  DownloadOptions d;
  CLI::App* downloadCmd = addDownloadCommand(app, d);
  TokenizeOptions k;
  CLI::App* tokenizeCmd = app.add_subcommand("tokenize", "Show the tokens of a text as a model or a tokenizer reads it");
  tokenizeCmd->add_option("--model", k.model, "model directory or Hugging Face folder (its tokenizer and vocabulary)");
  tokenizeCmd->add_option("--tokenizer", k.tokenizer, "keras | ascii | icu_words (with --task)")
      ->check(CLI::IsMember({"keras", "ascii", "icu_words"}));
  tokenizeCmd->add_option("--task", k.task, "imdb | seq2seq (with --tokenizer)")->check(CLI::IsMember({"imdb", "seq2seq"}));
  tokenizeCmd->add_flag("--json", k.json, "print one JSON object");
  tokenizeCmd->add_option("text", k.text, "the text")->required();

  TimelineOptions tl;
  CLI::App* timelineCmd = addModelCommand(app, "timeline", "Show a model's training timeline (train --watch): each "
                                          "snapshot's step and each head's distance from uniform attention",
                                          tl.model, "model directory", tl.json);
  timelineCmd->add_option("--which-head", tl.whichHead, "which head does this, and from which step? Q,A,B (three words "
                          "of a watched sentence, as inspect --which-head): at every snapshot each head's weight from Q "
                          "on A and on B, and from which step each head puts more on A")
      ->check(CLI::Validator([](std::string& spec) { return whichHeadProblem(spec); }, "Q,A,B"));

  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& s) {
    return app.exit(s);
  } catch (const CLI::ParseError& error) {
    app.exit(error);
    return kBadCommandLine;
  }

  if (*train) {
    if (t.watch.size() > al::kMaxTimelineProbes) {
      std::cerr << "--watch: at most " << al::kMaxTimelineProbes << " sentences, " << t.watch.size() << " given\n";
      return kBadCommandLine;
    }
    t.values = givenValues(hyperParameters);
    return al::cli::train(t);
  }
  if (*evalCmd) return al::cli::eval(e);
  if (*predictCmd) return al::cli::predict(p);
  if (*askCmd) return al::cli::ask(a);
  if (*fillCmd) return al::cli::fill(f);
  if (*inspectCmd) return al::cli::inspect(i);
  if (*nextCmd) return al::cli::nextSentence(n);
  if (*generateCmd) return al::cli::generate(g);
  if (*benchCmd) {
    b.roundsGiven = benchCmd->count("--rounds") > 0;
    return al::cli::bench(b);
  }
  if (*downloadCmd) return al::cli::download(d);
  if (*tokenizeCmd) return al::cli::tokenize(k);
  if (*timelineCmd) return al::cli::timeline(tl);
  return kBadCommandLine;
}
