// The session's model library: a run finished on the Train page appears on the Attention page as an in-memory
// snapshot, without any file being written; the snapshot is the run's model (same predictions), not a link to it.
#include "core/inference/imdb_transformer_inference.h"
#include "core/train/imdb_run.h"

#include <QDir>
#include <QDirIterator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "ui/attention_page.h"
#include "ui/main_window.h"
#include "ui/session/model_library.h"
#include "ui/train_page.h"

using namespace al;
using namespace al::ui;

namespace {

constexpr int kTrainTimeoutMs = 180000;  // generous: the machine may be busy

// Every file under dir, recursively.
QStringList filesUnder(const QString& dir) {
  QStringList files;
  QDirIterator it(dir, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
  while (it.hasNext()) files << it.next();
  return files;
}

}  // namespace

class TestModelLibrary : public QObject {
  Q_OBJECT
 private slots:
  void finishedRunReachesTheAttentionPageWithoutAFile() {
    // Any temporary folder or file would land here, and a relative path in the working directory.
    QTemporaryDir watched;
    QVERIFY(watched.isValid());
    qputenv("TMPDIR", watched.path().toLocal8Bit());
    const QString previous = QDir::currentPath();
    QDir::setCurrent(watched.path());

    {
      MainWindow window;
      TrainPage* train = window.trainPage();
      auto* attention = qobject_cast<AttentionPage*>(window.page(1));
      QVERIFY(attention);
      const int modelsBefore = attention->modelCount();
      QSignalSpy added(window.library(), &ModelLibrary::modelAdded);

      train->setDataSource("builtin");
      QVERIFY(QTest::qWaitFor([&] { return train->dataCardReady(); }, kTrainTimeoutMs));
      train->setPreset("tiny");
      train->setParameter("epochs", 1);
      train->setParameter("threads", 1);
      train->start();
      QVERIFY(QTest::qWaitFor([&] { return !train->isTraining(); }, kTrainTimeoutMs));
      QVERIFY2(train->errorText().isEmpty(), qPrintable(train->errorText()));

      QCOMPARE(added.count(), 1);
      const SessionModel* model = window.library()->model(added.first().first().toInt());
      QVERIFY(model && model->imdb);
      QCOMPARE(model->task, std::string("imdb-transformer"));
      QCOMPARE(model->status, QString("finished"));
      QCOMPARE(model->history.size(), size_t{1});
      QCOMPARE(model->settings.at("epochs").get<int>(), 1);
      QCOMPARE(attention->modelCount(), modelsBefore + 1);
      QCOMPARE(attention->currentModel(), model->imdb);
      QCOMPARE(attention->currentModelName(), model->name);

      // The snapshot is the run's model: same predictions, its own weights.
      const auto* run = dynamic_cast<const ImdbRun*>(train->trainingRun(train->currentRunId()));
      QVERIFY(run);
      const std::string review = "a wonderful film with a moving story";
      QCOMPARE(predictText(*model->imdb->model, model->imdb->vocabulary, review).probability,
               predictText(run->model(), run->vocabulary(), review).probability);
      QVERIFY(&model->imdb->model->parameters() != &run->model().parameters());
    }

    QDir::setCurrent(previous);
    qunsetenv("TMPDIR");
    QVERIFY2(filesUnder(watched.path()).isEmpty(), qPrintable(filesUnder(watched.path()).join('\n')));
  }
};

QTEST_MAIN(TestModelLibrary)
#include "test_model_library.moc"
