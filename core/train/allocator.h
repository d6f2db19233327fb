#pragma once
// How the C library hands memory to training. A training step allocates and frees the same large matrices
// over and over (the masked-LM's N x V logits, probabilities and their gradients are a megabyte or more per
// sample). By default glibc serves blocks of that size with fresh mmap calls or gives a freed heap top back
// to the system, so every step pays for the kernel to zero new pages: on real IMDB the masked-LM spent more
// time in page faults than in its matrix products. Keeping freed memory for reuse removes that cost; the
// numbers computed are the same.
namespace al {

// Sets the allocator to keep freed memory (up to a bound) instead of returning it at once. Process-wide,
// idempotent, cheap; a no-op where the C library is not glibc. Every training run calls it (trainInArena).
// Returns whether the C library took it (glibc does).
bool keepFreedMemoryForReuse();

// Hands the free memory kept for reuse back to the system: for the end of a run, when the next step may be
// minutes away (the GUI's training worker calls it). Safe on any thread; takes milliseconds.
void returnFreedMemory();

}  // namespace al
