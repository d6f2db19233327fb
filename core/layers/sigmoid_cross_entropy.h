#pragma once
// The output of the sentiment classifier: a logit z, the probability sigmoid(z) that the review is positive,
// and the binary cross-entropy loss against the label y (0 or 1).
//
// The loss is computed from the logit, never from the probability: -y·log(p) - (1-y)·log(1-p) with
// p = sigmoid(z) needs log(0) = -inf as soon as p rounds to 0 or 1 in float (|z| > ~17), while the
// equivalent form
//   L(z, y) = max(z, 0) - z·y + log1p(exp(-|z|))
// only ever takes exp of a negative number (no overflow) and log1p of a number in (0, 1] (no log(0)).
// Its derivative is simply dL/dz = sigmoid(z) - y.

namespace al {

// 1 / (1 + exp(-z)), evaluated so that exp never overflows.
float sigmoid(float z);
// max(z, 0) - z·y + log1p(exp(-|z|)): the binary cross-entropy of sigmoid(z) against label y.
float binaryCrossEntropyWithLogit(float logit, float label);
// dL/dz = sigmoid(z) - y.
float binaryCrossEntropyWithLogitGradient(float logit, float label);

// The textbook formulas, in double: the test oracles of the three stable forms above, and the versions to read
// first. They hold as long as p = sigmoid(z) does not round to 0 or 1 in double (|z| below about 35).
//   p = 1 / (1 + exp(-z))
double sigmoidReference(double logit);
//   L = -y·log(p) - (1-y)·log(1-p)
double binaryCrossEntropyReference(double logit, double label);
//   dL/dz = dL/dp · dp/dz = (-y/p + (1-y)/(1-p)) · p·(1-p)
double binaryCrossEntropyGradientReference(double logit, double label);

}  // namespace al
