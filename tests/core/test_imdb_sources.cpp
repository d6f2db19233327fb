// The IMDB data sources: an aclImdb folder, the same reviews as a .tar.gz archive, CSV, TSV, "builtin",
// every kind of bad input, progress and cancelling, and the data card.
//
// The small inputs are written by the tests into a temporary folder. The real archive has a test class of
// its own, TestImdbRealData, which main() runs only when ATTENTIONLAB_DATA names the folder that holds the
// archive: without the variable that class is not run at all (no skip that reports a pass), and the output
// says so.
#include <QtTest>

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>

#include "core/data/csv.h"
#include "core/data/imdb_sources.h"
#include "core/data/builtin_reviews.h"
#include "core/data/utf8.h"
#include "core/error.h"
#include "core/random.h"
#include "tests/core/input_error_of.h"

using namespace al;
using al::test::inputErrorOf;

namespace {

void writeFile(const QString& path, const std::string& bytes) {
  QDir().mkpath(QFileInfo(path).absolutePath());
  std::ofstream out(path.toStdString(), std::ios::binary);
  out << bytes;
}

std::string readBytes(const QString& path) {
  std::ifstream in(path.toStdString(), std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Text that does not compress to nothing (random letters), so that a truncated archive is cut inside the data.
std::string randomWords(uint64_t seed, int words) {
  Rng rng(seed);
  std::string text;
  for (int i = 0; i < words; ++i) {
    for (uint64_t letters = 2 + rng.below(7); letters > 0; --letters) text += static_cast<char>('a' + rng.below(26));
    text += rng.below(9) == 0 ? ". " : " ";
  }
  return text + "The end.";
}

// The small aclImdb layout of these tests: relative path -> text. Labels are in the path.
std::map<std::string, std::string> smallCorpus() {
  std::map<std::string, std::string> files = {
      {"train/pos/0_9.txt", "A lovely film.<br /><br />I laughed a lot."},
      {"train/pos/1_8.txt", "Great fun, \"really\" — caf\xC3\xA9 scenes too."},
      {"train/neg/0_2.txt", "Dull and long."},
      {"train/neg/10_1.txt", "The worst film of the year."},
      {"test/pos/2_7.txt", "Worth a look."},
      {"test/neg/3_3.txt", "Not for me."},
  };
  // Enough bulk that the gzip stream is long, in both splits and both labels.
  for (int i = 0; i < 40; ++i) {
    const std::string split = i % 2 ? "train" : "test";
    const std::string label = i % 4 < 2 ? "pos" : "neg";
    files[split + "/" + label + "/" + std::to_string(100 + i) + "_5.txt"] = randomWords(static_cast<uint64_t>(i), 300);
  }
  return files;
}

void writeFolder(const QString& aclImdb, const std::map<std::string, std::string>& files) {
  for (const auto& [path, text] : files) writeFile(aclImdb + "/" + QString::fromStdString(path), text);
  writeFile(aclImdb + "/README", "Large Movie Review Dataset v1.0\n");
  writeFile(aclImdb + "/imdb.vocab", "the\nand\n");
}

struct ArchiveEntry {
  std::string path;
  std::string data;
  bool folder = false;
};

// Writes a gzip-compressed tar archive with libarchive, entries in the order given.
void writeTarGz(const QString& file, const std::vector<ArchiveEntry>& entries) {
  archive* a = archive_write_new();
  archive_write_add_filter_gzip(a);
  archive_write_set_format_pax_restricted(a);
  QCOMPARE(archive_write_open_filename(a, file.toStdString().c_str()), ARCHIVE_OK);
  for (const ArchiveEntry& e : entries) {
    archive_entry* entry = archive_entry_new();
    archive_entry_set_pathname(entry, e.path.c_str());
    archive_entry_set_filetype(entry, e.folder ? AE_IFDIR : AE_IFREG);
    archive_entry_set_perm(entry, e.folder ? 0755 : 0644);
    archive_entry_set_size(entry, e.folder ? 0 : static_cast<la_int64_t>(e.data.size()));
    QCOMPARE(archive_write_header(a, entry), ARCHIVE_OK);
    if (!e.folder)
      QCOMPARE(archive_write_data(a, e.data.data(), e.data.size()), static_cast<la_ssize_t>(e.data.size()));
    archive_entry_free(entry);
  }
  QCOMPARE(archive_write_close(a), ARCHIVE_OK);
  archive_write_free(a);
}

// The archive of smallCorpus(), entries in reverse path order (the loader must sort them), with the other
// entries of the real archive (folders, README, imdb.vocab, unsup/) around them.
std::vector<ArchiveEntry> smallArchiveEntries() {
  std::vector<ArchiveEntry> entries = {{"aclImdb/", "", true}, {"aclImdb/README", "readme"},
                                       {"aclImdb/imdb.vocab", "the\nand\n"},
                                       {"aclImdb/train/unsup/0_0.txt", "an unlabeled review"},
                                       {"aclImdb/train/labeledBow.feat", "0 0:1"}};
  const auto files = smallCorpus();
  for (auto it = files.rbegin(); it != files.rend(); ++it) entries.push_back({"aclImdb/" + it->first, it->second});
  return entries;
}

}  // namespace

class TestImdbSources : public QObject {
  Q_OBJECT

  QTemporaryDir dir_;
  QString path(const QString& name) const { return dir_.filePath(name); }

 private slots:
  void initTestCase() { QVERIFY(dir_.isValid()); }

  // ---- aclImdb folder -----------------------------------------------------------------------------------

  void folderLoadsBothSplitsInPathOrder() {
    const QString root = path("folder/aclImdb");
    const auto files = smallCorpus();
    writeFolder(root, files);
    const LabeledDataset data = loadImdbSource(root.toStdString());

    QVERIFY(data.hasTestSplit);
    QCOMPARE(data.name, std::string("aclImdb"));
    // Expected order: within a split, by path ("neg/..." before "pos/...", then file name as text).
    std::vector<std::pair<std::string, std::string>> train, test;
    for (const auto& [relative, text] : files)
      (relative.rfind("train/", 0) == 0 ? train : test).emplace_back(relative.substr(relative.find('/') + 1), text);
    QCOMPARE(data.train.size(), train.size());
    QCOMPARE(data.test.size(), test.size());
    for (size_t i = 0; i < train.size(); ++i) {
      QCOMPARE(data.train[i].text, train[i].second);
      QCOMPARE(data.train[i].label, train[i].first.rfind("pos/", 0) == 0 ? 1.0f : 0.0f);
      QVERIFY(QString::fromStdString(data.train[i].origin).endsWith(QString::fromStdString(train[i].first)));
    }
    for (size_t i = 0; i < test.size(); ++i) {
      QCOMPARE(data.test[i].text, test[i].second);
      QCOMPARE(data.test[i].label, test[i].first.rfind("pos/", 0) == 0 ? 1.0f : 0.0f);
    }
    // "neg/0_2.txt" sorts before "neg/10_1.txt": the first training review is that one.
    QCOMPARE(data.train.front().text, std::string("Dull and long."));
  }

  void folderAboveAclImdbIsAccepted() {
    const QString parent = path("parent");
    writeFolder(parent + "/aclImdb", smallCorpus());
    const LabeledDataset viaParent = loadImdbSource(parent.toStdString());
    const LabeledDataset direct = loadImdbSource((parent + "/aclImdb").toStdString());
    QCOMPARE(viaParent.train.size(), direct.train.size());
    QCOMPARE(viaParent.train.back().text, direct.train.back().text);
  }

  void folderWithoutTestSplitIsAllTraining() {
    const QString root = path("trainonly/aclImdb");
    writeFile(root + "/train/pos/1_9.txt", "Good.");
    writeFile(root + "/train/neg/2_1.txt", "Bad.");
    const LabeledDataset data = loadImdbSource(root.toStdString());
    QVERIFY(!data.hasTestSplit);
    QCOMPARE(data.train.size(), size_t(2));
    QVERIFY(data.test.empty());
  }

  void folderErrors() {
    writeFile(path("notacl/hello.txt"), "hi");
    QString message = inputErrorOf([&] { loadImdbSource(path("notacl").toStdString()); });
    QVERIFY2(message.contains("notacl") && message.contains("not an aclImdb folder"), qPrintable(message));

    writeFile(path("noneg/aclImdb/train/pos/1_9.txt"), "Good.");
    message = inputErrorOf([&] { loadImdbSource(path("noneg/aclImdb").toStdString()); });
    QVERIFY2(message.contains("train/neg") && message.contains("missing folder"), qPrintable(message));

    writeFolder(path("badutf8/aclImdb"), smallCorpus());
    writeFile(path("badutf8/aclImdb/train/pos/7_7.txt"), "Fine text\nthen a bad \xFF byte");
    message = inputErrorOf([&] { loadImdbSource(path("badutf8/aclImdb").toStdString()); });
    QVERIFY2(message.contains("7_7.txt") && message.contains("line 2, byte 12") && message.contains("UTF-8"),
             qPrintable(message));

    writeFolder(path("empty/aclImdb"), smallCorpus());
    writeFile(path("empty/aclImdb/test/neg/8_1.txt"), "  \n ");
    message = inputErrorOf([&] { loadImdbSource(path("empty/aclImdb").toStdString()); });
    QVERIFY2(message.contains("8_1.txt") && message.contains("empty review"), qPrintable(message));

    QDir().mkpath(path("nofiles/aclImdb/train/pos"));
    QDir().mkpath(path("nofiles/aclImdb/train/neg"));
    message = inputErrorOf([&] { loadImdbSource(path("nofiles/aclImdb").toStdString()); });
    QVERIFY2(message.contains("no reviews at all"), qPrintable(message));
  }

  // ---- .tar.gz archive ----------------------------------------------------------------------------------

  void archiveGivesTheSameDataAsTheFolder() {
    writeFolder(path("ref/aclImdb"), smallCorpus());
    writeTarGz(path("small.tar.gz"), smallArchiveEntries());
    const LabeledDataset folder = loadImdbSource(path("ref/aclImdb").toStdString());
    const LabeledDataset archive = loadImdbSource(path("small.tar.gz").toStdString());
    QVERIFY(archive.hasTestSplit);
    QCOMPARE(archive.name, std::string("small.tar.gz"));
    QCOMPARE(archive.train.size(), folder.train.size());  // unsup/ and the other entries are not reviews
    QCOMPARE(archive.test.size(), folder.test.size());
    for (size_t i = 0; i < folder.train.size(); ++i) {
      QCOMPARE(archive.train[i].text, folder.train[i].text);
      QCOMPARE(archive.train[i].label, folder.train[i].label);
    }
    for (size_t i = 0; i < folder.test.size(); ++i) QCOMPARE(archive.test[i].text, folder.test[i].text);
    QCOMPARE(archive.train.front().origin, path("small.tar.gz").toStdString() + ":aclImdb/train/neg/0_2.txt");
  }

  // Tasks without labels (the masked-lm) ask for train/unsup/ too: from the archive and from a folder.
  void unlabeledReviewsWhenAskedFor() {
    writeTarGz(path("unsup.tar.gz"), smallArchiveEntries());
    const LabeledDataset without = loadImdbSource(path("unsup.tar.gz").toStdString());
    const LabeledDataset with = loadImdbSource(path("unsup.tar.gz").toStdString(), {}, 1337, true);
    QVERIFY(without.unlabeled.empty());
    QCOMPARE(with.unlabeled.size(), size_t(1));
    QCOMPARE(with.unlabeled[0].text, std::string("an unlabeled review"));
    QCOMPARE(with.train.size(), without.train.size());
    const QString root = path("unsup-folder/aclImdb");
    writeFolder(root, smallCorpus());
    writeFile(root + "/train/unsup/7_0.txt", "no label here");
    QVERIFY(loadImdbSource(root.toStdString()).unlabeled.empty());
    const LabeledDataset folder = loadImdbSource(root.toStdString(), {}, 1337, true);
    QCOMPARE(folder.unlabeled.size(), size_t(1));
    QCOMPARE(folder.unlabeled[0].text, std::string("no label here"));
  }

  void truncatedArchiveIsRejected() {
    writeTarGz(path("whole.tar.gz"), smallArchiveEntries());
    const std::string bytes = readBytes(path("whole.tar.gz"));
    QVERIFY2(bytes.size() > 20000, "the fixture must be large enough to cut inside the data");
    for (const size_t cut : {bytes.size() / 2, bytes.size() - 10}) {
      writeFile(path("cut.tar.gz"), bytes.substr(0, cut));
      const QString message = inputErrorOf([&] { loadImdbSource(path("cut.tar.gz").toStdString()); });
      QVERIFY2(message.contains("cut.tar.gz") && message.contains("truncated"), qPrintable(message));
    }
  }

  void archiveErrors() {
    writeFile(path("text.tar.gz"), "this is not gzip data at all\n");
    QString message = inputErrorOf([&] { loadImdbSource(path("text.tar.gz").toStdString()); });
    QVERIFY2(message.contains("text.tar.gz") && message.contains("not a readable .tar.gz archive"),
             qPrintable(message));

    std::vector<ArchiveEntry> entries = smallArchiveEntries();
    entries.push_back({"aclImdb/test/pos/9_9.txt", std::string("ok \xC3\x28 broken")});
    writeTarGz(path("badentry.tar.gz"), entries);
    message = inputErrorOf([&] { loadImdbSource(path("badentry.tar.gz").toStdString()); });
    QVERIFY2(message.contains("entry aclImdb/test/pos/9_9.txt") && message.contains("byte 4") &&
                 message.contains("UTF-8"), qPrintable(message));

    writeTarGz(path("noreviews.tar.gz"), {{"aclImdb/README", "readme"}, {"aclImdb/imdb.vocab", "the\n"}});
    message = inputErrorOf([&] { loadImdbSource(path("noreviews.tar.gz").toStdString()); });
    QVERIFY2(message.contains("noreviews.tar.gz") && message.contains("no reviews at all"), qPrintable(message));

    writeTarGz(path("onelabel.tar.gz"), {{"aclImdb/train/pos/1_9.txt", "Good."}});
    message = inputErrorOf([&] { loadImdbSource(path("onelabel.tar.gz").toStdString()); });
    QVERIFY2(message.contains("no negative reviews"), qPrintable(message));
  }

  // ---- CSV ----------------------------------------------------------------------------------------------

  void csvWithQuotingAndLineBreaks() {
    const std::string csv =
        "review,sentiment\r\n"
        "\"Great, really great.\",positive\r\n"                          // line 2: comma inside quotes
        "\"He said \"\"wow\"\".\nThen\nleft.\",negative\n"               // line 3-5: "" and line breaks
        "Plain text here,Positive\n"                                     // line 6: label case ignored
        "\n"                                                             // a blank line is skipped
        "\"caf\xC3\xA9<br />bar\",negative";                             // line 8, no final newline
    writeFile(path("reviews.csv"), csv);
    const LabeledDataset data = loadImdbSource(path("reviews.csv").toStdString());
    QVERIFY(!data.hasTestSplit);
    QVERIFY(data.test.empty());
    QCOMPARE(data.train.size(), size_t(4));
    QCOMPARE(data.train[0].text, std::string("Great, really great."));
    QCOMPARE(data.train[0].label, 1.0f);
    QCOMPARE(data.train[1].text, std::string("He said \"wow\".\nThen\nleft."));
    QCOMPARE(data.train[1].label, 0.0f);
    QCOMPARE(data.train[2].text, std::string("Plain text here"));
    QCOMPARE(data.train[2].label, 1.0f);
    QCOMPARE(data.train[3].text, std::string("caf\xC3\xA9<br />bar"));
    QCOMPARE(data.train[1].origin, path("reviews.csv").toStdString() + ":3");
    QCOMPARE(data.train[2].origin, path("reviews.csv").toStdString() + ":6");
    QCOMPARE(data.train[3].origin, path("reviews.csv").toStdString() + ":8");
  }

  void csvColumnsInOtherOrder() {
    writeFile(path("swapped.csv"), "\xEF\xBB\xBFsentiment,review\nnegative,\"Bad, bad.\"\npositive,Good\n");
    const LabeledDataset data = loadImdbSource(path("swapped.csv").toStdString());
    QCOMPARE(data.train.size(), size_t(2));
    QCOMPARE(data.train[0].text, std::string("Bad, bad."));
    QCOMPARE(data.train[0].label, 0.0f);
  }

  void csvErrors_data() {
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QStringList>("expected");  // every piece must be in the message (besides the file name)
    QTest::newRow("missing header") << QByteArray("Great film,positive\n") << QStringList{"line 1", "missing header"};
    QTest::newRow("empty file") << QByteArray("") << QStringList{"missing header"};
    QTest::newRow("unknown label") << QByteArray("review,sentiment\nok,positive\nmeh,neutral\n")
                                   << QStringList{"line 3", "unknown label", "neutral"};
    QTest::newRow("unterminated quote") << QByteArray("review,sentiment\nok,positive\n\"opens here,\nnever closes\n")
                                        << QStringList{"line 3", "unterminated quote"};
    QTest::newRow("text after quote") << QByteArray("review,sentiment\n\"quoted\" tail,positive\n")
                                      << QStringList{"line 2", "after a closing quote"};
    QTest::newRow("unquoted comma") << QByteArray("review,sentiment\nGood, fun,positive\n")
                                    << QStringList{"line 2", "expected 2 fields", "found 3"};
    QTest::newRow("empty review") << QByteArray("review,sentiment\n\"  \",negative\n")
                                  << QStringList{"line 2", "empty review"};
    QTest::newRow("invalid utf-8") << QByteArray("review,sentiment\nfine,positive\nbad \xE2\x82 byte,negative\n")
                                   << QStringList{"line 3, byte 5", "invalid UTF-8", "0xE2"};
    QTest::newRow("only a header") << QByteArray("review,sentiment\n") << QStringList{"no reviews"};
  }

  void csvErrors() {
    QFETCH(QByteArray, content);
    QFETCH(QStringList, expected);
    writeFile(path("bad.csv"), content.toStdString());
    const QString message = inputErrorOf([&] { loadImdbSource(path("bad.csv").toStdString()); });
    QVERIFY2(message.contains(path("bad.csv")), qPrintable(message));
    for (const QString& piece : expected) QVERIFY2(message.contains(piece), qPrintable(message));
  }

  void csvReaderRecordsAndLines() {
    const std::string text = "a,\"b\nc\",d\r\ne,,\"\"\n\"x\"\"y\"";
    CsvReader reader(text, "t.csv");
    CsvRecord record;
    QVERIFY(reader.next(record));
    QCOMPARE(record.fields, (std::vector<std::string>{"a", "b\nc", "d"}));
    QCOMPARE(record.line, size_t(1));
    QVERIFY(reader.next(record));
    QCOMPARE(record.fields, (std::vector<std::string>{"e", "", ""}));
    QCOMPARE(record.line, size_t(3));
    QVERIFY(reader.next(record));
    QCOMPARE(record.fields, (std::vector<std::string>{"x\"y"}));
    QCOMPARE(record.line, size_t(4));
    QVERIFY(!reader.next(record));
    QCOMPARE(reader.offset(), text.size());
  }

  // ---- TSV ----------------------------------------------------------------------------------------------

  void tsvLabelsAndLines() {
    // U+0085 (NEXT LINE) inside a text must not split it: lines end at LF only.
    const std::string tsv =
        "label\ttext\n1\tGood fun.\r\n\n0\tToo long \xC2\x85 really.\npos\tNice\twith a tab.\nNEG\tMeh.";
    writeFile(path("reviews.tsv"), tsv);
    const LabeledDataset data = loadImdbSource(path("reviews.tsv").toStdString());
    QVERIFY(!data.hasTestSplit);
    QCOMPARE(data.train.size(), size_t(4));
    QCOMPARE(data.train[0].text, std::string("Good fun."));
    QCOMPARE(data.train[0].label, 1.0f);
    QCOMPARE(data.train[1].text, std::string("Too long \xC2\x85 really."));
    QCOMPARE(data.train[1].label, 0.0f);
    QCOMPARE(data.train[1].origin, path("reviews.tsv").toStdString() + ":4");
    QCOMPARE(data.train[2].text, std::string("Nice\twith a tab."));
    QCOMPARE(data.train[2].label, 1.0f);
    QCOMPARE(data.train[3].label, 0.0f);
  }

  void tsvErrors_data() {
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QStringList>("expected");
    QTest::newRow("no tab") << QByteArray("1\tfine\n0 no tab here\n") << QStringList{"line 2", "no tab"};
    QTest::newRow("unknown label") << QByteArray("1\tfine\n\n5\tfive stars\n")
                                   << QStringList{"line 3", "unknown label", "\"5\""};
    QTest::newRow("empty text") << QByteArray("0\t   \n") << QStringList{"line 1", "empty review"};
    QTest::newRow("invalid utf-8") << QByteArray("1\tfine\n1\tab\xC0\xAF\n")
                                   << QStringList{"line 2, byte 5", "invalid UTF-8"};
    QTest::newRow("nothing") << QByteArray("\n\n") << QStringList{"no reviews"};
  }

  void tsvErrors() {
    QFETCH(QByteArray, content);
    QFETCH(QStringList, expected);
    writeFile(path("bad.tsv"), content.toStdString());
    const QString message = inputErrorOf([&] { loadImdbSource(path("bad.tsv").toStdString()); });
    QVERIFY2(message.contains(path("bad.tsv")), qPrintable(message));
    for (const QString& piece : expected) QVERIFY2(message.contains(piece), qPrintable(message));
  }

  // ---- What a source is ---------------------------------------------------------------------------------

  void unknownSources() {
    QString message = inputErrorOf([&] { loadImdbSource(path("does-not-exist.csv").toStdString()); });
    QVERIFY2(message.contains("does-not-exist.csv") && message.contains("no such file"), qPrintable(message));

    writeFile(path("notes.json"), "{\"a\": 1}\n");
    message = inputErrorOf([&] { loadImdbSource(path("notes.json").toStdString()); });
    QVERIFY2(message.contains("notes.json") && message.contains("not a known kind"), qPrintable(message));
  }

  void kindFromContentWithoutExtension() {
    writeFile(path("reviews-csv"), "review,sentiment\nGood,positive\n");
    writeFile(path("reviews-tsv"), "1\tGood\n0\tBad\n");
    writeTarGz(path("reviews-archive"), smallArchiveEntries());
    QCOMPARE(loadImdbSource(path("reviews-csv").toStdString()).train.size(), size_t(1));
    QCOMPARE(loadImdbSource(path("reviews-tsv").toStdString()).train.size(), size_t(2));
    QVERIFY(loadImdbSource(path("reviews-archive").toStdString()).hasTestSplit);
  }

  void builtinIsTheGeneratedCorpus() {
    const LabeledDataset data = loadImdbSource("builtin", {}, 7);
    const LabeledDataset generated = generateBuiltinReviews(7);
    QCOMPARE(data.name, std::string("builtin"));
    QVERIFY(data.hasTestSplit);
    QCOMPARE(data.train.size(), generated.train.size());
    QCOMPARE(data.test.size(), generated.test.size());
    QCOMPARE(data.train[5].text, generated.train[5].text);
    QVERIFY(loadImdbSource("builtin", {}, 8).train[5].text != data.train[5].text ||
            loadImdbSource("builtin", {}, 8).train[6].text != data.train[6].text);
  }

  // ---- Progress and cancelling --------------------------------------------------------------------------

  void progressRunsToTheTotal_data() {
    QTest::addColumn<QString>("source");
    QTest::newRow("builtin") << "builtin";
    QTest::newRow("folder") << "progress/aclImdb";
    QTest::newRow("archive") << "progress.tar.gz";
    QTest::newRow("csv") << "progress.csv";
    QTest::newRow("tsv") << "progress.tsv";
  }

  void progressRunsToTheTotal() {
    QFETCH(QString, source);
    writeFolder(path("progress/aclImdb"), smallCorpus());
    writeTarGz(path("progress.tar.gz"), smallArchiveEntries());
    writeFile(path("progress.csv"), "review,sentiment\nGood,positive\nBad,negative\n");
    writeFile(path("progress.tsv"), "1\tGood\n0\tBad\n");
    const std::string name = source == "builtin" ? "builtin" : path(source).toStdString();

    std::vector<std::pair<size_t, size_t>> calls;
    loadImdbSource(name, [&](size_t done, size_t total) {
      calls.emplace_back(done, total);
      return true;
    });
    QVERIFY(!calls.empty());
    for (size_t i = 0; i < calls.size(); ++i) {
      QCOMPARE(calls[i].second, calls.front().second);  // the total never changes
      QVERIFY(calls[i].first <= calls[i].second);
      if (i > 0) QVERIFY(calls[i].first >= calls[i - 1].first);
    }
    QCOMPARE(calls.back().first, calls.back().second);

    // Saying no cancels the load with al::RunError("cancelled").
    bool cancelled = false;
    try {
      loadImdbSource(name, [](size_t, size_t) { return false; });
    } catch (const RunError& e) {
      cancelled = std::string(e.what()) == "cancelled";
    }
    QVERIFY(cancelled);
  }

  // ---- UTF-8 --------------------------------------------------------------------------------------------

  void utf8Validation_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<int>("firstBad");  // -1: valid
    QTest::newRow("ascii") << QByteArray("plain text") << -1;
    QTest::newRow("two-byte e-acute") << QByteArray("caf\xC3\xA9") << -1;
    QTest::newRow("three-byte euro") << QByteArray("\xE2\x82\xAC 5") << -1;
    QTest::newRow("four-byte emoji") << QByteArray("ok \xF0\x9F\x98\x80") << -1;
    QTest::newRow("lone continuation") << QByteArray("ab\x80") << 2;
    QTest::newRow("overlong slash") << QByteArray("a\xC0\xAF") << 1;
    QTest::newRow("overlong three-byte") << QByteArray("\xE0\x80\xAF") << 0;
    QTest::newRow("surrogate") << QByteArray("xy\xED\xA0\x80") << 2;
    QTest::newRow("above U+10FFFF") << QByteArray("\xF4\x90\x80\x80") << 0;
    QTest::newRow("cut short at the end") << QByteArray("abc\xE2\x82") << 3;
    QTest::newRow("byte FF") << QByteArray("\xC3\xA9\xFF") << 2;
  }

  void utf8Validation() {
    QFETCH(QByteArray, bytes);
    QFETCH(int, firstBad);
    const auto bad = firstInvalidUtf8(std::string_view(bytes.constData(), static_cast<size_t>(bytes.size())));
    if (firstBad < 0) QVERIFY(!bad.has_value());
    else QCOMPARE(bad.value_or(999), size_t(firstBad));
  }

  // ---- Data card ----------------------------------------------------------------------------------------

  void dataCardFollowsTheRatioRule() {
    // 2 + 4 + 3 words ("<br />" separates words like a space) -> mean 3, ratio 3 / 3 = 1.
    const std::vector<LabeledText> few = {{"one two", 1, ""}, {"a b<br />c d", 0, ""}, {"x\ty\nz", 1, ""}};
    const DataCard small = describe(few);
    QCOMPARE(small.samples, size_t(3));
    QCOMPARE(small.meanWords, 3.0);
    QCOMPARE(small.ratio, 1.0);
    QCOMPARE(small.advice, ModelAdvice::BagOfBigrams);
    QVERIFY(!small.generated);

    // 3000 samples of 2 words: ratio 1500, the threshold, where a sequence model is recommended.
    const std::vector<LabeledText> many(3000, LabeledText{"short one", 1, ""});
    const DataCard large = describe(many);
    QCOMPARE(large.ratio, 1500.0);
    QCOMPARE(large.advice, ModelAdvice::SequenceModel);

    // Just under the threshold.
    const std::vector<LabeledText> under(2998, LabeledText{"short one", 1, ""});
    QCOMPARE(describe(under).advice, ModelAdvice::BagOfBigrams);

    QCOMPARE(describe({}).samples, size_t(0));
    QCOMPARE(describe({}).advice, ModelAdvice::NoSamples);
  }

  // A generated corpus is made so that word order decides: its card carries what was measured on it, where the
  // Transformer with position beats both the one without and the bag of bigrams.
  void dataCardOfGeneratedDataCarriesItsResults() {
    for (const std::string source : {"builtin", "builtin:zh"}) {
      const DataCard card = describe(loadImdbSource(source).train, source);
      QVERIFY2(card.generated.has_value(), source.c_str());
      QVERIFY(card.generated->transformer > card.generated->transformerNoPosition + 0.1);
      QVERIFY(card.generated->transformer > card.generated->bagOfBigrams + 0.1);
      QCOMPARE(card.suggestedTokenizer, source == "builtin" ? TokenizerKind::Keras : TokenizerKind::IcuWords);
    }
    QVERIFY(!describe({{"one two", 1, ""}}, "reviews.csv").generated);
  }
};

// The real archive, aclImdb_v1_labeled.tar.gz in the folder ATTENTIONLAB_DATA names (run by main() only then).
class TestImdbRealData : public QObject {
  Q_OBJECT

