#include "core/pretrained/bpe_tokenizer.h"

#include <unicode/regex.h>
#include <unicode/utext.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <cstdio>
#include <queue>

#include "core/data/utf8.h"
#include "core/error.h"
#include "core/io/limits.h"
#include "core/pretrained/token_text.h"

namespace al::pretrained {

namespace {

// GPT-2's byte table (encoder.py's bytes_to_unicode): the printable Latin-1 bytes ! .. ~, ¡ .. ¬ and ® .. ÿ are
// written as themselves; the other 68 (control characters, space, 0x7F .. 0xA0, 0xAD) as U+0100, U+0101, ... in
// byte order, so that no piece holds a space or an invisible character.
std::array<char32_t, 256> makeByteTable() {
  std::array<char32_t, 256> table{};
  char32_t next = 256;
  for (int b = 0; b < 256; ++b) {
    const bool printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
    table[static_cast<size_t>(b)] = printable ? static_cast<char32_t>(b) : next++;
  }
  return table;
}

const std::array<char32_t, 256>& byteTable() {
  static const std::array<char32_t, 256> table = makeByteTable();
  return table;
}

// The byte a symbol of the table stands for, or -1 for a character the table does not write.
int byteOfSymbol(char32_t c) {
  static const std::vector<int> inverse = [] {
    std::vector<int> out(512, -1);
    for (int b = 0; b < 256; ++b) out[byteTable()[static_cast<size_t>(b)]] = b;
    return out;
  }();
  return c < inverse.size() ? inverse[c] : -1;
}

// The id of a byte whose symbol the vocabulary lacks: no merge names it (merges name pieces of the vocabulary).
constexpr int64_t kMissingByte = -1;

uint64_t pairKey(int64_t left, int64_t right) {
  return (static_cast<uint64_t>(left) << 32) | static_cast<uint64_t>(right);
}

// Merged words longer than this are not remembered (a pasted line without spaces would fill the cache).
constexpr size_t kMaxCachedWordBytes = 256;
constexpr size_t kMaxCachedWords = 100'000;

}  // namespace

const std::string& BpeTokenizer::byteSymbol(unsigned char byte) {
  static const std::array<std::string, 256> symbols = [] {
    std::array<std::string, 256> out;
    for (int b = 0; b < 256; ++b) out[static_cast<size_t>(b)] = utf8Of(byteTable()[static_cast<size_t>(b)]);
    return out;
  }();
  return symbols[byte];
}

// The pre-tokenization pattern, compiled once; each call makes its own matcher (a pattern may be shared by
// threads, a matcher may not).
struct BpeTokenizer::Pattern {
  std::unique_ptr<icu::RegexPattern> compiled;
};

BpeTokenizer::BpeTokenizer(const VocabularyEntries& vocabulary, const std::vector<Merge>& merges,
                           std::vector<std::string> addedTokens, std::string source)
    : source_(std::move(source)), pattern_(std::make_unique<Pattern>()) {
  setVocabulary(vocabulary, source_);
  // GPT-2's vocabulary holds all 256 byte symbols; a small one may lack some, and a text with such a byte is
  // refused when it is read (kMissingByte here).
  for (int b = 0; b < 256; ++b) {
    const auto it = vocabulary_.find(byteSymbol(static_cast<unsigned char>(b)));
    byteIds_[static_cast<size_t>(b)] = it == vocabulary_.end() ? kMissingByte : it->second;
  }
  const auto idOfPart = [&](const std::string& piece, const Merge& merge) {
    const auto it = vocabulary_.find(piece);
    if (it == vocabulary_.end())
      throw InputError(ErrorKind::TokenizerFileInvalid, {.file = merge.where, .name = piece},
                       merge.where + ": the merge \"" + merge.first + " " + merge.second + "\" names \"" + piece +
                       "\", which is not in the vocabulary (" + source_ + ")");
    return it->second;
  };
  merges_.reserve(merges.size());
  for (size_t rank = 0; rank < merges.size(); ++rank) {
    const Merge& merge = merges[rank];
    const int64_t left = idOfPart(merge.first, merge);
    const int64_t right = idOfPart(merge.second, merge);
    const int64_t merged = idOfPart(merge.first + merge.second, merge);
    merges_[pairKey(left, right)] = {static_cast<int32_t>(rank), merged};  // a repeated merge keeps its later rank
  }
  special_.endOfText.name = "<|endoftext|>";
  lookUpSpecialTokens();
  if (special_.endOfText.id && std::find(addedTokens.begin(), addedTokens.end(), "<|endoftext|>") == addedTokens.end())
    addedTokens.push_back("<|endoftext|>");
  for (const std::string& token : addedTokens)
    if (vocabulary_.count(token) > 0) addedTokens_.push_back(token);

  UErrorCode status = U_ZERO_ERROR;
  UParseError parseError;
  pattern_->compiled.reset(icu::RegexPattern::compile(
      icu::UnicodeString::fromUTF8(R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)"),
      0, parseError, status));
  if (U_FAILURE(status))
    throw RunError(ErrorKind::Internal, {}, std::string("GPT-2's pre-tokenization pattern: ") + u_errorName(status));
}

BpeTokenizer::~BpeTokenizer() = default;

std::vector<std::pair<int64_t, int>> BpeTokenizer::mergedWord(std::string_view bytes) const {
  const bool cacheable = bytes.size() <= kMaxCachedWordBytes;
  if (cacheable) {
    const std::lock_guard lock(cacheMutex_);
    if (const auto it = cache_.find(std::string(bytes)); it != cache_.end()) return it->second;
  }
  // The word as a linked list of symbols, one a byte to start with; a merge folds the right symbol into the
  // left one (bytes == 0 marks a folded symbol).
  struct Symbol {
    int64_t id;
    int prev, next, bytes;
  };
  const int n = static_cast<int>(bytes.size());
  std::vector<Symbol> symbols(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i)
    symbols[static_cast<size_t>(i)] = {byteIds_[static_cast<unsigned char>(bytes[static_cast<size_t>(i)])], i - 1,
                                       i + 1 < n ? i + 1 : -1, 1};
  // Pairs that are merges, the lowest rank first and, within a rank, the leftmost first: encoder.py merges
  // every occurrence of its best pair left to right before it looks at the next rank.
  struct Candidate {
    int32_t rank;
    int left, right;
    int64_t leftId, rightId, merged;
    bool operator>(const Candidate& o) const { return rank != o.rank ? rank > o.rank : left > o.left; }
  };
  std::priority_queue<Candidate, std::vector<Candidate>, std::greater<>> queue;
  const auto consider = [&](int left, int right) {
    if (left < 0 || right < 0) return;
    const Symbol& a = symbols[static_cast<size_t>(left)];
    const Symbol& b = symbols[static_cast<size_t>(right)];
    if (const auto it = merges_.find(pairKey(a.id, b.id)); it != merges_.end())
      queue.push({it->second.first, left, right, a.id, b.id, it->second.second});
  };
  for (int i = 0; i + 1 < n; ++i) consider(i, i + 1);
  while (!queue.empty()) {
    const Candidate c = queue.top();
    queue.pop();
    Symbol& a = symbols[static_cast<size_t>(c.left)];
    Symbol& b = symbols[static_cast<size_t>(c.right)];
    // Stale: one side was merged into something else since the pair was queued.
    if (a.bytes == 0 || b.bytes == 0 || a.next != c.right || a.id != c.leftId || b.id != c.rightId) continue;
    a.id = c.merged;
    a.bytes += b.bytes;
    a.next = b.next;
    if (b.next >= 0) symbols[static_cast<size_t>(b.next)].prev = c.left;
    b.bytes = 0;
    consider(a.prev, c.left);
    consider(c.left, a.next);
  }
  std::vector<std::pair<int64_t, int>> pieces;
  for (int i = n > 0 ? 0 : -1; i >= 0; i = symbols[static_cast<size_t>(i)].next)
    pieces.emplace_back(symbols[static_cast<size_t>(i)].id, symbols[static_cast<size_t>(i)].bytes);
  if (cacheable) {
    const std::lock_guard lock(cacheMutex_);
    if (cache_.size() >= kMaxCachedWords) cache_.clear();
    cache_.emplace(std::string(bytes), pieces);
  }
  return pieces;
}

Encoding BpeTokenizer::tokenize(std::string_view text) const {
  requireUtf8Text(text);
  Encoding out;
  auto append = [&](int64_t id, size_t begin, size_t end) {
    out.pieces.push_back(pieces_[static_cast<size_t>(id)]);
    out.ids.push_back(id);
    out.offsets.push_back({begin, end});
    out.segments.push_back(0);
    out.added.push_back(false);
  };
  UErrorCode status = U_ZERO_ERROR;
  const std::unique_ptr<icu::RegexMatcher> matcher(pattern_->compiled->matcher(status));
  // No bound on the matcher's backtracking stack: \s+(?!\S) keeps a state per space of a run, and a text of a
  // million spaces must tokenize, not fail (ICU's default stops at 8 MB).
  matcher->setStackLimit(0, status);
  if (U_FAILURE(status))
    throw RunError(ErrorKind::Internal, {}, std::string("ICU regular expression: ") + u_errorName(status));
  for (const TextSpan& span : splitOutTokens(text, addedTokens_)) {
    if (span.token >= 0) {
      append(vocabulary_.at(addedTokens_[static_cast<size_t>(span.token)]), span.begin, span.end);
      continue;
    }
    // The matcher reads the UTF-8 bytes in place: its match positions are byte offsets in the span.
    const std::string_view part = text.substr(span.begin, span.end - span.begin);
    UText* utext = utext_openUTF8(nullptr, part.data(), static_cast<int64_t>(part.size()), &status);
    const std::unique_ptr<UText, decltype(&utext_close)> closer(utext, &utext_close);
    matcher->reset(utext);
    while (U_SUCCESS(status) && matcher->find(status)) {
      const auto begin = static_cast<size_t>(matcher->start64(status));
      const auto end = static_cast<size_t>(matcher->end64(status));
      size_t at = span.begin + begin;
      for (const auto& [id, length] : mergedWord(part.substr(begin, end - begin))) {
        if (id == kMissingByte) {
          char hex[8];
          std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned>(static_cast<unsigned char>(text[at])));
          throw InputError(ErrorKind::ByteNotInVocabulary, {.file = source_, .found = std::string(hex)},
                           "the text holds byte " + std::string(hex) + " (byte " + std::to_string(at + 1) +
                           "), which the vocabulary (" + source_ + ") has no piece for");
        }
        append(id, at, at + static_cast<size_t>(length));
        at += static_cast<size_t>(length);
      }
    }
    if (U_FAILURE(status))
      throw RunError(ErrorKind::Internal, {}, std::string("ICU regular expression: ") + u_errorName(status));
  }
  return out;
}

