#include "core/text/seq2seq_text.h"

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>

#include "core/error.h"

namespace al {

namespace {

// UTF-8 -> UTF-16 -> NFD (accents become separate combining marks), as ICU's C API wants UTF-16.
std::u16string decomposed(std::string_view text) {
  if (!isValidUtf8(text)) throw InputError("the sentence is not valid UTF-8");
  UErrorCode status = U_ZERO_ERROR;
  int32_t length = 0;
  u_strFromUTF8(nullptr, 0, &length, text.data(), static_cast<int32_t>(text.size()), &status);
  std::u16string utf16(static_cast<size_t>(length), u'\0');
  status = U_ZERO_ERROR;
  u_strFromUTF8(reinterpret_cast<UChar*>(utf16.data()), length, nullptr, text.data(), static_cast<int32_t>(text.size()),
                &status);
  if (U_FAILURE(status)) throw InputError("the sentence is not valid UTF-8");

  const UNormalizer2* nfd = unorm2_getNFDInstance(&status);
  const auto* src = reinterpret_cast<const UChar*>(utf16.data());
  status = U_ZERO_ERROR;
  const int32_t needed = unorm2_normalize(nfd, src, length, nullptr, 0, &status);
  std::u16string out(static_cast<size_t>(needed), u'\0');
  status = U_ZERO_ERROR;
  unorm2_normalize(nfd, src, length, reinterpret_cast<UChar*>(out.data()), needed, &status);
  if (U_FAILURE(status)) throw RunError(std::string("Unicode normalization failed: ") + u_errorName(status));
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

std::vector<std::string> tokenizeSeq2seq(std::string_view text) {
  std::vector<std::string> tokens = {kStartToken};
  for (std::string& w : seq2seqWords(text)) tokens.push_back(std::move(w));
  tokens.push_back(kEndToken);
  return tokens;
}

std::string standardizeSeq2seq(std::string_view text) {
  std::string out;
  for (const std::string& w : seq2seqWords(text)) {
    if (!out.empty()) out += ' ';
    out += w;
  }
  return out;
}

std::vector<int> encodeSeq2seq(const Vocabulary& vocabulary, std::string_view text, size_t maxLength, bool* truncated) {
  std::vector<std::string> tokens = tokenizeSeq2seq(text);
  const bool cut = maxLength >= 2 && tokens.size() > maxLength;
  if (cut) {
    tokens.resize(maxLength - 1);
    tokens.push_back(kEndToken);
  }
  if (truncated) *truncated = cut;
  std::vector<int> ids;
  ids.reserve(tokens.size());
  for (const std::string& t : tokens) ids.push_back(vocabulary.id(t));
  return ids;
}

std::string decodeSeq2seq(const Vocabulary& vocabulary, const std::vector<int>& ids) {
  std::string out;
  for (int id : ids) {
    const std::string& token = vocabulary.token(id);
    if (token == kEndToken) break;
    if (token == kStartToken || id == Vocabulary::kPaddingId) continue;
    if (!out.empty()) out += ' ';
    out += token;
  }
  return out;
}

}  // namespace al
