// What a run keeps and what its numbers are called: the accuracy of a source without a test part is named a
// training score, the kept epoch is said and can be the last one, and a saved model keeps its test accuracy, data
// source and seed. A stopped run is measured too.
// Core headers first (they must not see Qt's `emit`).
#include "core/io/history.h"

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>

#include "ui/pages/chatbot_page.h"
#include "ui/pages/train_page.h"
#include "ui/widgets/runs_list.h"
#include "tests/app_fixture.h"

using al::ui::ChatbotPage;
using al::ui::RunsList;
using al::ui::TaskKind;
using al::ui::TrainPage;

namespace {

constexpr int kTimeoutMs = 180000;  // generous: the machine may be busy

bool waitForEnd(TrainPage& page) { return QTest::qWaitFor([&] { return !page.isTraining(); }, kTimeoutMs); }

// Picks the task as a user does, then the data, the tiny preset and the values; then presses Start.
int startTiny(TrainPage& page, TaskKind task, const QString& data, const QVariantMap& values) {
  auto* tasks = page.findChild<QComboBox*>("task");
  tasks->setCurrentIndex(tasks->findData(static_cast<int>(task)));
  page.setDataSource(data);
  if (!QTest::qWaitFor([&] { return page.dataCardReady(); }, 60000)) qFatal("the data was not read");
  page.setPreset("tiny");
  for (auto it = values.begin(); it != values.end(); ++it) page.setParameter(it.key(), it.value());
  page.start();
  return page.currentRunId();
}

QString toolTip(const RunsList& runs, int runId) {
  for (int i = 0; i < runs.topLevelItemCount(); ++i)
    if (runs.runIds()[static_cast<size_t>(i)] == runId) return runs.topLevelItem(i)->toolTip(RunsList::NameColumn);
  return {};
}

// The epoch a run with a validation split keeps by default: the one of the lowest validation loss.
int lowestValidationLossEpoch(const std::vector<al::io::EpochRecord>& history) {
  const auto best = std::min_element(history.begin(), history.end(),
                                     [](const auto& a, const auto& b) { return a.valLoss < b.valLoss; });
  return best->epoch;
}

}  // namespace

