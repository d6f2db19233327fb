#include "core/pretrained/token_text.h"

#include <algorithm>

#include "core/data/utf8.h"
#include "core/error.h"
#include "core/pretrained/hf_tokenizer.h"
#include "core/text/token_label.h"

namespace al::pretrained {

void requireUtf8Text(std::string_view text) {
  if (const auto bad = firstInvalidUtf8(text))
    throw InputError(ErrorKind::NotUtf8, {}, "the text is not valid UTF-8 (byte " + std::to_string(*bad + 1) + ")");
}

std::vector<TextSpan> splitOutTokens(std::string_view text, const std::vector<std::string>& tokens) {
  // Longest first, so that at one place the longer token wins; a handful of tokens, so a plain scan.
  std::vector<int> order(tokens.size());
  for (size_t t = 0; t < tokens.size(); ++t) order[t] = static_cast<int>(t);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return tokens[a].size() > tokens[b].size(); });
  std::vector<TextSpan> spans;
  size_t start = 0;
  for (size_t i = 0; i < text.size();) {
    int hit = -1;
    for (int t : order)
      if (!tokens[t].empty() && text.substr(i).starts_with(tokens[t])) {
        hit = t;
        break;
      }
    if (hit < 0) {
      ++i;
      continue;
    }
    if (start < i) spans.push_back({start, i, -1});
    spans.push_back({i, i + tokens[hit].size(), hit});
    i += tokens[hit].size();
    start = i;
  }
  if (start < text.size()) spans.push_back({start, text.size(), -1});
  return spans;
}

std::string utf8Of(char32_t c) {
  std::string out;
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
  return out;
}

std::string utf8WithReplacement(std::string_view bytes) {
  static const std::string replacement = utf8Of(0xFFFD);
  std::string out;
  out.reserve(bytes.size());
  const auto at = [&](size_t k) { return static_cast<unsigned char>(bytes[k]); };
  for (size_t i = 0; i < bytes.size();) {
    const unsigned char lead = at(i);
    if (lead < 0x80) {
      out += static_cast<char>(lead);
      ++i;
      continue;
    }
    // The length the lead byte announces and the range its second byte must lie in (RFC 3629: no overlong
    // forms, no surrogates, nothing above U+10FFFF).
    size_t length = 0;
    unsigned char low = 0x80, high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      if (lead == 0xE0) low = 0xA0;   // overlong below
      if (lead == 0xED) high = 0x9F;  // surrogates above
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      if (lead == 0xF0) low = 0x90;   // overlong below
      if (lead == 0xF4) high = 0x8F;  // beyond U+10FFFF above
    }
    size_t valid = 1;  // bytes of the longest start of a valid sequence
    if (length > 0 && i + 1 < bytes.size() && at(i + 1) >= low && at(i + 1) <= high) {
      valid = 2;
      while (valid < length && i + valid < bytes.size() && at(i + valid) >= 0x80 && at(i + valid) <= 0xBF) ++valid;
    }
    if (valid == length) out.append(bytes.substr(i, length));
    else out += replacement;
    i += valid;
  }
  return out;
}

std::string readablePiece(const Tokenizer& tokenizer, int64_t id) {
  if (tokenizer.type() != TokenizerType::ByteLevelBpe) return tokenizer.pieceOf(id);
  return tokenLabel(tokenizer.decode({id}));
}

}  // namespace al::pretrained
