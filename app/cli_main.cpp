// attentionlab-cli: the command-line twin of the desktop app (contract: cli.md).
#include <CLI/CLI.hpp>
#include <iostream>

#include "app/cli/commands.h"

int main(int argc, char** argv) {
  using namespace al::cli;
  CLI::App app{"AttentionLab: train Transformer and attention models, inspect their attention, benchmark them."};
  app.set_version_flag("--version", std::string("attentionlab-cli ") + ATTENTIONLAB_VERSION);
  app.require_subcommand(1);
  app.footer("Exit codes: 0 done, 1 failed while running, 2 bad command line, 3 bad input data.\n"
             "Every command takes --help.");

  TrainOptions t;
  CLI::App* train = app.add_subcommand("train", "Train a model and write its model directory");
  train->add_option("task", t.task, "imdb | bigram | chatbot")->required()->check(CLI::IsMember({"imdb", "bigram", "chatbot"}));
  train->add_option("--data", t.data, "builtin or builtin:zh, an aclImdb folder, the aclImdb_v1.tar.gz archive, a CSV "
                                       "or TSV (imdb, bigram), a question<TAB>answer file or builtin corpus (chatbot: "
                                       "builtin, builtin:translate, builtin:zh, builtin:translate-zh)")
      ->capture_default_str();
  train->add_option("--out", t.out, "model directory to write (atomically); default runs/<task>-<time>");
  train->add_option("--preset", t.preset, "tiny | classroom | book (the source material's configuration)");
  train->add_option("--epochs", t.epochs, "number of passes over the training data");
  train->add_option("--batch-size", t.batchSize, "sequences per batch");
  train->add_option("--lr", t.lr, "learning rate");
  train->add_option("--optimizer", t.optimizer, "rmsprop | adam | sgd (imdb: rmsprop, chatbot: adam)")
      ->check(CLI::IsMember({"rmsprop", "adam", "sgd"}));
  train->add_option("--validation-split", t.validationSplit, "last fraction of the (shuffled) training data held out")
      ->check(CLI::Range(0.0, 0.95))->capture_default_str();
  train->add_option("--shuffle", t.shuffle, "on | off (off: batches in file order)")->check(CLI::IsMember({"on", "off"}))->capture_default_str();
  train->add_option("--seed", t.seed, "every random choice; same seed + same --threads = identical run")->capture_default_str();
  train->add_option("--threads", t.threads, "worker threads (default: all cores)")->check(CLI::NonNegativeNumber);
  train->add_option("--init", t.init, "start from an existing model directory");
  train->add_option("--dropout", t.dropout, "dropout rate (0 disables it)")->check(CLI::Range(0.0, 0.99));
  train->add_option("--log", t.log, "write one JSON object per event to FILE");
  train->add_option("--vocab-size", t.vocabSize, "imdb: vocabulary size")->check(CLI::PositiveNumber);
  train->add_option("--sequence-length", t.sequenceLength, "imdb: tokens kept per review")->check(CLI::PositiveNumber);
  train->add_option("--embed-dim", t.embedDim, "embedding width")->check(CLI::PositiveNumber);
  train->add_option("--num-heads", t.numHeads, "imdb: attention heads")->check(CLI::PositiveNumber);
  train->add_option("--key-dim", t.keyDim, "imdb: key dimension of one head")->check(CLI::PositiveNumber);
  train->add_option("--dense-dim", t.denseDim, "imdb: feed-forward width")->check(CLI::PositiveNumber);
  train->add_option("--layers", t.layers, "imdb: encoder layers")->check(CLI::PositiveNumber);
  train->add_option("--position", t.position, "imdb: learned | sinusoidal | none")->check(CLI::IsMember({"learned", "sinusoidal", "none"}));
  train->add_option("--norm", t.norm, "imdb: layer | batch")->check(CLI::IsMember({"layer", "batch"}));
  train->add_option("--pooling", t.pooling, "imdb: max | mean")->check(CLI::IsMember({"max", "mean"}));
  train->add_option("--encoding", t.encoding, "bigram: multi_hot | tf_idf")->check(CLI::IsMember({"multi_hot", "tf_idf"}));
  train->add_option("--units", t.units, "chatbot: GRU units")->check(CLI::PositiveNumber);
  train->add_option("--attention-units", t.attentionUnits, "chatbot: additive attention units")->check(CLI::PositiveNumber);
  train->add_option("--max-length", t.maxLength, "chatbot: longest source and target sentence")->check(CLI::PositiveNumber);
  train->add_option("--tokenizer", t.tokenizer, "keras | ascii | icu_words (default: keras for imdb and bigram, ascii "
                                                "for chatbot; icu_words for mostly Chinese, Japanese or Korean data)")
      ->check(CLI::IsMember({"keras", "ascii", "icu_words"}));

  EvalOptions e;
  CLI::App* evalCmd = app.add_subcommand("eval", "Evaluate a model directory on data (the test split)");
  evalCmd->add_option("--model", e.model, "model directory")->required();
  evalCmd->add_option("--data", e.data, "data source (default: builtin)");
  evalCmd->add_flag("--json", e.json, "print one JSON object");
  evalCmd->add_option("--threads", e.threads, "worker threads")->check(CLI::NonNegativeNumber);

  PredictOptions p;
  CLI::App* predictCmd = app.add_subcommand("predict", "Classify a text with an imdb model and show its attention");
  predictCmd->add_option("--model", p.model, "model directory")->required();
  predictCmd->add_flag("--json", p.json, "print one JSON object");
  predictCmd->add_option("text", p.text, "the text to classify")->required();

  PredictOptions a;
  CLI::App* askCmd = app.add_subcommand("ask", "Ask the chatbot a question and show its word alignment");
  askCmd->add_option("--model", a.model, "model directory")->required();
  askCmd->add_flag("--json", a.json, "print one JSON object");
  askCmd->add_option("text", a.text, "the question")->required();

  BenchOptions b;
  CLI::App* benchCmd = app.add_subcommand("bench", "Time training steps (forward, backward, optimizer update)");
  benchCmd->add_option("task", b.task, "imdb | chatbot")->required()->check(CLI::IsMember({"imdb", "chatbot"}));
  benchCmd->add_option("--preset", b.preset, "tiny | classroom | book");
  benchCmd->add_option("--steps", b.steps, "steps to time")->check(CLI::PositiveNumber)->capture_default_str();
  benchCmd->add_option("--threads", b.threads, "worker threads")->check(CLI::NonNegativeNumber);
  benchCmd->add_flag("--json", b.json, "print one JSON object");

  TokenizeOptions k;
  CLI::App* tokenizeCmd = app.add_subcommand("tokenize", "Show the tokens of a text as a model or a tokenizer reads it");
  tokenizeCmd->add_option("--model", k.model, "model directory (its tokenizer and vocabulary)");
  tokenizeCmd->add_option("--tokenizer", k.tokenizer, "keras | ascii | icu_words (with --task)")
      ->check(CLI::IsMember({"keras", "ascii", "icu_words"}));
  tokenizeCmd->add_option("--task", k.task, "imdb | seq2seq (with --tokenizer)")->check(CLI::IsMember({"imdb", "seq2seq"}));
  tokenizeCmd->add_flag("--json", k.json, "print one JSON object");
  tokenizeCmd->add_option("text", k.text, "the text")->required();

  try {
    app.parse(argc, argv);
  } catch (const CLI::Success& s) {
    return app.exit(s);
  } catch (const CLI::ParseError& error) {
    app.exit(error);
    return kBadCommandLine;
  }

  if (*train) return al::cli::train(t);
  if (*evalCmd) return al::cli::eval(e);
  if (*predictCmd) return al::cli::predict(p);
  if (*askCmd) return al::cli::ask(a);
  if (*benchCmd) return al::cli::bench(b);
  if (*tokenizeCmd) return al::cli::tokenize(k);
  return kBadCommandLine;
}
