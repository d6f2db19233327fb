#include "core/text/tokenizer.h"

#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/ustring.h>
#include <unicode/utf8.h>

#include <memory>

#include "core/error.h"
#include "core/text/seq2seq_text.h"
#include "core/text/utf16.h"
#include "core/text/vectorizer.h"

namespace al {

namespace {

// Unicode lowercase in the root locale (no Turkish dotless i), as ICU does it: "Qué" -> "qué", "ＡＢ" -> "ａｂ".
std::u16string lowercase(const std::u16string& text) {
  const auto* src = reinterpret_cast<const UChar*>(text.data());
  const auto length = static_cast<int32_t>(text.size());
  UErrorCode status = U_ZERO_ERROR;
  const int32_t needed = u_strToLower(nullptr, 0, src, length, "", &status);  // may differ from length (e.g. İ)
  std::u16string out(static_cast<size_t>(needed), u'\0');
  status = U_ZERO_ERROR;
  u_strToLower(reinterpret_cast<UChar*>(out.data()), needed, src, length, "", &status);
  if (U_FAILURE(status))
    throw RunError(ErrorKind::Internal, {}, std::string("Unicode lowercasing failed: ") + u_errorName(status));
  return out;
}

// "<br />" and "<br>" (IMDB's line breaks) become a space, as in the keras tokenizer.
std::u16string withoutLineBreakTags(const std::u16string& text) {
  std::u16string out;
  out.reserve(text.size());
  const std::u16string_view view = text;
  for (size_t i = 0; i < view.size();) {
    if (view.substr(i).starts_with(u"<br />")) {
      out += u' ';
      i += 6;
    } else if (view.substr(i).starts_with(u"<br>")) {
      out += u' ';
      i += 4;
    } else {
      out += view[i++];
    }
  }
  return out;
}

// The punctuation a seq2seq model reads and writes: ASCII and full-width question mark, full stop, exclamation
// mark and comma.
bool isKeptPunctuation(std::u16string_view segment) {
  return segment.size() == 1 && std::u16string_view(u"?.!,？。！，").find(segment[0]) != std::u16string_view::npos;
}

struct BreakIteratorCloser {
  void operator()(UBreakIterator* iterator) const { ubrk_close(iterator); }
};

std::vector<std::string> icuWords(TextTask task, std::string_view text) {
  const std::u16string prepared = withoutLineBreakTags(lowercase(utf16FromUtf8(text)));
  std::vector<std::string> words;
  if (prepared.empty()) return words;
  UErrorCode status = U_ZERO_ERROR;
  const std::unique_ptr<UBreakIterator, BreakIteratorCloser> iterator(
      ubrk_open(UBRK_WORD, "", reinterpret_cast<const UChar*>(prepared.data()), static_cast<int32_t>(prepared.size()),
                &status));
  if (U_FAILURE(status))
    throw RunError(ErrorKind::Internal, {}, std::string("ICU word break iterator: ") + u_errorName(status));
  // Segments lie between consecutive boundaries; the rule status of the boundary that ends a segment says
  // what it is: below UBRK_WORD_NONE_LIMIT (100) spaces and punctuation, from 100 on numbers, letters, kana and
  // ideographs.
  int32_t start = ubrk_first(iterator.get());
  for (int32_t end = ubrk_next(iterator.get()); end != UBRK_DONE; start = end, end = ubrk_next(iterator.get())) {
    const std::u16string_view segment = std::u16string_view(prepared).substr(static_cast<size_t>(start),
                                                                              static_cast<size_t>(end - start));
    const bool word = ubrk_getRuleStatus(iterator.get()) >= UBRK_WORD_NONE_LIMIT;
    if (word || (task == TextTask::Seq2seq && isKeptPunctuation(segment))) words.push_back(utf8FromUtf16(segment));
  }
  return words;
}

// Han, Hiragana, Katakana or Hangul, script extensions included (the kana length mark ー is used by both kana).
bool isCjkScript(UChar32 c) {
  for (UScriptCode script : {USCRIPT_HAN, USCRIPT_HIRAGANA, USCRIPT_KATAKANA, USCRIPT_HANGUL})
    if (uscript_hasScript(c, script)) return true;
  return false;
}

bool isFullWidthPunctuation(UChar32 c) { return c == U'？' || c == U'。' || c == U'！' || c == U'，'; }

// Whether a space next to this end of a token would look wrong: the token starts (atEnd false) or ends
// (atEnd true) with a CJK character or full-width punctuation.
bool writtenWithoutSpace(const std::string& token, bool atEnd) {
  if (token.empty()) return false;
  const auto* s = reinterpret_cast<const uint8_t*>(token.data());
  const auto length = static_cast<int32_t>(token.size());
  UChar32 c = 0;
  if (atEnd) {
    int32_t i = length;
    U8_PREV(s, 0, i, c);
  } else {
    int32_t i = 0;
    U8_NEXT(s, i, length, c);
  }
  return c >= 0 && (isCjkScript(c) || isFullWidthPunctuation(c));
}

}  // namespace

std::string joinTokens(const std::vector<std::string>& tokens) {
  std::string text;
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (i > 0 && !writtenWithoutSpace(tokens[i - 1], true) && !writtenWithoutSpace(tokens[i], false)) text += ' ';
    text += tokens[i];
  }
  return text;
}