class TestKeptResults : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY(workDir_.isValid());
    QVERIFY(app_.setUp("test_kept_results"));
  }

  // The built-in dialogs have no test part: with no validation split either, the "test" number is measured on the
  // very pairs the model trained on, and the page says so.
  void aScoreOnTrainingPairsIsNotCalledATestScore() {
    TrainPage page;
    const int run = startTiny(page, TaskKind::Chatbot, "builtin", {{"epochs", 1}, {"validation_split", 0.0}});
    QVERIFY(waitForEnd(page));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    const QString score = page.runs()->text(run, RunsList::TestColumn);
    QVERIFY2(score.contains("%") && score.contains("training"), qPrintable(score));
    QVERIFY2(!page.statusText().contains("test data"), qPrintable(page.statusText()));
    QVERIFY2(page.statusText().contains("training"), qPrintable(page.statusText()));
    // A source with a test part (English -> Spanish) gets a plain test score.
    const int held = startTiny(page, TaskKind::Chatbot, "builtin:translate", {{"epochs", 1}});
    QVERIFY(waitForEnd(page));
    const QString test = page.runs()->text(held, RunsList::TestColumn);
    QVERIFY2(test.endsWith("%") && !test.contains("training"), qPrintable(test));
  }

  // The Chatbot page's tiny model: its name and description say which epoch was kept and why. On the translation
  // task: the built-in conversations train on every pair, with no validation loss to choose an epoch by.
  void theChatbotPageSaysWhichEpochItKept() {
    ChatbotPage page;
    const int epochs = 4;
    page.trainToyModel("builtin:translate", epochs, "gru");
    QVERIFY(QTest::qWaitFor([&] { return !page.isTrainingToyModel(); }, kTimeoutMs));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    const auto model = page.currentModel();
    QVERIFY(model);
    QCOMPARE(static_cast<int>(model->history.size()), epochs);
    const int kept = lowestValidationLossEpoch(model->history);
    const QString name = page.currentModelName();
    QVERIFY2(name.contains(QString("epoch %1 of %2").arg(kept).arg(epochs)), qPrintable(name));
    const QLabel* infoLabel = page.findChild<QLabel*>("modelInfo");
    QVERIFY2(infoLabel->text().contains("lowest validation loss"), qPrintable(infoLabel->text()));
    // Two short lines beside the model; why that epoch, in the tooltip.
    QCOMPARE(infoLabel->text().count('\n'), 1);
    QVERIFY2(infoLabel->toolTip().contains("keep the last epoch"), qPrintable(infoLabel->toolTip()));
  }

  // "Keep the last epoch": on the Chatbot page, and as the Train page's training option (the core's schema).
  void theLastEpochCanBeKept() {
    ChatbotPage chatbot;
    auto* keepLast = chatbot.findChild<QWidget*>("keepLastEpoch");
    QVERIFY(keepLast);
    QMetaObject::invokeMethod(keepLast, "setChecked", Q_ARG(bool, true));
    chatbot.trainToyModel("builtin", 5, "gru");
    QVERIFY(QTest::qWaitFor([&] { return !chatbot.isTrainingToyModel(); }, kTimeoutMs));
    QVERIFY2(chatbot.currentModelName().contains("epoch 5 of 5"), qPrintable(chatbot.currentModelName()));
    QVERIFY2(chatbot.findChild<QLabel*>("modelInfo")->text().contains("last epoch"),
             qPrintable(chatbot.findChild<QLabel*>("modelInfo")->text()));

    TrainPage page;
    QVERIFY(page.findChild<QWidget*>("keep"));
    // The tiny chatbot on the built-in conversations learns them by heart: every pair trains, so the last epoch
    // is the one kept without ticking anything, on the Chatbot page and with the Train page's preset.
    auto* toyData = chatbot.findChild<QComboBox*>("toyData");
    QVERIFY(toyData);
    toyData->setCurrentIndex(toyData->findData("builtin:zh"));
    QCOMPARE(chatbot.findChild<QSpinBox*>("toyEpochs")->value(), 25);
    toyData->setCurrentIndex(toyData->findData("builtin:translate"));
    QCOMPARE(chatbot.findChild<QSpinBox*>("toyEpochs")->value(), 8);
    auto* tasks = page.findChild<QComboBox*>("task");
    tasks->setCurrentIndex(tasks->findData(static_cast<int>(TaskKind::Chatbot)));
    page.setPreset("tiny");
    page.setDataSource("builtin:zh");
    QCOMPARE(page.parameter("validation_split").toDouble(), 0.0);
    QCOMPARE(page.parameter("epochs").toInt(), 25);
    page.setDataSource("builtin:translate");
    QCOMPARE(page.parameter("validation_split").toDouble(), 0.2);
    QCOMPARE(page.parameter("epochs").toInt(), 3);
    const int run = startTiny(page, TaskKind::ImdbTransformer, "builtin", {{"epochs", 3}, {"keep", "last"}});
    QVERIFY(waitForEnd(page));
    QVERIFY2(page.runs()->text(run, RunsList::StateColumn).contains("3"), qPrintable(page.runs()->text(run, RunsList::StateColumn)));
    QCOMPARE(page.parameter("keep").toString(), QString("last"));
  }

  // Saved and opened again, a model keeps its test accuracy, its data source and its seed.
  void aSavedModelKeepsItsTestAccuracyDataAndSeed() {
    TrainPage page;
    const int run = startTiny(page, TaskKind::ImdbTransformer, "builtin", {{"epochs", 1}, {"seed", 7}});
    QVERIFY(waitForEnd(page));
    const QString test = page.runs()->text(run, RunsList::TestColumn);
    QVERIFY2(test.endsWith("%"), qPrintable(test));
    const QString dir = workDir_.filePath("kept");
    QVERIFY(page.saveModel(run, dir));
    QVERIFY(QTest::qWaitFor([&] { return !page.filesBusy(); }, kTimeoutMs));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    page.openModel(dir);
    QVERIFY(QTest::qWaitFor([&] { return !page.filesBusy(); }, kTimeoutMs));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    const int opened = page.runs()->runIds().back();
    QVERIFY(opened != run);
    QCOMPARE(page.runs()->text(opened, RunsList::TestColumn), test);
    const QString details = toolTip(*page.runs(), opened);
    QVERIFY2(details.contains("\"seed\": 7"), qPrintable(details));
    QVERIFY2(details.contains("\"data\": \"builtin\""), qPrintable(details));
    // The status line names the directory, never a temporary staging path.
    QVERIFY2(!page.statusText().contains(".tmp") && !page.statusText().contains("staging"), qPrintable(page.statusText()));
  }

  // Stopped after its first epoch, a run is still measured on the test data.
  void aStoppedRunGetsATestScore() {
    TrainPage page;
    const int run = startTiny(page, TaskKind::ImdbTransformer, "builtin", {{"epochs", 200}});
    QVERIFY(QTest::qWaitFor([&] { return !page.history(run).empty(); }, kTimeoutMs));
    page.stop();
    QVERIFY(waitForEnd(page));
    QVERIFY(page.runStopped(run));
    const QString test = page.runs()->text(run, RunsList::TestColumn);
    QVERIFY2(test.endsWith("%"), qPrintable(test));
  }

 private:
  al::test::AppFixture app_;
  QTemporaryDir workDir_;
};

QTEST_MAIN(TestKeptResults)
#include "test_kept_results.moc"
