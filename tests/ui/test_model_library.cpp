// The session's model library: a run finished on the Train page appears on the Attention page as an in-memory
// snapshot, without any file being written; the snapshot is the run's model (same predictions), not a link to it.
// The normalization race's runs and opened model directories reach the pages the same way.
#include "core/inference/imdb_transformer_inference.h"
#include "core/train/imdb_run.h"

#include <QDir>
#include <QDirIterator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "ui/pages/attention_page.h"
#include "ui/main_window.h"
#include "ui/pages/norm_race.h"
#include "ui/pages/normalization_page.h"
#include "ui/session/model_library.h"
#include "ui/pages/train_page.h"

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
  void sessionModelsReachTheAttentionPageWithoutAFile() {
    // A model directory to open, written before the watch begins.
    QTemporaryDir saved;
    QVERIFY(saved.isValid());
    const QString modelDir = saved.filePath("opened-model");
    {
      TransformerClassifier model(imdbPreset("tiny").model);
      model.initialize(7);
      std::vector<std::string> words = {"", "[UNK]"};
      for (int i = 2; i < model.config().vocabSize; ++i) words.push_back("word" + std::to_string(i));
      saveImdbTransformer(modelDir.toStdString(), model, Vocabulary::fromTokens(words), {});
    }
    const QStringList savedFiles = filesUnder(saved.path());

    // Any temporary folder or file would land here, and a relative path in the working directory.
    QTemporaryDir watched;
    QVERIFY(watched.isValid());
    qputenv("TMPDIR", watched.path().toLocal8Bit());
    const QString previous = QDir::currentPath();
    QDir::setCurrent(watched.path());

    {
      MainWindow window;
      TrainPage* train = window.trainPage();
      auto* attention = window.findChild<AttentionPage*>();
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
      QVERIFY(model && model->as<ImdbTransformerModel>());
      QCOMPARE(model->model.task, std::string("imdb-transformer"));
      QCOMPARE(model->status, QString("finished"));
      QCOMPARE(model->history.size(), size_t{1});
      QCOMPARE(model->settings.at("epochs").get<int>(), 1);
      QCOMPARE(attention->modelCount(), modelsBefore + 1);
      QCOMPARE(attention->currentModel(), model->as<ImdbTransformerModel>());
      QCOMPARE(attention->currentModelName(), model->name);

      // The snapshot is the run's model: same predictions, its own weights.
      const auto* run = dynamic_cast<const ImdbRun*>(train->trainingRun(train->currentRunId()));
      QVERIFY(run);
      const std::string review = "a wonderful film with a moving story";
      QCOMPARE(predictText(*model->as<ImdbTransformerModel>()->model, model->as<ImdbTransformerModel>()->vocabulary, review).probability,
               predictText(run->model(), run->vocabulary(), review).probability);
      QVERIFY(&model->as<ImdbTransformerModel>()->model->parameters() != &run->model().parameters());

      // The normalization race's two finished runs arrive the same way.
      NormalizationPage* normalization = nullptr;
      for (int i = 0; i < window.pageCount() && !normalization; ++i)
        normalization = qobject_cast<NormalizationPage*>(window.page(i));
      QVERIFY(normalization);
      NormRace* race = normalization->race();
      QSignalSpy raced(race, &NormRace::raceFinished);
      race->setPreset("tiny");
      race->setEpochs(1);
      race->start();
      QVERIFY(QTest::qWaitFor([&] { return raced.count() > 0; }, kTrainTimeoutMs));
      QCOMPARE(race->state(), NormRace::State::Finished);
      QCOMPARE(added.count(), 3);
      for (int i : {1, 2}) {
        const SessionModel* racedModel = window.library()->model(added.at(i).first().toInt());
        QVERIFY(racedModel && racedModel->as<ImdbTransformerModel>());
        QCOMPARE(racedModel->status, QString("raced"));
      }
      QCOMPARE(attention->modelCount(), modelsBefore + 3);

      // An opened model directory too, whether opened on the Train page or on the Attention page: read once on
      // a worker thread, then a snapshot in the library that both pages show.
      train->openModel(modelDir);
      QVERIFY(QTest::qWaitFor([&] { return !train->filesBusy(); }, kTrainTimeoutMs));
      QVERIFY2(train->errorText().isEmpty(), qPrintable(train->errorText()));
      QCOMPARE(added.count(), 4);
      const SessionModel* opened = window.library()->model(added.at(3).first().toInt());
      QVERIFY(opened && opened->as<ImdbTransformerModel>());
      QCOMPARE(opened->status, QString("opened"));
      QCOMPARE(opened->name, QString("opened-model"));
      // Opened on the Train page, it joins the Attention page's list; the model shown there stays.
      QCOMPARE(attention->modelCount(), modelsBefore + 4);
      QVERIFY(attention->currentModel() != opened->as<ImdbTransformerModel>());
      attention->openModelDirectory(modelDir);  // opened on the Attention page: shown
      QVERIFY(QTest::qWaitFor([&] { return !attention->isOpeningModel(); }, kTrainTimeoutMs));
      QCOMPARE(added.count(), 5);
      QCOMPARE(attention->modelCount(), modelsBefore + 5);
      QCOMPARE(attention->currentModel(), window.library()->model(added.at(4).first().toInt())->as<ImdbTransformerModel>());
    }

    QDir::setCurrent(previous);
    qunsetenv("TMPDIR");
    QVERIFY2(filesUnder(watched.path()).isEmpty(), qPrintable(filesUnder(watched.path()).join('\n')));
    QCOMPARE(filesUnder(saved.path()), savedFiles);  // opening only reads
  }
};

QTEST_MAIN(TestModelLibrary)
#include "test_model_library.moc"
