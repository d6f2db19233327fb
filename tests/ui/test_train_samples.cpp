// The Train page's samples while a language model trains (ui/pages/train_samples_panel.h): one after every epoch
// from the prompt, newest on top with its epoch; "Sample now" adds one while training; the panel is the language
// model's only; a corpus brings its own prompt.
// Core headers first (they must not see Qt's `emit`).
#include "core/train/trainer.h"

#include <cmath>

#include <QComboBox>
#include <QFile>
#include <QTemporaryDir>
#include <QLineEdit>
#include <QPushButton>
#include <QTextBrowser>
#include <QtTest>

#include "ui/pages/train_page.h"
#include "ui/widgets/curve_plot.h"
#include <qcustomplot.h>
#include "ui/pages/train_samples_panel.h"
#include "ui/widgets/appearance.h"
#include "tests/app_fixture.h"
#include "tests/wait_budget.h"

using al::ui::TaskKind;
using al::ui::TrainPage;
using al::ui::TrainSamplesPanel;
using al::ui::Appearance;

namespace {

constexpr int kTrainTimeoutMs = al::test::waitBudgetMs(180000);  // generous: the machine may be busy

bool waitForDataCard(TrainPage& page) {
  return QTest::qWaitFor([&] { return page.dataCardReady(); }, kTrainTimeoutMs);
}

void chooseTask(TrainPage& page, TaskKind kind) {
  auto* tasks = page.findChild<QComboBox*>("task");
  QVERIFY(tasks);
  tasks->setCurrentIndex(tasks->findData(static_cast<int>(kind)));  // as a user picks it
}

}  // namespace

class TestTrainSamples : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { QVERIFY(app_.setUp("test_train_samples")); }

  void onlyALanguageModelHasSamples() {
    TrainPage page;
    page.show();
    QVERIFY(waitForDataCard(page));
    QVERIFY(!page.samples()->isVisible());  // the IMDB Transformer writes nothing
    QVERIFY(!page.curves()->perplexityAxisShown());
    chooseTask(page, TaskKind::LanguageModel);
    QVERIFY(waitForDataCard(page));
    QVERIFY(page.samples()->isVisible());
    QVERIFY(page.curves()->perplexityAxisShown());
    QVERIFY(!page.samples()->sampleNowButton()->isEnabled());  // nothing trains
    QVERIFY2(page.dataCardText().contains("texts to learn from"), qPrintable(page.dataCardText()));

    // Presenting, the curves take the column's height: the samples step aside, and come back after.
    Appearance::instance()->beginTemporary(Appearance::instance()->theme(), 1.6);
    QVERIFY(!page.samples()->isVisible());
    QVERIFY(page.curves()->perplexityAxisShown());  // still a model that writes
    Appearance::instance()->endTemporary();
    QVERIFY(page.samples()->isVisible());
  }

  // As the command line's --task lm --data FILE: the card counts the file's texts (lines).
  void theCardCountsTexts() {
    QTemporaryDir dir;
    QFile file(dir.filePath("poems.txt"));
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("spring wind\nautumn moon\nwinter snow\n");
    file.close();
    TrainPage page;
    page.setTask(TaskKind::LanguageModel);
    page.setDataSource(file.fileName());
    QVERIFY(QTest::qWaitFor([&] { return page.dataCardReady() && page.dataSource() == file.fileName(); },
                            kTrainTimeoutMs));
    QVERIFY2(page.dataCardText().contains("<b>3</b> texts to learn from"), qPrintable(page.dataCardText()));
  }

  // A corpus with a prompt of its own puts it in; one without leaves the field to the run's first words.
  void theDataBringsItsPrompt() {
    TrainPage page;
    chooseTask(page, TaskKind::LanguageModel);
    page.samples()->showFor(TaskKind::LanguageModel, "poems-zh");
    QCOMPARE(page.samples()->prompt(), QStringLiteral("春风"));
    page.samples()->showFor(TaskKind::LanguageModel, "builtin");
    QCOMPARE(page.samples()->prompt(), QString());
  }

  void aSampleAfterEveryEpochAndOneOnDemand() {
    TrainPage page;
    page.show();
    chooseTask(page, TaskKind::LanguageModel);
    page.setDataSource("builtin");
    QVERIFY(waitForDataCard(page));
    page.setPreset("tiny");
    page.setParameter("epochs", 40);  // stopped below, long before
    TrainSamplesPanel* samples = page.samples();
    samples->setPrompt("The");
    page.start();

    QVERIFY(QTest::qWaitFor([&] { return samples->sampleCount() >= 1; }, kTrainTimeoutMs));
    const auto first = samples->sample(0);
    QCOMPARE(first.epoch, 1);
    QVERIFY(!first.asked);
    QVERIFY(!first.failed);
    QCOMPARE(first.prompt, QStringLiteral("The"));
    QVERIFY2(!first.text.isEmpty(), qPrintable(first.text));
    QVERIFY(std::isfinite(first.valLoss));  // the tiny preset holds out a validation split
    QVERIFY(samples->findChild<QTextBrowser*>("samples")->toPlainText().contains(first.text.left(20)));
    // The loss axis read as perplexity: e^loss at both ends.
    page.curves()->refresh();
    QCustomPlot* plot = page.curves()->plot();
    const QCPRange loss = plot->axisRect()->axis(QCPAxis::atLeft)->range();
    const QCPRange perplexity = plot->axisRect()->axis(QCPAxis::atRight)->range();
    QVERIFY(loss.upper > 1);
    QCOMPARE(perplexity.upper, std::exp(loss.upper));
    QCOMPARE(perplexity.lower, std::exp(loss.lower));

    // Sample now, with another prompt: a sample asked for, on top, within the epoch that is training.
    samples->findChild<QLineEdit*>("samplePrompt")->setText("It was");
    QVERIFY(samples->sampleNowButton()->isEnabled());
    const int before = samples->sampleCount();
    QTest::mouseClick(samples->sampleNowButton(), Qt::LeftButton);
    QVERIFY(QTest::qWaitFor([&] { return samples->sampleCount() > before && samples->sample(0).asked; },
                            kTrainTimeoutMs));
    QCOMPARE(samples->sample(0).prompt, QStringLiteral("It was"));
    QVERIFY(samples->sampleText(0).startsWith(QStringLiteral("It was")));

    page.stop();
    QVERIFY(QTest::qWaitFor([&] { return !page.isTraining(); }, kTrainTimeoutMs));
    QVERIFY(!samples->sampleNowButton()->isEnabled());
  }

 private:
  al::test::AppFixture app_;
};

QTEST_MAIN(TestTrainSamples)
#include "test_train_samples.moc"
