#include "core/data/utf8.h"

#include <algorithm>
#include <cstdio>

#include "core/error.h"

namespace al {

namespace {

bool isContinuation(unsigned char c) { return (c & 0xC0) == 0x80; }

// Length of the valid sequence starting at text[i], or 0 if it is not valid.
size_t validSequenceLength(std::string_view text, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[i + k]); };
  const unsigned char lead = byte(0);
  const size_t left = text.size() - i;
  if (lead < 0x80) return 1;
  if (lead >= 0xC2 && lead <= 0xDF) return left >= 2 && isContinuation(byte(1)) ? 2 : 0;
  if (lead >= 0xE0 && lead <= 0xEF) {
    if (left < 3 || !isContinuation(byte(1)) || !isContinuation(byte(2))) return 0;
    if (lead == 0xE0 && byte(1) < 0xA0) return 0;  // overlong: fits in two bytes
    if (lead == 0xED && byte(1) > 0x9F) return 0;  // U+D800..U+DFFF are UTF-16 surrogates, not characters
    return 3;
  }
  if (lead >= 0xF0 && lead <= 0xF4) {
    if (left < 4 || !isContinuation(byte(1)) || !isContinuation(byte(2)) || !isContinuation(byte(3))) return 0;
    if (lead == 0xF0 && byte(1) < 0x90) return 0;  // overlong: fits in three bytes
    if (lead == 0xF4 && byte(1) > 0x8F) return 0;  // above U+10FFFF
    return 4;
  }
  return 0;  // 0x80..0xC1 cannot start a character, 0xF5..0xFF never occur
}

}  // namespace

std::optional<size_t> firstInvalidUtf8(std::string_view text) {
  size_t i = 0;
  while (i < text.size()) {
    // Fast path: most review text is ASCII.
    if (static_cast<unsigned char>(text[i]) < 0x80) {
      ++i;
      continue;
    }
    const size_t length = validSequenceLength(text, i);
    if (length == 0) return i;
    i += length;
  }
  return std::nullopt;
}

std::string describePosition(std::string_view text, size_t offset) {
  offset = std::min(offset, text.size());
  const std::string_view before = text.substr(0, offset);
  const size_t line = 1 + static_cast<size_t>(std::count(before.begin(), before.end(), '\n'));
  const size_t lineStart = before.rfind('\n') == std::string_view::npos ? 0 : before.rfind('\n') + 1;
  return "line " + std::to_string(line) + ", byte " + std::to_string(offset - lineStart + 1);
}

void requireValidUtf8(std::string_view text, const std::string& where, ErrorFields at) {
  const auto bad = firstInvalidUtf8(text);
  if (!bad) return;
  char hex[8];
  std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned>(static_cast<unsigned char>(text[*bad])));
  if (at.file.empty()) at.file = where;
  if (!at.line) {
    const std::string_view before = text.substr(0, *bad);
    at.line = 1 + std::count(before.begin(), before.end(), '\n');
  }
  throw InputError(ErrorKind::NotUtf8, std::move(at), where + " " + describePosition(text, *bad) + ": invalid UTF-8 (byte " + hex +
                   "); save the file as UTF-8");
}

}  // namespace al
