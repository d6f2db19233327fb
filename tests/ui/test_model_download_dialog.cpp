// File › Download a pretrained model… against a local HTTP server standing in for the hub ($HF_ENDPOINT): a tiny
// BERT folder arrives, checked, and joins the session's model library when opened; a download the hub's checksum
// refutes says why and leaves nothing that looks like a model.
#include "ui/pages/fill_page.h"  // first: it brings core headers, which must not see Qt's `emit`

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/local_http_server.h"
#include "ui/session/model_library.h"
#include "ui/widgets/model_download_dialog.h"

using namespace al::ui;

namespace {

const QString kGolden = QStringLiteral(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/bert-tiny");

QByteArray fileBytes(const QString& path) {
  QFile f(path);
  return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// A file as the hub serves it: a large one with X-Linked-Size / X-Linked-Etag (its SHA-256), a small one with
// the git blob SHA-1 as its ETag.
al::test::ServedFile hubFile(const QString& file, bool large, QByteArray sha256 = {}) {
  al::test::ServedFile f;
  f.path = "/tiny/resolve/main/" + file;
  f.body = fileBytes(kGolden + "/" + file);
  if (large) {
    if (sha256.isEmpty()) sha256 = QCryptographicHash::hash(f.body, QCryptographicHash::Sha256).toHex();
    f.headers = "X-Linked-Size: " + QByteArray::number(f.body.size()) + "\r\nX-Linked-Etag: \"" + sha256 + "\"\r\n";
  } else {
    const QByteArray blob = "blob " + QByteArray::number(f.body.size()) + '\0' + f.body;
    f.headers = "ETag: \"" + QCryptographicHash::hash(blob, QCryptographicHash::Sha1).toHex() + "\"\r\n";
  }
  return f;
}

// Starts the dialog's download of the hub's "tiny" into `folder`, the hub standing in for huggingface.co
// ($HF_ENDPOINT).
void startTinyDownload(ModelDownloadDialog& dialog, const al::test::LocalHttpServer& hub, const QString& folder) {
  qputenv("HF_ENDPOINT", QStringLiteral("http://127.0.0.1:%1").arg(hub.port()).toLatin1());
  dialog.setTargetFolder(folder);
  dialog.setRepository(QStringLiteral("tiny"));
  dialog.start();
}

}  // namespace

class TestModelDownloadDialog : public QObject {
  Q_OBJECT

 private slots:
  void aDownloadedModelJoinsTheLibrary() {
    al::test::LocalHttpServer hub(hubFile("model.safetensors", true));
    for (const QString& f : {QStringLiteral("config.json"), QStringLiteral("vocab.txt"), QStringLiteral("tokenizer_config.json")})
      hub.addFile(hubFile(f, false));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    ModelDownloadDialog dialog;
    QSignalSpy downloaded(&dialog, &ModelDownloadDialog::downloaded);
    startTinyDownload(dialog, hub, dir.path());
    QVERIFY(dialog.isRunning());  // on a worker: the dialog stays responsive
    QVERIFY2(downloaded.wait(60000), qPrintable(dialog.statusText()));
    const QString folder = downloaded[0][0].toString();
    QCOMPARE(folder, dir.filePath(QStringLiteral("tiny")));
    QVERIFY(fileBytes(folder + "/model.safetensors") == fileBytes(kGolden + "/model.safetensors"));

    ModelLibrary library;  // what the main window does with it: opens it on the page in view
    FillPage page(&library);
    page.openModelDirectory(folder);
    QVERIFY(QTest::qWaitFor([&] { return !page.isOpeningModel(); }, 60000));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    QCOMPARE(library.models().size(), size_t(1));
    QVERIFY(page.currentBert());
  }

  void aRefutedDownloadSaysWhyAndLeavesNoModel() {
    al::test::LocalHttpServer hub(hubFile("model.safetensors", true, QByteArray(64, 'a')));
    for (const QString& f : {QStringLiteral("config.json"), QStringLiteral("vocab.txt")}) hub.addFile(hubFile(f, false));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    ModelDownloadDialog dialog;
    QSignalSpy failed(&dialog, &ModelDownloadDialog::failed);
    startTinyDownload(dialog, hub, dir.path());
    QVERIFY(failed.wait(60000));
    QVERIFY2(dialog.statusText().contains(QStringLiteral("SHA-256"), Qt::CaseInsensitive), qPrintable(dialog.statusText()));
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("tiny/model.safetensors"))));
    QVERIFY(!QFile::exists(dir.filePath(QStringLiteral("tiny/config.json"))));
  }
};

QTEST_MAIN(TestModelDownloadDialog)
#include "test_model_download_dialog.moc"
