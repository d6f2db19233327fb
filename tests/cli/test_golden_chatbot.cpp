// attentionlab-cli's chatbot, both architectures, against values computed by independent code:
// tests/reference/seq2seq_reference.py (GRU + Bahdanau, golden/seq2seq) and
// tests/reference/seq2seq_transformer_reference.py (encoder-decoder Transformer, golden/seq2seq_transformer),
// PyTorch in float64, written from the contract. Each wrote a model directory with random weights, the greedy
// answers and attention it gives (ask.json; the Transformer's with its encoder, decoder and cross attention of
// every layer and head), a small dialog file, and every tensor after one epoch of plain SGD on that file
// (sgd_epoch.safetensors). These tests run the real CLI and compare every number.
// Regenerate the golden files with the scripts (tests/reference/README.md), never from the C++ code.
#include <QtTest>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QtEndian>

#include <cmath>
#include <cstring>
#include <map>
#include <vector>

#include "tests/cli/cli_runner.h"

namespace {

const QString kGoldenRoot = QStringLiteral(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/");
const QStringList kArchitectures = {"seq2seq", "seq2seq_transformer"};  // golden folders
constexpr double kAskTolerance = 1e-5;    // float32 results of a float64 reference
constexpr double kTrainTolerance = 1e-4;  // one epoch of SGD

using al::test::describe;
using al::test::runCli;

QJsonObject readJson(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  return QJsonDocument::fromJson(file.readAll()).object();
}

// safetensors, read here with a few lines on purpose: the test must not trust the core's reader.
std::map<QString, std::vector<float>> readSafetensors(const QString& path) {
  std::map<QString, std::vector<float>> tensors;
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return tensors;
  const QByteArray bytes = file.readAll();
  if (bytes.size() < 8) return tensors;
  const quint64 headerLength = qFromLittleEndian<quint64>(bytes.constData());
  const QJsonObject header = QJsonDocument::fromJson(bytes.mid(8, qsizetype(headerLength))).object();
  const char* data = bytes.constData() + 8 + headerLength;
  for (auto entry = header.begin(); entry != header.end(); ++entry) {
    if (entry.key() == "__metadata__") continue;
    const QJsonArray offsets = entry.value().toObject()["data_offsets"].toArray();
    const qint64 begin = offsets.at(0).toInteger(), end = offsets.at(1).toInteger();
    std::vector<float> values(size_t((end - begin) / 4));
    std::memcpy(values.data(), data + begin, values.size() * sizeof(float));  // little-endian machine
    tensors[entry.key()] = std::move(values);
  }
  return tensors;
}

// Every number of `got` within tolerance of `want` (nested arrays of the same shape); the first difference.
QString compareNested(const QJsonValue& got, const QJsonValue& want, const QString& where, double tolerance) {
  if (want.isArray()) {
    const QJsonArray g = got.toArray(), w = want.toArray();
    if (!got.isArray() || g.size() != w.size())
      return QString("%1 has %2 entries, expected %3").arg(where).arg(g.size()).arg(w.size());
    for (qsizetype i = 0; i < w.size(); ++i) {
      const QString d = compareNested(g[i], w[i], QString("%1[%2]").arg(where).arg(i), tolerance);
      if (!d.isEmpty()) return d;
    }
    return {};
  }
  if (!(std::abs(got.toDouble(NAN) - want.toDouble()) <= tolerance))
    return QString("%1 is %2, expected %3").arg(where).arg(got.toDouble(), 0, 'g', 9).arg(want.toDouble(), 0, 'g', 9);
  return {};
}

}  // namespace

class TestGoldenChatbot : public QObject {
  Q_OBJECT
 private slots:
  void ask_data() {
    QTest::addColumn<QString>("golden");
    QTest::addColumn<int>("index");
    for (const QString& architecture : kArchitectures) {
      const QJsonArray cases = readJson(kGoldenRoot + architecture + "/ask.json")["cases"].toArray();
      QVERIFY2(cases.size() >= 4, qPrintable("golden " + architecture + "/ask.json is missing"));
      for (int i = 0; i < cases.size(); ++i)
        QTest::newRow(qPrintable(QString("%1 %2: %3").arg(architecture).arg(i).arg(cases[i].toObject()["question"].toString().left(30))))
            << kGoldenRoot + architecture << i;
    }
  }

