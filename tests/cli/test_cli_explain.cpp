// Instruments that test what attention explains, on the command line: inspect --json's "rollout" (every model kind
// that reports attention; a causal model's stays causal) and "saliency" (imdb-transformer), and
// eval --rank-correlations with its table of Spearman correlations and its refusals.
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

#include "tests/cli/cli_fixtures.h"

using namespace al::test;

namespace {

const QString kGolden = QStringLiteral(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden");

// inspect --json of `model`: "rollout" has one T x T map per layer, rows of non-negative numbers summing to 1
// (upper triangle zero when causal). Returns the JSON for further checks.
QJsonObject checkRollout(const QString& model, const QString& text, bool causal) {
  const QStringList args{"inspect", "--model", model, "--json", text};
  const CliRun run = runCli(args);
  [&] { QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args))); }();
  const QJsonObject out = jsonOf(run);
  const QJsonArray rollout = out.value("rollout").toArray();
  const auto T = out.value("tokens").toArray().size();
  [&] {
    QCOMPARE(rollout.size(), out.value("layers").toInt(-1));
    for (const QJsonValue& layer : rollout) {
      const QJsonArray rows = layer.toArray();
      QCOMPARE(rows.size(), T);
      for (qsizetype i = 0; i < rows.size(); ++i) {
        const QJsonArray row = rows[i].toArray();
        QCOMPARE(row.size(), T);
        double sum = 0;
        for (qsizetype j = 0; j < row.size(); ++j) {
          QVERIFY(row[j].toDouble(-1) >= 0);
          if (causal && j > i) QCOMPARE(row[j].toDouble(-1), 0.0);
          sum += row[j].toDouble();
        }
        QVERIFY2(std::abs(sum - 1) < 1e-5, qPrintable(QString("%1: row %2 sums to %3").arg(model).arg(i).arg(sum)));
      }
    }
  }();
  return out;
}

}  // namespace

class TestCliExplain : public QObject {
  Q_OBJECT
  TwoLayerImdb tiny_;
  const QString model_ = tiny_.path();

 private slots:
  void initTestCase() { tiny_.train(); }

  void inspectGivesRolloutAndSaliency() {
    const QString text = "A wonderful film, but the ending was dull";
    const QJsonObject out = checkRollout(model_, text, false);
    const QJsonObject saliency = out.value("saliency").toObject();
    const auto T = out.value("tokens").toArray().size();
    QCOMPARE(saliency.value("gradient_x_input").toArray().size(), T);
    QCOMPARE(saliency.value("deletion").toArray().size(), T);
    const QJsonObject predicted = jsonOf(runCli({"predict", "--model", model_, "--json", text}));
    QCOMPARE(saliency.value("probability").toDouble(-1), predicted.value("probability").toDouble(-2));
    QCOMPARE(saliency.value("label").toString(), predicted.value("label").toString());
    // Some token moved the prediction: the numbers are not a placeholder.
    double largest = 0;
    for (const QJsonValue& v : saliency.value("gradient_x_input").toArray()) largest = std::max(largest, std::abs(v.toDouble()));
    QVERIFY(largest > 0);
    // The text form prints both.
    const CliRun plain = runCli({"inspect", "--model", model_, text});
    QVERIFY(plain.out.contains("rollout, attention each token receives"));
    QVERIFY(plain.out.contains("saliency (gradient x input, towards " + predicted.value("label").toString().toUtf8()));
  }

  void everyKindWithAttentionGetsARollout() {
    QVERIFY(!checkRollout(kGolden + "/bert-tiny", "the cat sat on the mat", false).contains("saliency"));
    checkRollout(kGolden + "/gpt2-tiny", "the cat sat on the", true);
    checkRollout(kGolden + "/masked-lm/none-layer-2layers-3heads", "a good film", false);
  }

  void rankCorrelationsOverTestReviews() {
    const QStringList args{"eval", "--model", model_, "--rank-correlations", "--samples", "30", "--json"};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
    const QJsonObject out = jsonOf(run);
    QCOMPARE(out.value("reviews").toInt() + out.value("skipped").toInt(), 30);
    QVERIFY(out.value("reviews").toInt() > 20);
    QCOMPARE(out.value("attention_head").toString(), QString("mean"));
    const QJsonArray names = out.value("explanations").toArray();
    QCOMPARE(names, (QJsonArray{"attention", "rollout", "saliency", "deletion"}));
    const QJsonArray rho = out.value("spearman").toArray();
    QCOMPARE(rho.size(), 4);
    for (int a = 0; a < 4; ++a) {
      QVERIFY(std::abs(rho[a].toArray()[a].toDouble() - 1) < 1e-9);
      for (int b = 0; b < 4; ++b) {
        const double v = rho[a].toArray()[b].toDouble(-9);
        QVERIFY(v >= -1 && v <= 1);
        QCOMPARE(v, rho[b].toArray()[a].toDouble());
      }
    }
    QVERIFY(out.value("deviation").isArray());
    QVERIFY(out.contains("signed_saliency_deletion"));

    const CliRun head = runCli({"eval", "--model", model_, "--rank-correlations", "--samples", "10", "--attention-head", "1.0"});
    QCOMPARE(head.exitCode, 0);
    QVERIFY2(head.out.contains("from layer 1 head 0"), head.out.constData());
    QVERIFY(head.out.contains("saliency against deletion with their signs"));
  }

  void badAttentionHeadsAreRefused() {
    const CliRun form = runCli({"eval", "--model", model_, "--rank-correlations", "--attention-head", "last"});
    QCOMPARE(form.exitCode, 2);
    QVERIFY2(form.err.contains("mean or LAYER.HEAD"), form.err.constData());
    const CliRun missing = runCli({"eval", "--model", model_, "--rank-correlations", "--attention-head", "2.0"});
    QCOMPARE(missing.exitCode, 3);
    QVERIFY2(missing.err.contains("2 layer(s) of 2 heads"), missing.err.constData());
    const CliRun bert = runCli({"eval", "--model", kGolden + "/bert-tiny", "--rank-correlations"});
    QCOMPARE(bert.exitCode, 3);
    QVERIFY2(bert.err.contains("--rank-correlations reads an imdb-transformer model"), bert.err.constData());
  }
};

QTEST_GUILESS_MAIN(TestCliExplain)
#include "test_cli_explain.moc"
