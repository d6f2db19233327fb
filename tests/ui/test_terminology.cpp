// One term per concept in Chinese: the glossary's checked table (resources/translations/glossary_zh_CN.md, "One term
// per concept (checked)") against every Chinese string the app shows: the translations, the lessons' Chinese
// sections and the Chinese manual. A string may not use a variant the table forbids (二元词袋 for 二元语法袋, 池化
// for 汇聚, ...), and a term the table ties to English words (片段: segment) stands only where the English says so.
#include <QtTest>

#include "tests/teaching_texts.h"

using al::test::TextParagraph;

namespace {

struct TermRule {
  QString meaning;  // the concept, as the table names it
  QStringList terms;      // the words to use
  QStringList forbidden;  // variants not to use
  QStringList onlyWhere;  // English words the string's English must contain for terms.first(), empty: anywhere
};

std::vector<TermRule> rulesOf(const QString& glossary) {
  std::vector<TermRule> rules;
  const qsizetype start = glossary.indexOf(QStringLiteral("## One term per concept (checked)"));
  if (start < 0) return rules;
  const QString section = glossary.mid(start, glossary.indexOf(QStringLiteral("\n## "), start + 3) - start);
  auto split = [](const QString& cell, const QString& separator) {
    QStringList parts;
    for (const QString& part : cell.split(separator, Qt::SkipEmptyParts))
      if (!part.trimmed().isEmpty()) parts << part.trimmed();
    return parts;
  };
  for (const QString& line : section.split(QLatin1Char('\n'))) {
    if (!line.startsWith(QLatin1Char('|')) || line.startsWith(QLatin1String("|---")) ||
        line.startsWith(QLatin1String("| concept")))
      continue;
    const QStringList cells = line.split(QLatin1Char('|'));  // "", concept, terms, not, only where, ""
    if (cells.size() < 6) continue;
    rules.push_back({cells[1].trimmed(), split(cells[2], QStringLiteral("、")), split(cells[3], QStringLiteral("、")),
                     split(cells[4], QStringLiteral(", "))});
  }
  return rules;
}

QStringList problemsOf(const std::vector<TermRule>& rules, const std::vector<TextParagraph>& paragraphs) {
  QStringList problems;
  for (const TextParagraph& p : paragraphs) {
    if (p.language != QLatin1String("zh_CN")) continue;
    for (const TermRule& rule : rules) {
      for (const QString& variant : rule.forbidden)
        if (p.text.contains(variant))
          problems << QStringLiteral("%1: “%2” (write %3)").arg(p.where, variant, rule.terms.join(QStringLiteral(" / ")));
      if (rule.onlyWhere.isEmpty() || rule.terms.isEmpty() || !p.text.contains(rule.terms.first())) continue;
      bool said = false;
      for (const QString& word : rule.onlyWhere) said = said || p.english.contains(word, Qt::CaseInsensitive);
      if (!said)
        problems << QStringLiteral("%1: “%2” is %3, but the English does not say %4")
                        .arg(p.where, rule.terms.first(), rule.meaning, rule.onlyWhere.join(QStringLiteral(" or ")));
    }
  }
  return problems;
}

std::vector<TermRule> glossaryRules() {
  return rulesOf(al::test::readSource(QStringLiteral("resources/translations/glossary_zh_CN.md")));
}

// Prints every problem (a test message would be cut short) and says how many there were.
QString listed(const QStringList& problems) {
  for (const QString& problem : problems) qWarning().noquote() << problem;
  return QStringLiteral("%1 problem(s), listed above").arg(problems.size());
}

}  // namespace

class TestTerminology : public QObject {
  Q_OBJECT
 private slots:
  void glossaryHasTheCheckedTable() {
    const std::vector<TermRule> rules = glossaryRules();
    QVERIFY(rules.size() >= 5);
    bool bigrams = false, segment = false;
    for (const TermRule& rule : rules) {
      bigrams = bigrams || (rule.terms.contains(QStringLiteral("二元语法袋")) && rule.forbidden.contains("二元词袋"));
      segment = segment || (rule.terms.value(0) == QStringLiteral("片段") && rule.onlyWhere.contains("segment"));
    }
    QVERIFY(bigrams);
    QVERIFY(segment);
  }

  // The check itself: a forbidden variant and a tied term out of place are found, the right words pass.
  void ruleCatchesVariants() {
    const std::vector<TermRule> rules = glossaryRules();
    auto problems = [&](const QString& zh, const QString& en) {
      return problemsOf(rules, {{QStringLiteral("here"), QStringLiteral("zh_CN"), zh, en}});
    };
    QCOMPARE(problems(QStringLiteral("二元词袋模型"), QStringLiteral("bag-of-bigrams")).size(), 1);
    QCOMPARE(problems(QStringLiteral("全局最大值池化"), QStringLiteral("global max pooling")).size(), 2);
    QVERIFY(problems(QStringLiteral("二元语法袋模型，全局最大汇聚"), QStringLiteral("bag-of-bigrams")).isEmpty());
    QCOMPARE(problems(QStringLiteral("%n 个片段"), QStringLiteral("%n WordPiece piece(s)")).size(), 1);
    QVERIFY(problems(QStringLiteral("第 %1 个片段"), QStringLiteral("segment %1")).isEmpty());
  }

  void translationsUseTheGlossary() {
    const std::vector<TextParagraph> messages = al::test::translationMessages();
    QVERIFY(messages.size() > 1000);
    const QStringList problems = problemsOf(glossaryRules(), messages);
    QVERIFY2(problems.isEmpty(), qPrintable(listed(problems)));
  }

  void lessonsUseTheGlossary() {
    const QStringList problems = problemsOf(glossaryRules(), al::test::lessonParagraphs(true));
    QVERIFY2(problems.isEmpty(), qPrintable(listed(problems)));
  }

  void manualUsesTheGlossary() {
    const QStringList problems = problemsOf(glossaryRules(), al::test::manualParagraphs());
    QVERIFY2(problems.isEmpty(), qPrintable(listed(problems)));
  }
};

QTEST_MAIN(TestTerminology)
#include "test_terminology.moc"
