#pragma once
// Checks that numbers are finite: no NaN, no infinity. A model file with one NaN weight, or finite weights so
// large that a product overflows, would otherwise give NaN attention weights and probabilities that the app
// draws as empty cells and the command line prints as "nan" or null. The loaders check every tensor they read,
// and a forward pass checks each layer's output, so that the error names the tensor or the layer.
#include <cstddef>
#include <optional>
#include <span>
#include <string>

#include "core/tensor.h"

namespace al {

// Whether every value is finite, in one vectorised pass (about 10 GB/s a thread: some 20 ms for BERT base's
// 440 MB of weights, less than reading them from the file).
bool allFinite(std::span<const float> values);
inline bool allFinite(const Matrix& m) { return allFinite(std::span<const float>(m.data(), static_cast<size_t>(m.size()))); }

// The index of the first value that is NaN or infinite; nullopt when every one is finite.
std::optional<size_t> firstNonFinite(std::span<const float> values);

// "nan", "inf" or "-inf": a value that is not finite as messages name it.
std::string nonFiniteText(float value);

// Throws InputError(ErrorKind::TensorNotFinite) naming the file, the tensor and its first value that is NaN or
// infinite: a loader calls it on every tensor it reads.
void requireFiniteTensor(std::span<const float> values, const std::string& file, const std::string& tensor);

// Throws InputError(ErrorKind::NonFiniteValue) naming the layer when its output x holds NaN or an infinity. A
// forward pass calls it after each layer (T x D values, nothing beside its products). InputError: the model's
// weights are the input that is wrong (the command line exits with 3).
void requireFiniteOutput(const Matrix& x, const std::string& layer);

}  // namespace al
