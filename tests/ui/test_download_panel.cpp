// The download panel and the Train page's "Download IMDB" entry, against a local HTTP server on 127.0.0.1: a
// whole download, a cut transfer resumed, a wrong checksum, a 404, an unreachable port, Cancel and a continued
// download, a full disk; the archive then listed by the Train page, now and at the next launch.
#include "ui/pages/train_page.h"  // first: it brings core headers, which must not see Qt's `emit`

#include <sys/resource.h>

#include <csignal>

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/app_fixture.h"
#include "tests/local_http_server.h"
#include "ui/download/imdb_archive.h"
#include "ui/widgets/download_panel.h"

using al::download::DownloadRequest;
using al::test::LocalHttpServer;
using al::test::ServedFile;
using al::test::someBytes;
using al::ui::DownloadPanel;

namespace {

constexpr int kWaitMs = 30000;

QByteArray readAll(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QPushButton* button(QWidget& w, const char* name) {
  auto* b = w.findChild<QPushButton*>(name);
  if (!b) qFatal("no button %s", name);
  return b;
}

}  // namespace

class TestDownloadPanel : public QObject {
  Q_OBJECT

  const QByteArray body_ = someBytes(600 * 1000, 15);
  QTemporaryDir dir_;
  al::test::AppFixture app_;

  QString target(const QString& name) const { return QDir(dir_.filePath(name)).filePath("aclImdb_v1.tar.gz"); }

  DownloadRequest request(const QString& url, const QString& name, const QByteArray& sha = QByteArray()) const {
    return {QUrl(url), target(name), sha.isEmpty() ? al::test::sha256Hex(body_) : sha};
  }

  ServedFile served() const {
    ServedFile f;
    f.body = body_;
    return f;
  }

  // Starts the panel with the Download button and waits for the end; returns the signal that came.
  QString runToEnd(DownloadPanel& panel) {
    QSignalSpy finished(&panel, &DownloadPanel::finished);
    QSignalSpy failed(&panel, &DownloadPanel::failed);
    QTest::mouseClick(button(panel, "start"), Qt::LeftButton);
    if (!QTest::qWaitFor([&] { return finished.size() + failed.size() > 0; }, kWaitMs)) return "timeout";
    return finished.size() ? "finished" : "failed";
  }

  void verifyNothingLooksComplete(const QString& name) {
    QVERIFY(!QFile::exists(target(name)));
    QVERIFY(!QFile::exists(target(name) + ".part") || QFileInfo(target(name) + ".part").size() < body_.size());
  }

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    QVERIFY(app_.withDataHome());
    QVERIFY(app_.setUp("test_download_panel"));
  }

  void downloadsAndShowsTheWholeBar() {
    LocalHttpServer server(served());
    DownloadPanel panel;
    panel.setRequest(request(server.url(), "whole"), "IMDB");
    QCOMPARE(runToEnd(panel), QString("finished"));
    QVERIFY(readAll(target("whole")) == body_);
    QVERIFY(!QFile::exists(target("whole") + ".part"));
    auto* bar = panel.findChild<QProgressBar*>("progress");
    QCOMPARE(bar->value(), bar->maximum());
    QVERIFY2(panel.statusText().contains(target("whole")), qPrintable(panel.statusText()));
    QVERIFY(!button(panel, "cancel")->isEnabled());
  }

  void aCutTransferResumes() {
    ServedFile f = served();
    f.cutAnswers = 1;
    f.cutAt = 250 * 1000;
    LocalHttpServer server(f);
    DownloadPanel panel;
    panel.setRequest(request(server.url(), "cut"), "IMDB");
    QCOMPARE(runToEnd(panel), QString("finished"));
    QVERIFY(readAll(target("cut")) == body_);
    // The whole file first, then the rest from the cut (Qt itself may ask once more for the whole file when the
    // connection drops, before it reports the cut).
    const QList<qint64> starts = server.rangeStarts();
    QVERIFY(starts.size() >= 2 && starts.first() == -1 && starts.last() == 250 * 1000);
    QCOMPARE(starts.count(250 * 1000), 1);
  }

