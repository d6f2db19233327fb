// The normalization race's verdict as arithmetic (core/teaching/accuracy_comparison.h): a win only when the gap is
// more than twice the standard error of the difference. The expected wobbles were worked out by hand from the formula.
#include "core/teaching/accuracy_comparison.h"

#include <QtTest>

using al::teaching::compareAccuracies;

class TestAccuracyComparison : public QObject {
  Q_OBJECT
 private slots:
  void aGapWellBeyondChanceIsAWin() {
    // √(0.8·0.2/1000 + 0.7·0.3/1000) = √0.00037 = 0.019235
    const auto c = compareAccuracies(0.80, 0.70, 1000);
    QVERIFY(std::abs(c.wobble - 0.019235) < 1e-6);
    QVERIFY(std::abs(c.difference - 0.10) < 1e-12);
    QVERIFY(c.clear);
    QVERIFY(c.firstAhead);
  }

  void aGapWithinChanceIsADraw() {
    // √(0.52·0.48/100 + 0.5·0.5/100) = √0.004996 = 0.070682: two wobbles are 14 points, the gap is 2
    const auto c = compareAccuracies(0.52, 0.50, 100);
    QVERIFY(std::abs(c.wobble - 0.070682) < 1e-6);
    QVERIFY(!c.clear);
    QVERIFY(c.firstAhead);
  }

  void theSecondCanWin() {
    const auto c = compareAccuracies(0.60, 0.90, 500);
    QVERIFY(c.clear);
    QVERIFY(!c.firstAhead);
    QVERIFY(c.difference < 0);
  }

  void theSameGapIsAWinOnMoreSamples() {
    // 3 points: a draw on 200 reviews (wobble 0.0437), a win on 25,000 (0.0039)
    QVERIFY(!compareAccuracies(0.83, 0.80, 200).clear);
    QVERIFY(compareAccuracies(0.83, 0.80, 25000).clear);
  }

  void noSamplesCountsAsOne() {
    const auto c = compareAccuracies(1.0, 0.0, 0);
    QCOMPARE(c.samples, 1.0);
    QCOMPARE(c.wobble, 0.0);
    QVERIFY(c.clear);
  }
};

QTEST_APPLESS_MAIN(TestAccuracyComparison)
#include "test_accuracy_comparison.moc"
