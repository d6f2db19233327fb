#pragma once
// UTF-8 checks for text read from files: every source must say where a bad byte is, so that a person can
// open the file and fix it.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "core/error.h"

namespace al {

// Offset of the first byte that does not start or continue a valid UTF-8 sequence (RFC 3629: no overlong
// forms, no surrogates, nothing above U+10FFFF), or nothing when the whole text is valid.
std::optional<size_t> firstInvalidUtf8(std::string_view text);

// "line 3, byte 17" for a byte offset in a text (both counted from 1; the byte is counted within its line).
std::string describePosition(std::string_view text, size_t offset);

// Throws al::InputError("<where> line L, byte B: invalid UTF-8 (byte 0xNN) ...") if text is not valid UTF-8, of
// kind NotUtf8 with the fields `at` (its file is `where` if not given, its line L if not given).
void requireValidUtf8(std::string_view text, const std::string& where, ErrorFields at = {});

}  // namespace al
