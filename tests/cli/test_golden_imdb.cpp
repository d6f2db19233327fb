// attentionlab-cli against values computed by independent code: the PyTorch script
// tests/reference/imdb_reference.py wrote fixed imdb-transformer models with their expected predictions and
// attention (golden/imdb/<case>/), and a starting model with its weights after one epoch of plain SGD
// (golden/imdb-train/). These tests run the real CLI on them and compare every number.
// Regenerate the golden files as tests/reference/README.md says; never from the C++ code.
#include <QtTest>

#include "tests/cli/cli_runner.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QtEndian>

#include <cmath>
#include <cstring>
#include <map>
#include <vector>

namespace {

const QString kGolden = QStringLiteral(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden");

// predict reports float32 results of a float64 reference: 1e-5 leaves room for rounding, not for a bug.
constexpr double kPredictTolerance = 1e-5;
// One epoch of SGD in float32 against float64: tolerance relative to the value, absolute below 1.
constexpr double kTrainTolerance = 1e-4;
// How many mismatches a failure message lists before it only counts them.
constexpr int kListedMismatches = 8;

using al::test::CliRun;
using al::test::describe;
using al::test::runCli;

// Collects mismatches so that one failure names all (or the first few) of them, with where they are.
class Mismatches {
 public:
  void add(const QString& what) {
    if (++count_ <= kListedMismatches) listed_ << what;
  }
  bool empty() const { return count_ == 0; }
  QString report(const QString& where) const {
    QString text = QStringLiteral("%1: %2 mismatch(es)\n  ").arg(where).arg(count_) + listed_.join("\n  ");
    if (count_ > kListedMismatches) text += QStringLiteral("\n  ...");
    return text;
  }

 private:
  int count_ = 0;
  QStringList listed_;
};

bool close(double actual, double expected, double tolerance) {
  return std::isfinite(actual) && std::abs(actual - expected) <= tolerance;
}

QJsonObject readJsonObject(const QString& path, QString* error) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    *error = path + ": cannot open";
    return {};
  }
  QJsonParseError parse;
  const QJsonDocument document = QJsonDocument::fromJson(file.readAll(), &parse);
  if (parse.error != QJsonParseError::NoError || !document.isObject()) *error = path + ": " + parse.errorString();
  return document.object();
}

// --- safetensors, read here with a few lines on purpose: the test must not trust the core's reader -------

struct Tensor {
  std::vector<qint64> shape;
  std::vector<float> values;
};

// Layout: 8-byte little-endian header length N, N bytes of JSON {name: {dtype, shape, data_offsets}}, data.
std::map<QString, Tensor> readSafetensors(const QString& path, QString* error) {
  std::map<QString, Tensor> tensors;
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) {
    *error = path + ": cannot open";
    return tensors;
  }
  const QByteArray bytes = file.readAll();
  if (bytes.size() < 8) {
    *error = path + ": shorter than the 8-byte header length";
    return tensors;
  }
  const quint64 headerLength = qFromLittleEndian<quint64>(bytes.constData());
  if (headerLength > quint64(bytes.size() - 8)) {
    *error = path + ": header length runs past the end of the file";
    return tensors;
  }
  QJsonParseError parse;
  const QJsonObject header = QJsonDocument::fromJson(bytes.mid(8, qsizetype(headerLength)), &parse).object();
  if (parse.error != QJsonParseError::NoError) {
    *error = path + ": header is not JSON: " + parse.errorString();
    return tensors;
  }
  const char* data = bytes.constData() + 8 + headerLength;
  const qint64 dataSize = bytes.size() - 8 - qint64(headerLength);
  for (auto entry = header.begin(); entry != header.end(); ++entry) {
    if (entry.key() == "__metadata__") continue;
    const QJsonObject info = entry.value().toObject();
    Tensor tensor;
    qint64 count = 1;
    for (const QJsonValue dim : info["shape"].toArray()) {
      tensor.shape.push_back(dim.toInteger());
      count *= dim.toInteger();
    }
    const qint64 begin = info["data_offsets"].toArray().at(0).toInteger();
    const qint64 end = info["data_offsets"].toArray().at(1).toInteger();
    if (info["dtype"].toString() != "F32" || end - begin != count * 4 || begin < 0 || end > dataSize) {
      *error = QStringLiteral("%1: tensor %2: expected F32 data of %3 values inside the file")
                   .arg(path, entry.key()).arg(count);
      return tensors;
    }
    tensor.values.resize(size_t(count));
    for (qint64 i = 0; i < count; ++i) {
      const quint32 bits = qFromLittleEndian<quint32>(data + begin + 4 * i);
      std::memcpy(&tensor.values[size_t(i)], &bits, sizeof(float));
    }
    tensors[entry.key()] = std::move(tensor);
  }
  return tensors;
}

