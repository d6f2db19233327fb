#pragma once
// A small, fully specified random number generator (SplitMix64), so that a seed gives the same numbers on
// every compiler and standard library (std:: distributions are implementation-defined).
#include <cmath>
#include <cstdint>

namespace al {

class Rng {
 public:
  explicit Rng(uint64_t seed = 0) : state_(seed) {}

  // A generator for a sub-task (a sample, an epoch) that does not depend on how many numbers were drawn
  // before: the key is mixed into the seed.
  static Rng derive(uint64_t seed, uint64_t key1, uint64_t key2 = 0) {
    Rng r(seed ^ (key1 * 0x9E3779B97F4A7C15ull) ^ (key2 * 0xC2B2AE3D27D4EB4Full));
    r.next();
    return r;
  }

  uint64_t next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  // Uniform in [0, 1), 24 bits of precision (what a float holds).
  float uniform() { return static_cast<float>(next() >> 40) * (1.0f / 16777216.0f); }
  float uniform(float lo, float hi) { return lo + (hi - lo) * uniform(); }

  // Standard normal, Box-Muller.
  float normal() {
    const double u1 = (static_cast<double>(next() >> 11) + 1.0) * (1.0 / 9007199254740993.0);
    const double u2 = static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0);
    return static_cast<float>(std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2));
  }

  // Uniform integer in [0, n).
  uint64_t below(uint64_t n) { return n == 0 ? 0 : next() % n; }

 private:
  uint64_t state_;
};

}  // namespace al
