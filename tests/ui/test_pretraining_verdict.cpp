// "Does pre-training help?" claims an effect only when the runs support it: every seed better, or a mean gain
// beyond twice its standard error. One seed, or gains within the noise, cannot tell. The cases include the
// README's measured runs (six-epoch and two-epoch masked-LMs against scratch, seeds 1-3).
#include <QtTest>
#include <cmath>

#include "ui/pages/pretraining_comparison.h"
#include "ui/text/language.h"

using al::ui::PretrainingComparison;
using al::ui::PretrainingGain;
using Verdict = PretrainingGain::Verdict;

class TestPretrainingVerdict : public QObject {
  Q_OBJECT
 private slots:
  void oneSeedCannotTell() {
    const PretrainingGain gain = al::ui::judgePretraining({0.80}, {0.60});
    QCOMPARE(gain.verdict, Verdict::CannotTell);
    QCOMPARE(gain.seeds, 1);
    QVERIFY(std::abs(gain.mean - 20.0) < 1e-9);
    const QString sentence = PretrainingComparison::gainSentence(gain);
    QVERIFY2(sentence.contains(QStringLiteral("cannot tell")) && !sentence.contains(QStringLiteral("helps:")),
             qPrintable(sentence));
  }

  void everySeedBetterHelps() {
    // README: from the six-epoch masked-LM 68.2 / 71.3 / 74.8 %, from scratch 63.6 / 55.6 / 66.6 %.
    const PretrainingGain gain = al::ui::judgePretraining({0.682, 0.713, 0.748}, {0.636, 0.556, 0.666});
    QCOMPARE(gain.verdict, Verdict::Helps);
    QCOMPARE(gain.better, 3);
    QVERIFY(std::abs(gain.mean - 9.5) < 0.05);
    QVERIFY(PretrainingComparison::gainSentence(gain).startsWith(QStringLiteral("Pre-training helps: 9.5 points")));
  }

  void mixedSeedsWithinTheNoiseCannotTell() {
    // README: from the two-epoch masked-LM 70.5 / 61.2 / 62.9 %: +6.9, +5.6 and -3.7 points, mean 2.9, standard
    // error 3.3: better on average, but not beyond twice its standard error.
    const PretrainingGain gain = al::ui::judgePretraining({0.705, 0.612, 0.629}, {0.636, 0.556, 0.666});
    QCOMPARE(gain.verdict, Verdict::CannotTell);
    QCOMPARE(gain.better, 2);
    QVERIFY(std::abs(gain.standardError - 3.34) < 0.01);
    const QString sentence = PretrainingComparison::gainSentence(gain);
    QVERIFY2(sentence.contains(QStringLiteral("cannot tell")) && sentence.contains(QStringLiteral("2 of 3 seeds")),
             qPrintable(sentence));
  }

  void meanBeyondTwiceItsErrorHelpsDespiteOneWorseSeed() {
    const PretrainingGain gain =
        al::ui::judgePretraining({0.70, 0.71, 0.69, 0.70, 0.70, 0.64}, {0.60, 0.61, 0.60, 0.61, 0.60, 0.65});
    QCOMPARE(gain.better, 5);
    QVERIFY(gain.mean > 2 * gain.standardError);
    QCOMPARE(gain.verdict, Verdict::Helps);
  }

  void everySeedWorseHurts() {
    const PretrainingGain gain = al::ui::judgePretraining({0.55, 0.58}, {0.60, 0.61});
    QCOMPARE(gain.verdict, Verdict::Hurts);
    QVERIFY(PretrainingComparison::gainSentence(gain).contains(QStringLiteral("does worse")));
  }

  // Runs paired by seed: a side that stopped early is compared on the seeds both finished.
  void pairsBySeed() {
    const PretrainingGain gain = al::ui::judgePretraining({0.70, 0.72, 0.74}, {0.60});
    QCOMPARE(gain.seeds, 1);
    QCOMPARE(gain.verdict, Verdict::CannotTell);
  }

  void chineseSaysItToo() {
    QVERIFY(al::ui::setLanguage(QStringLiteral("zh_CN"), false));
    const QString sentence =
        PretrainingComparison::gainSentence(al::ui::judgePretraining({0.705, 0.612, 0.629}, {0.636, 0.556, 0.666}));
    al::ui::setLanguage(QStringLiteral("en"), false);
    QVERIFY2(sentence.contains(QStringLiteral("说明不了")) && sentence.contains(QStringLiteral("3 个种子中有 2 个")),
             qPrintable(sentence));
  }
};

QTEST_MAIN(TestPretrainingVerdict)
#include "test_pretraining_verdict.moc"
