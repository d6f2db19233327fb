// Debian's fortune files as language-model text (core/data/fortunes.h): entries separated by '%' lines become
// documents, the zh files' colour codes and the English files' overstriking are taken out, titles, poets and
// sources left out, every 20th entry held out for the test split, and a missing package named. Every test reads
// fixtures it writes itself, never the installed packages.
#include <filesystem>
#include <fstream>

#include "core/catalogue/model_catalogue.h"
#include "core/data/fortunes.h"
#include "core/data/text_corpus.h"
#include "core/error.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace al;
namespace fs = std::filesystem;

namespace {

// Two entries as tang300 writes them (colour codes around the title and the poet), one as song100 does, and a
// poem in two parts with their indented numbers.
const char* const kPoems =
    "\x1b[32m《春晓》\x1b[m\n\x1b[33m作者：孟浩然\x1b[m\n春眠不觉晓，处处闻啼鸟。\n夜来风雨声，花落知多少。\n%\n"
    "\x1b[32m题目:《塞上》\x1b[m\n\x1b[33m作者:柳开（９４６－９９９）\x1b[m\n鸣骹直上一千尺，天静无风声更干。\n%    \n"
    "\x1b[32m《清平调》\x1b[m\n\x1b[33m作者：李白\x1b[m\n            其一\n云想衣裳花想容，\n\n            其二\n一枝红艳露凝香，\n";

// Quotations as the fortunes package writes them: wrapped lines, a tab-indented source, overstruck underlining,
// an entry that is only a source line.
const char* const kQuotes =
    "A dream will always triumph over reality, once it is\ngiven the chance.\n\t\t-- Stanislaw Lem\n%\n"
    "\t\"Well, ____\b\b\b\bSOMEbody's out to get me!\"\n%\n\t\t-- Nobody\n%\nA clash of doctrine is not a disaster.\n";

void write(const fs::path& file, const std::string& text) {
  std::ofstream(file, std::ios::binary) << text;
}

}  // namespace

class TestFortunes : public QObject {
  Q_OBJECT
 private slots:
  void aPoemIsItsVerseInOneDocument() {
    const std::vector<std::string> poems = fortuneDocuments(kPoems, FortuneStyle::Poems);
    QCOMPARE(poems.size(), size_t{3});
    QCOMPARE(poems[0], std::string("春眠不觉晓，处处闻啼鸟。夜来风雨声，花落知多少。"));
    QCOMPARE(poems[1], std::string("鸣骹直上一千尺，天静无风声更干。"));
    QCOMPARE(poems[2], std::string("云想衣裳花想容，一枝红艳露凝香，"));
  }

  void aQuotationIsItsSayingOnOneLine() {
    const std::vector<std::string> quotes = fortuneDocuments(kQuotes, FortuneStyle::Quotes);
    QCOMPARE(quotes.size(), size_t{3});
    QCOMPARE(quotes[0], std::string("A dream will always triumph over reality, once it is given the chance."));
    QCOMPARE(quotes[1], std::string("\"Well, SOMEbody's out to get me!\""));
    QCOMPARE(quotes[2], std::string("A clash of doctrine is not a disaster."));
  }

  // The files in order, every 20th entry in the test split: the same documents whatever the seed.
  void everyTwentiethEntryIsTheTestSplit() {
    QTemporaryDir dir;
    std::string wisdom, people;
    for (int i = 1; i <= 30; ++i) wisdom += "Saying " + std::to_string(i) + ".\n%\n";
    for (int i = 31; i <= 45; ++i) people += "Saying " + std::to_string(i) + ".\n\t\t-- Someone\n%\n";
    write(fs::path(dir.path().toStdString()) / "wisdom", wisdom);
    write(fs::path(dir.path().toStdString()) / "people", people);
    write(fs::path(dir.path().toStdString()) / "humorists", "");
    write(fs::path(dir.path().toStdString()) / "literature", "Saying 46.\n");
    const FortuneSource* quotes = fortuneSource("quotes");
    QVERIFY(quotes);
    const TextCorpus corpus = loadFortuneCorpus(*quotes, dir.path().toStdString());
    QCOMPARE(corpus.name, std::string("quotes"));
    QCOMPARE(corpus.test, (std::vector<std::string>{"Saying 20.", "Saying 40."}));
    QCOMPARE(corpus.train.size(), size_t{44});
    QCOMPARE(corpus.train.front(), std::string("Saying 1."));
    QCOMPARE(corpus.train.back(), std::string("Saying 46."));
  }

  // Without the package, the error says which one to install.
  void aMissingPackageIsNamed() {
    QTemporaryDir dir;
    write(fs::path(dir.path().toStdString()) / "tang300", kPoems);  // song100 is missing
    try {
      loadFortuneCorpus(*fortuneSource("poems-zh"), dir.path().toStdString());
      QFAIL("no error for a missing fortune file");
    } catch (const InputError& e) {
      const std::string message = e.what();
      QVERIFY2(message.find("apt-get install fortunes-zh") != std::string::npos, e.what());
      QVERIFY2(message.find("song100") != std::string::npos, e.what());
    }
  }

  void aFileThatIsNotUtf8IsRefused() {
    QTemporaryDir dir;
    write(fs::path(dir.path().toStdString()) / "tang300", "\xb4\xba\xc3\xdf\n%\n");  // GB2312, as older files were
    write(fs::path(dir.path().toStdString()) / "song100", kPoems);
    QVERIFY_THROWS_EXCEPTION(InputError, loadFortuneCorpus(*fortuneSource("poems-zh"), dir.path().toStdString()));
  }

  // The language model's list of corpora (the Train page's, the CLI's) names both, and --data resolves them.
  void theLanguageModelListsThem() {
    const ModelKind* kind = findModelKind("causal-lm");
    QVERIFY(kind);
    std::vector<std::string> sources;
    for (const BuiltinCorpus& c : kind->corpora) sources.push_back(c.source);
    QVERIFY(std::find(sources.begin(), sources.end(), "poems-zh") != sources.end());
    QVERIFY(std::find(sources.begin(), sources.end(), "quotes") != sources.end());
    QVERIFY(fortuneSource("poems-zh") && fortuneSource("quotes"));
    QVERIFY(!fortuneSource("builtin"));
  }
};

QTEST_GUILESS_MAIN(TestFortunes)
#include "test_fortunes.moc"
