// The training curves' axes and colours: what a class sees when runs of different lengths are overlaid.
#include <QtTest>
#include <qcustomplot.h>

#include <cmath>

#include "ui/widgets/curve_plot.h"
#include "ui/widgets/palette.h"

using al::ui::CurvePlot;

namespace {

QCPRange xRange(const CurvePlot& plot) { return plot.plot()->axisRect(0)->axis(QCPAxis::atBottom)->range(); }
QCPRange lossRange(const CurvePlot& plot) { return plot.plot()->axisRect(0)->axis(QCPAxis::atLeft)->range(); }

// An old run of `epochs` epochs, one batch point in the middle of each epoch and one epoch point.
void addFinishedRun(CurvePlot& plot, int id, int epochs) {
  plot.addRun(id, QStringLiteral("Run %1").arg(id), al::ui::palette::run(id), true, epochs);
  for (int e = 1; e <= epochs; ++e) {
    plot.addBatchPoint(id, e - 0.5, 1.0 / e, 0.5);
    plot.addEpochPoint(id, e, 1.0 / e, 0.5, 1.1 / e, 0.5);
  }
}

}  // namespace

class TestCurvePlot : public QObject {
  Q_OBJECT

 private slots:
  // A new 3-epoch run beside an old 200-epoch one: the x axis is the new run's, not squeezed into the first 2 %.
  void aNewShortRunIsNotSqueezedAfterAnOldLongOne() {
    CurvePlot plot;
    addFinishedRun(plot, 1, 200);
    plot.addRun(2, QStringLiteral("Run 2"), al::ui::palette::run(2), true, 3);
    plot.addBatchPoint(2, 0.25, 0.7, 0.5);
    plot.refresh();
    QVERIFY2(xRange(plot).upper >= 3 && xRange(plot).upper < 4, qPrintable(QString::number(xRange(plot).upper)));
    // Shown alone, the old run gets its whole length back.
    plot.setRunVisible(2, false);
    plot.refresh();
    QVERIFY(xRange(plot).upper >= 200);
    // Two runs of similar length share one axis that holds both.
    plot.setRunVisible(2, true);
    addFinishedRun(plot, 3, 5);
    plot.refresh();
    QVERIFY2(xRange(plot).upper >= 5 && xRange(plot).upper < 7, qPrintable(QString::number(xRange(plot).upper)));
  }

  // The first batches of a fresh model have the highest losses: the axis shows them, it does not clip them.
  void theLossAxisDoesNotClipTheFirstBatches() {
    CurvePlot plot;
    plot.addRun(1, QStringLiteral("Run 1"), al::ui::palette::run(1), true, 2);
    plot.addBatchPoint(1, 0.02, 9.0, 0.5);
    plot.addBatchPoint(1, 0.10, 4.0, 0.5);
    for (double x = 0.3; x <= 2.0; x += 0.1) plot.addBatchPoint(1, x, 0.7, 0.6);
    plot.addEpochPoint(1, 1, 0.8, 0.6, 0.75, 0.6);
    plot.refresh();
    QVERIFY2(lossRange(plot).upper >= 9.0, qPrintable(QString::number(lossRange(plot).upper)));
    QCOMPARE(lossRange(plot).lower, 0.0);
  }

  // Perplexity read in whole numbers: no two ticks of the axis say the same number, whatever the loss range.
  void perplexityTicksRepeatNoNumber() {
    CurvePlot plot;
    plot.setPerplexityAxis(true);
    QCPAxis* perplexity = plot.plot()->axisRect(0)->axis(QCPAxis::atRight);
    for (const double upper : {0.3, 0.7, 1.0, 1.5, 2.0, 2.6, 3.0, 3.5, 4.0, 6.0, 9.0}) {
      perplexity->setRange(1.0, std::exp(upper));
      QVector<double> ticks;
      QVector<QString> labels;
      perplexity->ticker()->generate(perplexity->range(), QLocale(), QLatin1Char('f'), perplexity->numberPrecision(),
                                     ticks, nullptr, &labels);
      QVERIFY2(!labels.isEmpty(), qPrintable(QString::number(upper)));
      const QStringList shown(labels.begin(), labels.end());
      QCOMPARE(QSet<QString>(shown.begin(), shown.end()).size(), shown.size());
    }
  }

  // Every run of a session has its own colour, also past the eighth, and the first ones stay far apart.
  void twoRunsNeverShareAColour() {
    constexpr int kRuns = 100;
    for (int a = 1; a <= kRuns; ++a) {
      for (int b = a + 1; b <= kRuns; ++b) {
        const QColor ca = al::ui::palette::run(a), cb = al::ui::palette::run(b);
        QVERIFY2(ca != cb, qPrintable(QStringLiteral("runs %1 and %2 are both %3").arg(a).arg(b).arg(ca.name())));
        if (b <= 16) {
          const double distance = std::hypot(ca.red() - cb.red(), ca.green() - cb.green(), ca.blue() - cb.blue());
          QVERIFY2(distance > 40, qPrintable(QStringLiteral("runs %1 (%2) and %3 (%4) look alike")
                                                 .arg(a).arg(ca.name()).arg(b).arg(cb.name())));
        }
      }
    }
  }
};

QTEST_MAIN(TestCurvePlot)
#include "test_curve_plot.moc"
