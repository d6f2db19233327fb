// Head switches on the command line: inspect --ablate L.H[,L.H...] recomputes with those heads off, and
// eval --head-importance prints the "which heads matter?" table. Bad specs are refused with what was expected.
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include "tests/cli/cli_fixtures.h"

using namespace al::test;

class TestCliHeads : public QObject {
  Q_OBJECT
  TwoLayerImdb tiny_;
  const QString model_ = tiny_.path();

 private slots:
  void initTestCase() { tiny_.train(); }

  void ablateRecomputesWithTheHeadsOff() {
    const QString text = "A wonderful film, the acting was superb";
    const CliRun plain = runCli({"inspect", "--model", model_, "--json", text});
    QCOMPARE(plain.exitCode, 0);
    QVERIFY(!jsonOf(plain).contains("ablation"));
    const QStringList args{"inspect", "--model", model_, "--json", "--ablate", "0.0,0.1", text};
    const CliRun off = runCli(args);
    QVERIFY2(off.exitCode == 0, qPrintable(describe(off, args)));
    const QJsonObject out = jsonOf(off);
    const QJsonObject ablation = out.value("ablation").toObject();
    QCOMPARE(ablation.value("ablated").toString(), QString("0.0,0.1"));
    const CliRun predicted = runCli({"predict", "--model", model_, "--json", text});
    QCOMPARE(ablation.value("probability_all_heads").toDouble(-1), jsonOf(predicted).value("probability").toDouble(-2));
    QVERIFY(ablation.value("probability").toDouble(-1) != ablation.value("probability_all_heads").toDouble(-1));
    // Layer 0's maps are computed as before; layer 1 reads what layer 0 gives without its heads.
    const QJsonArray a0 = jsonOf(plain).value("attention").toArray(), a1 = out.value("attention").toArray();
    QCOMPARE(a1.at(0), a0.at(0));
    QVERIFY(a1.at(1) != a0.at(1));
    const CliRun text1 = runCli({"inspect", "--model", model_, "--ablate", "1.1", text});
    QCOMPARE(text1.exitCode, 0);
    QVERIFY2(text1.out.contains("heads switched off (output set to zero): 1.1"), text1.out.constData());
  }

  void badSpecsAreRefusedWithWhatWasExpected() {
    for (const char* spec : {"1", "a.b", "0.1,", "-1.0", "0.1.2"}) {
      const QStringList args{"inspect", "--model", model_, "--ablate", spec, "some text"};
      const CliRun run = runCli(args);
      QVERIFY2(run.exitCode == 2, qPrintable(describe(run, args)));
      QVERIFY2(run.err.contains("expected layer.head"), run.err.constData());
    }
    for (const char* spec : {"2.0", "0.2"}) {  // well formed, but not in a model of 2 layers x 2 heads
      const QStringList args{"inspect", "--model", model_, "--ablate", spec, "some text"};
      const CliRun run = runCli(args);
      QVERIFY2(run.exitCode == 3, qPrintable(describe(run, args)));
      QVERIFY2(run.err.contains("2 layer(s) of 2 head(s)"), run.err.constData());
    }
  }

  void headImportanceTable() {
    const QStringList args{"eval", "--model", model_, "--head-importance", "--json"};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
    const QJsonObject out = jsonOf(run);
    const CliRun plain = runCli({"eval", "--model", model_, "--json"});
    QCOMPARE(out.value("baseline_accuracy").toDouble(-1), jsonOf(plain).value("accuracy").toDouble(-2));
    QCOMPARE(out.value("samples").toInt(), jsonOf(plain).value("samples").toInt());
    const QJsonArray accuracy = out.value("accuracy").toArray(), drop = out.value("drop").toArray();
    QCOMPARE(accuracy.size(), 2);
    QCOMPARE(accuracy.at(1).toArray().size(), 2);
    const double baseline = out.value("baseline_accuracy").toDouble();
    QCOMPARE(drop.at(1).toArray().at(0).toDouble(), baseline - accuracy.at(1).toArray().at(0).toDouble());

    const CliRun sample = runCli({"eval", "--model", model_, "--head-importance", "--samples", "50", "--replace", "mean"});
    QCOMPARE(sample.exitCode, 0);
    QVERIFY2(sample.out.contains("on 50 test reviews") && sample.out.contains("output set to mean"), sample.out.constData());
    QCOMPARE(runCli({"eval", "--model", model_, "--head-importance", "--replace", "half"}).exitCode, 2);
  }
};

QTEST_GUILESS_MAIN(TestCliHeads)
#include "test_cli_heads.moc"
