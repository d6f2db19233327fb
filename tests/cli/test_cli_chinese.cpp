// Chinese text end to end, as a user of attentionlab-cli sees it: the icu_words tokenizer and the tokenize
// command, the built-in Chinese reviews (position beats no position, as on the English corpus), predict on
// 小明把书包忘在教室，它很沉。 word by word, and the Chinese -> English translation task whose alignment crosses.
#include <QtTest>

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include "tests/cli/cli_runner.h"

using namespace al::test;

namespace {

const QString kSentence = QStringLiteral("小明把书包忘在教室，它很沉。");

QJsonObject runJson(const QStringList& args) {
  const CliRun run = runCli(args);
  if (run.exitCode != 0) qWarning("%s", qPrintable(describe(run, args)));
  return QJsonDocument::fromJson(run.out).object();
}

QStringList strings(const QJsonValue& array) {
  QStringList out;
  for (const QJsonValue& v : array.toArray()) out << v.toString();
  return out;
}

}  // namespace

class TestCliChinese : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  QString reviews_;  // a Transformer trained once on builtin:zh

  QString path(const QString& name) const { return dir_.filePath(name); }

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    reviews_ = path("zh");
    const QStringList args{"train", "imdb", "--data", "builtin:zh", "--tokenizer", "icu_words", "--preset", "tiny",
                           "--threads", "2", "--out", reviews_};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
  }

  void tokenizeWithANamedTokenizer() {
    QJsonObject out = runJson({"tokenize", "--tokenizer", "icu_words", "--task", "imdb", "--json", kSentence});
    QCOMPARE(out.value("tokenizer").toString(), QString("icu_words"));
    QCOMPARE(strings(out.value("tokens")), QString("小明 把 书包 忘 在 教室 它 很 沉").split(' '));
    QVERIFY(!out.contains("ids"));  // ids only with --model
    out = runJson({"tokenize", "--tokenizer", "icu_words", "--task", "seq2seq", "--json", kSentence});
    QCOMPARE(strings(out.value("tokens")), QString("小明 把 书包 忘 在 教室 ， 它 很 沉 。").split(' '));
    // today's tokenizers are unchanged: keras reads the sentence as one token, ascii as none
    out = runJson({"tokenize", "--tokenizer", "keras", "--task", "imdb", "--json", kSentence});
    QCOMPARE(strings(out.value("tokens")), QStringList{kSentence});
    out = runJson({"tokenize", "--tokenizer", "ascii", "--task", "seq2seq", "--json", kSentence});
    QVERIFY(out.value("tokens").toArray().isEmpty());
  }

  void tokenizeWithAModel() {
    const QJsonObject out = runJson({"tokenize", "--model", reviews_, "--json", "虽然剧情很无聊，但是演技很出色。"});
    QCOMPARE(out.value("tokenizer").toString(), QString("icu_words"));
    QCOMPARE(strings(out.value("tokens")), QString("虽然 剧情 很 无聊 但是 演技 很 出色").split(' '));
    const QJsonArray ids = out.value("ids").toArray();
    QCOMPARE(ids.size(), 8);
    for (const QJsonValue& id : ids) QVERIFY2(id.toInt() >= 2, "every word of the corpus is in the vocabulary");
  }

  void tokenizeRejectsBadInput() {
    // (invalid UTF-8 cannot pass through QProcess's arguments: tests/core/test_tokenizer.cpp checks it)
    QCOMPARE(runCli({"tokenize", "text"}).exitCode, 2);                                    // neither --model nor --tokenizer
    QCOMPARE(runCli({"tokenize", "--tokenizer", "icu_words", "text"}).exitCode, 2);        // no --task
    QCOMPARE(runCli({"tokenize", "--tokenizer", "bpe", "--task", "imdb", "x"}).exitCode, 2);  // unknown name
    QCOMPARE(runCli({"tokenize", "--model", path("missing"), "x"}).exitCode, 3);
    QCOMPARE(runCli({"train", "imdb", "--tokenizer", "bpe"}).exitCode, 2);
  }

  void chineseReviewsAreLearned() {
    const QJsonObject out = runJson({"eval", "--model", reviews_, "--data", "builtin:zh", "--json"});
    const double accuracy = out.value("accuracy").toDouble(-1);
    QVERIFY2(accuracy >= 0.95, qPrintable(QString("test accuracy %1 < 0.95").arg(accuracy)));
    QCOMPARE(out.value("samples").toInt(), 1000);
  }

  void positionBeatsNoPosition() {
    const QStringList args{"train", "imdb", "--data", "builtin:zh", "--tokenizer", "icu_words", "--preset", "tiny",
                           "--threads", "2", "--position", "none", "--out", path("none")};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
    const double withPosition = runJson({"eval", "--model", reviews_, "--data", "builtin:zh", "--json"}).value("accuracy").toDouble();
    const double without = runJson({"eval", "--model", path("none"), "--data", "builtin:zh", "--json"}).value("accuracy").toDouble();
    QVERIFY2(withPosition - without >= 0.1, qPrintable(QString("learned %1, none %2").arg(withPosition).arg(without)));
  }

  void predictReadsTheSentenceWordByWord() {
    const QJsonObject out = runJson({"predict", "--model", reviews_, "--json", kSentence});
    const QStringList tokens = strings(out.value("tokens"));
    QVERIFY2(tokens.contains("书包") && tokens.contains("教室"), qPrintable(tokens.join(' ')));
    QCOMPARE(out.value("attention").toArray().at(0).toArray().at(0).toArray().size(), tokens.size());  // T x T
  }

  void aChineseSourceDefaultsToIcuWords() {
    // no --tokenizer: the data is mostly Chinese, so the model reads words, not one unknown token per review
    const QStringList args{"train", "bigram", "--data", "builtin:zh", "--preset", "tiny", "--epochs", "1", "--out", path("bigram")};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
    QCOMPARE(QJsonDocument::fromJson(readAll(path("bigram") + "/config.json")).object().value("tokenizer").toString(),
             QString("icu_words"));
    // --init keeps the model's tokenizer; asking for another one is an error that names the directory
    const CliRun clash = runCli({"train", "bigram", "--data", "builtin:zh", "--init", path("bigram"), "--tokenizer", "keras",
                                 "--epochs", "1", "--out", path("bigram2")});
    QCOMPARE(clash.exitCode, 3);
    QVERIFY2(clash.err.contains("icu_words"), clash.err.constData());
  }

  // A smaller model than the classroom preset (seconds, not minutes); the README gives the classroom number.
  void translatesChineseToEnglishAndTheAlignmentCrosses() {
    const QString model = path("translate");
    const QStringList args{"train", "chatbot", "--data", "builtin:translate-zh", "--preset", "tiny", "--embed-dim", "32",
                           "--units", "64", "--attention-units", "32", "--epochs", "8", "--batch-size", "32", "--lr", "5e-3",
                           "--threads", "2", "--out", model, "--log", path("translate.log")};
    const CliRun run = runCli(args);
    QVERIFY2(run.exitCode == 0, qPrintable(describe(run, args)));
    double exact = -1;
    for (const QByteArray& line : readAll(path("translate.log")).split('\n')) {
      const QJsonObject event = QJsonDocument::fromJson(line).object();
      if (event.value("event").toString() == "done") exact = event.value("test_exact_match").toDouble(-1);
    }
    QVERIFY2(exact >= 0.95, qPrintable(QString("%1 of the 300 held-out sentences exactly right").arg(exact)));
    QCOMPARE(QJsonDocument::fromJson(readAll(model + "/config.json")).object().value("tokenizer").toString(),
             QString("icu_words"));

    const QJsonObject out = runJson({"ask", "--model", model, "--json", "我昨天在公园看见了他。"});
    QCOMPARE(out.value("answer").toString(), QString("i saw him in the park yesterday ."));
    const QStringList source = strings(out.value("source_tokens"));
    const QStringList output = strings(out.value("output_tokens"));
    QCOMPARE(source, QString("<start> 我 昨天 在 公园 看见 了 他 。 <end>").split(' '));
    // "him" is written before "park", but 他 comes after 公园: the two alignment lines cross
    const auto looksAt = [&](const QString& word) {
      const QJsonArray row = out.value("attention").toArray().at(output.indexOf(word)).toArray();
      qsizetype best = 0;
      for (qsizetype j = 1; j < row.size(); ++j)
        if (row.at(j).toDouble() > row.at(best).toDouble()) best = j;
      return source.at(best);
    };
    QCOMPARE(looksAt("him"), QString("他"));
    QCOMPARE(looksAt("park"), QString("公园"));
  }
};

QTEST_GUILESS_MAIN(TestCliChinese)
#include "test_cli_chinese.moc"
