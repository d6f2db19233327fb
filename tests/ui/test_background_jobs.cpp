// The app's background work does not queue behind Qt's global thread pool, which Qt's painting borrows for its
// own short tasks (ui/session/background_jobs.h). With every thread of the global pool held, a model folder is still
// saved and opened, and a job of the app's pool is not run on a thread of the global one.
#include "ui/session/model_files.h"  // first: it brings the core headers before any Qt header
#include "ui/session/background_jobs.h"

#include <QFile>
#include <QSemaphore>
#include <QTemporaryDir>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>
#include <QtTest>

using al::ui::backgroundJobs;
using al::ui::ModelFileJob;

namespace {

// Holds every thread of Qt's global pool until it goes out of scope (also when a check fails).
class GlobalPoolHeld {
 public:
  GlobalPoolHeld() : threads_(QThreadPool::globalInstance()->maxThreadCount()) {
    for (int i = 0; i < threads_; ++i)
      QThreadPool::globalInstance()->start([this] {
        started_.release();
        release_.acquire();
      });
    started_.acquire(threads_);  // every thread of the pool is now busy
  }
  ~GlobalPoolHeld() {
    release_.release(threads_);
    QThreadPool::globalInstance()->waitForDone();
  }

 private:
  int threads_;
  QSemaphore started_, release_;
};

}  // namespace

class TestBackgroundJobs : public QObject {
  Q_OBJECT

 private slots:
  void theAppsPoolIsNotQtsGlobalPool() {
    QVERIFY(backgroundJobs() != QThreadPool::globalInstance());
    QVERIFY(backgroundJobs()->maxThreadCount() >= 2);
    const GlobalPoolHeld held;
    QFuture<bool> onGlobalThread = QtConcurrent::run(backgroundJobs(), [] {
      return QThreadPool::globalInstance()->contains(QThread::currentThread());
    });
    QVERIFY(QTest::qWaitFor([&] { return onGlobalThread.isFinished(); }, 10000));
    QVERIFY(!onGlobalThread.result());
  }

  void aModelFolderIsSavedAndOpenedWhileTheGlobalPoolIsBusy() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString file = dir.filePath(QStringLiteral("written.txt"));
    const GlobalPoolHeld held;
    ModelFileJob job;
    bool saved = false;
    QString failure;
    job.save(
        dir.path(),
        [file] {
          QFile out(file);
          if (out.open(QIODevice::WriteOnly)) out.write("weights");
        },
        [&] { saved = true; }, [&](const QString& message) { failure = message; });
    QVERIFY2(QTest::qWaitFor([&] { return saved || !failure.isEmpty(); }, 10000),
             "the save waited for Qt's global pool");
    QVERIFY2(saved, qPrintable(failure));
    QVERIFY(QFile::exists(file));

    // Opening a folder that is no model ends with a message, also while the global pool is held.
    bool opened = false;
    failure.clear();
    job.open(
        dir.filePath(QStringLiteral("missing")), [&](al::ui::SessionModel) { opened = true; },
        [&](const QString& message) { failure = message; });
    QVERIFY2(QTest::qWaitFor([&] { return opened || !failure.isEmpty(); }, 10000),
             "the opening waited for Qt's global pool");
    QVERIFY(!opened);
    QVERIFY(failure.contains(QStringLiteral("missing")));
  }
};

QTEST_MAIN(TestBackgroundJobs)
#include "test_background_jobs.moc"
