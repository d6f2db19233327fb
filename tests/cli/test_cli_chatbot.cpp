// attentionlab-cli's chatbot as a user and a script see it, for both architectures (--architecture gru and
// transformer): train on the built-in corpus, ask (with odd questions; the Transformer's every attention set),
// eval and bench JSON, the --log lines, exit codes, bad input that must not damage --out, reproducibility.
#include <QtTest>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include "tests/cli/cli_runner.h"

using namespace al::test;

class TestCliChatbot : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  QString tiny_;  // trained once for the whole suite
  QString architecture_;
  bool transformer() const { return architecture_ == "transformer"; }

  QString path(const QString& name) const { return dir_.filePath(name); }
  QStringList trainTiny(const QString& out) const {
    return {"train", "chatbot", "--architecture", architecture_, "--preset", "tiny", "--epochs", "2", "--threads", "2",
            "--out", out};
  }

  // [layer][head][rows][columns]: every row a distribution; with `causal`, nothing above the diagonal.
  static void checkLayers(const QJsonArray& layers, qsizetype rows, qsizetype columns, bool causal) {
    QVERIFY(!layers.isEmpty());
    for (const QJsonValue layer : layers) {
      QVERIFY(!layer.toArray().isEmpty());
      for (const QJsonValue head : layer.toArray()) {
        const QJsonArray matrix = head.toArray();
        QCOMPARE(matrix.size(), rows);
        for (qsizetype i = 0; i < rows; ++i) {
          const QJsonArray row = matrix[i].toArray();
          QCOMPARE(row.size(), columns);
          double sum = 0;
          for (qsizetype j = 0; j < columns; ++j) {
            sum += row[j].toDouble();
            if (causal && j > i) QCOMPARE(row[j].toDouble(), 0.0);
          }
          QVERIFY(std::abs(sum - 1.0) < 1e-4);
        }
      }
    }
  }

 public:
  explicit TestCliChatbot(QString architecture) : architecture_(std::move(architecture)) {}

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    tiny_ = path("tiny");
    QStringList args = trainTiny(tiny_);
    args << "--log" << path("tiny.log");
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
  }

  void modelDirectory() {
    for (const char* file : {"config.json", "model.safetensors", "source_vocab.txt", "target_vocab.txt", "history.json"})
      QVERIFY2(QFile::exists(tiny_ + "/" + file), file);
    const QJsonObject config = QJsonDocument::fromJson(readAll(tiny_ + "/config.json")).object();
    QCOMPARE(config["task"].toString(), QString(transformer() ? "seq2seq-transformer" : "seq2seq-attention"));
    QCOMPARE(config["format"].toString(), QString("attentionlab-model"));
    QCOMPARE(config["version"].toInt(), 1);
    const QList<QByteArray> vocab = readAll(tiny_ + "/target_vocab.txt").split('\n');
    QCOMPARE(vocab[0], QByteArray());
    QCOMPARE(vocab[1], QByteArray("[UNK]"));
    QVERIFY(vocab.contains("<start>") && vocab.contains("<end>"));
    QCOMPARE(QJsonDocument::fromJson(readAll(tiny_ + "/history.json")).array().size(), 2);
  }

  void logLines() {
    const QList<QByteArray> lines = readAll(path("tiny.log")).trimmed().split('\n');
    QVERIFY(lines.size() > 3);
    QStringList events;
    for (const QByteArray& line : lines) {
      const QJsonDocument d = QJsonDocument::fromJson(line);
      QVERIFY2(d.isObject(), line.constData());
      events << d.object()["event"].toString();
    }
    QVERIFY(events.contains("batch") && events.contains("epoch") && events.contains("checkpoint"));
    QCOMPARE(events.last(), QString("done"));
  }

  void askJson_data() {
    QTest::addColumn<QString>("question");
    QTest::newRow("ordinary") << "how are you?";
    QTest::newRow("unknown words only") << "zorblax quux frobnicate";
    QString huge;
    for (int i = 0; i < 5000; ++i) huge += "word ";
    QTest::newRow("5000 words") << huge;
  }

  // --keep last: the model directory holds the last epoch, not the one of the lowest validation loss. A
  // validation split is asked for: the tiny preset trains on every built-in conversation.
  void keepLastSavesTheLastEpoch() {
    const QString out = path(QString("keep-last-%1").arg(architecture_));
    const QStringList args{"train", "chatbot", "--architecture", architecture_, "--preset", "tiny", "--epochs", "3",
                           "--validation-split", "0.2", "--keep", "last", "--threads", "1", "--out", out};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
    QVERIFY2(run.err.contains("(epoch 3)"), run.err.constData());
    const QStringList bad{"train", "chatbot", "--preset", "tiny", "--keep", "first", "--out", out + "-bad"};
    QCOMPARE(runCli(bad).exitCode, 2);
  }

  // An empty question is refused as predict refuses an empty review: exit 3, "no words", nothing on stdout.
  void askRejectsAnEmptyQuestion() {
    for (const QString& question : {QString(""), QString("   "), QString("¿¿ ;; --")}) {
      for (const bool json : {false, true}) {
        QStringList args{"ask", "--model", tiny_};
        if (json) args << "--json";
        args << question;
        const CliRun run = runCli(args);
        QVERIFY2(run.exitCode == 3, qPrintable(describe(run, args)));
        QVERIFY2(run.err.contains("no words"), run.err.constData());
        QVERIFY2(run.out.trimmed().isEmpty(), run.out.constData());
      }
    }
  }

  void askJson() {
    QFETCH(QString, question);
    const QStringList args{"ask", "--model", tiny_, "--json", question};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
    const QJsonObject o = QJsonDocument::fromJson(run.out).object();
    QVERIFY(o["answer"].isString());
    const QJsonArray source = o["source_tokens"].toArray(), output = o["output_tokens"].toArray();
    const QJsonArray attention = o["attention"].toArray();
    QVERIFY(source.size() >= 2 && source.size() <= 24);
    QCOMPARE(source.first().toString(), QString("<start>"));
    QCOMPARE(source.last().toString(), QString("<end>"));
    QVERIFY(!output.isEmpty() && output.size() <= 24);
    QCOMPARE(attention.size(), output.size());
    for (const QJsonValue row : attention) {
      QCOMPARE(row.toArray().size(), source.size());
      double sum = 0;
      for (const QJsonValue w : row.toArray()) sum += w.toDouble();
      QVERIFY(std::abs(sum - 1.0) < 1e-4);
    }
    if (!transformer()) {
      QVERIFY(!o.contains("cross_attention"));
      return;
    }
    checkLayers(o["cross_attention"].toArray(), output.size(), source.size(), false);
    checkLayers(o["decoder_attention"].toArray(), output.size(), output.size(), true);
    checkLayers(o["encoder_attention"].toArray(), source.size(), source.size(), false);
  }

  void askText() {
    const CliRun run = runCli({"ask", "--model", tiny_, "where is the post office?"});
    QCOMPARE(run.exitCode, 0);
    QVERIFY(run.out.contains("alignment"));
    QVERIFY(run.out.contains("office"));
  }

  void evalAndBenchJson() {
    CliRun run = runCli({"eval", "--model", tiny_, "--json"});
    QCOMPARE(run.exitCode, 0);
    QJsonObject o = QJsonDocument::fromJson(run.out).object();
    QVERIFY(o["loss"].toDouble() > 0);
    QVERIFY(o["accuracy"].toDouble() >= 0 && o["accuracy"].toDouble() <= 1);
    QVERIFY(o["samples"].toInt() > 100);
    run = runCli({"bench", "chatbot", "--architecture", architecture_, "--preset", "tiny", "--steps", "1", "--threads", "2", "--json"});
    QCOMPARE(run.exitCode, 0);
    o = QJsonDocument::fromJson(run.out).object();
    for (const char* key : {"task", "preset", "batch_size", "sequence_length", "threads", "ms_per_step", "samples_per_s", "gflops"})
      QVERIFY2(o.contains(key), key);
    QCOMPARE(o["task"].toString(), QString(transformer() ? "chatbot-transformer" : "chatbot"));
    QVERIFY(o["ms_per_step"].toDouble() > 0);
  }

  // Same seed, same threads: the same weights, byte for byte.
  void reproducible() {
    const CliRun run = runCli(trainTiny(path("again")));
    QCOMPARE(run.exitCode, 0);
    QCOMPARE(readAll(path("again") + "/model.safetensors"), readAll(tiny_ + "/model.safetensors"));
  }

  void badDataKeepsOut() {
    const QString out = path("keep");
    QVERIFY(QDir().mkpath(out));
    writeFile(out + "/marker", "old model");
    writeFile(path("bad.txt"), "hi\thello\nthis line has no tab\n");
    QStringList args = trainTiny(out);
    args << "--data" << path("bad.txt");
    const CliRun run = runCli(args);
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains("bad.txt:2"), run.err.constData());
    QCOMPARE(readAll(out + "/marker"), QByteArray("old model"));
    QCOMPARE(runCli({"ask", "--model", path("nothing-here"), "hi"}).exitCode, 3);
    QCOMPARE(runCli({"train", "chatbot", "--architecture", architecture_, "--data", "builtin:nope", "--out", out}).exitCode, 3);
    QCOMPARE(runCli({"train", "chatbot", "--architecture", "lstm", "--out", out}).exitCode, 2);
    QCOMPARE(runCli({"ask", "--model", tiny_, "--json", QString::fromLatin1("caf\xe9")}).exitCode, 0);  // Latin-1 é arrives as UTF-8
  }
};

int main(int argc, char** argv) {
  int failures = 0;
  for (const char* architecture : {"gru", "transformer"}) {
    TestCliChatbot test(architecture);
    failures += QTest::qExec(&test, argc, argv);
  }
  return failures;
}
#include "test_cli_chatbot.moc"