Encoding BpeTokenizer::encodePair(std::string_view, std::string_view) const {
  throw InputError(ErrorKind::Internal, {},
                   source_ + ": GPT-2's byte-level BPE reads one text, not a pair of sentences");
}

std::string BpeTokenizer::decode(const std::vector<int64_t>& ids, bool skipSpecial) const {
  std::string bytes;
  for (int64_t id : ids) {
    const std::string& piece = pieceOf(id);
    if (skipSpecial && isSpecial(id)) continue;
    if (std::find(addedTokens_.begin(), addedTokens_.end(), piece) != addedTokens_.end()) {
      bytes += piece;  // written as it is, not through the byte table
      continue;
    }
    const auto* s = reinterpret_cast<const uint8_t*>(piece.data());
    const auto length = static_cast<int32_t>(piece.size());
    for (int32_t i = 0; i < length;) {
      const int32_t start = i;
      UChar32 c;
      U8_NEXT(s, i, length, c);
      const int byte = c < 0 ? -1 : byteOfSymbol(static_cast<char32_t>(c));
      if (byte >= 0) bytes += static_cast<char>(byte);
      else bytes.append(piece, static_cast<size_t>(start), static_cast<size_t>(i - start));  // not a table symbol
    }
  }
  return utf8WithReplacement(bytes);
}

