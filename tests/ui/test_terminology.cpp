// One term per concept in Chinese: the glossary's checked table (resources/translations/glossary_zh_CN.md, "One term
// per concept (checked)") against every Chinese string the app shows: the translations, the lessons' Chinese
// sections and the Chinese manual. A string may not use a variant the table forbids (二元词袋 for 二元语法袋, 池化
// for 汇聚, ...), and a term the table ties to English words (片段: segment) stands only where the English says so.
// And the option names of every training setting, in Chinese, keep no English but the names the glossary keeps.
// Core headers first: they must not see Qt's `emit` macro.
#include "core/train/hyperparameters.h"

#include <QtTest>

#include "tests/teaching_texts.h"
#include "ui/text/language.h"
#include "ui/text/parameter_texts.h"

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

// The names the glossary keeps in English ("Kept in English": the names in back quotes), lower case.
QStringList keptNames() {
  const QString glossary = al::test::readSource(QStringLiteral("resources/translations/glossary_zh_CN.md"));
  const qsizetype start = glossary.indexOf(QStringLiteral("## Kept in English"));
  if (start < 0) return {};
  const QString section = glossary.mid(start, glossary.indexOf(QStringLiteral("\n## "), start + 3) - start);
  QStringList names;
  static const QRegularExpression quoted(QStringLiteral("`([^`]+)`"));
  for (const QRegularExpressionMatch& m : quoted.globalMatch(section)) names << m.captured(1).toLower();
  return names;
}

// The English words of a Chinese option name: runs of Latin letters (with digits, '_' and inner '-', as in
// icu_words or GPT-2) of two letters or more that are not a kept name.
QStringList englishIn(const QString& name, const QStringList& kept) {
  static const QRegularExpression word(QStringLiteral("[A-Za-z][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*"));
  QStringList found;
  for (const QRegularExpressionMatch& m : word.globalMatch(name))
    if (m.captured(0).size() >= 2 && !kept.contains(m.captured(0).toLower())) found << m.captured(0);
  return found;
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
    // A position option named in a sentence is Chinese too (a tooltip once said 需要 relative 位置).
    QCOMPARE(problems(QStringLiteral("0：没有记忆。需要 relative 位置。"), QStringLiteral("Needs relative positions.")).size(), 1);
    QVERIFY(problems(QStringLiteral("要用记忆，位置须选“相对位置”。"), QStringLiteral("Needs relative positions.")).isEmpty());
  }

  // Every choice of every task's settings (the Train page's option names) in Chinese: no English word but a name
  // the glossary keeps, as a person who reads no English must still tell the choices apart. An untranslated
  // choice (its key shown) fails too.
  void optionNamesKeepNoEnglish() {
    const QStringList kept = keptNames();
    QVERIFY(kept.contains(QStringLiteral("icu_words")) && kept.contains(QStringLiteral("transformer-xl")));
    QCOMPARE(englishIn(QStringLiteral("relative（Transformer-XL）"), kept), QStringList{QStringLiteral("relative")});
    QVERIFY(englishIn(QStringLiteral("相对位置（Transformer-XL）"), kept).isEmpty());
    QVERIFY(al::ui::setLanguage(QStringLiteral("zh_CN"), false));
    QStringList problems;
    int names = 0;
    for (const al::TaskSchema& schema : al::taskSchemas())
      for (const al::HyperParameterSpec& spec : schema.parameters)
        for (const std::string& choice : spec.choices) {
          const QString key = QString::fromStdString(spec.key + "." + choice);
          const QString name = al::ui::parameterText(key).label;
          ++names;
          if (const QStringList english = englishIn(name, kept); !english.isEmpty())
            problems << QStringLiteral("%1 (%2): “%3”: %4")
                            .arg(QString::fromStdString(schema.task), key, name, english.join(QStringLiteral(", ")));
        }
    QVERIFY(al::ui::setLanguage(QStringLiteral("en"), false));
    QVERIFY(names > 20);
    problems.removeDuplicates();
    QVERIFY2(problems.isEmpty(), qPrintable(listed(problems)));
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
