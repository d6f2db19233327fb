// Long sessions: finished runs can be removed from the Train page's runs list, with the Remove button or the
// Delete key; a run that was never saved is removed only after the user said yes. The run that trains stays.
#include <QApplication>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include "ui/widgets/curve_plot.h"
#include "ui/widgets/runs_list.h"
#include "ui/pages/train_page.h"
#include "tests/app_fixture.h"

using al::ui::TrainPage;

namespace {

int trainTinyRun(TrainPage& page) {
  page.setPreset("tiny");
  page.setParameter("epochs", 1);
  page.findChild<QPushButton*>("start")->click();
  const int id = page.currentRunId();
  if (!QTest::qWaitFor([&] { return !page.isTraining(); }, 180000)) qFatal("the tiny run did not end");
  return id;
}

// Answers the next question box with `button`; `asked` tells whether one came.
void answerNextQuestion(QMessageBox::StandardButton button, bool* asked) {
  QTimer::singleShot(0, [button, asked] {
    QVERIFY(QTest::qWaitFor([] { return qobject_cast<QMessageBox*>(QApplication::activeModalWidget()); }, 10000));
    auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
    *asked = true;
    box->button(button)->click();
  });
}

}  // namespace

class TestRemoveRuns : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY(workDir_.isValid());
    QVERIFY(app_.setUp("test_remove_runs"));
  }

  void finishedRunsCanBeRemoved() {
    TrainPage page;
    QVERIFY(QTest::qWaitFor([&] { return page.dataCardReady(); }, 60000));
    const int unsaved = trainTinyRun(page);
    const int saved = trainTinyRun(page);
    QVERIFY2(page.saveModel(saved, workDir_.filePath("saved")), qPrintable(page.errorText()));
    QVERIFY(QTest::qWaitFor([&] { return !page.filesBusy(); }, 60000));  // saving runs on a worker thread
    QCOMPARE(page.runs()->runCount(), 2);

    // The unsaved run: No keeps it, Yes removes it with its curves and its model.
    page.runs()->selectRun(unsaved);
    bool asked = false;
    answerNextQuestion(QMessageBox::No, &asked);
    page.findChild<QPushButton*>("removeRun")->click();
    QVERIFY(asked);
    QCOMPARE(page.runs()->runCount(), 2);
    QVERIFY(page.trainingRun(unsaved) != nullptr);
    asked = false;
    answerNextQuestion(QMessageBox::Yes, &asked);
    page.findChild<QPushButton*>("removeRun")->click();
    QVERIFY(asked);
    QCOMPARE(page.runs()->runCount(), 1);
    QVERIFY(page.trainingRun(unsaved) == nullptr);
    QVERIFY(!page.curves()->hasRun(unsaved));
    QVERIFY(page.history(unsaved).empty());

    // The saved run goes with the Delete key, without a question: its model is on disk.
    page.runs()->selectRun(saved);
    page.show();  // a shortcut works in a shown, active window
    page.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&page));
    page.runs()->setFocus();
    QTest::keyClick(page.runs(), Qt::Key_Delete);
    QCOMPARE(page.runs()->runCount(), 0);
    QVERIFY(!page.curves()->hasRun(saved));

    // The run that trains cannot be removed.
    page.setPreset("tiny");
    page.setParameter("epochs", 3);
    page.findChild<QPushButton*>("start")->click();
    QVERIFY(page.isTraining());
    QVERIFY(!page.removeRun(page.currentRunId()));
    QCOMPARE(page.runs()->runCount(), 1);
    page.stop();
    QVERIFY(QTest::qWaitFor([&] { return !page.isTraining(); }, 180000));
  }

 private:
  al::test::AppFixture app_;
  QTemporaryDir workDir_;
};

QTEST_MAIN(TestRemoveRuns)
#include "test_remove_runs.moc"