QString shapeText(const std::vector<qint64>& shape) {
  QStringList dims;
  for (qint64 d : shape) dims << QString::number(d);
  return "[" + dims.join(", ") + "]";
}

// Flat row-major index -> "[i, j]", so that a message points at the row and column of a weight.
QString indexText(const std::vector<qint64>& shape, qint64 flat) {
  QStringList parts;
  for (auto dim = shape.rbegin(); dim != shape.rend(); ++dim) {
    parts.prepend(QString::number(flat % *dim));
    flat /= *dim;
  }
  return "[" + parts.join(", ") + "]";
}

QStringList goldenCases() {
  return QDir(kGolden + "/imdb").entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
}

// --- comparisons of one predict result -------------------------------------------------------------------

void compareTokens(const QJsonObject& actual, const QJsonObject& expected, Mismatches& mismatches) {
  const QJsonArray tokens = actual["tokens"].toArray(), wantTokens = expected["tokens"].toArray();
  const QJsonArray ids = actual["ids"].toArray(), wantIds = expected["ids"].toArray();
  if (tokens.size() != wantTokens.size())
    mismatches.add(QStringLiteral("tokens: %1 reported, expected %2").arg(tokens.size()).arg(wantTokens.size()));
  if (ids.size() != wantIds.size())
    mismatches.add(QStringLiteral("ids: %1 reported, expected %2").arg(ids.size()).arg(wantIds.size()));
  for (qsizetype i = 0; i < std::min(tokens.size(), wantTokens.size()); ++i) {
    const QString token = tokens[i].toString(), want = wantTokens[i].toString();
    // cli.md does not say how an unknown word is shown: its own spelling or the vocabulary's "[UNK]".
    const bool unknownShownAsUnk = wantIds[i].toInt() == 1 && token == "[UNK]";
    if (token != want && !unknownShownAsUnk)
      mismatches.add(QStringLiteral("tokens[%1] is \"%2\", expected \"%3\"").arg(i).arg(token, want));
  }
  for (qsizetype i = 0; i < std::min(ids.size(), wantIds.size()); ++i)
    if (!ids[i].isDouble() || ids[i].toInteger() != wantIds[i].toInteger())
      mismatches.add(QStringLiteral("ids[%1] is %2, expected %3")
                         .arg(i).arg(ids[i].toVariant().toString()).arg(wantIds[i].toInteger()));
}

// attention is [layer][head][query][key]; every level must have the expected length.
void compareAttention(const QJsonArray& actual, const QJsonArray& expected, Mismatches& mismatches) {
  if (actual.size() != expected.size())
    mismatches.add(QStringLiteral("attention: %1 layers, expected %2").arg(actual.size()).arg(expected.size()));
  for (qsizetype l = 0; l < std::min(actual.size(), expected.size()); ++l) {
    const QJsonArray heads = actual[l].toArray(), wantHeads = expected[l].toArray();
    if (heads.size() != wantHeads.size())
      mismatches.add(QStringLiteral("attention[%1]: %2 heads, expected %3").arg(l).arg(heads.size()).arg(wantHeads.size()));
    for (qsizetype h = 0; h < std::min(heads.size(), wantHeads.size()); ++h) {
      const QJsonArray rows = heads[h].toArray(), wantRows = wantHeads[h].toArray();
      if (rows.size() != wantRows.size())
        mismatches.add(QStringLiteral("attention[%1][%2]: %3 query rows, expected %4")
                           .arg(l).arg(h).arg(rows.size()).arg(wantRows.size()));
      for (qsizetype q = 0; q < std::min(rows.size(), wantRows.size()); ++q) {
        const QJsonArray row = rows[q].toArray(), wantRow = wantRows[q].toArray();
        if (row.size() != wantRow.size())
          mismatches.add(QStringLiteral("attention[%1][%2][%3]: %4 keys, expected %5")
                             .arg(l).arg(h).arg(q).arg(row.size()).arg(wantRow.size()));
        for (qsizetype k = 0; k < std::min(row.size(), wantRow.size()); ++k) {
          const double weight = row[k].toDouble(std::nan("")), want = wantRow[k].toDouble();
          if (!close(weight, want, kPredictTolerance))
            mismatches.add(QStringLiteral("attention[%1][%2][%3][%4] is %5, expected %6")
                               .arg(l).arg(h).arg(q).arg(k).arg(weight, 0, 'g', 9).arg(want, 0, 'g', 9));
        }
      }
    }
  }
}

}  // namespace

