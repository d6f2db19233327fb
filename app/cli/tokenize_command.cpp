// tokenize: the tokens of a text as a model (or a named tokenizer) reads them (cli.md).
#include <iostream>

#include "app/cli/cli_support.h"
#include "app/cli/commands.h"
#include "core/error.h"
#include "core/inference/model_tokenizer.h"

namespace al::cli {

int tokenize(const TokenizeOptions& o) {
  if (o.model.empty() == o.tokenizer.empty() || o.tokenizer.empty() != o.task.empty()) {
    std::cerr << "attentionlab-cli tokenize: give either --model DIR, or --tokenizer NAME with --task imdb|seq2seq\n";
    return kBadCommandLine;
  }
  return guarded([&] {
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
