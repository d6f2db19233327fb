// Transfer from a pretrained BERT, through the real attentionlab-cli: `train imdb --init-encoder BERT_FOLDER` on the
// tiny golden BERT (tests/reference/golden/bert-tiny) and a small labelled set its vocabulary reads trains a
// sentiment head whose loss falls and whose accuracy beats chance; the saved model reloads (eval, predict) with
// the numbers training measured, and inspect --ablate switches heads of its BERT off; folders that are not a readable
// BERT are refused with exit 3 and a message.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include "tests/cli/cli_fixtures.h"

using namespace al::test;
using nlohmann::json;

namespace {

// 120 short reviews in bert-tiny's 40-word vocabulary, half positive: the sentiment word, said twice, is all that
// tells them apart; the subject and the verb vary.
QByteArray toyReviews() {
  const QStringList subjects{"the cat", "the dog", "he", "she", "they", "a big dog", "the small cat"};
  const QStringList verbs{"was", "sat", "ran"};
  const QStringList positive{"good", "happy"}, negative{"bad", "sad"};
  QByteArray tsv;
  for (int i = 0; i < 120; ++i) {
    const bool isPositive = i % 2 == 1;
    const QString word = (isPositive ? positive : negative)[(i / 2) % 2];
    const QString review = subjects[i % subjects.size()] + " " + verbs[(i / 3) % verbs.size()] + " " + word + " and " +
                           word + " .";
    tsv += QByteArray(isPositive ? "1" : "0") + "\t" + review.toUtf8() + "\n";
  }
  return tsv;
}

// The epochs' training losses of a --log file, in order.
std::vector<double> epochLosses(const QString& log) {
  std::vector<double> losses;
  for (const QByteArray& line : readAll(log).split('\n')) {
    if (line.trimmed().isEmpty()) continue;
    const json event = json::parse(line.toStdString());
    if (event["event"] == "epoch") losses.push_back(event["loss"].get<double>());
  }
  return losses;
}

void verifyRefused(const QStringList& args, const QStringList& mentions) {
  const CliRun run = runCli(args);
  QVERIFY2(run.exitCode == 3, qPrintable(describe(run, args)));
  for (const QString& m : mentions) QVERIFY2(QString::fromUtf8(run.err).contains(m), qPrintable(m + " not in: " + run.err));
}

}  // namespace