  // Source tokens, output tokens and every attention weight of `ask --json` (the Transformer: all three sets).
  void ask() {
    QFETCH(QString, golden);
    QFETCH(int, index);
    const QJsonObject want = readJson(golden + "/ask.json")["cases"].toArray()[index].toObject();
    const QStringList args = {"ask", "--model", golden + "/model", "--json", want["question"].toString()};
    const auto run = runCli(args);
    if (want["question"].toString().trimmed().isEmpty()) {  // the reference answers it; the CLI refuses it
      QVERIFY2(run.exitCode == 3 && run.err.contains("no words"), qPrintable(describe(run, args)));
      return;
    }
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
    const QJsonObject got = QJsonDocument::fromJson(run.out).object();
    QCOMPARE(got["source_tokens"].toArray(), want["source_tokens"].toArray());
    QCOMPARE(got["output_tokens"].toArray(), want["output_tokens"].toArray());
    QCOMPARE(got["answer"].toString(), want["answer"].toString());
    QStringList sets = {"attention"};
    if (want.contains("cross_attention")) sets << "cross_attention" << "decoder_attention" << "encoder_attention";
    for (const QString& set : sets) {
      QVERIFY2(want[set].toArray().size() > 0, qPrintable(set + " missing from the golden file"));
      const QString difference = compareNested(got[set], want[set], set, kAskTolerance);
      QVERIFY2(difference.isEmpty(), qPrintable(difference));
    }
  }

  void sgdEpoch_data() {
    QTest::addColumn<QString>("golden");
    for (const QString& architecture : kArchitectures) QTest::newRow(qPrintable(architecture)) << kGoldenRoot + architecture;
  }

  // One epoch of SGD in file order from the golden model: every weight of the result.
  void sgdEpoch() {
    QFETCH(QString, golden);
    const QString kGolden = golden;
    const QJsonObject settings = readJson(kGolden + "/sgd_epoch.json");
    QVERIFY2(!settings.isEmpty(), "golden sgd_epoch.json is missing");
    QTemporaryDir dir;
    const QString out = dir.path() + "/trained";
    const QStringList args = {"train", "chatbot", "--init", kGolden + "/model", "--data", kGolden + "/pairs.tsv",
                              "--optimizer", "sgd", "--lr", QString::number(settings["learning_rate"].toDouble()),
                              "--batch-size", QString::number(settings["batch_size"].toInt()), "--epochs", "1",
                              "--validation-split", QString::number(settings["validation_split"].toDouble()),
                              "--shuffle", "off", "--threads", "2", "--dropout", "0", "--out", out};
    const auto run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
    const auto got = readSafetensors(out + "/model.safetensors");
    const auto want = readSafetensors(kGolden + "/sgd_epoch.safetensors");
    const auto before = readSafetensors(kGolden + "/model/model.safetensors");
    QCOMPARE(got.size(), size_t(settings["tensors"].toInt(16)));
    QCOMPARE(got.size(), want.size());
    double largestUpdate = 0;
    for (const auto& [name, values] : want) {
      QVERIFY2(got.count(name), qPrintable(name + " is missing"));
      const std::vector<float>& actual = got.at(name);
      QCOMPARE(actual.size(), values.size());
      for (size_t i = 0; i < values.size(); ++i) {
        QVERIFY2(std::abs(actual[i] - values[i]) <= kTrainTolerance,
                 qPrintable(QString("%1[%2] is %3, expected %4").arg(name).arg(i).arg(actual[i], 0, 'g', 9).arg(values[i], 0, 'g', 9)));
        largestUpdate = std::max(largestUpdate, double(std::abs(values[i] - before.at(name)[i])));
      }
    }
    QVERIFY2(largestUpdate > 100 * kTrainTolerance, "the golden epoch barely moves the weights: the test would prove little");
  }
};

QTEST_APPLESS_MAIN(TestGoldenChatbot)
#include "test_golden_chatbot.moc"