  void aWrongChecksumKeepsNothing() {
    ServedFile f = served();
    f.body = someBytes(600 * 1000, 16);
    LocalHttpServer server(f);
    DownloadPanel panel;
    panel.setRequest(request(server.url(), "wrongsum"), "IMDB");
    QCOMPARE(runToEnd(panel), QString("failed"));
    QVERIFY2(panel.statusText().contains("SHA-256") && panel.statusText().contains(server.url()),
             qPrintable(panel.statusText()));
    QVERIFY(!QFile::exists(target("wrongsum")));
    QVERIFY(!QFile::exists(target("wrongsum") + ".part"));
    QVERIFY(button(panel, "start")->isEnabled());
  }

  void aMissingFileIsA404() {
    LocalHttpServer server(served());
    DownloadPanel panel;
    panel.setRequest(request(server.url("/nothing-here.tar.gz"), "missing"), "IMDB");
    QCOMPARE(runToEnd(panel), QString("failed"));
    QVERIFY2(panel.statusText().contains("404") && panel.statusText().contains("/nothing-here.tar.gz"),
             qPrintable(panel.statusText()));
    verifyNothingLooksComplete("missing");
    QVERIFY(!QFile::exists(target("missing") + ".part"));
  }

  void anUnreachableServerSaysSo() {
    DownloadPanel panel;
    const QString url = QStringLiteral("http://127.0.0.1:%1/aclImdb_v1.tar.gz").arg(LocalHttpServer::unusedPort());
    panel.setRequest(request(url, "unreachable"), "IMDB");
    QCOMPARE(runToEnd(panel), QString("failed"));
    QVERIFY2(panel.statusText().contains("Could not connect") && panel.statusText().contains(url),
             qPrintable(panel.statusText()));
    verifyNothingLooksComplete("unreachable");
    QVERIFY(!QFile::exists(target("unreachable") + ".part"));
  }

  void cancelKeepsThePartAndTheNextDownloadContinues() {
    ServedFile f = served();
    f.cutAnswers = 1;
    f.cutAt = 200 * 1000;
    f.stallInsteadOfClose = true;  // the first answer stops after 200 kB and hangs
    LocalHttpServer server(f);
    DownloadPanel panel;
    panel.setRequest(request(server.url(), "cancel"), "IMDB");
    QSignalSpy cancelled(&panel, &DownloadPanel::cancelled);
    QTest::mouseClick(button(panel, "start"), Qt::LeftButton);
    QVERIFY(panel.isRunning());
    QVERIFY(button(panel, "cancel")->isEnabled());
    QVERIFY(QTest::qWaitFor([&] { return QFileInfo(target("cancel") + ".part").size() == 200 * 1000; }, kWaitMs));
    QVERIFY(QTest::qWaitFor([&] { return panel.statusText().contains("0.2 of 0.6 MB"); }, kWaitMs));
    QTest::mouseClick(button(panel, "cancel"), Qt::LeftButton);
    QVERIFY(cancelled.wait(kWaitMs));
    QVERIFY(!panel.isRunning());
    QVERIFY2(panel.statusText().contains("cancelled"), qPrintable(panel.statusText()));
    QVERIFY(!QFile::exists(target("cancel")));
    QCOMPARE(readAll(target("cancel") + ".part"), body_.left(200 * 1000));
    // Try again: only the rest is asked for.
    QCOMPARE(runToEnd(panel), QString("finished"));
    QVERIFY(readAll(target("cancel")) == body_);
    QCOMPARE(server.rangeStarts(), (QList<qint64>{-1, 200 * 1000}));
  }

