#include "core/teaching/accuracy_comparison.h"

#include <algorithm>
#include <cmath>

namespace al::teaching {

AccuracyComparison compareAccuracies(double first, double second, size_t samples) {
  AccuracyComparison c;
  c.first = first;
  c.second = second;
  c.samples = static_cast<double>(std::max<size_t>(1, samples));
  c.difference = first - second;
  c.wobble = std::sqrt(first * (1 - first) / c.samples + second * (1 - second) / c.samples);
  c.clear = std::abs(c.difference) > 2 * c.wobble;
  c.firstAhead = c.difference >= 0;
  return c;
}

}  // namespace al::teaching
