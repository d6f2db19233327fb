#include "core/pretrained/wordpiece_tokenizer.h"

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include <algorithm>

#include "core/data/utf8.h"
#include "core/error.h"
#include "core/io/limits.h"
#include "core/pretrained/token_text.h"

namespace al::pretrained {

namespace {

// Hugging Face's _is_control: tab, LF and CR are whitespace; every other C* (Cc, Cf, Cs, Co, Cn) is dropped.
bool isControl(char32_t c) {
  if (c == '\t' || c == '\n' || c == '\r') return false;
  switch (u_charType(static_cast<UChar32>(c))) {
    case U_CONTROL_CHAR:
    case U_FORMAT_CHAR:
    case U_SURROGATE:
    case U_PRIVATE_USE_CHAR:
    case U_UNASSIGNED: return true;
    default: return false;
  }
}

bool isBertWhitespace(char32_t c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || u_charType(static_cast<UChar32>(c)) == U_SPACE_SEPARATOR;
}

// ASCII punctuation (the symbols $ + < = > ^ ` | ~ included, which Unicode files under S*) and Unicode P*.
bool isPunctuation(char32_t c) {
  if ((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126)) return true;
  return u_ispunct(static_cast<UChar32>(c));
}

// The CJK Unified Ideographs blocks and their extensions, as BERT's tokenizer lists them (Hangul and kana are
// not among them: they are written with spaces between words).
bool isCjkIdeograph(char32_t c) {
  return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x20000 && c <= 0x2A6DF) ||
         (c >= 0x2A700 && c <= 0x2B73F) || (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B820 && c <= 0x2CEAF) ||
         (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
}

std::u16string utf16Of(char32_t c) {
  std::u16string out;
  if (c < 0x10000) {
    out += static_cast<char16_t>(c);
  } else {
    out += static_cast<char16_t>(U16_LEAD(c));
    out += static_cast<char16_t>(U16_TRAIL(c));
  }
  return out;
}

std::vector<char32_t> codePointsOf(const UChar* s, int32_t length) {
  std::vector<char32_t> out;
  for (int32_t i = 0; i < length;) {
    UChar32 c;
    U16_NEXT(s, i, length, c);
    out.push_back(static_cast<char32_t>(c));
  }
  return out;
}

// Full lowercase of one character in the root locale: "İ" -> "i" + U+0307. One character at a time, as the
// tokenizers library does (a final capital sigma becomes σ).
std::vector<char32_t> lowercased(char32_t c) {
  if (c < 0x80) return {c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c};  // most text: no call into ICU
  const std::u16string in = utf16Of(c);
  UChar buffer[8];
  UErrorCode status = U_ZERO_ERROR;
  const int32_t length = u_strToLower(buffer, 8, reinterpret_cast<const UChar*>(in.data()),
                                      static_cast<int32_t>(in.size()), "", &status);
  if (U_FAILURE(status))
    throw RunError(ErrorKind::Internal, {}, std::string("Unicode lowercasing failed: ") + u_errorName(status));
  return codePointsOf(buffer, length);
}

// The canonical decomposition (NFD) of one character: "é" -> "e" + U+0301.
std::vector<char32_t> decomposed(char32_t c) {
  if (c < 0xC0) return {c};  // nothing below À decomposes
  UErrorCode status = U_ZERO_ERROR;
  const UNormalizer2* nfd = unorm2_getNFDInstance(&status);
  UChar buffer[32];
  const int32_t length = U_SUCCESS(status) ? unorm2_getDecomposition(nfd, static_cast<UChar32>(c), buffer, 32, &status)
                                           : -1;
  if (U_FAILURE(status))
    throw RunError(ErrorKind::Internal, {}, std::string("Unicode normalization failed: ") + u_errorName(status));
  if (length < 0) return {c};  // no decomposition
  return codePointsOf(buffer, length);
}

// Written without a space beside it: a CJK ideograph, CJK punctuation (。、「」) or a full-width form (，！？).
bool writtenWithoutSpace(char32_t c) {
  return isCjkIdeograph(c) || (c >= 0x3000 && c <= 0x303F) || (c >= 0xFF00 && c <= 0xFFEF);
}

bool isNonSpacingMark(char32_t c) { return u_charType(static_cast<UChar32>(c)) == U_NON_SPACING_MARK; }

// One character of a word being normalized, and the bytes [begin, end) of the text it stands for.
struct WordChar {
  char32_t c;
  size_t begin, end;
};
using Word = std::vector<WordChar>;

// Steps 2 to 4 of the header on text[begin, end): the words, punctuation split off.
std::vector<Word> basicWords(std::string_view text, size_t begin, size_t end, const WordPieceOptions& options) {
  const bool strip = options.stripAccents.value_or(options.lowercase);
  std::vector<Word> words;
  Word word;
  auto endWord = [&] {
    if (!word.empty()) words.push_back(std::move(word));
    word.clear();
  };
  // A word is complete: lowercase, strip accents, split off punctuation.
  auto finishWord = [&](Word raw) {
    if (options.lowercase) {
      Word lower;
      for (const WordChar& ch : raw)
        for (char32_t c : lowercased(ch.c)) lower.push_back({c, ch.begin, ch.end});
      raw = std::move(lower);
    }
    if (strip) {
      Word kept;
      for (const WordChar& ch : raw)
        for (char32_t c : decomposed(ch.c)) {
          if (!isNonSpacingMark(c)) kept.push_back({c, ch.begin, ch.end});
          else if (!kept.empty()) kept.back().end = std::max(kept.back().end, ch.end);  // the accent's bytes
        }
      raw = std::move(kept);
    }
    for (const WordChar& ch : raw) {
      if (isPunctuation(ch.c)) {
        endWord();
        words.push_back({ch});
      } else {
        word.push_back(ch);
      }
    }
    endWord();
  };
  Word raw;
  const auto* s = reinterpret_cast<const uint8_t*>(text.data());
  for (int32_t i = static_cast<int32_t>(begin); i < static_cast<int32_t>(end);) {
    const size_t at = static_cast<size_t>(i);
    UChar32 c;
    U8_NEXT(s, i, static_cast<int32_t>(end), c);
    const auto ch = static_cast<char32_t>(c);
    const WordChar item{ch, at, static_cast<size_t>(i)};
    if (options.cleanText && (ch == 0 || ch == 0xFFFD || isControl(ch))) continue;
    const bool space = (options.cleanText && isBertWhitespace(ch)) || u_isUWhiteSpace(c);
    if (space || (options.chineseCharacters && isCjkIdeograph(ch))) {
      if (!raw.empty()) finishWord(std::move(raw));
      raw.clear();
      if (!space) finishWord({item});  // an ideograph is a word of its own
      continue;
    }
    raw.push_back(item);
  }
  if (!raw.empty()) finishWord(std::move(raw));
  return words;
}

std::string utf8OfChars(const Word& word, size_t from, size_t to) {
  std::string out;
  for (size_t k = from; k < to; ++k) out += utf8Of(word[k].c);
  return out;
}

}  // namespace

WordPieceTokenizer::WordPieceTokenizer(const VocabularyEntries& vocabulary, WordPieceOptions options,
                                       std::string source)
    : options_(std::move(options)), source_(std::move(source)) {
  setVocabulary(vocabulary, source_);
  special_.unknown.name = options_.unknown;
  special_.classifier.name = options_.classifier;
  special_.separator.name = options_.separator;
  special_.padding.name = options_.padding;
  special_.mask.name = options_.mask;
  lookUpSpecialTokens();
  for (const auto& [piece, id] : vocabulary_) {
    const auto length = static_cast<int32_t>(piece.size());
    int32_t characters = 0;
    for (int32_t i = 0; i < length; ++characters) U8_FWD_1(piece.data(), i, length);
    longestPiece_ = std::max(longestPiece_, static_cast<size_t>(characters));
  }
  if (!special_.unknown.id)
    throw InputError(ErrorKind::VocabularyLacksToken, {.file = source_, .name = options_.unknown},
                     source_ + ": the vocabulary has no " + options_.unknown +
                     " piece, which WordPiece gives to the words it cannot read");
  for (const SpecialTokens::Token* token :
       {&special_.unknown, &special_.classifier, &special_.separator, &special_.padding, &special_.mask})
    if (token->id) splitTokens_.push_back(token->name);
  for (const std::string& token : options_.extraTokens)
    if (vocabulary_.count(token) > 0) splitTokens_.push_back(token);
}

void WordPieceTokenizer::appendPieces(std::string_view text, int segment, Encoding& out) const {
  requireUtf8Text(text);
  auto append = [&](const std::string& piece, int64_t id, size_t begin, size_t end) {
    out.pieces.push_back(piece);
    out.ids.push_back(id);
    out.offsets.push_back({begin, end});
    out.segments.push_back(segment);
    out.added.push_back(false);
  };
  for (const TextSpan& span : splitOutTokens(text, splitTokens_)) {
    if (span.token >= 0) {
      const std::string& name = splitTokens_[static_cast<size_t>(span.token)];
      append(name, vocabulary_.at(name), span.begin, span.end);
      continue;
    }
    for (const Word& word : basicWords(text, span.begin, span.end, options_)) {
      const size_t pieceCount = out.ids.size();
      bool unknown = word.size() > options_.maxWordCharacters;
      // Greedy longest-match-first: the longest piece the vocabulary has from `start`, then on from its end.
      for (size_t start = 0; !unknown && start < word.size();) {
        // No piece is longer than the vocabulary's longest: a long word costs its length times that, not its
        // length squared.
        size_t end = std::min(word.size(), start + longestPiece_);
        for (; end > start; --end) {
          const std::string piece = (start > 0 ? options_.continuationPrefix : "") + utf8OfChars(word, start, end);
          if (const auto it = vocabulary_.find(piece); it != vocabulary_.end()) {
            append(piece, it->second, word[start].begin, word[end - 1].end);
            break;
          }
        }
        unknown = end == start;  // no piece matches here
        start = end;
      }
      if (unknown) {
        // The whole word is unknown, including the pieces already found.
        out.pieces.resize(pieceCount);
        out.ids.resize(pieceCount);
        out.offsets.resize(pieceCount);
        out.segments.resize(pieceCount);
        out.added.resize(pieceCount);
        append(special_.unknown.name, *special_.unknown.id, word.front().begin, word.back().end);
      }
    }
  }
}

void WordPieceTokenizer::appendAdded(const SpecialTokens::Token& token, int segment, Encoding& out) const {
  if (!token.id)
    throw InputError(ErrorKind::VocabularyLacksToken, {.file = source_, .name = token.name},
                     source_ + ": the vocabulary has no " + token.name + " piece, which BERT puts around a text");
  out.pieces.push_back(token.name);
  out.ids.push_back(*token.id);
  out.offsets.push_back({0, 0});
  out.segments.push_back(segment);
  out.added.push_back(true);
}

Encoding WordPieceTokenizer::tokenize(std::string_view text) const {
  Encoding out;
  appendPieces(text, 0, out);
  return out;
}

Encoding WordPieceTokenizer::encode(std::string_view text) const {
  Encoding out;
  appendAdded(special_.classifier, 0, out);
  appendPieces(text, 0, out);
  appendAdded(special_.separator, 0, out);
  return out;
}

Encoding WordPieceTokenizer::encodePrompt(std::string_view text) const {
  Encoding out;
  appendAdded(special_.classifier, 0, out);
  appendPieces(text, 0, out);
  return out;
}

Encoding WordPieceTokenizer::encodePair(std::string_view a, std::string_view b) const {
  Encoding out = encode(a);
  appendPieces(b, 1, out);
  appendAdded(special_.separator, 1, out);
  return out;
}

std::string WordPieceTokenizer::decode(const std::vector<int64_t>& ids, bool skipSpecial) const {
  // Pieces to words: a continuation ("##ing") is glued to the word before it.
  std::vector<std::string> words;
  const std::string& prefix = options_.continuationPrefix;
  for (int64_t id : ids) {
    const std::string& piece = pieceOf(id);
    if (skipSpecial && isSpecial(id)) continue;
    if (!words.empty() && !prefix.empty() && piece.starts_with(prefix) && piece.size() > prefix.size())
      words.back() += piece.substr(prefix.size());
    else
      words.push_back(piece);
  }
  // Words to text: a space between two words, none next to a CJK ideograph or CJK punctuation (Chinese is
  // written without spaces) nor before . , ! ? and the English clitics, as Hugging Face's clean_up_tokenization does.
  const auto firstChar = [](const std::string& w) {
    UChar32 c = 0;
    int32_t i = 0;
    U8_NEXT(reinterpret_cast<const uint8_t*>(w.data()), i, static_cast<int32_t>(w.size()), c);
    return static_cast<char32_t>(c < 0 ? 0 : c);
  };
  const auto lastChar = [](const std::string& w) {
    UChar32 c = 0;
    auto i = static_cast<int32_t>(w.size());
    U8_PREV(reinterpret_cast<const uint8_t*>(w.data()), 0, i, c);
    return static_cast<char32_t>(c < 0 ? 0 : c);
  };
  static const std::vector<std::string> glued = {".", "?", "!", ",", "n't", "'m", "'s", "'ve", "'re"};
  std::string text;
  for (size_t w = 0; w < words.size(); ++w) {
    const std::string& word = words[w];
    const bool space = w > 0 && !word.empty() && !words[w - 1].empty() &&
                       !writtenWithoutSpace(lastChar(words[w - 1])) && !writtenWithoutSpace(firstChar(word)) &&
                       std::find(glued.begin(), glued.end(), word) == glued.end();
    if (space) text += ' ';
    text += word;
  }
  return text;
}

VocabularyEntries WordPieceTokenizer::parseVocabTxt(std::string_view text, const std::string& file) {
  requireValidUtf8(text, file);  // names the line and the byte
  VocabularyEntries entries;
  size_t line = 0;
  for (size_t start = 0; start < text.size();) {
    ++line;
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view piece = text.substr(start, end - start);
    if (piece.ends_with('\r')) piece.remove_suffix(1);
    const std::string where = file + " line " + std::to_string(line);
    if (entries.size() >= limits::kMaxVocabularyTokens)
      throw InputError(ErrorKind::TokenizerFileInvalid, {.file = file},
                       file + ": more than " + std::to_string(limits::kMaxVocabularyTokens) +
                       " lines; a vocabulary has one piece per line (BERT's: 30,522)");
    if (piece.size() > limits::kMaxTokenBytes)
      throw InputError(ErrorKind::TokenizerFileInvalid, {.file = file, .line = static_cast<int64_t>(line)},
                       where + ": a piece of " + std::to_string(piece.size()) + " bytes, more than the " +
                       std::to_string(limits::kMaxTokenBytes) + " a vocabulary line may hold");
    entries.emplace_back(std::string(piece), static_cast<int64_t>(line - 1));
    start = end + 1;
  }
  if (entries.empty())
    throw InputError(ErrorKind::TokenizerFileInvalid, {.file = file},
                     file + ": the vocabulary is empty; expected one piece per line");
  return entries;
}

}  // namespace al::pretrained
