// Every number traceable: a number in a lesson, the manual or a step text (English and Chinese) is a citation of
// the register of measured claims (docs/measurements.json, {{m:KEY}}), a setting of the measurement its paragraph
// cites, a number quoted from the texts in a paragraph that names its source, a constant of the register's short
// list, or a small structural number (0 to 16: lessons, layers, heads, steps). Anything else fails, with where it
// stands. The register itself is checked too: every entry names its run, and every run its commands, model,
// commit and kind; the lesson reader writes the cited values in.
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>
#include <cmath>

#include "tests/teaching_texts.h"
#include "ui/lessons/lesson_file.h"

using al::test::TextParagraph;

namespace {

QJsonObject theRegister() {
  return QJsonDocument::fromJson(al::test::readSource(QStringLiteral("docs/measurements.json")).toUtf8()).object();
}

// The words that name a source, in both languages.
QStringList namesOf(const QString& source) {
  if (source == QLatin1String("book")) return {"book", "Chollet", "书", "教材"};
  if (source == QLatin1String("article")) return {"article", "文章"};
  if (source == QLatin1String("paper")) return {"paper", "论文"};
  if (source == QLatin1String("tutorial")) return {"tutorial", "教程"};
  if (source == QLatin1String("keras")) return {"Keras"};
  return {};
}

double numberOf(QString text) { return text.remove(QLatin1Char(',')).toDouble(); }
bool same(double a, double b) { return std::abs(a - b) < 1e-9; }

QList<double> numbersIn(const QJsonValue& value) {
  QList<double> numbers;
  if (value.isDouble()) numbers << value.toDouble();
  for (const QJsonValue& item : value.toArray()) numbers << item.toDouble();
  return numbers;
}

class NumberRules {
 public:
  explicit NumberRules(const QJsonObject& reg) : measurements_(reg.value("measurements").toObject()) {
    for (const QJsonValue& q : reg.value("quotations").toArray()) quotations_.push_back(q.toObject());
    for (const QJsonValue& c : reg.value("constants").toArray()) constants_ << c.toObject().value("number").toDouble();
  }

  // The problems of one paragraph: numbers no rule allows, citations of keys the register lacks.
  QStringList problems(const TextParagraph& paragraph) const {
    static const QRegularExpression citation(QStringLiteral("\\{\\{m:([A-Za-z0-9_.-]+)(?:\\[(\\d+)\\])?\\}\\}"));
    static const QRegularExpression number(QStringLiteral("(?<![A-Za-z_\\d.,])\\d+(?:[.,]\\d+)*(?![A-Za-z_\\d])"));
    QStringList found;
    QList<double> setup;
    for (const QRegularExpressionMatch& m : citation.globalMatch(paragraph.text)) {
      if (!measurements_.contains(m.captured(1))) found << QStringLiteral("%1: cites %2, not in the register")
                                                               .arg(paragraph.where, m.captured(0));
      setup << numbersIn(measurements_.value(m.captured(1)).toObject().value("setup"));
    }
    QString text = paragraph.text;
    text.remove(citation);
    for (const QRegularExpressionMatch& m : number.globalMatch(text)) {
      const double value = numberOf(m.captured(0));
      if (allowed(value, text, setup)) continue;
      found << QStringLiteral("%1: %2 in “%3”").arg(paragraph.where, m.captured(0),
                                                     text.mid(std::max<qsizetype>(0, m.capturedStart() - 50), 100)
                                                         .simplified());
    }
    return found;
  }

 private:
  bool allowed(double value, const QString& text, const QList<double>& setup) const {
    if (value == std::floor(value) && value >= 0 && value <= 16) return true;  // structural
    for (double c : constants_)
      if (same(c, value)) return true;
    for (double s : setup)
      if (same(s, value)) return true;
    for (const QJsonObject& q : quotations_) {
      if (!same(q.value("number").toDouble(), value)) continue;
      QStringList sources;
      const QJsonValue source = q.value("source");
      if (source.isString()) sources << source.toString();
      for (const QJsonValue& s : source.toArray()) sources << s.toString();
      for (const QString& s : sources)
        for (const QString& name : namesOf(s))
          if (text.contains(name)) return true;
    }
    return false;
  }

