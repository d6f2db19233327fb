#pragma once
// The refusals of the core's readers, for tests that check what a refusal says.
#include <QString>

#include "core/error.h"

namespace al::test {

// The message of the al::InputError that f throws, or an empty string when it throws none (a check for words
// in the message then fails).
template <typename F>
QString inputErrorOf(F&& f) {
  try {
    f();
  } catch (const InputError& e) {
    return QString::fromUtf8(e.what());
  }
  return QString();
}

}  // namespace al::test
