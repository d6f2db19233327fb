#include "core/train/allocator.h"

#include <cstdlib>  // defines __GLIBC__ under glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace al {

void keepFreedMemoryForReuse() {
#if defined(__GLIBC__)
  static const bool once = [] {
    // Blocks up to 128 MiB come from the heap, and up to 512 MiB of free memory at a heap's top stay there for
    // the next step (a step of the masked-LM classroom preset holds about 100 MiB at once).
    mallopt(M_MMAP_THRESHOLD, 128 * 1024 * 1024);
    mallopt(M_TRIM_THRESHOLD, 512 * 1024 * 1024);
    return true;
  }();
  (void)once;
#endif
}

}  // namespace al
