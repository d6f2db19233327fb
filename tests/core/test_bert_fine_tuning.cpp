// Fine-tuning BERT's top layers under the sentiment head (core/train/bert_fine_tuning.h), on the golden tiny BERT:
// the gradient of the loss against finite differences, the encoder layers giving BERT's own numbers, training that
// changes the top layer and lowers the loss, the test score the trained model's own predictions give, and the saved
// model read back.
#include <QtTest>

#include <cmath>
#include <filesystem>

#include "core/error.h"
#include "core/io/safetensors.h"
#include "core/layers/sigmoid_cross_entropy.h"
#include "core/train/bert_sentiment_run.h"
#include "tests/bert_toy_reviews.h"
#include "tests/core/input_error_of.h"

using namespace al;
using al::test::inputErrorOf;
using al::test::kToyReviews;
using al::test::labelledToyReviews;
namespace fs = std::filesystem;

namespace {

fs::path golden(const std::string& name) { return fs::path(ATTENTIONLAB_SOURCE_DIR) / "tests/reference/golden" / name; }

ImdbRunSettings settingsFor(const fs::path& data, int fineTuneLayers) {
  ImdbRunSettings s;
  s.data = data.string();
  s.initEncoderDir = golden("bert-tiny").string();
  s.threads = 2;
  s.fineTuneLayers = fineTuneLayers;
  s.training.epochs = 8;
  s.training.batchSize = 2;
  s.training.validationSplit = 0;
  s.training.optimizer.learningRate = 0.01;
  return s;
}

double meanLoss(const BertFineTuning& tuning, const std::vector<Matrix>& inputs, const std::vector<float>& labels) {
  std::vector<const Matrix*> pointers;
  for (const Matrix& m : inputs) pointers.push_back(&m);
  const BatchStats s = tuning.score(pointers, labels, nullptr);
  return s.lossSum / s.lossCount;
}

}  // namespace

class TestBertFineTuning : public QObject {
  Q_OBJECT
  QTemporaryDir dir_;
  fs::path data_;

 private slots:
  void initTestCase() {
    QVERIFY(dir_.isValid());
    data_ = al::test::writeToyReviews(dir_);
  }

  // The top layers as the core's encoder layers compute what BERT's own inference pass computes: the head's logit
  // on the layers' output equals the head on BERT's whole forward pass (bert-tiny has 2 layers; both or one).
  void encoderLayersGiveBertsNumbers_data() {
    QTest::addColumn<int>("layers");
    QTest::newRow("top layer") << 1;
    QTest::newRow("both layers") << 2;
  }
  void encoderLayersGiveBertsNumbers() {
    QFETCH(int, layers);
    const PretrainedBert bert = loadPretrainedBert(golden("bert-tiny"));
    SentimentHead head(bert.model->config().hiddenSize);
    head.initialize(3);
    const BertFineTuning tuning(*bert.model, layers, head);
    const std::vector<Matrix> inputs =
        computeLayerInputs(bert, labelledToyReviews(), 16, tuning.firstLayer(), {}, 0, 1);
    for (size_t i = 0; i < kToyReviews.size(); ++i) {
      const float expected = head.logits(clsFeature(bert, kToyReviews[i], 16))(0, 0);
      QVERIFY2(std::abs(tuning.logit(inputs[i]) - expected) < 1e-4f, qPrintable(QString::number(i)));
    }
  }

