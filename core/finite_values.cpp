#include "core/finite_values.h"

#include <algorithm>
#include <cmath>

#include "core/error.h"

namespace al {

bool allFinite(std::span<const float> values) {
  // x·0 is 0 for every finite x and NaN for NaN and ±inf, so the sum of x·0 is finite exactly when every x is.
  // Eigen sums with vector instructions; a compare-and-branch per value would not vectorise. Blocks of 64 K
  // values keep the sum exact (a sum of zeros) and let a NaN early in a large tensor stop the pass.
  constexpr size_t kBlock = 1 << 16;
  for (size_t first = 0; first < values.size(); first += kBlock) {
    const size_t count = std::min(kBlock, values.size() - first);
    const Eigen::Map<const Eigen::ArrayXf> block(values.data() + first, static_cast<Index>(count));
    if (!std::isfinite((block * 0.0f).sum())) return false;
  }
  return true;
}

std::optional<size_t> firstNonFinite(std::span<const float> values) {
  if (allFinite(values)) return std::nullopt;
  for (size_t i = 0; i < values.size(); ++i)
    if (!std::isfinite(values[i])) return i;
  return std::nullopt;
}

std::string nonFiniteText(float value) {
  if (std::isnan(value)) return "nan";
  return value > 0 ? "inf" : "-inf";
}

void requireFiniteTensor(std::span<const float> values, const std::string& file, const std::string& tensor) {
  const std::optional<size_t> at = firstNonFinite(values);
  if (!at) return;
  const std::string value = nonFiniteText(values[*at]);
  throw InputError(ErrorKind::TensorNotFinite, {.file = file, .name = tensor, .found = value},
                   file + ": tensor \"" + tensor + "\" holds " + value + " (value " + std::to_string(*at + 1) + " of " +
                   std::to_string(values.size()) + "); a model's weights are finite numbers, so the file is damaged "
                   "or was saved from a run that diverged");
}

void requireFiniteOutput(const Matrix& x, const std::string& layer) {
  const std::span<const float> values(x.data(), static_cast<size_t>(x.size()));
  const std::optional<size_t> at = firstNonFinite(values);
  if (!at) return;
  const std::string value = nonFiniteText(values[*at]);
  throw InputError(ErrorKind::NonFiniteValue, {.name = layer, .found = value},
                   "the output of " + layer + " holds " + value + " (row " + std::to_string(*at / x.cols() + 1) +
                   "): the model's weights make its numbers overflow, so its attention and probabilities would "
                   "not be numbers");
}

}  // namespace al
