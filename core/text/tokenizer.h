#pragma once
// Text to tokens: the model format's `tokenizer` field ("Text to ids" in the model format).
//
//   keras      the book's TextVectorization: lowercase, "<br />" -> space, delete ASCII punctuation, split on
//              white space.                 "I loved it!<br />10/10"   -> i loved it 1010
//   ascii      the chatbot tutorial's: drop accents, keep a-z and ?.!, only.
//                                           "¿Qué tal?"                -> que tal ?
//   icu_words  ICU's word break iterator (root locale), which segments Chinese and Japanese by dictionary;
//              lowercase (Unicode), "<br />" -> space; keep the word segments (letters, numbers, kana,
//              ideographs), and for seq2seq tasks also the punctuation ? . ! , ？ 。 ！ ，
//                                           "小明把书包忘在教室，它很沉。" -> 小明 把 书包 忘 在 教室 它 很 沉      (classifier)
//                                                                       -> 小明 把 书包 忘 在 教室 ， 它 很 沉 。 (seq2seq)
// A file without the field uses its task's default: keras for the classifiers, ascii for seq2seq, so every
// model written before the field existed reads its text exactly as it did.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace al {

enum class TokenizerKind { Keras, Ascii, IcuWords };

// Which kind of task reads the text: a classifier (imdb-transformer, imdb-bigram) or a seq2seq model (whose
// punctuation is part of what it reads and writes).
enum class TextTask { Classifier, Seq2seq };

// The tokens of a text, without padding or <start>/<end>. Throws al::InputError when text is not UTF-8.
std::vector<std::string> tokenize(TokenizerKind kind, TextTask task, std::string_view text);

// The causal-lm's "chars" tokenizer: every Unicode code point of the text is a token, nothing removed or
// lowercased (spaces and newlines included), so Chinese and English alike are read letter by letter.
//   "Hi 你好" -> H i ␠ 你 好        Throws al::InputError when text is not UTF-8.
std::vector<std::string> characterTokens(std::string_view text);

// "keras", "ascii", "icu_words"; parseTokenizer throws al::InputError for another name, naming the three.
std::string tokenizerName(TokenizerKind kind);
TokenizerKind parseTokenizer(std::string_view name);
std::vector<std::string> tokenizerNames();

// Tokens back to text, as a person writes it: a space between two tokens, but none next to a Chinese,
// Japanese or Korean character or full-width punctuation ("i saw him ." but "我 看见 了 他 。" -> "我看见了他。").
std::string joinTokens(const std::vector<std::string>& tokens);

// The default of a task when a model file or a command line does not say: keras or ascii.
TokenizerKind defaultTokenizer(TextTask task);

// A model trained further (--init) reads text as its vocabulary was built: InputError naming the model
// directory when a tokenizer was asked for that is not the model's.
void requireSameTokenizer(std::optional<TokenizerKind> requested, TokenizerKind model, const std::string& modelDir);

// How much of a data set's text is Chinese, Japanese or Korean: letters of the Han, Hiragana, Katakana and
// Hangul scripts, counted among all letters (digits, punctuation and spaces are not counted).
struct ScriptCounts {
  size_t letters = 0;
  size_t cjkLetters = 0;
  void add(std::string_view text);  // invalid UTF-8 bytes are skipped (the data sources report them)
  double cjkShare() const { return letters == 0 ? 0.0 : static_cast<double>(cjkLetters) / static_cast<double>(letters); }
  bool mostlyCjk() const { return cjkShare() > 0.5; }
};

// The tokenizer to use for such text: icu_words when it is mostly CJK (keras and ascii would read a Chinese
// sentence as one unknown token, or as nothing), else the task's default.
TokenizerKind suggestTokenizer(TextTask task, const ScriptCounts& counts);

}  // namespace al
