#pragma once
// How the process asks the C library for memory while it trains.
//
// A training step allocates and frees the same large activations every time: a sequence's queries, keys and
// values (T x H*K each), its attention weights (T x T per head), their gradients; from a few hundred kilobytes
// to a few megabytes each. By default the C library hands blocks that large back to the operating system when
// they are freed and asks for fresh pages for the next step. Every fresh page costs a page fault, and every page
// handed back costs each processor running the program a flush of its address cache. On a virtual machine with
// two cores that made the attention layer's forward and backward pass three times slower (bench/bench_layers:
// 48 against 149 GFLOP/s for 300 tokens) and kept the two training threads waiting for each other.
//
// keepFreedMemoryForReuse() lets freed blocks up to 32 MB and up to 256 MB of free memory stay with the program,
// so a step reuses the memory of the step before. What a finished run frees is reused by the next one; the
// program's resident size stays near its largest step's, not its sum (bench/session_memory measures it).
// Call it once at the start of main(), before any thread starts; it changes nothing but speed.
namespace al {

void keepFreedMemoryForReuse();

}  // namespace al
