// Every error the core throws at a person names its kind (core/error.h), so that the app can say it in the reader's
// language: this suite reads the source text of core/ (every .cpp and .h) and fails on a `throw` that names none,
// listing each such site as file:line. A throw passes when it
//   - names a kind: `throw InputError(ErrorKind::NotUtf8, {...}, "...")`, or passes a caught error's kind on
//     (`e.kind()`);
//   - throws what a helper of the same file builds with a kind (`throw badLine(file, id, "...")`, where badLine
//     returns an InputError(ErrorKind::VocabularyBadLine, ...));
//   - rethrows (`throw;`);
//   - reports a broken contract of the calling code, which no person can meet through the app or the command line:
//     std::logic_error, std::invalid_argument, std::out_of_range, each written in the function's header.
// The reading is of text, not of C++: comments and string literals are skipped, a statement ends at its `;`.
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QtTest>

#include "tests/core/source_text.h"

namespace {

using al::test::codeOnly;

// Whether the function or lambda `name` of this file builds its error with a kind: its definition's first lines
// name one.
bool helperNamesAKind(const QString& code, const QString& name) {
  const QRegularExpression definition(QStringLiteral("(\\b(InputError|RunError|Error)\\s+%1\\s*\\(|\\b%1\\s*=\\s*\\[)")
                                          .arg(QRegularExpression::escape(name)));
  const QRegularExpressionMatch found = definition.match(code);
  return found.hasMatch() && code.mid(found.capturedStart(), 500).contains(QLatin1String("ErrorKind::"));
}

// The throw statements of a file that name no kind, as "path:line: statement".
QStringList sitesWithoutKind(const QString& path, const QString& source) {
  const QString code = codeOnly(source);
  static const QRegularExpression throwWord(QStringLiteral("\\bthrow\\b"));
  static const QRegularExpression contract(QStringLiteral("^throw\\s+std::(logic_error|invalid_argument|out_of_range)\\b"));
  static const QRegularExpression helperCall(QStringLiteral("^throw\\s+(\\w+)\\s*\\("));
  QStringList sites;
  QRegularExpressionMatchIterator throws = throwWord.globalMatch(code);
  while (throws.hasNext()) {
    const qsizetype start = throws.next().capturedStart();
    qsizetype end = start;
    int depth = 0;
    for (; end < code.size(); ++end) {
      const QChar c = code[end];
      if (c == u'(' || c == u'{' || c == u'[') ++depth;
      else if (c == u')' || c == u'}' || c == u']') --depth;
      else if (c == u';' && depth <= 0) break;
    }
    const QString statement = code.mid(start, end - start).simplified();
    if (statement == QLatin1String("throw") || statement.contains(contract)) continue;
    if (statement.contains(QLatin1String("ErrorKind::")) || statement.contains(QLatin1String(".kind()"))) continue;
    const QRegularExpressionMatch helper = helperCall.match(statement);
    if (helper.hasMatch() && helperNamesAKind(code, helper.captured(1))) continue;
    const qsizetype line = code.left(start).count(QLatin1Char('\n')) + 1;
    // The statement as written (its messages too): what a reader of the failure needs to find it.
    sites << QStringLiteral("%1:%2: %3").arg(path).arg(line).arg(source.mid(start, end - start).simplified().left(160));
  }
  return sites;
}

}  // namespace

class TestErrorSites : public QObject {
  Q_OBJECT

 private slots:
  // The reading itself: it finds a throw without a kind and passes the ones above.
  void theReadingTellsTheSitesApart() {
    // One line per element (line 1 is the first).
    const QString source = QStringList{
        QStringLiteral("InputError badLine(const std::string& file) {"),
        QStringLiteral("return InputError(ErrorKind::VocabularyBadLine, {.file = file}, file + \": bad\");"),
        QStringLiteral("}"),
        QStringLiteral("// throw InputError(\"in a comment\");"),
        QStringLiteral("void f() {"),
        QStringLiteral("if (a) throw InputError(ErrorKind::EmptySentence, {}, \"the text; has no words\");"),
        QStringLiteral("if (b) throw badLine(\"vocab.txt\");"),
        QStringLiteral("if (c) throw std::invalid_argument(\"a contract of the caller\");"),
        QStringLiteral("try { g(); } catch (const Error& e) { throw InputError(e.kind(), e.fields(), e.what()); }"),
        QStringLiteral("try { g(); } catch (...) { throw; }"),
        QStringLiteral("const char* s = \"throw RunError(\\\"in a string\\\");\";"),
        QStringLiteral("if (d) throw RunError(\"unreachable: \" +"),
        QStringLiteral("std::string(\"no kind\"));"),
        QStringLiteral("if (e) throw std::runtime_error(\"no kind either\");"),
        QStringLiteral("if (f) throw unknownHelper();"),
        QStringLiteral("}"),
    }.join(QLatin1Char('\n'));
    const QStringList sites = sitesWithoutKind(QStringLiteral("x.cpp"), source);
    QCOMPARE(sites.size(), 3);
    QVERIFY2(sites[0].startsWith(QLatin1String("x.cpp:12: throw RunError(\"unreachable: \"")), qPrintable(sites[0]));
    QVERIFY2(sites[1].startsWith(QLatin1String("x.cpp:14: throw std::runtime_error")), qPrintable(sites[1]));
    QVERIFY2(sites[2].startsWith(QLatin1String("x.cpp:15: throw unknownHelper")), qPrintable(sites[2]));
  }

  void everyThrowInTheCoreNamesAKind() {
    const QString root = QStringLiteral(ATTENTIONLAB_SOURCE_DIR);
    QDirIterator files(root + QStringLiteral("/core"), {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                       QDirIterator::Subdirectories);
    int read = 0, throws = 0;
    QStringList sites;
    while (files.hasNext()) {
      const QString path = files.next();
      QFile file(path);
      QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
      const QString source = QString::fromUtf8(file.readAll());
      ++read;
      throws += codeOnly(source).count(QRegularExpression(QStringLiteral("\\bthrow\\b")));
      sites << sitesWithoutKind(path.mid(root.size() + 1), source);
    }
    QVERIFY2(read > 100 && throws > 300, qPrintable(QStringLiteral("%1 files, %2 throws").arg(read).arg(throws)));
    QVERIFY2(sites.isEmpty(), qPrintable(QStringLiteral("%1 of %2 throws in core/ name no ErrorKind:\n%3")
                                             .arg(sites.size()).arg(throws).arg(sites.join(QLatin1Char('\n')))));
  }
};

QTEST_GUILESS_MAIN(TestErrorSites)
#include "test_error_sites.moc"
