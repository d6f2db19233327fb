#include "core/text/seq2seq_text.h"

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>

#include "core/error.h"
#include "core/text/tokenizer.h"
#include "core/text/utf16.h"

namespace al {

namespace {

// UTF-8 -> UTF-16 -> NFD (accents become separate combining marks), as ICU's C API wants UTF-16.
std::u16string decomposed(std::string_view text) {
  const std::u16string utf16 = utf16FromUtf8(text);
  const auto length = static_cast<int32_t>(utf16.size());
  UErrorCode status = U_ZERO_ERROR;
  const UNormalizer2* nfd = unorm2_getNFDInstance(&status);
  const auto* src = reinterpret_cast<const UChar*>(utf16.data());
  status = U_ZERO_ERROR;
  const int32_t needed = unorm2_normalize(nfd, src, length, nullptr, 0, &status);
  std::u16string out(static_cast<size_t>(needed), u'\0');
  status = U_ZERO_ERROR;
  unorm2_normalize(nfd, src, length, reinterpret_cast<UChar*>(out.data()), needed, &status);
  if (U_FAILURE(status))
    throw RunError(ErrorKind::Internal, {}, std::string("Unicode normalization failed: ") + u_errorName(status));
  return out;
}

bool isKeptPunctuation(UChar32 c) { return c == '?' || c == '.' || c == '!' || c == ','; }
bool isAsciiLetter(UChar32 c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

}  // namespace

std::vector<std::string> seq2seqWords(std::string_view text) {
  const std::u16string nfd = decomposed(text);
  // After NFD, "é" is "e" followed by a combining acute accent (category Mn): dropping the marks keeps the
  // letter. What remains outside a-z and ?.!, separates words, and each of ?.!, is a word of its own.
  std::vector<std::string> words;
  std::string word;
  auto endWord = [&] {
    if (!word.empty()) words.push_back(std::move(word));
    word.clear();
  };
  const auto* s = reinterpret_cast<const UChar*>(nfd.data());
  const auto length = static_cast<int32_t>(nfd.size());
  for (int32_t i = 0; i < length;) {
    UChar32 c;
    U16_NEXT(s, i, length, c);
    if (u_charType(c) == U_NON_SPACING_MARK) continue;
    if (isAsciiLetter(c)) {
      word += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    } else if (isKeptPunctuation(c)) {
      endWord();
      words.emplace_back(1, static_cast<char>(c));
    } else {
      endWord();
    }
  }
  endWord();
  return words;
}

std::vector<std::string> tokenizeSeq2seq(TokenizerKind tokenizer, std::string_view text) {
  std::vector<std::string> tokens = {kStartToken};
  for (std::string& w : tokenize(tokenizer, TextTask::Seq2seq, text)) tokens.push_back(std::move(w));
  tokens.push_back(kEndToken);
  return tokens;
}

std::vector<std::string> tokenizeSeq2seq(std::string_view text) { return tokenizeSeq2seq(TokenizerKind::Ascii, text); }

std::string standardizeSeq2seq(std::string_view text) {
  std::string out;
  for (const std::string& w : seq2seqWords(text)) {
    if (!out.empty()) out += ' ';
    out += w;
  }
  return out;
}

void requireQuestionWords(const std::vector<std::string>& tokens) {
  if (tokens.size() <= 2) throw InputError(ErrorKind::EmptySentence, {}, "the question has no words once it is cleaned up; type at least one word");
}

bool truncateSeq2seq(std::vector<std::string>& tokens, size_t maxLength) {
  const bool cut = maxLength >= 2 && tokens.size() > maxLength;
  if (cut) {
    tokens.resize(maxLength - 1);
    tokens.push_back(kEndToken);
  }
  return cut;
}

std::vector<int> encodeSeq2seq(const Vocabulary& vocabulary, TokenizerKind tokenizer, std::string_view text,
                               size_t maxLength, bool* truncated) {
  std::vector<std::string> tokens = tokenizeSeq2seq(tokenizer, text);
  const bool cut = truncateSeq2seq(tokens, maxLength);
  if (truncated) *truncated = cut;
  return vocabulary.ids(tokens);
}

std::vector<int> encodeSeq2seq(const Vocabulary& vocabulary, std::string_view text, size_t maxLength, bool* truncated) {
  return encodeSeq2seq(vocabulary, TokenizerKind::Ascii, text, maxLength, truncated);
}

std::string decodeSeq2seq(const Vocabulary& vocabulary, const std::vector<int>& ids) {
  std::vector<std::string> words;
  for (int id : ids) {
    const std::string& token = vocabulary.token(id);
    if (token == kEndToken) break;
    if (token == kStartToken || id == Vocabulary::kPaddingId) continue;
    words.push_back(token);
  }
  return joinTokens(words);
}

}  // namespace al