 private slots:
  void realArchive() {
    const QString archive = qEnvironmentVariable("ATTENTIONLAB_DATA") + "/aclImdb_v1_labeled.tar.gz";
    QVERIFY2(QFileInfo::exists(archive), qPrintable(archive + " is missing"));
    const LabeledDataset data = loadImdbSource(archive.toStdString());
    QVERIFY(data.hasTestSplit);
    QCOMPARE(data.train.size(), size_t(25000));
    QCOMPARE(data.test.size(), size_t(25000));
    const auto positives = [](const std::vector<LabeledText>& split) {
      return std::count_if(split.begin(), split.end(), [](const LabeledText& s) { return s.label == 1; });
    };
    QCOMPARE(positives(data.train), 12500L);
    QCOMPARE(positives(data.test), 12500L);
    // Path order: all negative reviews first, and origins sorted.
    QVERIFY(data.train.front().label == 0 && data.train.back().label == 1);
    const auto byOrigin = [](const LabeledText& a, const LabeledText& b) { return a.origin < b.origin; };
    QVERIFY(std::is_sorted(data.train.begin(), data.train.end(), byOrigin));
    QVERIFY(std::is_sorted(data.test.begin(), data.test.end(), byOrigin));
    int withBreaks = 0;
    for (const auto* split : {&data.train, &data.test})
      for (const LabeledText& s : *split) withBreaks += s.text.find("<br />") != std::string::npos;
    QCOMPARE(withBreaks, 29200);  // a known property of the data set, counted by its distributors
    QVERIFY(describe(data.train).ratio < kSequenceModelRatio);  // the book: IMDB calls for bag-of-bigrams
  }
};

int main(int argc, char** argv) {
  TestImdbSources sources;
  int failures = QTest::qExec(&sources, argc, argv);
  if (qEnvironmentVariableIsEmpty("ATTENTIONLAB_DATA")) {
    std::printf("TestImdbRealData not run: ATTENTIONLAB_DATA is not set\n");
  } else {
    TestImdbRealData realData;
    failures += QTest::qExec(&realData, argc, argv);
  }
  return failures;
}

#include "test_imdb_sources.moc"
