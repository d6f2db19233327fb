// The run queue that the race, Compare and "Does pre-training help?" share: runs one after the other or side by
// side, on worker threads, with their outcomes, Stop, errors and the step after a run's test.
#include <atomic>
#include <thread>

#include <QSignalSpy>
#include <QThread>
#include <QtTest>

#include "tests/wait_budget.h"
#include "ui/session/race_pacer.h"
#include "ui/session/run_queue.h"

using namespace al;
using namespace al::ui;

namespace {

// A run of seconds: the tiny IMDB Transformer on the built-in reviews, one thread.
RunQueue::Run quickRun(const QString& name, int epochs = 1) {
  RunQueue::Run run;
  run.name = name;
  run.request.task = TaskKind::ImdbTransformer;
  run.request.preset = QStringLiteral("tiny");
  run.request.values[QStringLiteral("epochs")] = epochs;
  run.request.values[QStringLiteral("threads")] = 1;
  return run;
}

// What a queue said, in the order it said it: "start 0", "finish 0", ..., "all".
struct Journal {
  QStringList events;
  explicit Journal(RunQueue& queue) {
    QObject::connect(&queue, &RunQueue::runStarted, [this](int i) { events << QStringLiteral("start %1").arg(i); });
    QObject::connect(&queue, &RunQueue::runFinished, [this](int i) { events << QStringLiteral("finish %1").arg(i); });
    QObject::connect(&queue, &RunQueue::allFinished, [this] { events << QStringLiteral("all"); });
  }
};

}  // namespace

class TestRunQueue : public QObject {
  Q_OBJECT
 private slots:
  void runsOneAfterTheOtherInOrder() {
    RunQueue queue;
    Journal journal(queue);
    std::vector<int> epochsSeen(3, 0);
    connect(&queue, &RunQueue::updated, [&](int i, const TrainingController::Update& u) {
      epochsSeen[static_cast<size_t>(i)] += static_cast<int>(u.epochs.size());
    });
    QSignalSpy all(&queue, &RunQueue::allFinished);
    queue.start({quickRun("a"), quickRun("b"), quickRun("c")});
    QVERIFY(queue.isRunning());
    QVERIFY(all.wait(al::test::waitBudgetMs(120000)));
    QCOMPARE(journal.events, QStringList({"start 0", "finish 0", "start 1", "finish 1", "start 2", "finish 2", "all"}));
    QVERIFY(!queue.isRunning());
    QVERIFY(queue.error().isEmpty());
    for (size_t i = 0; i < 3; ++i) {
      QCOMPARE(epochsSeen[i], 1);  // the last epoch came through updated() before the run finished
      TrainingController::Outcome outcome = queue.takeOutcome(i);
      QVERIFY(outcome.run);
      QVERIFY(outcome.test.has_value());
    }
    QCOMPARE(queue.run(1).name, QStringLiteral("b"));
  }

  void stopDropsTheRest() {
    RunQueue queue;
    Journal journal(queue);
    connect(&queue, &RunQueue::runStarted, &queue, &RunQueue::stop);  // Stop as soon as the first run starts
    QSignalSpy all(&queue, &RunQueue::allFinished);
    queue.start({quickRun("a", 50), quickRun("b"), quickRun("c")});
    QVERIFY(all.wait(al::test::waitBudgetMs(60000)));
    QCOMPARE(journal.events, QStringList({"start 0", "finish 0", "all"}));
    QVERIFY(queue.takeOutcome(0).stopped);
    QVERIFY(queue.error().isEmpty());  // stopping is no error
  }

  void anErrorEndsTheQueueWithItsMessage() {
    RunQueue queue;
    Journal journal(queue);
    RunQueue::Run bad = quickRun("bad");
    bad.request.data = QStringLiteral("no such reviews.csv");
    QSignalSpy all(&queue, &RunQueue::allFinished);
    queue.start({bad, quickRun("b")});
    QVERIFY(all.wait(al::test::waitBudgetMs(60000)));
    QCOMPARE(journal.events, QStringList({"start 0", "finish 0", "all"}));
    QVERIFY(!queue.error().isEmpty());
    QCOMPARE(queue.takeOutcome(0).error, queue.error());
  }

  void theStepAfterTheTestRunsOnTheWorker() {
    RunQueue queue;
    std::atomic<bool> onGuiThread{true};
    RunQueue::Run run = quickRun("measured");
    run.afterTest = [&](TrainingRun& trained) {
      onGuiThread = QThread::currentThread() == qApp->thread();
      return QVariant(trained.evaluateTest().accuracy());
    };
    QSignalSpy all(&queue, &RunQueue::allFinished);
    queue.start({run});
    QVERIFY(all.wait(al::test::waitBudgetMs(60000)));
    QVERIFY(!onGuiThread.load());
    const TrainingController::Outcome outcome = queue.takeOutcome(0);
    QVERIFY(outcome.afterTest.isValid());
    QCOMPARE(outcome.afterTest.toDouble(), outcome.test->accuracy());  // the same weights, the same test data
  }

  void sideBySideRunsBothProgress() {
    RacePacer pacer(2);
    RunQueue queue;
    queue.setSideBySide(2, &pacer);
    Journal journal(queue);
    std::vector<int> batches(2, 0);
    connect(&queue, &RunQueue::updated, [&](int i, const TrainingController::Update& u) {
      batches[static_cast<size_t>(i)] += static_cast<int>(u.batches.size());
    });
    QSignalSpy all(&queue, &RunQueue::allFinished);
    queue.start({quickRun("layer", 30), quickRun("batch", 30)});
    QCOMPARE(journal.events, QStringList({"start 0", "start 1"}));  // both at once
    // Both learn while neither has ended (one after the other, the second would not have begun).
    QVERIFY(QTest::qWaitFor([&] { return (batches[0] > 0 && batches[1] > 0) || !all.isEmpty(); },
                            al::test::waitBudgetMs(60000)));
    QCOMPARE(journal.events, QStringList({"start 0", "start 1"}));
    queue.stop();
    QVERIFY(all.wait(al::test::waitBudgetMs(60000)));
    QCOMPARE(journal.events.size(), 5);
  }
};

QTEST_MAIN(TestRunQueue)
#include "test_run_queue.moc"