  // dLoss/dw from the backward pass against central differences, for weights of every kind in the fine-tuned layer.
  void gradientMatchesFiniteDifferences() {
    const PretrainedBert bert = loadPretrainedBert(golden("bert-tiny"));
    SentimentHead head(bert.model->config().hiddenSize);
    head.initialize(3);
    BertFineTuning tuning(*bert.model, 1, head);
    const std::vector<LabeledText> texts = labelledToyReviews();
    const std::vector<Matrix> inputs = computeLayerInputs(bert, texts, 16, tuning.firstLayer(), {}, 0, 1);
    std::vector<float> labels;
    for (const LabeledText& t : texts) labels.push_back(t.label);
    std::vector<const Matrix*> pointers;
    for (const Matrix& m : inputs) pointers.push_back(&m);
    Gradients grads(tuning.parameters());
    tuning.score(pointers, labels, &grads);

    ParameterSet& p = tuning.parameters();
    for (const char* name : {"top.0.attention.query.kernel", "top.0.attention.key.kernel", "top.0.attention.value.bias",
                             "top.0.attention.output.kernel", "top.0.norm1.gamma", "top.0.ffn.dense1.kernel",
                             "top.0.ffn.dense1.bias", "top.0.ffn.dense2.kernel", "top.0.norm2.beta", "head.kernel"}) {
      const int slot = p.find(name);
      QVERIFY2(slot >= 0, name);
      const ParameterInfo& info = p.info(slot);
      double diff = 0, normNumeric = 0, normAnalytic = 0;
      for (Index i = 0; i < std::min<Index>(info.size(), 6); ++i) {
        float& w = p.data()[static_cast<size_t>(info.offset + i)];
        const float saved = w, h = 1e-2f;
        w = saved + h;
        const double up = meanLoss(tuning, inputs, labels);
        w = saved - h;
        const double down = meanLoss(tuning, inputs, labels);
        w = saved;
        const double numeric = (up - down) / (2.0 * h), analytic = grads.data()[static_cast<size_t>(info.offset + i)];
        diff += (numeric - analytic) * (numeric - analytic);
        normNumeric += numeric * numeric;
        normAnalytic += analytic * analytic;
      }
      const double relative = std::sqrt(diff) / std::max(std::sqrt(normNumeric) + std::sqrt(normAnalytic), 1e-7);
      QVERIFY2(normAnalytic > 0, name);
      QVERIFY2(relative < 2e-2, qPrintable(QString("%1: relative error %2").arg(name).arg(relative)));
    }
  }

  // One layer fine-tuned on the toy set: the loss falls over the epochs and the top layer moves away from BERT's.
  void fineTuningOneLayerLearns() {
    const std::unique_ptr<BertSentimentRun> run = BertSentimentRun::prepare(settingsFor(data_, 1));
    const TrainingResult result = run->train(nullptr, nullptr);
    QVERIFY2(result.history.back().loss < result.history.front().loss,
             qPrintable(QString("%1 -> %2").arg(result.history.front().loss).arg(result.history.back().loss)));
    const auto model = run->snapshot().as<BertSentimentModel>();
    QCOMPARE(model->fineTunedLayers, 1);
    const PretrainedBert original = loadPretrainedBert(golden("bert-tiny"));
    const int slot = original.model->parameters().find("encoder.layer.1.attention.query.kernel");
    QVERIFY(slot >= 0);
    QVERIFY(!model->encoder.model->parameters().value(slot).isApprox(original.model->parameters().value(slot)));
    // The layer below was not trained.
    const int below = original.model->parameters().find("encoder.layer.0.attention.query.kernel");
    QVERIFY(model->encoder.model->parameters().value(below) == original.model->parameters().value(below));
  }

  // --fine-tune-layers 0 is the frozen run: no fine-tuned layers in its model and no trace of them in its files.
  void zeroLayersIsTheFrozenHead() {
    const std::unique_ptr<BertSentimentRun> run = BertSentimentRun::prepare(settingsFor(data_, 0));
    run->train(nullptr, nullptr);
    const auto model = run->snapshot().as<BertSentimentModel>();
    QCOMPARE(model->fineTunedLayers, 0);
    const fs::path dir = fs::path(dir_.path().toStdString()) / "frozen";
    run->save(dir);
    QCOMPARE(io::readSafetensors(dir / "model.safetensors").size(), size_t{2});  // head.kernel, head.bias
    QCOMPARE(loadBertSentiment(dir).fineTunedLayers, 0);
  }

