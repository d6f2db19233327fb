#include "core/memory_policy.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace al {

void keepFreedMemoryForReuse() {
#if defined(__GLIBC__)
  // Fixed values also switch off glibc's own adjustment of both thresholds.
  constexpr int kLargestReusedBlock = 32 << 20;     // larger blocks still come from and go back to the system
  constexpr int kFreeMemoryKept = 256 << 20;        // free memory at the top of a heap kept for the next step
  mallopt(M_MMAP_THRESHOLD, kLargestReusedBlock);
  mallopt(M_TRIM_THRESHOLD, kFreeMemoryKept);
#endif
}

}  // namespace al
