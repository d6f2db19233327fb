// attentionlab-cli's GPT-style language model (task causal-lm): `train lm` on a text file, then `generate` and
// `inspect` on the directory it wrote (contracts: cli.md, pretrained.md), and the input it must refuse.
#include <QtTest>

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include "tests/cli/cli_runner.h"

namespace {

using al::test::CliRun;
using al::test::describe;
using al::test::readAll;
using al::test::runCli;
using al::test::writeFile;

QJsonObject jsonOf(const QByteArray& bytes) { return QJsonDocument::fromJson(bytes).object(); }

// Lines (documents) a tiny model learns in seconds.
const QByteArray kText = QByteArray("the cat sat on the mat. the cat sat on the mat. the cat sat on the mat.\n\n")
                             .repeated(30) +
                         "the dog ran to the log. the dog ran to the log.\n";

}  // namespace

class TestCliLm : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    text_ = dir_.filePath("text.txt");
    writeFile(text_, kText);
    model_ = dir_.filePath("lm");
    const QStringList args = {"train", "lm", "--data", text_, "--out", model_, "--epochs", "30", "--threads", "2",
                              "--sequence-length", "24", "--tokenizer", "chars", "--log", dir_.filePath("log.jsonl")};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
  }

  // The directory is a causal-lm of the contract, with the chars tokenizer and [EOS] on vocab.txt line 3, and the
  // log has a sample after every epoch.
  void trainWritesTheModelDirectory() {
    const QJsonObject config = jsonOf(readAll(model_ + "/config.json"));
    QCOMPARE(config["task"].toString(), QStringLiteral("causal-lm"));
    QCOMPARE(config["tokenizer"].toString(), QStringLiteral("chars"));
    QCOMPARE(config["sequence_length"].toInt(), 24);
    const QStringList vocab = QString::fromUtf8(readAll(model_ + "/vocab.txt")).split('\n');
    QVERIFY(vocab.size() > 3);
    QCOMPARE(vocab[2], QStringLiteral("[EOS]"));
    QCOMPARE(config["vocab_size"].toInt(), vocab.size() - 1);  // the characters of the text, not the preset's cap
    int samples = 0;
    for (const QByteArray& line : readAll(dir_.filePath("log.jsonl")).split('\n'))
      if (jsonOf(line)["event"].toString() == "sample") ++samples;
    QCOMPARE(samples, 30);
    const QJsonArray history = QJsonDocument::fromJson(readAll(model_ + "/history.json")).array();
    QCOMPARE(history.size(), 30);
    QVERIFY(history.last()["loss"].toDouble() < history.first()["loss"].toDouble());
  }

  // Greedy generation continues the only sentence of the text, and reports every step's candidates.
  void generateContinuesTheText() {
    const QStringList args = {"generate", "--model", model_, "--json", "--max-new-tokens", "8", "the cat sat on"};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
    const QJsonObject out = jsonOf(run.out);
    QCOMPARE(out["prompt_tokens"].toArray().size(), 14);  // characters
    QCOMPARE(out["tokens"].toArray().size(), 8);
    QCOMPARE(out["steps"].toArray().size(), 8);
    QCOMPARE(out["text"].toString(), QStringLiteral(" the mat"));
    const QJsonArray top = out["steps"][0]["top"].toArray();
    QCOMPARE(top.size(), 10);
    QVERIFY(top[0]["probability"].toDouble() >= top[1]["probability"].toDouble());
  }

  // Sampling with a seed repeats itself; another seed may differ, but the output has the asked length.
  void sampledGenerationRepeatsWithItsSeed() {
    const QStringList args = {"generate", "--model", model_, "--json", "--temperature", "1.5", "--top-k", "5",
                              "--seed", "7", "--max-new-tokens", "20", "the"};
    const CliRun a = runCli(args), b = runCli(args);
    QVERIFY2(a.exitCode == 0, qPrintable(describe(a, args)));
    QCOMPARE(jsonOf(a.out)["text"], jsonOf(b.out)["text"]);
    QCOMPARE(jsonOf(a.out)["tokens"].toArray().size(), 20);
  }

  // inspect reads a text longer than the window segment by segment: all its tokens, the last segment's maps.
  void inspectShowsTheLastSegment() {
    const QString text = QStringLiteral("the cat sat on the mat. the dog ran to the log.");  // 47 characters: 24 + 23
    const QStringList args = {"inspect", "--model", model_, "--json", text};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
    const QJsonObject out = jsonOf(run.out);
    QCOMPARE(out["model_type"].toString(), QStringLiteral("causal-lm"));
    QCOMPARE(out["tokens"].toArray().size(), text.size());
    const QJsonArray layers = out["attention"].toArray();
    QCOMPARE(layers.size(), out["layers"].toInt());
    const QJsonArray map = layers[0][0].toArray();
    QCOMPARE(map.size(), text.size() - 24);
    QCOMPARE(map[0].toArray().size(), text.size() - 24);
    QCOMPARE(map[0][1].toDouble(), 0.0);  // causal: the first token sees only itself
    QCOMPARE(map[0][0].toDouble(), 1.0);
  }

  // Transformer-XL from the command line: --position relative --memory M trains a model whose config says so;
  // inspect reads the text segment after segment and shows the last segment's maps over [memory ; segment];
  // generate writes with the memory.
  void relativeWithMemory() {
    const QString model = dir_.filePath("xl");
    QVERIFY(trainsWithMemory(model, "16", {"--epochs", "3", "--threads", "2"}));
    const QJsonObject config = jsonOf(readAll(model + "/config.json"));
    QCOMPARE(config["position"].toString(), QStringLiteral("relative"));
    QCOMPARE(config["memory_length"].toInt(), 16);

    const QString text = QStringLiteral("the cat sat on the mat. the dog ran to the log.");  // 47 = 16 + 16 + 15
    const QStringList inspect = {"inspect", "--model", model, "--json", text};
    const CliRun read = runCli(inspect);
    QVERIFY2(read.exitCode == 0, qPrintable(describe(read, inspect)));
    const QJsonObject out = jsonOf(read.out);
    QCOMPARE(out["tokens"].toArray().size(), text.size());
    const QJsonArray map = out["attention"][0][0].toArray();
    QCOMPARE(map.size(), 15);                 // the last segment's queries
    QCOMPARE(map[0].toArray().size(), 16 + 15);  // its memory of 16, then the segment
    QVERIFY(map[0][16].toDouble() > 0.0);     // the first query sees the memory and itself
    QCOMPARE(map[0][17].toDouble(), 0.0);     // not the next token
    double sum = 0;
    for (const QJsonValue& w : map[0].toArray()) sum += w.toDouble();
    QVERIFY(std::abs(sum - 1.0) < 1e-4);

    const QStringList generate = {"generate", "--model", model, "--json", "--max-new-tokens", "6", text};
    const CliRun written = runCli(generate);
    QVERIFY2(written.exitCode == 0, qPrintable(describe(written, generate)));
    QCOMPARE(jsonOf(written.out)["tokens"].toArray().size(), 6);
  }

  // bench lm: tokens per second of one text evaluated by a vanilla model sliding its window and by the memory model
  // reusing its cache; it needs a model with a memory and --model.
  void benchLm() {
    const QString model = dir_.filePath("xl-bench");
    QVERIFY(trainsWithMemory(model, "32", {"--epochs", "1", "--threads", "1"}));
    const QStringList args = {"bench", "lm", "--model", model, "--data", text_, "--tokens", "300", "--threads", "1",
                              "--json"};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
    const QJsonObject o = jsonOf(run.out);
    QCOMPARE(o["tokens"].toInt(), 300);
    QCOMPARE(o["sequence_length"].toInt(), 16);
    QCOMPARE(o["memory_length"].toInt(), 32);
    for (const char* key : {"vanilla_tokens_per_s", "memory_tokens_per_s", "memory_one_by_one_tokens_per_s"})
      QVERIFY2(o[key].toDouble() > 0, key);
    QVERIFY(std::abs(o["speedup"].toDouble() - o["memory_tokens_per_s"].toDouble() / o["vanilla_tokens_per_s"].toDouble()) < 1e-6);

    const CliRun noModel = runCli({"bench", "lm", "--data", text_});
    QCOMPARE(noModel.exitCode, 2);
    const CliRun noMemory = runCli({"bench", "lm", "--model", model_, "--data", text_});  // learned positions
    QCOMPARE(noMemory.exitCode, 3);
    QVERIFY2(noMemory.err.contains("memory"), noMemory.err.constData());
    const CliRun tooLong = runCli({"bench", "lm", "--model", model, "--data", text_, "--tokens", "100000"});
    QCOMPARE(tooLong.exitCode, 3);
  }

  // eval on long-range reports, besides the whole text's loss, the accuracy on the tokens that need the first
  // mention (a name's first letter, a number's digits), and each kind of repeated character apart.
  void evalReportsLongRangeRecall() {
    const QStringList args = {"eval", "--model", model_, "--data", "long-range", "--json", "--threads", "2"};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
    const QJsonObject out = jsonOf(run.out);
    QVERIFY(out["loss"].toDouble() > 0);
    const QJsonObject recall = out["long_range"].toObject();
    // 200 documents: each a name's first letter and 4 digits
    QCOMPARE(recall["name_first"].toObject()["tokens"].toInt(), 200);
    QCOMPARE(recall["digits"].toObject()["tokens"].toInt(), 800);
    QCOMPARE(recall["tokens"].toInt(), 1000);
    const int rest = recall["name_rest"].toObject()["tokens"].toInt();
    QVERIFY2(rest > 400, qPrintable(QString::fromUtf8(run.out)));  // names of 3 to 6 letters
    QCOMPARE(recall["repeated"].toObject()["tokens"].toInt(), 1000 + rest);
    const double correct = recall["name_first"].toObject()["accuracy"].toDouble() * 200 +
                           recall["digits"].toObject()["accuracy"].toDouble() * 800;
    QVERIFY(qAbs(recall["accuracy"].toDouble() - correct / 1000) < 1e-9);
    const QStringList plain = {"eval", "--model", model_, "--data", "long-range", "--threads", "2"};
    const QByteArray text = runCli(plain).out;
    QVERIFY(text.contains("tokens that need the first mention"));
    QVERIFY(text.contains("a repeated number's digits"));
  }

  // A model trained on long-range with seed 7 is measured on seed 7's test documents, the ones it never trained
  // on, not on the default seed's; --seed picks another, and the output says which seed and why.
  void evalUsesTheTrainingSeed() {
    const QString seven = modelRecordingSeed(7);
    const QJsonObject recorded = evalJson({"--model", seven, "--data", "long-range"});
    QCOMPARE(recorded["seed"].toInt(), 7);
    QCOMPARE(recorded["seed_from"].toString(), QStringLiteral("training_record"));
    const QJsonObject asked = evalJson({"--model", model_, "--data", "long-range", "--seed", "7"});
    QCOMPARE(asked["seed_from"].toString(), QStringLiteral("asked"));
    QCOMPARE(asked["loss"].toDouble(), recorded["loss"].toDouble());  // the same documents, the same weights
    const QJsonObject own = evalJson({"--model", model_, "--data", "long-range"});
    QCOMPARE(own["seed"].toInt(), 1337);  // model_ was trained with the default seed
    QVERIFY(own["loss"].toDouble() != recorded["loss"].toDouble());  // other documents
    const QStringList plain = {"eval", "--model", seven, "--data", "long-range", "--threads", "2"};
    const CliRun run = runCli(plain);
    QVERIFY2(run.out.contains("drawn with seed 7, the seed the model was trained with"), qPrintable(describe(run, plain)));
  }

  // A language model is scored on each next token: its own words (perplexity, next-token accuracy), not a masked
  // model's; a text file is read as it is, so a seed is refused.
  void evalSpeaksOfNextTokens() {
    const QStringList args = {"eval", "--model", model_, "--data", text_, "--threads", "2"};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
    for (const char* words : {"perplexity", "next-token accuracy", "tokens predicted"})
      QVERIFY2(run.out.contains(words), qPrintable(describe(run, args)));
    for (const char* words : {"masked", "hidden", "seed"})
      QVERIFY2(!run.out.contains(words), qPrintable(describe(run, args)));
    const CliRun seeded = runCli(args + QStringList{"--seed", "7"});
    QCOMPARE(seeded.exitCode, 3);
    QVERIFY2(seeded.err.contains("generated text"), seeded.err.constData());
  }

  void refusesBadInput_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("missing file") << QStringList{"train", "lm", "--data", "no-such-text.txt"} << 3
                                  << QStringLiteral("no-such-text.txt");
    QTest::newRow("unknown builtin") << QStringList{"train", "lm", "--data", "builtin:fr"} << 3
                                     << QStringLiteral("builtin:fr");
    QTest::newRow("unknown preset") << QStringList{"train", "lm", "--preset", "book"} << 3 << QStringLiteral("large");
    QTest::newRow("window of one token") << QStringList{"train", "lm", "--sequence-length", "1"} << 3
                                         << QStringLiteral("sequence_length of at least 2");
    QTest::newRow("a classifier's position") << QStringList{"train", "lm", "--position", "none"} << 3
                                             << QStringLiteral("learned");
    QTest::newRow("memory without relative") << QStringList{"train", "lm", "--memory", "4"} << 3
                                             << QStringLiteral("--position relative");
    QTest::newRow("empty prompt") << QStringList{"generate", "--model", "MODEL", ""} << 3
                                  << QStringLiteral("no tokens");
  }

  // Exit 3 for bad data (the message names it), 2 for a bad command line; nothing is written.
  void refusesBadInput() {
    QFETCH(QStringList, args);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    args.replaceInStrings(QStringLiteral("MODEL"), model_);
    const QString out = dir_.filePath("refused");
    if (args[0] == "train") args << "--out" << out;
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == exitCode, qPrintable(describe(run, args)));
    QVERIFY2(QString::fromUtf8(run.err).contains(message), qPrintable(describe(run, args)));
    QVERIFY(!QFile::exists(out));
  }

  // A file that is not UTF-8 is refused with its name and the place of the first bad byte.
  void refusesTextThatIsNotUtf8() {
    const QString latin1 = dir_.filePath("latin1.txt");
    writeFile(latin1, QByteArray("caf\xe9 au lait\n"));
    const QStringList args = {"train", "lm", "--data", latin1, "--out", dir_.filePath("latin1-model")};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 3, qPrintable(describe(run, args)));
    QVERIFY(run.err.contains("latin1.txt"));
    QVERIFY(run.err.contains("UTF-8"));
  }

  // A language model answers generate and inspect, not predict; a classifier's directory is not a generator.
  void otherCommandsNameTheRightOne() {
    const QStringList args = {"predict", "--model", model_, "the cat"};
    const CliRun run = runCli(args);
    QCOMPARE(run.exitCode, 3);
    QVERIFY2(run.err.contains("generate"), qPrintable(describe(run, args)));
  }

 private:
  // train lm of a Transformer-XL (relative positions, segments of 16, a memory of `memory` tokens) on the suite's
  // text into `model`; false, with the command and its error as a warning, unless it exits 0.
  bool trainsWithMemory(const QString& model, const QString& memory, const QStringList& more) {
    const QStringList args = QStringList{"train", "lm", "--data", text_, "--out", model, "--sequence-length", "16",
                                         "--position", "relative", "--memory", memory} + more;
    const CliRun run = runCli(args);
    if (run.exitCode != 0) qWarning("%s", qPrintable(describe(run, args)));
    return run.exitCode == 0;
  }

  // eval --json with `args` on 2 threads; empty (with the command and its error as a warning) unless it exits 0.
  QJsonObject evalJson(const QStringList& args) {
    const QStringList all = QStringList{"eval", "--json", "--threads", "2"} + args;
    const CliRun run = runCli(all);
    if (run.exitCode != 0) qWarning("%s", qPrintable(describe(run, all)));
    return run.exitCode == 0 ? jsonOf(run.out) : QJsonObject();
  }

  // A copy of model_ whose training.json says it was trained with `seed`.
  QString modelRecordingSeed(int seed) {
    const QString copy = dir_.filePath(QStringLiteral("lm-seed-%1").arg(seed));
    QDir().mkpath(copy);
    for (const QString& file : QDir(model_).entryList(QDir::Files)) QFile::copy(model_ + "/" + file, copy + "/" + file);
    QJsonObject record = jsonOf(readAll(copy + "/training.json"));
    QJsonObject settings = record["settings"].toObject();
    settings["seed"] = seed;
    record["settings"] = settings;
    writeFile(copy + "/training.json", QJsonDocument(record).toJson());
    return copy;
  }

  QTemporaryDir dir_;
  QString text_, model_;
};

QTEST_GUILESS_MAIN(TestCliLm)
#include "test_cli_lm.moc"
