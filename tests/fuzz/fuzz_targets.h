#pragma once
// Fuzz targets: one function per reader of outside bytes. Each feeds any bytes to its reader and checks the
// reader's contract: it returns a valid value (checked here, field by field) or throws al::InputError, and
// nothing else. Any other exception, a broken invariant (InvariantBroken) or a sanitizer report is a bug.
//
// The same functions run in two places:
//   - under libFuzzer, one executable per target (libfuzzer_main.cpp; scripts/fuzz builds and runs them);
//   - in the normal test suite (test_fuzz_replay.cpp), which feeds them every input of corpus/<target>/ and
//     regressions/<target>/, so that a crash once found stays fixed.
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace al::fuzz {

// A reader returned something that breaks its own contract.
class InvariantBroken : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

struct Target {
  const char* name;  // also the folder name under corpus/ and regressions/
  void (*run)(std::string_view bytes);
};

std::span<const Target> targets();
// The target of that name; std::invalid_argument if there is none.
const Target& target(std::string_view name);

}  // namespace al::fuzz
