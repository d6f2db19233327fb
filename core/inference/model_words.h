#pragma once
// The words a loaded model knows: its input vocabulary (vocab.txt, or source_vocab.txt for seq2seq) and its
// task's one function from text to tokens, for any task. What the vocabulary viewer and the example sentences
// of the app are built on:
//
//   "The acting was superb, the zebra less so"  --the model's tokenizer-->  the acting was superb the zebra less so
//   --its vocabulary-->  the: id 2, seen 5120 times ... zebra: unknown (read as [UNK], id 1)
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/inference/bigram_inference.h"
#include "core/inference/chatbot_inference.h"
#include "core/inference/imdb_transformer_inference.h"
#include "core/inference/masked_lm_inference.h"
#include "core/inference/seq2seq_transformer_inference.h"
#include "core/text/tokenizer.h"
#include "core/text/vectorizer.h"

namespace al {

struct ModelWords {
  std::shared_ptr<const Vocabulary> vocabulary;  // shares ownership of the model it belongs to
  TextTask task = TextTask::Classifier;
  // The text as the model reads it (seq2seq: with <start> and <end>). Throws InputError for text that is not
  // UTF-8 (and, for the imdb Transformer, for text without words).
  std::function<std::vector<std::string>(std::string_view)> tokens;
};
ModelWords modelWords(std::shared_ptr<const ImdbTransformerModel> model);
ModelWords modelWords(std::shared_ptr<const BigramModel> model);  // the single words, not the bigrams
ModelWords modelWords(std::shared_ptr<const MaskedLmModel> model);
ModelWords modelWords(std::shared_ptr<const ChatbotModel> model);
ModelWords modelWords(std::shared_ptr<const Seq2SeqTransformerModel> model);

// One token of a text, looked up.
struct WordLookup {
  std::string token;
  int id = Vocabulary::kUnknownId;    // kUnknownId when not known
  bool known = false;
  std::optional<size_t> count;        // in the training text, when the vocabulary was built in this session
};
std::vector<WordLookup> lookUpWords(const ModelWords& words, std::string_view text);
WordLookup lookUpToken(const Vocabulary& vocabulary, const std::string& token);

// True when every token of text is in the vocabulary (and text has one); false for text the model cannot read.
bool knowsEveryWord(const ModelWords& words, std::string_view text);

// Up to `count` sentences of the built-in corpora of the model's kind of task (core/data/example_sentences.h)
// of which the model knows every word, a few from each corpus in turn. Empty for a model trained on other text
// whose vocabulary lacks their words. The same seed gives the same sentences.
std::vector<std::string> knownExampleSentences(const ModelWords& words, size_t count, uint64_t seed = 1);

}  // namespace al
