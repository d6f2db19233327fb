#pragma once
// Whether one model beat another on the same test samples, or whether chance alone could have made the gap: the
// verdict of the normalization race (ui/pages/norm_race.h), as arithmetic.
//
// Two accuracies p1 and p2, each measured on n samples, wobble by about √(p(1 − p)/n) each; their difference by
//
//   wobble = √(p1 (1 − p1) / n + p2 (1 − p2) / n)
//
// A difference larger than two wobbles is called a clear win; within it, a draw (chance alone produces such a gap
// about one time in twenty). The wobble covers the choice of test samples, not the luck of training.
#include <cstddef>

namespace al::teaching {

struct AccuracyComparison {
  double first = 0, second = 0;  // the two accuracies, 0..1
  double samples = 1;            // test samples per model (at least 1)
  double difference = 0;         // first − second
  double wobble = 0;             // standard error of the difference
  bool clear = false;            // more than two wobbles apart
  bool firstAhead = true;        // difference >= 0
};

AccuracyComparison compareAccuracies(double first, double second, size_t samples);

}  // namespace al::teaching