  QJsonObject measurements_;
  std::vector<QJsonObject> quotations_;
  QList<double> constants_;
};

QStringList problemsOf(const std::vector<TextParagraph>& paragraphs) {
  const NumberRules rules(theRegister());
  QStringList problems;
  for (const TextParagraph& p : paragraphs) problems << rules.problems(p);
  return problems;
}

// Prints every problem (a test message would be cut short) and says how many there were.
QString listed(const QStringList& problems) {
  for (const QString& problem : problems) qWarning().noquote() << problem;
  return QStringLiteral("%1 problem(s), listed above").arg(problems.size());
}

}  // namespace

class TestClaims : public QObject {
  Q_OBJECT
 private slots:
  // The rules themselves: a measured-looking number fails, the same number cited or quoted with its source passes.
  void rulesTellACitationFromABareNumber() {
    const NumberRules rules(theRegister());
    auto problems = [&](const QString& text) { return rules.problems({QStringLiteral("here"), "en", text, {}}); };
    QCOMPARE(problems(QStringLiteral("Switching off head 1 costs 6.3 points.")).size(), 1);
    QVERIFY(problems(QStringLiteral("It reached {{m:imdb.classroom.test}} % on the test reviews.")).isEmpty());
    QCOMPARE(problems(QStringLiteral("It reached {{m:no.such.key}} %.")).size(), 1);
    QCOMPARE(problems(QStringLiteral("IMDB gives 20,000 / 233 ≈ 86.")).size(), 3);
    QVERIFY(problems(QStringLiteral("The book's IMDB gives 20,000 / 233 ≈ 86.")).isEmpty());
    QVERIFY(problems(QStringLiteral("书中的 IMDB：20,000 / 233 ≈ 86。")).isEmpty());
    QVERIFY(problems(QStringLiteral("Layer 3 of 12, heads 0..7, step 16.")).isEmpty());
    QCOMPARE(problems(QStringLiteral("About 17 layers.")).size(), 1);
  }

  void lessonsStateOnlyTraceableNumbers() {
    const QStringList problems = problemsOf(al::test::lessonParagraphs());
    QVERIFY2(problems.isEmpty(), qPrintable(listed(problems)));
  }

  void manualStatesOnlyTraceableNumbers() {
    const QStringList problems = problemsOf(al::test::manualParagraphs());
    QVERIFY2(problems.isEmpty(), qPrintable(listed(problems)));
  }

  void stepTextsStateOnlyTraceableNumbers() {
    const std::vector<TextParagraph> messages = al::test::translationMessages({QStringLiteral("StepTexts")});
    QVERIFY(messages.size() > 100);  // English and Chinese of the walks' steps
    const QStringList problems = problemsOf(messages);
    QVERIFY2(problems.isEmpty(), qPrintable(listed(problems)));
  }

  // Every entry has its run, value, decimals, tolerance and sample size; every run its kind, commands, model,
  // commit and date; a quick run's entries say where scripts/measure reads them.
  void registerIsComplete() {
    const QJsonObject reg = theRegister();
    const QJsonObject runs = reg.value("runs").toObject(), entries = reg.value("measurements").toObject();
    QVERIFY(!runs.isEmpty());
    QVERIFY(!entries.isEmpty());
    for (auto run = runs.begin(); run != runs.end(); ++run) {
      const QJsonObject r = run->toObject();
      const QString kind = r.value("kind").toString();
      QVERIFY2(kind == QLatin1String("quick") || kind == QLatin1String("slow"), qPrintable(run.key()));
      QVERIFY2(r.value("commands").isArray() && r.value("what").isString(), qPrintable(run.key()));
      for (const char* field : {"task", "preset", "data", "seed"})
        QVERIFY2(r.value("model").toObject().contains(QLatin1String(field)), qPrintable(run.key() + ": " + field));
      QVERIFY2(r.contains("commit") && r.contains("last_run"), qPrintable(run.key()));
      if (kind == QLatin1String("quick")) {
        QVERIFY2(!r.value("commands").toArray().isEmpty(), qPrintable(run.key()));
        QVERIFY2(!r.value("commit").toString().isEmpty(), qPrintable(run.key()));
      }
    }
    for (auto entry = entries.begin(); entry != entries.end(); ++entry) {
      const QJsonObject e = entry->toObject();
      const QString run = e.value("run").toString();
      QVERIFY2(runs.contains(run), qPrintable(entry.key() + ": run " + run));
      QVERIFY2(!numbersIn(e.value("value")).isEmpty(), qPrintable(entry.key()));
      for (const char* field : {"decimals", "tolerance", "samples", "what"})
        QVERIFY2(e.contains(QLatin1String(field)), qPrintable(entry.key() + ": " + field));
      if (runs.value(run).toObject().value("kind").toString() == QLatin1String("quick"))
        QVERIFY2(e.value("read").toObject().contains("file") && e.value("read").toObject().contains("path"),
                 qPrintable(entry.key() + ": read"));
    }
  }