std::vector<std::string> tokenize(TokenizerKind kind, TextTask task, std::string_view text) {
  if (!isValidUtf8(text)) throw InputError(ErrorKind::NotUtf8, {}, "the text is not valid UTF-8");
  switch (kind) {
    case TokenizerKind::Keras: return tokenizeImdb(text);
    case TokenizerKind::Ascii: return seq2seqWords(text);
    case TokenizerKind::IcuWords: return icuWords(task, text);
  }
  throw RunError(ErrorKind::Internal, {}, "unreachable: unknown tokenizer");
}

std::vector<std::string> characterTokens(std::string_view text) {
  if (!isValidUtf8(text)) throw InputError(ErrorKind::NotUtf8, {}, "the text is not valid UTF-8");
  std::vector<std::string> tokens;
  for (size_t i = 0; i < text.size();) {
    // The lead byte says how long the code point is: 0xxxxxxx 1, 110xxxxx 2, 1110xxxx 3, 11110xxx 4 bytes.
    const auto lead = static_cast<unsigned char>(text[i]);
    const size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
    tokens.emplace_back(text.substr(i, length));
    i += length;
  }
  return tokens;
}

std::string tokenizerName(TokenizerKind kind) {
  switch (kind) {
    case TokenizerKind::Keras: return "keras";
    case TokenizerKind::Ascii: return "ascii";
    case TokenizerKind::IcuWords: return "icu_words";
  }
  throw RunError(ErrorKind::Internal, {}, "unreachable: unknown tokenizer");
}

std::vector<std::string> tokenizerNames() { return {"keras", "ascii", "icu_words"}; }

TokenizerKind parseTokenizer(std::string_view name) {
  for (TokenizerKind kind : {TokenizerKind::Keras, TokenizerKind::Ascii, TokenizerKind::IcuWords})
    if (name == tokenizerName(kind)) return kind;
  throw InputError(ErrorKind::OptionInvalid,
                   {.name = "tokenizer", .expected = "keras, ascii, icu_words", .found = std::string(name)},
                   "unknown tokenizer '" + std::string(name) + "' (expected keras, ascii or icu_words)");
}

TokenizerKind defaultTokenizer(TextTask task) {
  return task == TextTask::Classifier ? TokenizerKind::Keras : TokenizerKind::Ascii;
}

void requireSameTokenizer(std::optional<TokenizerKind> requested, TokenizerKind model, const std::string& modelDir) {
  if (requested && *requested != model)
    throw InputError(ErrorKind::TokenizerMismatch,
                     {.file = modelDir, .expected = tokenizerName(model), .found = tokenizerName(*requested)},
                     modelDir + ": the model reads text with the " + tokenizerName(model) +
                     " tokenizer (its vocabulary was built with it), not " + tokenizerName(*requested) +
                     "; leave out --tokenizer or train a new model");
}

void ScriptCounts::add(std::string_view text) {
  const auto* s = reinterpret_cast<const uint8_t*>(text.data());
  const auto length = static_cast<int32_t>(text.size());
  for (int32_t i = 0; i < length;) {
    UChar32 c;
    U8_NEXT(s, i, length, c);
    if (c < 0 || !u_isalpha(c)) continue;  // c < 0: an invalid byte
    ++letters;
    if (isCjkScript(c)) ++cjkLetters;
  }
}

TokenizerKind suggestTokenizer(TextTask task, const ScriptCounts& counts) {
  return counts.mostlyCjk() ? TokenizerKind::IcuWords : defaultTokenizer(task);
}

}  // namespace al
