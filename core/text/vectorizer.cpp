#include "core/text/vectorizer.h"

#include <algorithm>
#include <stdexcept>

#include "core/error.h"

namespace al {

namespace {

bool isContinuationByte(unsigned char c) { return (c & 0xC0) == 0x80; }

// Length of the well-formed sequence that starts at text[i], or 0 if there is none (RFC 3629, table 3-7 of
// the Unicode standard: the second byte's range depends on the first, which excludes overlong forms,
// surrogates and code points above U+10FFFF).
size_t utf8SequenceLength(std::string_view text, size_t i) {
  const auto lead = static_cast<unsigned char>(text[i]);
  const auto byteAt = [&](size_t k) { return static_cast<unsigned char>(text[i + k]); };
  size_t length = 0;
  unsigned char secondMin = 0x80, secondMax = 0xBF;
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) length = 2;  // 0xC0, 0xC1 would only start overlong forms
  else if (lead >= 0xE0 && lead <= 0xEF) length = 3;
  else if (lead >= 0xF0 && lead <= 0xF4) length = 4;
  else return 0;  // a continuation byte, or 0xF5..0xFF which never occur
  if (lead == 0xE0) secondMin = 0xA0;  // below: overlong (fits in two bytes)
  if (lead == 0xED) secondMax = 0x9F;  // above: U+D800..U+DFFF, UTF-16 surrogates
  if (lead == 0xF0) secondMin = 0x90;  // below: overlong (fits in three bytes)
  if (lead == 0xF4) secondMax = 0x8F;  // above: beyond U+10FFFF
  if (text.size() - i < length) return 0;
  if (byteAt(1) < secondMin || byteAt(1) > secondMax) return 0;
  for (size_t k = 2; k < length; ++k)
    if (!isContinuationByte(byteAt(k))) return 0;
  return length;
}

bool isImdbPunctuation(char c) {
  static constexpr std::string_view kPunctuation = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";  // Python's string.punctuation
  return kPunctuation.find(c) != std::string_view::npos;
}

bool isAsciiSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'; }

char asciiLower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

}  // namespace

bool isValidUtf8(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    const size_t length = utf8SequenceLength(text, i);
    if (length == 0) return false;
    i += length;
  }
  return true;
}

std::string standardizeImdb(std::string_view text) {
  // Lowercase first, so that "<BR />" is a line break too; then one pass for the breaks and punctuation.
  std::string lower(text);
  std::transform(lower.begin(), lower.end(), lower.begin(), asciiLower);

  std::string result;
  result.reserve(lower.size());
  const std::string_view view = lower;
  for (size_t i = 0; i < view.size();) {
    if (view.substr(i).starts_with("<br />")) {
      result += ' ';
      i += 6;
    } else if (view.substr(i).starts_with("<br>")) {
      result += ' ';
      i += 4;
    } else {
      if (!isImdbPunctuation(view[i])) result += view[i];
      ++i;
    }
  }
  return result;
}

std::vector<std::string> tokenizeImdb(std::string_view text) {
  const std::string standardized = standardizeImdb(text);
  std::vector<std::string> tokens;
  size_t start = 0;
  while (start < standardized.size()) {
    while (start < standardized.size() && isAsciiSpace(standardized[start])) ++start;
    size_t end = start;
    while (end < standardized.size() && !isAsciiSpace(standardized[end])) ++end;
    if (end > start) tokens.emplace_back(standardized, start, end - start);
    start = end;
  }
  return tokens;
}

