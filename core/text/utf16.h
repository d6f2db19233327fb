#pragma once
// UTF-8 <-> UTF-16, for ICU's C API (which works on UTF-16).
#include <string>
#include <string_view>

namespace al {

// Throws al::InputError("the text is not valid UTF-8") for bytes that are not UTF-8.
std::u16string utf16FromUtf8(std::string_view text);
std::string utf8FromUtf16(std::u16string_view text);

}  // namespace al
