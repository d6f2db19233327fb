// `train --watch` records a training timeline and `timeline` prints it (docs/training-timeline.md), run through the
// real attentionlab-cli: the snapshots' steps from 0 up, each head's distance from uniform in --json, the corpus's
// own sentence with --watch-every alone, exit 3 for a model without a timeline or with a damaged one (the message
// names the file and what is wrong), and 2 for a fifth sentence. --which-head Q,A,B: each snapshot's weights from Q
// on A and on B as the stored maps give them (summed here from timeline.json itself), and the steps from which each
// head prefers A, worked out here from those weights.
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

// The first run of tokens that spells word (the tokens are a classifier's words or a model's characters).
std::vector<size_t> tokensSpelling(const json& tokens, const std::string& word) {
  for (size_t first = 0; first < tokens.size(); ++first) {
    std::string spelled;
    for (size_t last = first; last < tokens.size() && spelled.size() < word.size(); ++last) {
      spelled += tokens[last].get<std::string>();
      if (spelled == word) {
        std::vector<size_t> run;
        for (size_t i = first; i <= last; ++i) run.push_back(i);
        return run;
      }
    }
  }
  return {};
}

// The weight of the query's rows (averaged) on the candidate's keys (summed) in one map.
double weightOn(const json& map, const std::vector<size_t>& query, const std::vector<size_t>& candidate) {
  double sum = 0;
  for (size_t q : query)
    for (size_t k : candidate) sum += map[q][k].get<double>();
  return sum / double(query.size());
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

  // The second sentence holds the words: it is the one read. The numbers come from the stored maps, snapshot by
  // snapshot, and the summary's steps from those numbers.
  void whichHeadReadsEverySnapshotOfTheSentenceWithTheWords() {
    QTemporaryDir tmp;
    const QString dir = tmp.filePath("zh");
    const QString seed = QString::fromUtf8("小明把书包忘在教室，它很沉。");
    const QStringList options{"--data", "builtin:zh", "--watch", "this movie was not good", "--watch", seed,
                              "--watch-every", "2"};
    const CliRun trained = trainTiny(dir, options);
    QVERIFY2(trained.exitCode == 0, qPrintable(describe(trained, options)));
    const json stored = readJson(dir + "/timeline.json");
    const json& tokens = stored["probes"][1]["tokens"];
    const std::vector<size_t> query = tokensSpelling(tokens, "它"), a = tokensSpelling(tokens, "书包"),
                              b = tokensSpelling(tokens, "教室");
    QVERIFY(!query.empty() && !a.empty() && !b.empty());

    const json out = runJson({"timeline", "--model", dir, "--json", "--which-head", "它,书包,教室"});
    const json& summary = out["which_head"];
    QCOMPARE(summary["probe"].get<int>(), 1);
    QCOMPARE(summary["query"].get<std::string>(), std::string("它"));
    QCOMPARE(summary["a_tokens"].get<std::vector<size_t>>(), a);
    QCOMPARE(summary["b_tokens"].get<std::vector<size_t>>(), b);
    QCOMPARE(summary["heads"].get<int>(), 2);
    const json& snapshots = out["snapshots"];
    QCOMPARE(snapshots.size(), stored["snapshots"].size());
    QVERIFY(snapshots.size() >= 6);
    // [head]: whether it prefers A at each snapshot, from the stored maps.
    std::vector<std::vector<bool>> prefers(2), half(2);
    for (size_t i = 0; i < snapshots.size(); ++i) {
      const json& reading = snapshots[i]["which_head"];
      int preferring = 0;
      for (int h = 0; h < 2; ++h) {
        const json& map = stored["snapshots"][i]["probes"][1]["attention"][0][h];
        const double onA = weightOn(map, query, a), onB = weightOn(map, query, b);
        QVERIFY(std::abs(reading["on_a"][0][h].get<double>() - onA) < 1e-5);
        QVERIFY(std::abs(reading["on_b"][0][h].get<double>() - onB) < 1e-5);
        QVERIFY(std::abs(reading["difference"][0][h].get<double>() - (onA - onB)) < 1e-5);
        prefers[h].push_back(onA > onB);
        half[h].push_back(onA > 0.5);
        preferring += onA > onB;
      }
      QCOMPARE(reading["prefer_a"].get<int>(), preferring);
    }
    int steadyHeads = 0;
    for (int h = 0; h < 2; ++h) {
      json first = nullptr, steady = nullptr, steadyHalf = nullptr;
      for (size_t i = 0; i < snapshots.size(); ++i)
        if (prefers[h][i] && first.is_null()) first = snapshots[i]["step"];
      for (size_t i = snapshots.size(); i-- > 0 && prefers[h][i];) steady = snapshots[i]["step"];
      for (size_t i = snapshots.size(); i-- > 0 && half[h][i];) steadyHalf = snapshots[i]["step"];
      QCOMPARE(summary["first_step_prefer_a"][0][h], first);
      QCOMPARE(summary["steady_step_prefer_a"][0][h], steady);
      QCOMPARE(summary["steady_step_half_on_a"][0][h], steadyHalf);
      steadyHeads += !steady.is_null();
      if (!steady.is_null()) QVERIFY(first.get<long>() <= steady.get<long>());
    }
    QCOMPARE(summary["heads_steady"].get<int>(), steadyHeads);

    // As text: a row per snapshot, and each head's step.
    const CliRun text = runCli({"timeline", "--model", dir, "--which-head", "它,书包,教室"});
    QCOMPARE(text.exitCode, 0);
    const QString printed = QString::fromUtf8(text.out);
    QVERIFY2(printed.contains(seed), qPrintable(printed));
    QCOMPARE(printed.count(QStringLiteral("layer 0 head ")), qsizetype(2));
    QVERIFY(printed.contains(QStringLiteral("of 2 heads put more of 它's weight on 书包")));
  }

  // Words no watched sentence has: exit 3 naming the word; not three words: a bad command line.
  void whichHeadWithoutTheWordsIsRefused() {
    QTemporaryDir tmp;
    const QString dir = tmp.filePath("watched");
    const CliRun trained = trainTiny(dir, {"--watch", "this movie was not good", "--watch-every", "3"});
    QVERIFY2(trained.exitCode == 0, qPrintable(describe(trained, {"train ... --watch"})));
    const CliRun missing = runCli({"timeline", "--model", dir, "--which-head", "movie,plot,good"});
    QCOMPARE(missing.exitCode, 3);
    QVERIFY2(missing.err.contains("plot"), missing.err.constData());
    QVERIFY(missing.out.isEmpty());
    const CliRun twoWords = runCli({"timeline", "--model", dir, "--which-head", "movie,good"});
    QCOMPARE(twoWords.exitCode, 2);
    QVERIFY(twoWords.err.contains("three words"));
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
