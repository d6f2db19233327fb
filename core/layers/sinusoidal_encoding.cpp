#include "core/layers/sinusoidal_encoding.h"

#include <cmath>

namespace al {

Matrix sinusoidalEncoding(Index T, Index D) {
  Matrix pe(T, D);  // T x D
  for (Index i = 0; i < D; ++i) {
    const Index j = i / 2;  // columns 2j and 2j+1 share one frequency
    // Double precision: p / 10000^(2j/D) reaches a few hundred radians, where float sin loses digits.
    const double frequency = 1.0 / std::pow(10000.0, static_cast<double>(2 * j) / static_cast<double>(D));
    for (Index p = 0; p < T; ++p) {
      const double angle = static_cast<double>(p) * frequency;
      pe(p, i) = static_cast<float>(i % 2 == 0 ? std::sin(angle) : std::cos(angle));
    }
  }
  return pe;
}

Matrix sinusoidalEncodingReference(Index T, Index D) {
  Matrix pe(T, D);  // T x D
  for (Index p = 0; p < T; ++p)
    for (Index i = 0; i < D; ++i) {
      const Index j = i / 2;  // the pair (2j, 2j+1) that column i belongs to
      const double exponent = 2.0 * static_cast<double>(j) / static_cast<double>(D);  // 2j/D
      const double angle = static_cast<double>(p) / std::pow(10000.0, exponent);
      pe(p, i) = static_cast<float>(i % 2 == 0 ? std::sin(angle) : std::cos(angle));  // PE[p, 2j] sin, PE[p, 2j+1] cos
    }
  return pe;
}

}  // namespace al
