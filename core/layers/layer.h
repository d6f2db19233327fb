#pragma once
// The contract every layer in core/layers/ follows. Read this first.
//
// A layer is a small struct that knows its configuration and the slots of its tensors in a ParameterSet.
// It holds no activations: what forward computes for backward goes into a Cache the caller owns, one per
// sequence. That is what lets a batch run in parallel, one sequence per worker, at its real length.
//
//   Y = layer.forward(params, X, cache)        X: T x in   ->  Y: T x out
//   dX = layer.backward(params, cache, dY, grads)
//
// - forward stores in `cache` exactly what backward needs, and nothing that backward overwrites.
// - backward takes dL/dY and returns dL/dX; it ADDS dL/dparameter into `grads` (gradients accumulate over
//   the sequences of a batch; the caller zeroes them before the batch).
// - Parameters are registered in the constructor: `Dense(params, "head", D, 1)` adds "head.kernel" and
//   "head.bias" with the shapes of the model file.
// - Every layer has a finite-difference test in tests/core/test_gradients.cpp: a new layer adds a row there.
// - Every layer keeps a plain-loop version of its forward pass beside it, and of its backward pass where it has
//   one (named `...Reference`: plain loops over the formulas, double sums, no matrix library): it is the test
//   oracle of the fast path and the version to read first. tests/core/test_layer_references.cpp compares the two
//   on random inputs of odd sizes, and fails for a file in this folder that has no reference.
#include "core/parameters.h"
#include "core/random.h"
#include "core/tensor.h"

namespace al {

// Training enables dropout and batch statistics; evaluation uses the moving statistics and no dropout.
enum class Mode { Train, Eval };

// Fills a [in, out] kernel with Glorot (Xavier) uniform values, as Keras does by default.
void initGlorotUniform(MatrixMap kernel, Rng& rng);
// Fills a tensor with uniform values in [-limit, limit].
void initUniform(MatrixMap tensor, float limit, Rng& rng);

}  // namespace al