class TestGoldenImdb : public QObject {
  Q_OBJECT

 private slots:
  // The acceptance set must be there, or the data-driven tests below would pass on nothing.
  void goldenFilesArePresent() {
    const QStringList cases = goldenCases();
    QVERIFY2(cases.size() >= 10, qPrintable(QStringLiteral("%1 golden cases under %2/imdb, expected 10")
                                                 .arg(cases.size()).arg(kGolden)));
    QSet<QString> positions, norms;
    QSet<int> layers, heads;
    for (const QString& name : cases) {
      QString error;
      const QJsonObject config = readJsonObject(kGolden + "/imdb/" + name + "/config.json", &error);
      QVERIFY2(error.isEmpty(), qPrintable(error));
      positions << config["position"].toString();
      norms << config["norm"].toString();
      layers << config["num_layers"].toInt();
      heads << config["num_heads"].toInt();
    }
    QCOMPARE(positions, (QSet<QString>{"learned", "sinusoidal", "none"}));
    QCOMPARE(norms, (QSet<QString>{"layer", "batch"}));
    QVERIFY(layers.contains(1) && layers.contains(2));
    QVERIFY(heads.contains(1) && heads.contains(3));
    QVERIFY(QFile::exists(QStringLiteral(ATTENTIONLAB_CLI)));
  }

  void predictMatchesReference_data() {
    QTest::addColumn<QString>("model");
    QTest::addColumn<QJsonObject>("expected");
    for (const QString& name : goldenCases()) {
      const QString model = kGolden + "/imdb/" + name;
      QString error;
      const QJsonObject expected = readJsonObject(model + "/expected.json", &error);
      QVERIFY2(error.isEmpty(), qPrintable(error));
      const QJsonArray samples = expected["samples"].toArray();
      QVERIFY2(!samples.isEmpty(), qPrintable(model + "/expected.json: no samples"));
      for (qsizetype i = 0; i < samples.size(); ++i)
        QTest::addRow("%s/sample%d", qPrintable(name), int(i)) << model << samples[i].toObject();
    }
  }

  void predictMatchesReference() {
    QFETCH(QString, model);
    QFETCH(QJsonObject, expected);
    const QString where = QStringLiteral("case %1, text \"%2\"")
                              .arg(QFileInfo(model).fileName(), expected["text"].toString());
    const QStringList arguments{"predict", "--model", model, "--json", expected["text"].toString()};
    const CliRun run = runCli(arguments, 60000);
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(where + "\n" + describe(run, arguments)));

    QJsonParseError parse;
    const QJsonDocument document = QJsonDocument::fromJson(run.out.trimmed(), &parse);
    QVERIFY2(parse.error == QJsonParseError::NoError && document.isObject(),
             qPrintable(QStringLiteral("%1: stdout is not one JSON object (%2):\n%3")
                            .arg(where, parse.errorString(), QString::fromUtf8(run.out.left(2000)))));
    const QJsonObject actual = document.object();

