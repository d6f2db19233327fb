// `attentionlab-cli download imdb` against a local HTTP server on 127.0.0.1: a whole download, a transfer cut
// in the middle and resumed, a partial file from an earlier run, a server without ranges, a wrong checksum, a
// 404 and an unreachable port. Whatever fails leaves no file that looks complete.
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/cli/cli_runner.h"
#include "tests/local_http_server.h"

using al::test::LocalHttpServer;
using al::test::ServedFile;
using al::test::someBytes;

namespace {

constexpr char kArchive[] = "aclImdb_v1.tar.gz";

QString sha256(const QByteArray& bytes) { return QString::fromLatin1(al::test::sha256Hex(bytes)); }

}  // namespace

class TestCliDownload : public QObject {
  Q_OBJECT

  const QByteArray body_ = someBytes(600 * 1000, 15);
  QTemporaryDir dir_;

  QString folder(const QString& name) const { return dir_.filePath(name); }
  QString archive(const QString& name) const { return QDir(folder(name)).filePath(kArchive); }
  QString part(const QString& name) const { return archive(name) + ".part"; }

  QStringList arguments(const QString& name, const QString& url, const QString& sha = QString()) const {
    return {"download", "imdb", "--to", folder(name), "--url", url, "--sha256", sha.isEmpty() ? sha256(body_) : sha};
  }

  ServedFile served() const {
    ServedFile f;
    f.body = body_;
    return f;
  }

  // A successful run: exit 0, the archive's path on stdout, the right bytes under the final name, no .part.
  void verifyDownloaded(const al::test::CliRun& run, const QStringList& args, const QString& name) {
    QVERIFY2(run.exitCode == 0, qPrintable(al::test::describe(run, args)));
    QCOMPARE(QString::fromUtf8(run.out).trimmed(), archive(name));
    QVERIFY(al::test::readAll(archive(name)) == body_);
    QVERIFY(!QFile::exists(part(name)));
  }

  // A failed run: exit 1, a message naming `mention`, and no file under the final name.
  void verifyFailed(const al::test::CliRun& run, const QStringList& args, const QString& name, const QString& mention) {
    QVERIFY2(run.exitCode == 1, qPrintable(al::test::describe(run, args)));
    const QString err = QString::fromUtf8(run.err);
    QVERIFY2(err.contains(mention), qPrintable(err));
    QVERIFY(run.out.trimmed().isEmpty());
    QVERIFY(!QFile::exists(archive(name)));
  }

 private slots:
  void initTestCase() { QVERIFY(dir_.isValid()); }

  void downloadsChecksAndPrintsThePath() {
    LocalHttpServer server(served());
    const QStringList args = arguments("whole", server.url());
    const al::test::CliRun run = al::test::runCli(args);
    verifyDownloaded(run, args, "whole");
    QCOMPARE(server.rangeStarts(), QList<qint64>{-1});
    QVERIFY2(run.err.contains("100%"), run.err.constData());  // the progress reached the end
    // Again: the checked archive is there, nothing is downloaded.
    const al::test::CliRun again = al::test::runCli(args);
    verifyDownloaded(again, args, "whole");
    QCOMPARE(server.rangeStarts().size(), 1);
  }

  void aCutTransferResumesWithARange() {
    ServedFile f = served();
    f.cutAnswers = 1;
    f.cutAt = 250 * 1000;
    LocalHttpServer server(f);
    const QStringList args = arguments("cut", server.url());
    verifyDownloaded(al::test::runCli(args), args, "cut");
    // The whole file first, then the rest from the cut (Qt itself may ask once more for the whole file when the
    // connection drops, before it reports the cut).
    const QList<qint64> starts = server.rangeStarts();
    QVERIFY(starts.size() >= 2 && starts.first() == -1 && starts.last() == 250 * 1000);
    QCOMPARE(starts.count(250 * 1000), 1);
  }

  void aPartialFileOfAnEarlierRunResumes() {
    QVERIFY(QDir().mkpath(folder("earlier")));
    al::test::writeFile(part("earlier"), body_.left(100 * 1000));
    LocalHttpServer server(served());
    const QStringList args = arguments("earlier", server.url());
    verifyDownloaded(al::test::runCli(args), args, "earlier");
    QCOMPARE(server.rangeStarts(), QList<qint64>{100 * 1000});
  }

  void aServerWithoutRangesStartsOverCleanly() {
    // The part holds other bytes than the file: a server that ignores the Range sends the whole file, which
    // replaces them.
    QVERIFY(QDir().mkpath(folder("noranges")));
    al::test::writeFile(part("noranges"), QByteArray(100 * 1000, 'x'));
    ServedFile f = served();
    f.ranges = false;
    LocalHttpServer server(f);
    const QStringList args = arguments("noranges", server.url());
    verifyDownloaded(al::test::runCli(args), args, "noranges");
    QCOMPARE(server.rangeStarts(), QList<qint64>{100 * 1000});
  }

