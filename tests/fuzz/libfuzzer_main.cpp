// The libFuzzer entry point of one target, chosen when it is compiled (-DATTENTIONLAB_FUZZ_TARGET="name").
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "tests/fuzz/fuzz_targets.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static const al::fuzz::Target& target = al::fuzz::target(ATTENTIONLAB_FUZZ_TARGET);
  target.run(std::string_view(reinterpret_cast<const char*>(data), size));
  return 0;
}