    Mismatches mismatches;
    compareTokens(actual, expected, mismatches);
    const double probability = actual["probability"].toDouble(std::nan(""));
    const double wantProbability = expected["probability"].toDouble();
    if (!close(probability, wantProbability, kPredictTolerance))
      mismatches.add(QStringLiteral("probability is %1, expected %2")
                         .arg(probability, 0, 'g', 9).arg(wantProbability, 0, 'g', 9));
    if (actual["label"].toString() != expected["label"].toString())
      mismatches.add(QStringLiteral("label is \"%1\", expected \"%2\"")
                         .arg(actual["label"].toString(), expected["label"].toString()));
    compareAttention(actual["attention"].toArray(), expected["attention"].toArray(), mismatches);
    QVERIFY2(mismatches.empty(), qPrintable(mismatches.report(where)));
  }

  void trainOneEpochMatchesReference_data() {
    QTest::addColumn<QString>("norm");
    QTest::newRow("layer") << QStringLiteral("layer");
    QTest::newRow("batch") << QStringLiteral("batch");
    // Batch norm counting padding, as Keras does (batch_norm_padding_reference.py): the init's config says so.
    QTest::newRow("batch-padding") << QStringLiteral("batch-padding");
  }

  // One epoch of plain SGD from a fixed model, batches in file order (4, 4, then a partial batch of 3).
  void trainOneEpochMatchesReference() {
    QFETCH(QString, norm);
    const QString golden = kGolden + "/imdb-train/" + norm;
    QTemporaryDir temporary;
    QVERIFY(temporary.isValid());
    const QString out = temporary.path() + "/model";
    const QStringList arguments{"train", "imdb", "--init", golden + "/init", "--data",
                                kGolden + "/imdb-train/data.tsv", "--optimizer", "sgd", "--lr", "0.1",
                                "--batch-size", "4", "--epochs", "1", "--shuffle", "off", "--dropout", "0",
                                "--validation-split", "0", "--threads", "2", "--out", out};
    const CliRun run = runCli(arguments, 300000);
    const QString where = "train case " + norm;
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(where + "\n" + describe(run, arguments)));

    // The written model keeps the architecture and vocabulary of --init.
    QString error;
    const QJsonObject config = readJsonObject(out + "/config.json", &error);
    QVERIFY2(error.isEmpty(), qPrintable(where + ": " + error));
    const QJsonObject initConfig = readJsonObject(golden + "/init/config.json", &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    for (const char* field : {"task", "vocab_size", "sequence_length", "embed_dim", "num_heads", "key_dim",
                              "dense_dim", "num_layers", "position", "norm", "pooling"})
      QVERIFY2(config[field] == initConfig[field],
               qPrintable(QStringLiteral("%1: config.json field %2 differs from --init").arg(where, field)));
    const QString padding = initConfig.contains("batch_norm_padding") ? initConfig["batch_norm_padding"].toString()
                                                                      : QStringLiteral("exclude");
    QVERIFY2(config["batch_norm_padding"].toString() == padding,
             qPrintable(where + ": config.json field batch_norm_padding is not " + padding));
    QFile vocab(out + "/vocab.txt"), initVocab(golden + "/init/vocab.txt");
    QVERIFY2(vocab.open(QIODevice::ReadOnly) && initVocab.open(QIODevice::ReadOnly),
             qPrintable(where + ": vocab.txt missing"));
    QVERIFY2(vocab.readAll() == initVocab.readAll(), qPrintable(where + ": vocab.txt differs from --init"));

    const auto actual = readSafetensors(out + "/model.safetensors", &error);
    QVERIFY2(error.isEmpty(), qPrintable(where + ": " + error));
    const auto expected = readSafetensors(golden + "/expected.safetensors", &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));

    Mismatches mismatches;
    for (const auto& [name, tensor] : actual)
      if (!expected.count(name)) mismatches.add(QStringLiteral("tensor %1 is not in the reference").arg(name));
    for (const auto& [name, want] : expected) {
      const auto found = actual.find(name);
      if (found == actual.end()) {
        mismatches.add(QStringLiteral("tensor %1 is missing").arg(name));
        continue;
      }
      const Tensor& tensor = found->second;
      if (tensor.shape != want.shape) {
        mismatches.add(QStringLiteral("tensor %1 has shape %2, expected %3")
                           .arg(name, shapeText(tensor.shape), shapeText(want.shape)));
        continue;
      }
      for (size_t i = 0; i < want.values.size(); ++i) {
        const double tolerance = kTrainTolerance * std::max(1.0, double(std::abs(want.values[i])));
        if (!close(tensor.values[i], want.values[i], tolerance))
          mismatches.add(QStringLiteral("tensor %1 %2 is %3, expected %4")
                             .arg(name, indexText(want.shape, qint64(i))).arg(tensor.values[i], 0, 'g', 9).arg(want.values[i], 0, 'g', 9));
      }
    }
    QVERIFY2(mismatches.empty(), qPrintable(mismatches.report(where)));
  }
};

QTEST_GUILESS_MAIN(TestGoldenImdb)
#include "test_golden_imdb.moc"
