#include "core/inference/model_words.h"

#include <algorithm>
#include <cctype>

#include "core/data/example_sentences.h"
#include "core/error.h"
#include "core/text/seq2seq_text.h"

namespace al {

namespace {

// A vocabulary that keeps its whole model alive (std::shared_ptr's aliasing constructor).
template <typename Model>
std::shared_ptr<const Vocabulary> sharedVocabulary(const std::shared_ptr<const Model>& model, const Vocabulary& vocabulary) {
  return std::shared_ptr<const Vocabulary>(model, &vocabulary);
}

// A token that is a word: it holds a letter or a digit (any character beyond ASCII counts as one, but for the
// full-width punctuation a seq2seq model keeps). The ascii tokenizer reads a Chinese sentence as nothing but its
// punctuation: that sentence is not one the model knows.
bool isWord(const std::string& token) {
  if (token == "？" || token == "。" || token == "！" || token == "，") return false;
  return std::any_of(token.begin(), token.end(), [](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte >= 0x80 || std::isalnum(byte);
  });
}

}  // namespace

ModelWords modelWords(std::shared_ptr<const ImdbTransformerModel> model) {
  const TransformerClassifier* classifier = model->model.get();
  return {sharedVocabulary(model, model->vocabulary), TextTask::Classifier,
          [classifier](std::string_view text) { return imdbTokensForModel(*classifier, std::string(text)); }};
}

ModelWords modelWords(std::shared_ptr<const BigramModel> model) {
  const TokenizerKind kind = model->model->config().tokenizer;
  return {sharedVocabulary(model, model->vocabulary), TextTask::Classifier,
          [kind](std::string_view text) { return tokenize(kind, TextTask::Classifier, text); }};
}

ModelWords modelWords(std::shared_ptr<const MaskedLmModel> model) {
  const std::string kind = model->tokenizer;
  return {sharedVocabulary(model, model->vocabulary), TextTask::Classifier,
          [kind](std::string_view text) { return maskedLmTokens(text, kind); }};
}

ModelWords modelWords(std::shared_ptr<const ChatbotModel> model) {
  const TokenizerKind kind = model->model->config().tokenizer;
  return {sharedVocabulary(model, model->source), TextTask::Seq2seq,
          [kind](std::string_view text) { return tokenizeSeq2seq(kind, text); }};
}

ModelWords modelWords(std::shared_ptr<const Seq2SeqTransformerModel> model) {
  const std::string kind = model->model->config().tokenizer;
  return {sharedVocabulary(model, model->source), TextTask::Seq2seq,
          [kind](std::string_view text) { return seq2seqTransformerTokens(kind, text); }};
}

WordLookup lookUpToken(const Vocabulary& vocabulary, const std::string& token) {
  WordLookup word;
  word.token = token;
  word.id = vocabulary.id(token);
  word.known = word.id != Vocabulary::kUnknownId || token == "[UNK]";
  if (word.known) word.count = vocabulary.count(word.id);
  return word;
}

// The words of the text, without the <start> and <end> a seq2seq model puts around them.
std::vector<WordLookup> lookUpWords(const ModelWords& words, std::string_view text) {
  std::vector<std::string> tokens = words.tokens(text);
  if (words.task == TextTask::Seq2seq && tokens.size() >= 2) tokens = {tokens.begin() + 1, tokens.end() - 1};
  std::vector<WordLookup> found;
  for (const std::string& token : tokens) found.push_back(lookUpToken(*words.vocabulary, token));
  return found;
}

bool knowsEveryWord(const ModelWords& words, std::string_view text) {
  try {
    const std::vector<WordLookup> found = lookUpWords(words, text);
    return std::any_of(found.begin(), found.end(), [](const WordLookup& w) { return isWord(w.token); }) &&
           std::all_of(found.begin(), found.end(), [](const WordLookup& w) { return w.known; });
  } catch (const InputError&) {
    return false;  // text the model cannot read at all
  }
}

std::vector<std::string> knownExampleSentences(const ModelWords& words, size_t count, uint64_t seed) {
  // Every corpus offers its sentences; one from each corpus in turn, so that a model that knows the words of two
  // corpora gets examples of both.
  std::vector<std::vector<std::string>> perCorpus;
  for (const std::string& corpus : builtinCorpora(words.task)) {
    std::vector<std::string> known;
    for (std::string& sentence : builtinExampleSentences(words.task, corpus, seed, count))
      if (knowsEveryWord(words, sentence)) known.push_back(std::move(sentence));
    perCorpus.push_back(std::move(known));
  }
  std::vector<std::string> examples;
  for (size_t i = 0; examples.size() < count; ++i) {
    bool any = false;
    for (const std::vector<std::string>& known : perCorpus)
      if (i < known.size() && examples.size() < count) {
        examples.push_back(known[i]);
        any = true;
      }
    if (!any) break;
  }
  return examples;
}

}  // namespace al
