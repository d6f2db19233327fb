#include "core/text/utf16.h"

#include <unicode/ustring.h>

#include "core/error.h"
#include "core/text/vectorizer.h"

namespace al {

std::u16string utf16FromUtf8(std::string_view text) {
  if (!isValidUtf8(text)) throw InputError(ErrorKind::NotUtf8, {}, "the text is not valid UTF-8");
  UErrorCode status = U_ZERO_ERROR;
  int32_t length = 0;
  u_strFromUTF8(nullptr, 0, &length, text.data(), static_cast<int32_t>(text.size()), &status);
  std::u16string utf16(static_cast<size_t>(length), u'\0');
  status = U_ZERO_ERROR;
  u_strFromUTF8(reinterpret_cast<UChar*>(utf16.data()), length, nullptr, text.data(), static_cast<int32_t>(text.size()),
                &status);
  if (U_FAILURE(status)) throw InputError(ErrorKind::NotUtf8, {}, "the text is not valid UTF-8");
  return utf16;
}

std::string utf8FromUtf16(std::u16string_view text) {
  UErrorCode status = U_ZERO_ERROR;
  int32_t length = 0;
  const auto* src = reinterpret_cast<const UChar*>(text.data());
  u_strToUTF8(nullptr, 0, &length, src, static_cast<int32_t>(text.size()), &status);
  std::string utf8(static_cast<size_t>(length), '\0');
  status = U_ZERO_ERROR;
  u_strToUTF8(utf8.data(), length, nullptr, src, static_cast<int32_t>(text.size()), &status);
  if (U_FAILURE(status))
    throw RunError(ErrorKind::Internal, {}, std::string("UTF-16 to UTF-8 failed: ") + u_errorName(status));
  return utf8;
}

}  // namespace al