std::vector<Merge> BpeTokenizer::parseMergesTxt(std::string_view text, const std::string& file) {
  requireValidUtf8(text, file);
  std::vector<Merge> merges;
  size_t line = 0;
  for (size_t start = 0; start < text.size();) {
    ++line;
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view entry = text.substr(start, end - start);
    start = end + 1;
    if (entry.ends_with('\r')) entry.remove_suffix(1);
    if (entry.empty() || (line == 1 && entry.starts_with("#version"))) continue;
    if (merges.size() >= limits::kMaxVocabularyTokens)
      throw InputError(ErrorKind::TokenizerFileInvalid, {.file = file},
                       file + ": more than " + std::to_string(limits::kMaxVocabularyTokens) +
                       " merges (GPT-2 has 50,000)");
    merges.push_back(parseMerge(entry, file + " line " + std::to_string(line)));
  }
  return merges;
}

Merge BpeTokenizer::parseMerge(std::string_view entry, std::string where) {
  const size_t space = entry.find(' ');
  if (space == 0 || space == std::string_view::npos || space + 1 == entry.size() ||
      entry.find(' ', space + 1) != std::string_view::npos)
    throw InputError(ErrorKind::TokenizerFileInvalid, {.file = where},
                     where + ": expected two pieces separated by one space (\"Ġ t\"), found \"" +
                     std::string(entry.substr(0, 80)) + "\"");
  return {std::string(entry.substr(0, space)), std::string(entry.substr(space + 1)), std::move(where)};
}

}  // namespace al::pretrained
