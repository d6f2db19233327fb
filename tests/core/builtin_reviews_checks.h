#pragma once
// Checks shared by the tests of the built-in review corpora (English and Chinese): what the generator promises
// for every language, written against a reader of each language that the test supplies.
#include <QtTest>

#include <cmath>
#include <map>
#include <utility>

#include "core/data/builtin_reviews.h"

namespace al::test {

// The same seed gives the same corpus (texts, labels, origins of both splits); another seed gives another one.
template <class Generate>
void checkSeedDecidesCorpus(Generate generate, const LabeledDataset& corpusOfSeed1337) {
  const LabeledDataset& corpus = corpusOfSeed1337;
  const LabeledDataset again = generate(1337);
  QCOMPARE(again.train.size(), corpus.train.size());
  QCOMPARE(again.test.size(), corpus.test.size());
  for (const auto& [mine, theirs] : {std::pair{&again.train, &corpus.train}, std::pair{&again.test, &corpus.test}}) {
    for (size_t i = 0; i < theirs->size(); ++i) {
      QCOMPARE((*mine)[i].text, (*theirs)[i].text);
      QCOMPARE((*mine)[i].label, (*theirs)[i].label);
      QCOMPARE((*mine)[i].origin, (*theirs)[i].origin);
    }
  }
  const LabeledDataset other = generate(1338);
  size_t same = 0;
  for (size_t i = 0; i < corpus.train.size(); ++i) same += other.train[i].text == corpus.train[i].text;
  QVERIFY2(same < corpus.train.size() / 20, "another seed must give another corpus");
}

// In both splits, the shares of negated, contrast, and negated-and-contrast reviews are the stated ones
// (builtin_reviews.h), and the labels are balanced within each of the four kinds, so that no kind gives the
// label away. isNegated and isContrast read a review's text.
template <class IsNegated, class IsContrast>
void checkKindsInTheStatedShares(const LabeledDataset& corpus, IsNegated isNegated, IsContrast isContrast) {
  for (const auto* split : {&corpus.train, &corpus.test}) {
    const double n = static_cast<double>(split->size());
    double negated = 0, contrast = 0, both = 0;
    std::map<std::pair<bool, bool>, std::pair<double, double>> labelsByKind;  // kind -> (positive, all)
    for (const LabeledText& review : *split) {
      const bool isNeg = isNegated(review.text), isCon = isContrast(review.text);
      negated += isNeg;
      contrast += isCon;
      both += isNeg && isCon;
      labelsByKind[{isNeg, isCon}].first += review.label;
      labelsByKind[{isNeg, isCon}].second += 1;
    }
    QVERIFY2(std::abs(negated / n - kBuiltinNegatedShare) < 0.002, qPrintable(QString::number(negated / n)));
    QVERIFY2(std::abs(contrast / n - kBuiltinContrastShare) < 0.002, qPrintable(QString::number(contrast / n)));
    QVERIFY2(std::abs(both / n - kBuiltinNegatedContrastShare) < 0.002, qPrintable(QString::number(both / n)));
    for (const auto& [kind, counts] : labelsByKind) QVERIFY(std::abs(counts.first - counts.second / 2) <= 1);
  }
}

}  // namespace al::test
