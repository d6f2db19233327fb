// `train --watch` records a training timeline and `timeline` prints it (docs/training-timeline.md), run through the
// real attentionlab-cli: the snapshots' steps from 0 up, each head's distance from uniform in --json, the corpus's
// own sentence with --watch-every alone, exit 3 for a model without a timeline or with a damaged one (the message
// names the file and what is wrong), and 2 for a fifth sentence.
#include <QtTest>

#include <nlohmann/json.hpp>

#include "tests/cli/cli_fixtures.h"

using namespace al::test;
using nlohmann::json;

namespace {

// A tiny classifier of one layer of two heads on 64 built-in reviews, one epoch of 7 steps, with these options.
CliRun trainTiny(const QString& out, const QStringList& options) {
  QStringList args{"train", "imdb", "--preset", "tiny", "--epochs", "2", "--train-limit", "64", "--batch-size", "8",
                   "--threads", "1", "--out", out};
  args += options;
  return runCli(args);
}

}  // namespace

class TestCliTimeline : public QObject {
  Q_OBJECT

 private slots:
  void trainWatchesAndTimelinePrintsTheSnapshots() {
    QTemporaryDir tmp;
    const QString dir = tmp.filePath("watched");
    const CliRun trained = trainTiny(dir, {"--watch", "this movie was not good", "--watch", "a fine film",
                                           "--watch-every", "3"});
    QVERIFY2(trained.exitCode == 0, qPrintable(describe(trained, {"train ... --watch"})));
    QVERIFY(QFile::exists(dir + "/timeline.json"));

    const json out = runJson({"timeline", "--model", dir, "--json"});
    QCOMPARE(out["probes"], json({"this movie was not good", "a fine film"}));
    QCOMPARE(out["layers"].get<int>(), 1);
    QCOMPARE(out["heads"].get<int>(), 2);
    const json& snapshots = out["snapshots"];
    QVERIFY(snapshots.size() >= 6);  // 0, 1, 2, 3, 4, 6 ... and both epochs' ends
    QCOMPARE(snapshots[0]["step"].get<int>(), 0);
    QCOMPARE(snapshots[0]["epoch"].get<int>(), 0);
    QVERIFY(snapshots[0]["loss"].is_null());
    long previous = -1;
    for (const json& s : snapshots) {
      QVERIFY(s["step"].get<long>() > previous);
      previous = s["step"].get<long>();
      QCOMPARE(s["distance_from_uniform"].size(), size_t(1));
      QCOMPARE(s["distance_from_uniform"][0].size(), size_t(2));
      for (const json& d : s["distance_from_uniform"][0]) QVERIFY(d.get<double>() >= 0 && d.get<double>() < 1);
      QCOMPARE(s["probes"].size(), size_t(2));
      const double p = s["probes"][0]["prediction"]["probability"].get<double>();
      QVERIFY(p > 0 && p < 1);
    }
    QVERIFY(snapshots.back()["epoch_end"].get<bool>());
    QCOMPARE(snapshots.back()["epoch"].get<int>(), 2);

    const CliRun text = runCli({"timeline", "--model", dir});
    QCOMPARE(text.exitCode, 0);
    QVERIFY(text.out.contains("distance from uniform"));
    QVERIFY(text.out.contains("this movie was not good"));
    QVERIFY(text.out.contains("    0.0    0.1"));  // the columns of layer 0, heads 0 and 1
    QCOMPARE(text.out.count("(end of epoch)"), qsizetype(2));
  }

  // --watch-every alone watches the corpus's own sentence: builtin:zh's seed sentence.
  void watchEveryAloneWatchesTheCorpusSentence() {
    QTemporaryDir tmp;
    const QString dir = tmp.filePath("zh");
    const QStringList options{"--data", "builtin:zh", "--watch-every", "5"};
    const CliRun trained = trainTiny(dir, options);
    QVERIFY2(trained.exitCode == 0, qPrintable(describe(trained, options)));
    const json out = runJson({"timeline", "--model", dir, "--json"});
    QCOMPARE(out["probes"], json({"小明把书包忘在教室，它很沉。"}));
  }

  void aModelWithoutATimelineExitsThree() {
    QTemporaryDir tmp;
    const QString dir = tmp.filePath("plain");
    const CliRun trained = trainTiny(dir, {});
    QCOMPARE(trained.exitCode, 0);
    QVERIFY(!QFile::exists(dir + "/timeline.json"));
    const CliRun run = runCli({"timeline", "--model", dir, "--json"});
    QCOMPARE(run.exitCode, 3);
    QVERIFY(run.err.contains("no training timeline"));
    QVERIFY(run.err.contains("--watch"));
    QVERIFY(run.out.isEmpty());
  }

  // Truncated, not JSON, or maps of another shape than the sentence's tokens: exit 3 naming the file.
  void aDamagedTimelineExitsThreeNamingTheFile() {
    QTemporaryDir tmp;
    const QString dir = tmp.filePath("damaged");
    const CliRun trained = trainTiny(dir, {"--watch", "this movie was not good", "--watch-every", "3"});
    QVERIFY2(trained.exitCode == 0, qPrintable(describe(trained, {"train ... --watch"})));
    const QString file = dir + "/timeline.json";
    QFile read(file);
    QVERIFY(read.open(QIODevice::ReadOnly));
    const QByteArray whole = read.readAll();
    read.close();
    QByteArray shape = whole;
    QVERIFY(shape.contains("\"query_start\":0"));
    shape.replace("\"query_start\":0", "\"query_start\":1");
    const std::pair<QByteArray, QString> damages[] = {{whole.left(whole.size() / 2), "is not valid JSON"},
                                                      {"snapshots: many\n", "is not valid JSON"},
                                                      {shape, "holds a map of"}};
    for (const auto& [text, said] : damages) {
      QFile out(file);
      QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
      out.write(text);
      out.close();
      const CliRun run = runCli({"timeline", "--model", dir});
      QCOMPARE(run.exitCode, 3);
      const QString err = QString::fromUtf8(run.err);
      QVERIFY2(err.contains(file), qPrintable(err));
      QVERIFY2(err.contains(said), qPrintable(err));
      QVERIFY(run.out.isEmpty());
    }
  }

  void aFifthSentenceIsABadCommandLine() {
    QTemporaryDir tmp;
    const CliRun run = trainTiny(tmp.filePath("five"), {"--watch", "a", "--watch", "b", "--watch", "c", "--watch", "d",
                                                        "--watch", "e"});
    QCOMPARE(run.exitCode, 2);
    QVERIFY(run.err.contains("at most 4"));
    QVERIFY(!QFile::exists(tmp.filePath("five")));
  }
};

QTEST_GUILESS_MAIN(TestCliTimeline)
#include "test_cli_timeline.moc"
