#include "core/train/allocator.h"

#include <cstdlib>  // defines __GLIBC__ under glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace al {

bool keepFreedMemoryForReuse() {
#if defined(__GLIBC__)
  static const bool taken = [] {
    // Blocks up to 128 MiB come from the heap, and up to 512 MiB of free memory at a heap's top stay there for
    // the next step (a step of the masked-LM classroom preset holds about 100 MiB at once).
    return mallopt(M_MMAP_THRESHOLD, 128 * 1024 * 1024) == 1 && mallopt(M_TRIM_THRESHOLD, 512 * 1024 * 1024) == 1;
  }();
  return taken;
#else
  return false;
#endif
}

void returnFreedMemory() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

}  // namespace al
