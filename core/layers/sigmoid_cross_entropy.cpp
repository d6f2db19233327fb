#include "core/layers/sigmoid_cross_entropy.h"

#include <algorithm>
#include <cmath>

namespace al {

float sigmoid(float z) {
  // For z < 0, 1/(1 + exp(-z)) would take exp of a large positive number; exp(z)/(1 + exp(z)) is the same value.
  if (z >= 0.0f) return 1.0f / (1.0f + std::exp(-z));
  const float e = std::exp(z);
  return e / (1.0f + e);
}

float binaryCrossEntropyWithLogit(float logit, float label) {
  return std::max(logit, 0.0f) - logit * label + std::log1p(std::exp(-std::abs(logit)));
}

float binaryCrossEntropyWithLogitGradient(float logit, float label) {
  // L = max(z,0) - z·y + log(1 + exp(-|z|))  =>  dL/dz = sigmoid(z) - y   (both branches of |z| agree)
  return sigmoid(logit) - label;
}

// ---------------------------------------------------------------------------------------------------------
// The reference: the textbook formulas of the header, in double.

double sigmoidReference(double logit) { return 1.0 / (1.0 + std::exp(-logit)); }

double binaryCrossEntropyReference(double logit, double label) {
  const double p = sigmoidReference(logit);  // the probability that the review is positive
  return -label * std::log(p) - (1.0 - label) * std::log(1.0 - p);
}

double binaryCrossEntropyGradientReference(double logit, double label) {
  const double p = sigmoidReference(logit);
  const double dLossDp = -label / p + (1.0 - label) / (1.0 - p);
  const double dpDlogit = p * (1.0 - p);  // the sigmoid's slope
  return dLossDp * dpDlogit;
}

}  // namespace al
