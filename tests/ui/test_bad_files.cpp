// The Train page survives bad files as the command line does: after a run has trained, a truncated model
// directory, a TSV that is not UTF-8 and a corrupt archive are opened through the page's own open paths (the
// ones its Open model and Choose data dialogs call). Each shows a message that names the file on the page, and
// the run trained before is still listed with its whole history, its weights and its curves.
#include <QDir>
#include <QFile>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

#include "ui/widgets/curve_plot.h"
#include "ui/widgets/runs_list.h"
#include "ui/pages/train_page.h"
#include "tests/app_fixture.h"

using al::ui::CurvePlot;
using al::ui::TrainPage;

namespace {

bool waitForDataCard(TrainPage& page) { return QTest::qWaitFor([&] { return page.dataCardReady(); }, 60000); }

bool writeFile(const QString& path, const QByteArray& bytes) {
  QFile file(path);
  return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

}  // namespace

class TestBadFiles : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY(workDir_.isValid());
    QVERIFY(app_.setUp("test_bad_files"));
  }

  void badFilesShowAMessageAndKeepEarlierRuns() {
    TrainPage page;
    QVERIFY(waitForDataCard(page));
    page.setPreset("tiny");
    page.setParameter("epochs", 2);
    QTest::mouseClick(page.findChild<QPushButton*>("start"), Qt::LeftButton);
    const int run = page.currentRunId();
    QVERIFY(QTest::qWaitFor([&] { return !page.isTraining(); }, 180000));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    const std::vector<al::EpochEvent> history = page.history(run);
    QCOMPARE(history.size(), size_t{2});
    const int batches = page.batchesSeen(run);

    // A truncated model directory: the model of that run, its weights cut in half.
    const QString model = workDir_.filePath("truncated-model");
    QVERIFY2(page.saveModel(run, model), qPrintable(page.errorText()));
    QVERIFY(QTest::qWaitFor([&] { return !page.filesBusy(); }, 60000));  // saving runs on a worker thread
    QFile weights(model + "/model.safetensors");
    QVERIFY(weights.exists());
    QVERIFY(weights.resize(weights.size() / 2));
    page.openModel(model);  // read on a worker thread; the banner says why it failed
    QVERIFY(QTest::qWaitFor([&] { return !page.filesBusy(); }, 60000));
    QVERIFY2(page.errorText().contains("model.safetensors"), qPrintable(page.errorText()));
    expectRunIntact(page, run, history, batches);

    // A TSV with a line that is not UTF-8 (Latin-1 "café").
    const QString tsv = workDir_.filePath("latin1.tsv");
    QVERIFY(writeFile(tsv, "1\tA fine film\n0\tcaf\xe9 was dull\n"));
    page.setDataSource(tsv);
    QVERIFY(QTest::qWaitFor([&] { return !page.errorText().isEmpty(); }, 60000));
    QVERIFY2(page.errorText().contains("latin1.tsv") && page.errorText().contains("UTF-8"),
             qPrintable(page.errorText()));
    QVERIFY(waitForDataCard(page));
    QCOMPARE(page.dataSource(), QString("builtin"));
    expectRunIntact(page, run, history, batches);

    // A corrupt archive: the gzip magic, then bytes that are not a deflate stream.
    const QString archive = workDir_.filePath("corrupt.tar.gz");
    QVERIFY(writeFile(archive, QByteArray("\x1f\x8b\x08\x00", 4) + QByteArray(200, '\xff')));
    page.setDataSource(archive);
    QVERIFY(QTest::qWaitFor([&] { return !page.errorText().isEmpty(); }, 60000));
    QVERIFY2(page.errorText().contains("corrupt.tar.gz"), qPrintable(page.errorText()));
    QVERIFY(waitForDataCard(page));
    expectRunIntact(page, run, history, batches);
  }

 private:
  // The run is still listed, holds its trained model and the same history, and its curves are still drawn.
  static void expectRunIntact(TrainPage& page, int run, const std::vector<al::EpochEvent>& history, int batches) {
    QCOMPARE(page.runs()->runCount(), 1);
    QVERIFY(page.trainingRun(run) != nullptr);
    const std::vector<al::EpochEvent> now = page.history(run);
    QCOMPARE(now.size(), history.size());
    for (size_t i = 0; i < now.size(); ++i) QCOMPARE(now[i].valLoss, history[i].valLoss);
    QCOMPARE(page.batchesSeen(run), batches);
    QCOMPARE(page.curves()->pointCount(run, CurvePlot::Curve::Validation, CurvePlot::Metric::Loss),
             static_cast<int>(history.size()));
  }

  al::test::AppFixture app_;
  QTemporaryDir workDir_;
};

QTEST_MAIN(TestBadFiles)
#include "test_bad_files.moc"
