#pragma once
// The buffer a pretrained model's weights are copied into, allocated at once before the copy.
//
// A freshly allocated buffer costs nothing until it is first written; then the kernel maps it one 4 KB page at a
// time, and on a virtual machine each of those page faults is slow: for GPT-2 small's 500 MB (125,000 pages)
// they took two thirds of a 2.8 s load. Asking for transparent huge pages (2 MB, where the kernel offers them
// on request, as Debian's default "madvise" setting does) makes that some 250 faults.
#include <cstdint>

#include "core/parameters.h"

namespace al::pretrained {

// Room for `count` floats in params' buffer, in one allocation (growing it tensor by tensor would copy it as it
// grows), backed by huge pages where the kernel offers them. Call before the first ParameterSet::add.
void reserveWeightBuffer(ParameterSet& params, uint64_t count);

}  // namespace al::pretrained
