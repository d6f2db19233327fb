// The shared training loop: splits, epochs and batches, best epoch, stop, divergence keeping the best weights.
#include <QtTest>

#include <cmath>
#include <limits>

#include "core/error.h"
#include "core/train/trainer.h"

using namespace al;

namespace {

// Fits w to 3 with the loss (w - 3)² per sample; "diverges" (NaN loss) from batch `failAt` on.
class LineTask : public TrainingTask {
 public:
  explicit LineTask(size_t samples, long failAt = -1) : samples_(samples), failAt_(failAt) { slot_ = params_.add("w", {1}); }
  ParameterSet& parameters() override { return params_; }
  size_t trainingSamples() const override { return samples_; }
  BatchStats trainBatch(std::span<const size_t> samples, Gradients& grads, uint64_t) override {
    ++batches;
    const float w = params_.value(slot_)(0, 0);
    grads[slot_](0, 0) += 2 * (w - 3);  // d/dw of the batch's mean loss
    BatchStats s;
    s.lossSum = failAt_ >= 0 && batches >= failAt_ ? std::numeric_limits<double>::quiet_NaN()
                                                   : (w - 3.0) * (w - 3.0) * static_cast<double>(samples.size());
    s.lossCount = s.total = static_cast<double>(samples.size());
    return s;
  }
  BatchStats evaluate(std::span<const size_t> samples) override {
    const double w = params_.value(slot_)(0, 0);
    BatchStats s;
    s.lossSum = (w - 3) * (w - 3) * static_cast<double>(samples.size());
    s.lossCount = s.total = static_cast<double>(samples.size());
    return s;
  }
  float w() { return params_.value(slot_)(0, 0); }
  long batches = 0;

 private:
  ParameterSet params_;
  int slot_;
  size_t samples_;
  long failAt_;
};

// Diverges at its third batch, when its head's weight has become `head` (NaN, or finite but huge); the encoder's
// weights stay as they were.
class DivergingTask : public TrainingTask {
 public:
  explicit DivergingTask(float head) : head_(head) {
    params_.add("encoder.0.kernel", {2});
    headSlot_ = params_.add("head.kernel", {1});
    params_.data().assign(params_.data().size(), 0.5f);
  }
  ParameterSet& parameters() override { return params_; }
  size_t trainingSamples() const override { return 16; }
  BatchStats trainBatch(std::span<const size_t> samples, Gradients&, uint64_t) override {
    BatchStats s;
    s.lossCount = s.total = static_cast<double>(samples.size());
    s.lossSum = s.lossCount;
    if (++batches_ == 3) {
      params_.value(headSlot_)(0, 0) = head_;
      s.lossSum = std::numeric_limits<double>::infinity();
    }
    return s;
  }
  BatchStats evaluate(std::span<const size_t> samples) override {
    BatchStats s;
    s.lossSum = s.lossCount = s.total = static_cast<double>(samples.size());
    return s;
  }

 private:
  ParameterSet params_;
  int headSlot_;
  float head_;
  long batches_ = 0;
};

class StopAfter : public TrainingEvents {
 public:
  StopAfter(TrainingControl& control, size_t batches) : control_(control), batches_(batches) {}
  void onBatch(const BatchEvent&) override {
    if (++seen_ == batches_) control_.requestStop();
  }

 private:
  TrainingControl& control_;
  size_t batches_, seen_ = 0;
};

TrainingSettings sgd(int epochs, double validation) {
  TrainingSettings s;
  s.epochs = epochs;
  s.batchSize = 4;
  s.validationSplit = validation;
  s.optimizer.name = "sgd";
  s.optimizer.learningRate = 0.1f;
  return s;
}

}  // namespace

class TestTrainer : public QObject {
  Q_OBJECT
 private slots:
  void splitHoldsOutTheLastFraction() {
    const Split inOrder = splitSamples(10, 0.2, false, 1);
    QCOMPARE(inOrder.train.size(), size_t{8});
    QCOMPARE(inOrder.validation, (std::vector<size_t>{8, 9}));
    const Split shuffled = splitSamples(10, 0.2, true, 1);
    QCOMPARE(shuffled.train.size() + shuffled.validation.size(), size_t{10});
    QVERIFY(shuffled.train != inOrder.train);
    QCOMPARE(splitSamples(10, 0.2, true, 1).validation, shuffled.validation);  // same seed, same split
  }

