// attentionlab-cli's chatbot against values computed by independent code: tests/reference/seq2seq_reference.py
// (PyTorch, float64, written from the contract) wrote a seq2seq-attention model directory with random weights,
// the greedy answers and alignments it gives (ask.json), a small dialog file, and every tensor after one epoch
// of plain SGD on that file (sgd_epoch.safetensors). These tests run the real CLI and compare every number.
// Regenerate the golden files with the script (tests/reference/README.md), never from the C++ code.
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

const QString kGolden = QStringLiteral(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/seq2seq");
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

}  // namespace

class TestGoldenChatbot : public QObject {
  Q_OBJECT
 private slots:
  void ask_data() {
    QTest::addColumn<int>("index");
    const QJsonArray cases = readJson(kGolden + "/ask.json")["cases"].toArray();
    QVERIFY2(cases.size() >= 4, "golden ask.json is missing");
    for (int i = 0; i < cases.size(); ++i)
      QTest::newRow(qPrintable(QString("%1: %2").arg(i).arg(cases[i].toObject()["question"].toString().left(30)))) << i;
  }

  // Source tokens, output tokens and every attention weight of `ask --json`.
  void ask() {
    QFETCH(int, index);
    const QJsonObject want = readJson(kGolden + "/ask.json")["cases"].toArray()[index].toObject();
    const QStringList args = {"ask", "--model", kGolden + "/model", "--json", want["question"].toString()};
    const auto run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
    const QJsonObject got = QJsonDocument::fromJson(run.out).object();
    QCOMPARE(got["source_tokens"].toArray(), want["source_tokens"].toArray());
    QCOMPARE(got["output_tokens"].toArray(), want["output_tokens"].toArray());
    QCOMPARE(got["answer"].toString(), want["answer"].toString());
    const QJsonArray rows = got["attention"].toArray(), wantRows = want["attention"].toArray();
    QCOMPARE(rows.size(), wantRows.size());
    for (qsizetype k = 0; k < rows.size(); ++k) {
      const QJsonArray row = rows[k].toArray(), wantRow = wantRows[k].toArray();
      QCOMPARE(row.size(), wantRow.size());
      for (qsizetype j = 0; j < row.size(); ++j)
        QVERIFY2(std::abs(row[j].toDouble(NAN) - wantRow[j].toDouble()) <= kAskTolerance,
                 qPrintable(QString("attention[%1][%2] is %3, expected %4").arg(k).arg(j).arg(row[j].toDouble(), 0, 'g', 9)
                                .arg(wantRow[j].toDouble(), 0, 'g', 9)));
    }
  }

  // One epoch of SGD in file order from the golden model: every weight of the result.
  void sgdEpoch() {
    const QJsonObject settings = readJson(kGolden + "/sgd_epoch.json");
    QVERIFY2(!settings.isEmpty(), "golden sgd_epoch.json is missing");
    QTemporaryDir dir;
    const QString out = dir.path() + "/trained";
    const QStringList args = {"train", "chatbot", "--init", kGolden + "/model", "--data", kGolden + "/pairs.tsv",
                              "--optimizer", "sgd", "--lr", QString::number(settings["learning_rate"].toDouble()),
                              "--batch-size", QString::number(settings["batch_size"].toInt()), "--epochs", "1",
                              "--validation-split", QString::number(settings["validation_split"].toDouble()),
                              "--shuffle", "off", "--threads", "2", "--out", out};
    const auto run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
    const auto got = readSafetensors(out + "/model.safetensors");
    const auto want = readSafetensors(kGolden + "/sgd_epoch.safetensors");
    const auto before = readSafetensors(kGolden + "/model/model.safetensors");
    QCOMPARE(got.size(), size_t(16));
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