  // The README names the register's keys beside the numbers it took from it: each key exists.
  void readmeCitesExistingKeys() {
    const QJsonObject entries = theRegister().value("measurements").toObject();
    static const QRegularExpression cited(QStringLiteral("\\[m:([A-Za-z0-9_.-]+)\\]"));
    int citations = 0;
    for (const QRegularExpressionMatch& m : cited.globalMatch(al::test::readSource(QStringLiteral("README.md")))) {
      QVERIFY2(entries.contains(m.captured(1)), qPrintable(m.captured(0)));
      ++citations;
    }
    QVERIFY(citations > 0);
  }

  // A name the texts give is written as they write it, in every text a student reads: the book's layer is
  // PositionalEmbedding (lesson 4 and the decoder's code panel once called it PositionEmbedding, the app's own
  // class). Each pair: the wrong name, as a whole word, and the text's.
  void namesFromTheTextsAsTheyWriteThem() {
    const std::vector<std::pair<QString, QString>> names = {{"PositionEmbedding", "PositionalEmbedding"}};
    std::vector<TextParagraph> texts = al::test::lessonParagraphs();
    for (const TextParagraph& p : al::test::manualParagraphs()) texts.push_back(p);
    for (const TextParagraph& p : al::test::translationMessages()) texts.push_back(p);
    texts.push_back({QStringLiteral("resources/teaching/step_code.json"), QStringLiteral("en"),
                     al::test::readSource(QStringLiteral("resources/teaching/step_code.json")), QString()});
    QStringList problems;
    for (const auto& [wrong, right] : names) {
      const QRegularExpression word(QStringLiteral("\\b%1\\b").arg(wrong));
      for (const TextParagraph& p : texts)
        if (p.text.contains(word)) problems << QStringLiteral("%1: %2 (the text writes %3)").arg(p.where, wrong, right);
    }
    QVERIFY2(problems.isEmpty(), qPrintable(listed(problems)));
  }

  // The reader writes the register's values in, in both languages; a key it lacks is an error naming the line.
  void lessonReaderFillsInCitations() {
    QCOMPARE(al::ui::withMeasurements(QStringLiteral("{{m:imdb.classroom.test}} %, {{m:mlm.from_mlm[1]}} %")),
             QStringLiteral("88.8 %, 71.3 %"));
    QString unknown;
    al::ui::withMeasurements(QStringLiteral("{{m:mlm.from_mlm[7]}}"), &unknown);
    QCOMPARE(unknown, QStringLiteral("{{m:mlm.from_mlm[7]}}"));
    const QByteArray lesson = "=== lesson x\npage: step\n"
                              "--- title en\nT\n--- text en\n{{m:no.such.key}}\n--- try en\nT\n--- question en\nQ\n"
                              "--- answer en\nA\n--- title zh_CN\nT\n--- text zh_CN\nT\n--- try zh_CN\nT\n"
                              "--- question zh_CN\nQ\n--- answer zh_CN\nA\n";
    try {
      al::ui::parseLessons(lesson, QStringLiteral("mine.lesson"));
      QFAIL("a citation of a key the register lacks was read");
    } catch (const al::ui::LessonFileError& error) {
      QCOMPARE(error.line(), 5);
      QVERIFY(error.message().contains(QStringLiteral("no.such.key")));
    }
    for (const al::ui::Lesson& builtin : al::ui::builtinLessons())
      for (const al::ui::LessonTexts& texts : builtin.texts)
        QVERIFY2(!(texts.text + texts.tryThis + texts.answer).contains(QStringLiteral("{{")), qPrintable(builtin.id));
  }
};

QTEST_MAIN(TestClaims)
#include "test_claims.moc"
