// The race's pacing: two threads report batches to one RacePacer; the fast one must never be more than the
// allowed lead ahead of the slow one when it goes on, whatever the scheduler does, and must not wait for a run
// that has ended or after a stop request.
#include "core/train/trainer.h"

#include <QtTest>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "ui/session/race_pacer.h"
#include "tests/wait_budget.h"

using al::TrainingControl;
using al::ui::RacePacer;

namespace {
constexpr size_t kBatchesPerEpoch = 40;  // a lead of 2 batches
constexpr int kBatches = 60;
}  // namespace

class TestRacePacer : public QObject {
  Q_OBJECT
 private slots:
  void leaderWaitsForTheSlowRun();
  void anEndedRunHoldsNobodyBack();
  void aStopEndsTheWait();
};

void TestRacePacer::leaderWaitsForTheSlowRun() {
  RacePacer pacer(2);
  TrainingControl control;
  const int lead = RacePacer::maxLead(kBatchesPerEpoch);
  QCOMPARE(lead, 2);
  std::atomic<int> slowDone{0};
  int widestGap = 0;
  // The slow run is as slow as a run can be: it trains a batch only once the fast one has gone as far ahead as
  // the pacer lets it (or has ended), so every batch of the fast run meets the pacer at its limit.
  std::mutex mutex;
  std::condition_variable fastMoved;
  int fastDone = 0;  // guarded by mutex
  bool fastEnded = false;
  bool slowStarved = false;  // the fast run never got its whole lead: the pacer held it back too early
  std::thread slow([&] {
    for (int b = 0; b < kBatches; ++b) {
      {
        std::unique_lock lock(mutex);
        const auto budget = std::chrono::milliseconds(al::test::waitBudgetMs(5000));
        if (!fastMoved.wait_for(lock, budget, [&] { return fastEnded || fastDone >= b + lead; })) {
          slowStarved = true;
          break;
        }
      }
      slowDone = b + 1;  // before telling the pacer: the fast run can only see a count this high or lower
      pacer.batchDone(1, kBatchesPerEpoch, control);
    }
    pacer.runEnded(1);
  });
  for (int b = 0; b < kBatches; ++b) {
    pacer.batchDone(0, kBatchesPerEpoch, control);  // the fast run: no work at all between batches
    widestGap = std::max(widestGap, (b + 1) - slowDone.load());
    std::lock_guard lock(mutex);
    fastDone = b + 1;
    fastMoved.notify_all();
  }
  {
    std::lock_guard lock(mutex);
    fastEnded = true;
    fastMoved.notify_all();
  }
  pacer.runEnded(0);
  slow.join();
  QVERIFY2(!slowStarved, "the fast run was held back before it led by the allowed batches");
  QVERIFY2(widestGap <= lead, qPrintable(QString("gap %1, allowed %2").arg(widestGap).arg(lead)));
}

void TestRacePacer::anEndedRunHoldsNobodyBack() {
  RacePacer pacer(2);
  TrainingControl control;
  pacer.runEnded(1);  // say, its data could not be read
  for (int b = 0; b < kBatches; ++b) pacer.batchDone(0, kBatchesPerEpoch, control);  // returns: no deadlock
  // A new race starts with every run training again: now run 0 waits after its lead.
  pacer.reset();
  std::atomic<int> done{0};
  std::thread leader([&] {
    for (int b = 0; b < 4; ++b) {
      pacer.batchDone(0, kBatchesPerEpoch, control);
      done = b + 1;
    }
  });
  // Batches 1 and 2 went on; batch 3 leads by 3 > 2 and waits.
  QVERIFY(QTest::qWaitFor([&] { return pacer.isWaiting(0) || done.load() == 4; }, al::test::waitBudgetMs(5000)));
  QCOMPARE(done.load(), 2);
  QVERIFY(pacer.isWaiting(0));
  pacer.batchDone(1, kBatchesPerEpoch, control);
  pacer.runEnded(1);
  leader.join();
  QCOMPARE(done.load(), 4);
}

void TestRacePacer::aStopEndsTheWait() {
  RacePacer pacer(2);
  TrainingControl control;
  std::atomic<bool> returned{false};
  std::thread leader([&] {
    for (int b = 0; b < 3; ++b) pacer.batchDone(0, kBatchesPerEpoch, control);
    returned = true;
  });
  QVERIFY(QTest::qWaitFor([&] { return pacer.isWaiting(0) || returned.load(); }, al::test::waitBudgetMs(5000)));
  QVERIFY(!returned.load());
  control.requestStop();
  QVERIFY(QTest::qWaitFor([&] { return returned.load(); }, al::test::waitBudgetMs(5000)));
  leader.join();
}

QTEST_GUILESS_MAIN(TestRacePacer)
#include "test_race_pacer.moc"