  void epochsAndBatchesAreCounted() {
    LineTask task(10);
    const TrainingResult r = train(task, sgd(3, 0.0), nullptr, nullptr);
    QCOMPARE(task.batches, 9L);  // 10 samples in batches of 4: 3 per epoch
    QCOMPARE(r.history.size(), size_t{3});
    QCOMPARE(r.bestEpoch, 3);  // without validation the last epoch is kept
    QVERIFY(std::abs(task.w() - 3.0f) < std::abs(0.0f - 3.0f));
  }

  // With a validation split the epoch of the lowest validation loss is kept; keepLastEpoch keeps the last one.
  void keepsTheBestOrTheLastEpoch() {
    float kept[2] = {0, 0};
    for (const bool keepLast : {false, true}) {
      LineTask task(10);  // 8 training samples (2 batches), 2 validation samples
      TrainingSettings s = sgd(3, 0.2);
      s.optimizer.learningRate = 1.2f;  // overshoots: every epoch ends farther from w = 3
      s.keepLastEpoch = keepLast;
      std::vector<EpochEvent> history;
      const TrainingResult r = trainKeepingBest(task, s, nullptr, nullptr, history);
      QCOMPARE(history.size(), size_t{3});
      QVERIFY(history[2].valLoss > history[0].valLoss);
      QCOMPARE(r.bestEpoch, keepLast ? 3 : 1);
      QCOMPARE(history[2].best, keepLast);
      kept[keepLast] = task.w();
    }
    QVERIFY(std::abs(kept[0] - 3.0f) < std::abs(kept[1] - 3.0f));  // the weights are the kept epoch's
  }

  void stopBetweenBatches() {
    LineTask task(40);
    TrainingControl control;
    StopAfter stopper(control, 3);
    const TrainingResult r = train(task, sgd(5, 0.0), &stopper, &control);
    QVERIFY(r.stopped);
    QCOMPARE(task.batches, 3L);
    QCOMPARE(r.epochsDone, 1);
  }

  void divergenceKeepsTheBestFinishedEpoch() {
    LineTask task(8, /*failAt=*/5);  // 2 batches per epoch: epochs 1 and 2 finish, epoch 3 fails
    std::vector<EpochEvent> history;
    float afterEpoch2 = 0;
    struct Watch : TrainingEvents {
      LineTask* t;
      float* w;
      void onEpoch(const EpochEvent& e) override {
        if (e.epoch == 2) *w = t->w();
      }
    } watch;
    watch.t = &task;
    watch.w = &afterEpoch2;
    QVERIFY_THROWS_EXCEPTION(RunError, trainKeepingBest(task, sgd(5, 0.0), &watch, nullptr, history));
    QCOMPARE(history.size(), size_t{2});
    QCOMPARE(task.w(), afterEpoch2);
  }

  // The error of a diverged run says at which step, and which weights went out of bounds first (a NaN) or grew
  // largest (a finite overflow), so that a person knows where to look.
  void divergenceNamesTheStepAndTheWeights_data() {
    QTest::addColumn<float>("head");
    QTest::addColumn<QString>("said");
    QTest::newRow("nan weights") << std::numeric_limits<float>::quiet_NaN() << "the first weights that are not finite: head.kernel (nan)";
    QTest::newRow("huge weights") << 3.0e38f << "the largest (3e+38) in head.kernel";
  }
  void divergenceNamesTheStepAndTheWeights() {
    QFETCH(float, head);
    QFETCH(QString, said);
    DivergingTask task(head);
    try {
      train(task, sgd(5, 0.0));
      QFAIL("a run whose loss became infinite finished");
    } catch (const RunError& e) {
      QCOMPARE(e.kind(), ErrorKind::NonFiniteLoss);
      QCOMPARE(e.fields().name, std::string("head.kernel"));
      QCOMPARE(e.fields().line.value_or(0), int64_t{1});  // 4 batches of 4 an epoch: the third is in epoch 1
      const QString message = e.what();
      QVERIFY2(message.contains("epoch 1, batch 3 (step 3)") && message.contains(said), qPrintable(message));
    }
  }
};

QTEST_APPLESS_MAIN(TestTrainer)
#include "test_trainer.moc"