  void aFullDiskSaysSoAndKeepsWhatWasWritten() {
    // A file-size limit makes writes past 100 kB fail as on a full disk.
    LocalHttpServer server(served());
    DownloadPanel panel;
    panel.setRequest(request(server.url(), "full"), "IMDB");
    std::signal(SIGXFSZ, SIG_IGN);
    rlimit old{};
    QCOMPARE(getrlimit(RLIMIT_FSIZE, &old), 0);
    rlimit small = old;
    small.rlim_cur = 100 * 1000;
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &small), 0);
    const QString outcome = runToEnd(panel);
    QCOMPARE(setrlimit(RLIMIT_FSIZE, &old), 0);
    QCOMPARE(outcome, QString("failed"));
    QVERIFY2(panel.statusText().contains("disk full") && panel.statusText().contains(".part"),
             qPrintable(panel.statusText()));
    verifyNothingLooksComplete("full");
  }

  void theTrainPageOffersTheDownloadAndFindsTheArchiveAgain() {
    // A small aclImdb archive, served as the IMDB download of the app's settings (a mirror).
    QTemporaryDir source;
    for (const QString split : {"train", "test"})
      for (const QString label : {"pos", "neg"}) {
        QVERIFY(QDir().mkpath(source.filePath("aclImdb/" + split + "/" + label)));
        for (int i = 0; i < 4; ++i) {
          QFile review(source.filePath(QStringLiteral("aclImdb/%1/%2/%3_7.txt").arg(split, label).arg(i)));
          QVERIFY(review.open(QIODevice::WriteOnly));
          review.write(label == "pos" ? "a wonderful film, moving and funny" : "a dull film, boring and slow");
        }
      }
    QProcess tar;
    tar.setWorkingDirectory(source.path());
    tar.start("tar", {"czf", "small.tar.gz", "aclImdb"});
    QVERIFY(tar.waitForFinished(30000) && tar.exitCode() == 0);
    ServedFile f;
    f.body = readAll(source.filePath("small.tar.gz"));
    QVERIFY(!f.body.isEmpty());
    LocalHttpServer server(f);
    {
      QSettings settings;
      settings.setValue("download/imdbUrl", server.url());
      settings.setValue("download/imdbSha256", QString::fromLatin1(al::test::sha256Hex(f.body)));
    }
    const QString archive = al::download::imdbArchivePath();
    QVERIFY2(archive.startsWith(app_.dataHome()), qPrintable(archive));
    QVERIFY(!QFile::exists(archive));

    {
      al::ui::TrainPage page;
      auto* picker = page.findChild<QComboBox*>("data");
      const int entry = picker->findText("Download IMDB (84 MB)…");
      QVERIFY(entry >= 0);
      QVERIFY(QTest::qWaitFor([&] { return page.dataCardReady(); }, kWaitMs));
      picker->setCurrentIndex(entry);
      emit picker->activated(entry);
      QCOMPARE(page.dataSource(), QString("builtin"));  // until the archive is there
      QCOMPARE(picker->currentData().toString(), QString("builtin"));
      QVERIFY(page.findChild<al::ui::DownloadDialog*>("imdbDownload"));
      QVERIFY(QTest::qWaitFor([&] { return page.dataSource() == archive && page.dataCardReady(); }, kWaitMs));
      QVERIFY(readAll(archive) == f.body);
      QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
      QVERIFY2(page.dataCardText().contains("<b>8</b> training reviews"), qPrintable(page.dataCardText()));
      QCOMPARE(picker->findText("Download IMDB (84 MB)…"), -1);
      QVERIFY(picker->findData(archive) >= 0);
    }
    // The next launch: the archive is listed (and the download is not offered) even without the recent list.
    QSettings().remove("train");
    al::ui::TrainPage next;
    auto* picker = next.findChild<QComboBox*>("data");
    QVERIFY(picker->findData(archive) >= 0);
    QCOMPARE(picker->findText("Download IMDB (84 MB)…"), -1);
  }
};

QTEST_MAIN(TestDownloadPanel)
#include "test_download_panel.moc"
