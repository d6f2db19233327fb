#include "core/pretrained/weight_buffer.h"

#include <sys/mman.h>

namespace al::pretrained {

namespace {

constexpr uintptr_t kHugePage = uintptr_t{2} << 20;  // 2 MB on x86-64 and arm64

// The whole huge pages inside [begin, end): the kernel takes advice on aligned ranges only.
void adviseHugePages(const void* begin, const void* end) {
  const auto first = (reinterpret_cast<uintptr_t>(begin) + kHugePage - 1) / kHugePage * kHugePage;
  const auto last = reinterpret_cast<uintptr_t>(end) / kHugePage * kHugePage;
#ifdef MADV_HUGEPAGE
  // Only advice: a kernel without huge pages refuses it, and the buffer works the same with small pages.
  if (last > first) ::madvise(reinterpret_cast<void*>(first), last - first, MADV_HUGEPAGE);
#endif
}

}  // namespace

void reserveWeightBuffer(ParameterSet& params, uint64_t count) {
  FloatBuffer& buffer = params.data();
  buffer.reserve(count);
  adviseHugePages(buffer.data(), buffer.data() + buffer.capacity());
}

}  // namespace al::pretrained