  void savedFineTunedModelPredictsTheSame() {
    const std::unique_ptr<BertSentimentRun> run = BertSentimentRun::prepare(settingsFor(data_, 1));
    run->train(nullptr, nullptr);
    const auto snapshot = run->snapshot().as<BertSentimentModel>();
    const fs::path dir = fs::path(dir_.path().toStdString()) / "tuned";
    run->save(dir);
    const BertSentimentModel loaded = loadBertSentiment(dir);
    QCOMPARE(loaded.fineTunedLayers, 1);
    for (const std::string& review : kToyReviews) {
      const float expected = predictBertSentiment(*snapshot, review).probability;
      QVERIFY(std::abs(predictBertSentiment(loaded, review).probability - expected) < 1e-6f);
    }
    // The session's shared BERT (a fresh load of the folder) is not the fine-tuned one.
    const PretrainedBert original = loadPretrainedBert(golden("bert-tiny"));
    QVERIFY(predictBertSentiment({original, loaded.head, loaded.sequenceLength, 0, {}}, kToyReviews[0]).probability !=
            predictBertSentiment(loaded, kToyReviews[0]).probability);
  }

  // With a test split, the run's test score is what the trained model predicts for each test review through the
  // whole fine-tuned BERT (the run scores the test reviews' cached inputs of the first trained layer instead), and
  // preparing reads the test reviews too, with progress.
  void testScoreIsWhatTheFineTunedModelPredicts() {
    ImdbRunSettings s = settingsFor(data_, 1);
    s.data = "builtin";
    s.training.trainLimit = 40;
    s.training.epochs = 2;
    double lastFeatureProgress = 0;
    const ProgressFn progress = [&](const std::string& stage, double fraction) {
      if (stage == stage::kComputingFeatures) lastFeatureProgress = fraction;
      return true;
    };
    const std::unique_ptr<BertSentimentRun> run = BertSentimentRun::prepare(s, progress);
    QVERIFY2(lastFeatureProgress >= 0.875, qPrintable(QString::number(lastFeatureProgress)));  // the test's half
    QVERIFY(run->testIsHeldOut());
    run->train(nullptr, nullptr);
    const BatchStats test = run->evaluateTest();
    const auto model = run->snapshot().as<BertSentimentModel>();
    const LabeledDataset data = loadRunData(s.data, s.training.seed, {});
    QVERIFY(!data.test.empty());
    QCOMPARE(test.total, static_cast<double>(data.test.size()));
    double correct = 0, lossSum = 0;
    for (const LabeledText& review : data.test) {
      const double p = predictBertSentiment(*model, review.text).probability, y = review.label;
      correct += (p >= 0.5) == (y >= 0.5) ? 1 : 0;
      lossSum -= y * std::log(p) + (1 - y) * std::log(1 - p);
    }
    QCOMPARE(test.correct, correct);
    const double meanLoss = lossSum / static_cast<double>(data.test.size());
    QVERIFY2(std::abs(test.lossSum / test.lossCount - meanLoss) < 1e-4,
             qPrintable(QString("%1 vs %2").arg(test.lossSum / test.lossCount).arg(meanLoss)));
  }

  void wrongLayerShapeNamesTheFile() {
    const std::unique_ptr<BertSentimentRun> run = BertSentimentRun::prepare(settingsFor(data_, 1));
    const fs::path dir = fs::path(dir_.path().toStdString()) / "damaged";
    run->save(dir);
    std::vector<io::Tensor> tensors = io::readSafetensors(dir / "model.safetensors");
    for (io::Tensor& t : tensors)
      if (t.name == "encoder.layer.1.intermediate.kernel") {
        t.shape = {t.shape[1], t.shape[0]};  // transposed: the shape a checkpoint's Linear weight has
      }
    io::writeSafetensors(dir / "model.safetensors", tensors);
    const QString message = inputErrorOf([&] { loadBertSentiment(dir); });
    QVERIFY2(message.contains("model.safetensors") && message.contains("encoder.layer.1.intermediate.kernel"),
             qPrintable(message));
  }

  void refusesMoreLayersThanBertHas() {
    const QString message = inputErrorOf([&] { BertSentimentRun::prepare(settingsFor(data_, 3)); });
    QVERIFY2(message.contains("2 layers"), qPrintable(message));
  }
};

QTEST_GUILESS_MAIN(TestBertFineTuning)
#include "test_bert_fine_tuning.moc"
