#pragma once
// Fixed sinusoidal position encoding ("Attention Is All You Need"), the parameter-free alternative to a
// learned position embedding. Each pair of columns is a sine/cosine at one frequency; frequencies fall
// geometrically from 1 to 1/10000, so nearby positions differ in the fast columns, distant ones in the slow.
//   PE[p, 2j]   = sin(p / 10000^(2j/D))
//   PE[p, 2j+1] = cos(p / 10000^(2j/D))
//
// Dimension key (core/tensor.h): T tokens, D model width (may be odd: the last column is then a sine).
#include "core/tensor.h"

namespace al {

// T x D table of the encoding for positions 0..T-1. Computed in double, stored as float.
Matrix sinusoidalEncoding(Index T, Index D);

// The same table entry by entry, as the formulas read (sinusoidalEncoding computes each column's frequency once):
// the test oracle, and the version to read first. It has no parameters and no input, so no backward pass.
Matrix sinusoidalEncodingReference(Index T, Index D);

}  // namespace al