class TestCliBertSentiment : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;

  QString path(const QString& name) const { return dir_.filePath(name); }
  QStringList trainArgs(const QString& encoder, const QString& out) const {
    return {"train", "imdb", "--init-encoder", encoder, "--data", path("toy.tsv"), "--out", out, "--epochs", "200",
            "--optimizer", "adam", "--lr", "0.05", "--validation-split", "0", "--threads", "2"};
  }

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    writeFile(path("toy.tsv"), toyReviews());
    const QStringList args = trainArgs(golden("bert-tiny"), path("head")) + QStringList{"--log", path("head.log")};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
  }

  void theHeadLearnsFromBertsFeatures() {
    const std::vector<double> losses = epochLosses(path("head.log"));
    QCOMPARE(losses.size(), size_t{200});
    QVERIFY2(losses.back() < 0.8 * losses.front(),
             qPrintable(QString("loss %1 -> %2").arg(losses.front()).arg(losses.back())));
    const json e = runJson({"eval", "--model", path("head"), "--data", path("toy.tsv"), "--json"});
    QVERIFY2(e["accuracy"].get<double>() >= 0.7, e.dump().c_str());  // chance: 0.5
    QCOMPARE(e["samples"].get<int>(), 120);
  }

  // Reloaded from its directory, the model scores the reviews exactly as the run scored them in memory
  // (training.json keeps that score): the head and the BERT it reads came back the same.
  void theSavedModelReloadsWithTheSamePredictions() {
    const json config = readJson(path("head/config.json"));
    QCOMPARE(config["task"], json("bert-sentiment"));
    const json trained = readJson(path("head/training.json"))["test"];
    const json reloaded = runJson({"eval", "--model", path("head"), "--data", path("toy.tsv"), "--json"});
    QCOMPARE(reloaded["accuracy"].get<double>(), trained["accuracy"].get<double>());
    QVERIFY(std::abs(reloaded["loss"].get<double>() - trained["loss"].get<double>()) < 1e-6);
  }

  void predictShowsBertsTokensAndAttention() {
    const json p = runJson({"predict", "--model", path("head"), "--json", "the dog was happy and happy ."});
    QCOMPARE(p["tokens"].front(), json("[CLS]"));
    QCOMPARE(p["tokens"].back(), json("[SEP]"));
    QCOMPARE(p["attention"].size(), size_t{2});        // bert-tiny's layers
    QCOMPARE(p["attention"][0].size(), size_t{2});     // and heads
    const double probability = p["probability"].get<double>();
    QVERIFY(probability > 0 && probability < 1);
    QCOMPARE(p["label"], json(probability >= 0.5 ? "positive" : "negative"));
  }

  // inspect reads the model's attention as predict does: the same pieces, the same maps of BERT's layers x heads.
  void inspectShowsTheAttentionPredictShows() {
    const char* review = "the dog was happy and happy .";
    const json p = runJson({"predict", "--model", path("head"), "--json", review});
    const json i = runJson({"inspect", "--model", path("head"), "--json", review});
    QCOMPARE(i["model_type"], json("bert-sentiment"));
    QCOMPARE(i["tokens"], p["tokens"]);
    QCOMPARE(i["layers"].get<int>(), 2);  // bert-tiny's layers
    QCOMPARE(i["heads"].get<int>(), 2);   // and heads
    QCOMPARE(i["attention"], p["attention"]);
  }

  // inspect --ablate switches heads of the model's BERT off: the verdict is computed again with them silent, beside
  // the one with every head on (predict's), and text output says so; a head BERT does not have is refused.
  void ablateSwitchesHeadsOfItsBertOff() {
    const char* review = "the dog was happy and happy .";
    const json predicted = runJson({"predict", "--model", path("head"), "--json", review});
    const json off = runJson({"inspect", "--model", path("head"), "--json", "--ablate", "1.0,1.1", review});
    const json ablation = off["ablation"];
    QCOMPARE(ablation["ablated"], json("1.0,1.1"));
    QVERIFY2(std::abs(ablation["probability_all_heads"].get<double>() - predicted["probability"].get<double>()) < 1e-6,
             ablation.dump().c_str());
    QVERIFY2(ablation["probability"] != ablation["probability_all_heads"], ablation.dump().c_str());
    const CliRun text = runCli({"inspect", "--model", path("head"), "--ablate", "0.1", review});
    QCOMPARE(text.exitCode, 0);
    QVERIFY2(text.out.contains("probability of positive:"), text.out.constData());
    verifyRefused({"inspect", "--model", path("head"), "--ablate", "2.0", review}, {"2 layer(s) of 2 head(s)"});
  }

  // eval --head-importance measures the heads of the model's BERT: with every head on it is eval's accuracy; with
  // head l.h off, each review is right exactly when inspect --ablate l.h gives it the right side; and --replace mean
  // (the IMDB classifier's other replacement) is refused with what is offered.
  void headImportanceMeasuresItsBertsHeads() {
    const json all = runJson({"eval", "--model", path("head"), "--data", path("toy.tsv"), "--json"});
    const json table = runJson({"eval", "--model", path("head"), "--data", path("toy.tsv"), "--head-importance", "--json"});
    QCOMPARE(table["samples"].get<int>(), 120);
    QCOMPARE(table["held_out"], json(false));  // a TSV has no test split
    QCOMPARE(table["baseline_accuracy"].get<double>(), all["accuracy"].get<double>());
    QCOMPARE(table["accuracy"].size(), size_t{2});     // bert-tiny's layers
    QCOMPARE(table["accuracy"][0].size(), size_t{2});  // and heads
    const char* review = "the cat was happy and happy .";
    writeFile(path("one.tsv"), QByteArray("1\t") + review + "\n");
    const json one = runJson({"eval", "--model", path("head"), "--data", path("one.tsv"), "--head-importance", "--json"});
    for (const char* head : {"0.0", "0.1", "1.0", "1.1"}) {
      const json ablated = runJson({"inspect", "--model", path("head"), "--json", "--ablate", head, review})["ablation"];
      const size_t l = head[0] - '0', h = head[2] - '0';
      QVERIFY2(one["accuracy"][l][h].get<double>() == (ablated["probability"].get<double>() >= 0.5 ? 1.0 : 0.0),
               qPrintable(QString("%1: %2, %3").arg(head, one.dump().c_str(), ablated.dump().c_str())));
    }
    verifyRefused({"eval", "--model", path("head"), "--data", path("toy.tsv"), "--head-importance", "--replace", "mean"},
                  {"zero only"});
  }

  void foldersThatAreNoReadableBertAreRefused() {
    QDir().mkpath(path("no-weights"));
    for (const char* file : {"config.json", "vocab.txt"})
      QVERIFY(QFile::copy(golden("bert-tiny/") + file, path("no-weights/") + file));
    verifyRefused(trainArgs(path("no-weights"), path("x1")), {"no-weights", "model.safetensors"});
    verifyRefused(trainArgs(golden("gpt2-tiny"), path("x2")), {"gpt2", "expected bert"});
    QDir().mkpath(path("empty"));
    verifyRefused(trainArgs(path("empty"), path("x3")), {"empty", "config.json", "BERT"});
    QVERIFY(!QDir(path("x1")).exists() && !QDir(path("x2")).exists() && !QDir(path("x3")).exists());
  }

  // The model directory names the BERT folder rather than copying it: when that folder is gone, the model says
  // which folder it needs.
  void aModelWhoseBertFolderMovedSaysWhichItNeeds() {
    QDir().mkpath(path("bert-copy"));
    for (const QString& file : QDir(golden("bert-tiny")).entryList(QDir::Files))
      QVERIFY(QFile::copy(golden("bert-tiny/") + file, path("bert-copy/") + file));
    const QStringList args = trainArgs(path("bert-copy"), path("moved"));
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
    QVERIFY(QDir(path("bert-copy")).removeRecursively());
    verifyRefused({"predict", "--model", path("moved"), "good"}, {"bert-copy", "cannot be read"});
  }
};

QTEST_GUILESS_MAIN(TestCliBertSentiment)
#include "test_cli_bert_sentiment.moc"