Vocabulary Vocabulary::build(const std::vector<std::vector<std::string>>& tokenizedTexts, size_t maxSize,
                             const std::vector<std::string>& reserved) {
  std::vector<std::string> tokens = {"", "[UNK]"};
  tokens.insert(tokens.end(), reserved.begin(), reserved.end());
  if (maxSize != 0 && maxSize < tokens.size())
    throw std::invalid_argument("Vocabulary::build: maxSize must be 0 (no limit) or hold the reserved tokens");
  const auto isReserved = [&](const std::string& token) { return std::find(tokens.begin(), tokens.end(), token) != tokens.end(); };
  std::unordered_map<std::string, size_t, Hash, std::equal_to<>> counts;
  for (const auto& text : tokenizedTexts)
    for (const std::string& token : text)
      if (!isReserved(token)) ++counts[token];  // the reserved entries are not counted

  std::vector<std::pair<std::string, size_t>> byFrequency(counts.begin(), counts.end());
  // Most frequent first; equal counts by the token's bytes (std::string compares as unsigned char).
  std::sort(byFrequency.begin(), byFrequency.end(), [](const auto& a, const auto& b) {
    return a.second != b.second ? a.second > b.second : a.first < b.first;
  });

  const size_t room = maxSize == 0 ? byFrequency.size() : std::min(byFrequency.size(), maxSize - tokens.size());
  std::vector<size_t> tokenCounts(tokens.size(), 0);  // "", "[UNK]" and the reserved tokens
  for (size_t i = 0; i < room; ++i) {
    tokens.push_back(std::move(byFrequency[i].first));
    tokenCounts.push_back(byFrequency[i].second);
  }
  for (size_t i = room; i < byFrequency.size(); ++i) tokenCounts[kUnknownId] += byFrequency[i].second;  // left out
  Vocabulary vocabulary = fromTokens(std::move(tokens));
  vocabulary.counts_ = std::move(tokenCounts);
  return vocabulary;
}

Vocabulary Vocabulary::fromTokens(std::vector<std::string> tokens) {
  if (tokens.size() < 2 || !tokens[0].empty() || tokens[1] != "[UNK]")
    throw InputError(ErrorKind::Internal, {}, "vocabulary: id 0 must be the empty string and id 1 must be \"[UNK]\"");
  Vocabulary vocabulary;
  vocabulary.ids_.reserve(tokens.size());
  for (size_t i = 0; i < tokens.size(); ++i) {
    const auto [where, inserted] = vocabulary.ids_.emplace(tokens[i], static_cast<int>(i));
    if (!inserted)
      throw InputError(ErrorKind::Internal, {},
                       "vocabulary: token \"" + tokens[i] + "\" appears twice (ids " + std::to_string(where->second) +
                       " and " + std::to_string(i) + ")");
  }
  vocabulary.tokens_ = std::move(tokens);
  return vocabulary;
}

int Vocabulary::id(std::string_view token) const {
  const auto found = ids_.find(token);
  return found == ids_.end() ? kUnknownId : found->second;
}

std::optional<size_t> Vocabulary::count(int id) const {
  if (id < 0 || static_cast<size_t>(id) >= counts_.size()) return std::nullopt;
  return counts_[static_cast<size_t>(id)];
}

const std::string& Vocabulary::token(int id) const {
  if (id < 0 || static_cast<size_t>(id) >= tokens_.size())
    throw std::out_of_range("vocabulary: id " + std::to_string(id) + " is outside the " +
                            std::to_string(tokens_.size()) + " ids of the vocabulary");
  return tokens_[static_cast<size_t>(id)];
}

std::vector<int> Vocabulary::encode(TokenizerKind tokenizer, std::string_view text, size_t sequenceLength,
                                    bool* truncated) const {
  std::vector<std::string> words = tokenize(tokenizer, TextTask::Classifier, text);
  const size_t kept = sequenceLength == 0 ? words.size() : std::min(words.size(), sequenceLength);
  if (truncated) *truncated = kept < words.size();
  words.resize(kept);
  return ids(words);
}

std::vector<int> Vocabulary::ids(const std::vector<std::string>& tokens) const {
  std::vector<int> out;
  out.reserve(tokens.size());
  for (const std::string& token : tokens) out.push_back(id(token));
  return out;
}

}  // namespace al
