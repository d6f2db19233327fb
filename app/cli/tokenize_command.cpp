// tokenize: the tokens of a text as a model (or a named tokenizer) reads them (cli.md).
#include <iostream>

#include "app/cli/cli_support.h"
#include "app/cli/commands.h"
#include "core/error.h"
#include "core/inference/model_tokenizer.h"
#include "core/inference/pretrained_inference.h"

namespace al::cli {

namespace {

// A Hugging Face folder: the pieces as its tokenizer writes them, with what the model adds ([CLS], [SEP]).
int tokenizePretrained(const TokenizeOptions& o) {
  const PretrainedTokens t = tokenizeForModel(o.model, o.text);
  if (o.json) {
    std::cout << nlohmann::json{{"tokenizer", t.tokenizer}, {"tokens", t.tokens}, {"ids", t.ids}}.dump() << "\n";
    return int{kDone};
  }
  std::cout << t.tokenizer << ", " << t.tokens.size() << " tokens:";
  for (size_t i = 0; i < t.tokens.size(); ++i) std::cout << " " << t.tokens[i] << "(" << t.ids[i] << ")";
  std::cout << "\n";
  return int{kDone};
}

}  // namespace

int tokenize(const TokenizeOptions& o) {
  if (o.model.empty() == o.tokenizer.empty() || o.tokenizer.empty() != o.task.empty()) {
    std::cerr << "attentionlab-cli tokenize: give either --model DIR, or --tokenizer NAME with --task imdb|seq2seq\n";
    return kBadCommandLine;
  }
  return guarded([&] {
    if (!o.model.empty() && isHuggingFaceFolder(o.model)) return tokenizePretrained(o);
    std::optional<ModelTokenizer> model;
    TokenizerKind kind = TokenizerKind::Keras;
    TextTask task = TextTask::Classifier;
    if (!o.model.empty()) {
      model = loadModelTokenizer(o.model);
      kind = model->kind;
      task = model->task;
    } else {
      kind = parseTokenizer(o.tokenizer);
      task = o.task == "seq2seq" ? TextTask::Seq2seq : TextTask::Classifier;
    }
    // The tokenizer's tokens, before <start>/<end> and before any cut to the model's length.
    const std::vector<std::string> tokens = al::tokenize(kind, task, o.text);
    if (o.json) {
      nlohmann::json out = {{"tokenizer", tokenizerName(kind)}, {"tokens", tokens}};
      if (model) out["ids"] = model->vocabulary.ids(tokens);
      std::cout << out.dump() << "\n";
      return int{kDone};
    }
    std::cout << tokenizerName(kind) << ", " << tokens.size() << " tokens:";
    for (size_t i = 0; i < tokens.size(); ++i) {
      std::cout << " " << tokens[i];
      if (model) {
        const int id = model->vocabulary.id(tokens[i]);
        if (id == Vocabulary::kUnknownId) std::cout << "[UNK]";
        else std::cout << "(" << id << ")";
      }
    }
    std::cout << "\n";
    return int{kDone};
  });
}

}  // namespace al::cli