  void anAnswerFromTheWrongByteStartsOver() {
    QVERIFY(QDir().mkpath(folder("wrongstart")));
    al::test::writeFile(part("wrongstart"), body_.left(100 * 1000));
    ServedFile f = served();
    f.wrongRangeStart = true;
    LocalHttpServer server(f);
    const QStringList args = arguments("wrongstart", server.url());
    verifyDownloaded(al::test::runCli(args), args, "wrongstart");
    QCOMPARE(server.rangeStarts(), (QList<qint64>{100 * 1000, -1}));
  }

  void aCutThatCannotResumeFailsAndKeepsOnlyThePart() {
    ServedFile f = served();
    f.ranges = false;
    f.cutAnswers = 1000;
    f.cutAt = 200 * 1000;
    LocalHttpServer server(f);
    const QStringList args = arguments("cannotresume", server.url());
    const al::test::CliRun run = al::test::runCli(args);
    verifyFailed(run, args, "cannotresume", server.url());
    QVERIFY2(run.err.contains("was cut"), run.err.constData());
    QVERIFY2(run.err.contains(".part"), run.err.constData());
    QCOMPARE(QFileInfo(part("cannotresume")).size(), 200 * 1000);  // kept for a later try, under a name that says so
  }

  void aWrongChecksumKeepsNothing() {
    ServedFile f = served();
    f.body = someBytes(600 * 1000, 16);  // not the file the checksum describes
    LocalHttpServer server(f);
    const QStringList args = arguments("wrongsum", server.url());
    const al::test::CliRun run = al::test::runCli(args);
    verifyFailed(run, args, "wrongsum", "SHA-256");
    QVERIFY2(run.err.contains(server.url().toUtf8()), run.err.constData());
    QVERIFY2(run.err.contains(sha256(f.body).toUtf8()), run.err.constData());  // what it was
    QVERIFY(!QFile::exists(part("wrongsum")));
  }

  void aMissingFileIsA404() {
    LocalHttpServer server(served());
    const QString url = server.url("/elsewhere/aclImdb_v1.tar.gz");
    const QStringList args = arguments("missing", url);
    const al::test::CliRun run = al::test::runCli(args);
    verifyFailed(run, args, "missing", "404");
    QVERIFY2(run.err.contains(url.toUtf8()), run.err.constData());
    QVERIFY(QDir(folder("missing")).entryList(QDir::Files).isEmpty());
  }

  void anUnreachableServerSaysSo() {
    const QString url = QStringLiteral("http://127.0.0.1:%1/aclImdb_v1.tar.gz").arg(LocalHttpServer::unusedPort());
    const QStringList args = arguments("unreachable", url);
    const al::test::CliRun run = al::test::runCli(args);
    verifyFailed(run, args, "unreachable", "Could not connect");
    QVERIFY2(run.err.contains(url.toUtf8()), run.err.constData());
    QVERIFY(QDir(folder("unreachable")).entryList(QDir::Files).isEmpty());
  }

  void withoutToItGoesToTheAppDataFolder() {
    // The folder the app looks in at startup: XDG_DATA_HOME/AttentionLab/AttentionLab (QStandardPaths).
    const QString home = folder("datahome");
    qputenv("XDG_DATA_HOME", home.toUtf8());  // the child process inherits it
    LocalHttpServer server(served());
    const QStringList args{"download", "imdb", "--url", server.url(), "--sha256", sha256(body_)};
    const al::test::CliRun run = al::test::runCli(args);
    qunsetenv("XDG_DATA_HOME");
    QVERIFY2(run.exitCode == 0, qPrintable(al::test::describe(run, args)));
    const QString expected = home + "/AttentionLab/AttentionLab/aclImdb_v1.tar.gz";
    QCOMPARE(QString::fromUtf8(run.out).trimmed(), expected);
    QVERIFY(al::test::readAll(expected) == body_);
  }

  void aBadChecksumOptionIsABadCommandLine() {
    const QStringList args{"download", "imdb", "--to", folder("bad"), "--sha256", "1234"};
    const al::test::CliRun run = al::test::runCli(args);
    QVERIFY2(run.exitCode == 2, qPrintable(al::test::describe(run, args)));
    QVERIFY(!QFile::exists(folder("bad")));
  }
};

QTEST_GUILESS_MAIN(TestCliDownload)
#include "test_cli_download.moc"
