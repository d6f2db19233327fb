// Switching heads off (core/layers/multi_head_attention.h, core/models/head_switches.h) and "which heads matter?"
// (core/teaching/head_importance.h). Expected values are built here from the layers themselves, never through the
// mask: a layer whose every head is off against the same stack computed without its attention, a head replaced by
// its mean against the output projection applied by hand, and a mask of nothing against the plain forward pass.
#include <oneapi/tbb/task_arena.h>  // before Qt: Qt's emit macro breaks oneTBB's headers

#include <QtTest>

#include <cmath>

#include "core/error.h"
#include "core/layers/multi_head_attention.h"
#include "core/layers/relu.h"
#include "core/models/causal_lm.h"
#include "core/models/head_switches.h"
#include "core/models/transformer_classifier.h"
#include "core/teaching/head_importance.h"
#include "core/text/comma_list.h"
#include "tests/core/attention_fixture.h"
#include "tests/core/gradient_check.h"

using namespace al;
using namespace al::test;

namespace {

// A classifier of three layers with mean pooling and no dropout, its embeddings and head scaled up so that a
// head's absence moves the logit visibly.
std::unique_ptr<TransformerClassifier> smallClassifier() {
  TransformerConfig c;
  c.vocabSize = 30, c.sequenceLength = 12, c.embedDim = 8, c.numHeads = 2, c.keyDim = 4, c.denseDim = 8;
  c.numLayers = 3, c.dropout = 0, c.pooling = PoolingKind::Mean;
  auto model = std::make_unique<TransformerClassifier>(c);
  model->initialize(21);
  ParameterSet& p = model->parameters();
  p.value(p.find("embedding.token")) *= 20.0f;
  p.value(p.find("head.kernel")) *= 4.0f;
  return model;
}

const std::vector<int> kReview = {3, 7, 12, 5, 20, 9, 14};

// The classifier's logit computed layer by layer from its pieces; layer `withoutAttention` (if any) adds nothing
// of what its heads read: with Z = 0 its attention is Y = 0·W_o + b_o, the output bias on every token.
float logitLayerByLayer(const TransformerClassifier& m, const std::vector<int>& ids, int withoutAttention) {
  const ParameterSet& p = m.parameters();
  Embedding::Cache embedding;
  Matrix x = m.encoder().embed(p, ids, embedding);  // T x D
  for (size_t l = 0; l < static_cast<size_t>(m.config().numLayers); ++l) {
    const TransformerClassifier::EncoderLayer& layer = m.encoderLayer(l);
    Matrix a(x.rows(), x.cols());  // T x D
    if (static_cast<int>(l) == withoutAttention) {
      a.rowwise() = p.value(layer.attention.output().bias).row(0);
    } else {
      MultiHeadAttention::Cache cache;
      a = layer.attention.forward(p, x, cache);
    }
    x = m.normalize(l, true, x + a);
    Dense::Cache d1, d2;
    Relu::Cache relu;
    const Matrix hidden = Relu{}.forward(layer.dense1.forward(p, x, d1), relu);  // T x F
    x = m.normalize(l, false, x + layer.dense2.forward(p, hidden, d2));
  }
  const Matrix pooled = x.colwise().mean();  // 1 x D
  return (pooled * p.value(p.find("head.kernel")))(0, 0) + p.value(p.find("head.bias"))(0, 0);
}

// Random labelled reviews for the classifier.
std::vector<EncodedSample> reviews(size_t n) {
  Rng rng(3);
  std::vector<EncodedSample> out;
  for (size_t i = 0; i < n; ++i) {
    EncodedSample s;
    const int T = 3 + static_cast<int>(rng.next() % 9);
    for (int t = 0; t < T; ++t) s.ids.push_back(2 + static_cast<int>(rng.next() % 28));
    s.label = static_cast<float>(i % 2);
    out.push_back(std::move(s));
  }
  return out;
}

std::vector<const EncodedSample*> pointers(const std::vector<EncodedSample>& samples) {
  std::vector<const EncodedSample*> p;
  for (const EncodedSample& s : samples) p.push_back(&s);
  return p;
}

}  // namespace

class TestHeadSwitches : public QObject {
  Q_OBJECT
 private slots:
  // ---- one layer -----------------------------------------------------------------------------------------

  void aMaskOfNothingIsThePlainForwardBitForBit() {
    AttentionFixture f(5, 8, 3, 4, 7, 1.0f);  // T = 5, D = 8, H = 3, K = 4; Glorot query and key kernels
    MultiHeadAttention::Cache plain, masked;
    const Matrix y = f.layer.forward(f.params, f.x, plain);
    const HeadMask nothing{{false, false, false}, {}};
    masked.headMask = &nothing;
    QVERIFY(f.layer.forward(f.params, f.x, masked) == y);
  }

  void aZeroedHeadLeavesTheOthersAlone() {
    AttentionFixture f(5, 8, 3, 4, 7, 1.0f);  // T = 5, D = 8, H = 3, K = 4; Glorot query and key kernels
    MultiHeadAttention::Cache plain, masked;
    f.layer.forward(f.params, f.x, plain);
    const HeadMask mask{{false, true, false}, {}};
    masked.headMask = &mask;
    const Matrix y = f.layer.forward(f.params, f.x, masked);
    Matrix z = plain.heads;  // T x (H*K), head 1 = columns 4..7
    z.middleCols(4, 4).setZero();
    QVERIFY((y - f.outputOf(z)).cwiseAbs().maxCoeff() < 1e-5f);
    QVERIFY((masked.weights[1] - plain.weights[1]).cwiseAbs().maxCoeff() == 0.0f);  // its map is still there
  }

  void aHeadReplacedByItsMeanUsesTheMean() {
    AttentionFixture f(5, 8, 3, 4, 7, 1.0f);  // T = 5, D = 8, H = 3, K = 4; Glorot query and key kernels
    MultiHeadAttention::Cache plain, masked;
    f.layer.forward(f.params, f.x, plain);
    HeadMask mask{{true, false, true}, Matrix(3, 4)};
    Rng rng(11);
    mask.means = randomMatrix(3, 4, rng);  // H x K
    masked.headMask = &mask;
    const Matrix y = f.layer.forward(f.params, f.x, masked);
    Matrix z = plain.heads;
    for (Index t = 0; t < z.rows(); ++t) {
      z.block(t, 0, 1, 4) = mask.means.row(0);
      z.block(t, 8, 1, 4) = mask.means.row(2);
    }
    QVERIFY((y - f.outputOf(z)).cwiseAbs().maxCoeff() < 1e-5f);
  }

  void theFastMaskAgreesWithThePlainLoops() {
    AttentionFixture f(5, 8, 3, 4, 7, 1.0f);  // T = 5, D = 8, H = 3, K = 4; Glorot query and key kernels
    HeadMask zero{{true, false, true}, {}};
    HeadMask mean{{false, true}, Matrix::Constant(3, 4, 0.3f)};
    const Matrix causal = causalMask(5);
    for (const HeadMask* mask : {&zero, &mean}) {
      MultiHeadAttention::Cache c;
      c.headMask = mask;
      const Matrix y = f.layer.forward(f.params, f.x, c, &causal);
      const Matrix reference = multiHeadAttentionReference(f.params, f.layer, f.x, &causal, nullptr, mask);
      QVERIFY((y - reference).cwiseAbs().maxCoeff() < 1e-5f);
    }
  }

  void noGradientReachesASwitchedOffHead() {
    AttentionFixture f(5, 8, 3, 4, 7, 1.0f);  // T = 5, D = 8, H = 3, K = 4; Glorot query and key kernels
    MultiHeadAttention::Cache c;
    const HeadMask mask{{false, true, false}, {}};
    c.headMask = &mask;
    f.layer.forward(f.params, f.x, c);
    Gradients grads(f.params);
    grads.setZero();
    Rng rng(5);
    f.layer.backward(f.params, c, randomMatrix(5, 8, rng), grads);
    const Matrix dWq = grads[f.layer.query().kernel];  // D x (H*K)
    QCOMPARE(dWq.middleCols(4, 4).cwiseAbs().maxCoeff(), 0.0f);
    QVERIFY(dWq.middleCols(0, 4).cwiseAbs().maxCoeff() > 0.0f);
    QCOMPARE(Matrix(grads[f.layer.value().kernel]).middleCols(4, 4).cwiseAbs().maxCoeff(), 0.0f);
  }

  void wrongMeansAreRefused() {
    AttentionFixture f(5, 8, 3, 4, 7, 1.0f);  // T = 5, D = 8, H = 3, K = 4; Glorot query and key kernels
    MultiHeadAttention::Cache c;
    const HeadMask mask{{true}, Matrix::Zero(2, 4)};  // 2 rows for 3 heads
    c.headMask = &mask;
    QVERIFY_THROWS_EXCEPTION(InputError, f.layer.forward(f.params, f.x, c));
  }

  // ---- whole models --------------------------------------------------------------------------------------

  void noSwitchesPredictsTheSameBits() {
    const auto model = smallClassifier();
    const TransformerClassifier::Prediction plain = model->predict(kReview);
    HeadSwitches none;
    QCOMPARE(model->predict(kReview, &none).logit, plain.logit);
    none.layers.resize(3);  // layers present, no head off
    none.layers[1].off = {false, false};
    QCOMPARE(model->predict(kReview, &none).logit, plain.logit);
  }

  void everyHeadOfALayerOffIsTheLayerWithoutAttention() {
    const auto model = smallClassifier();
    // The layer-by-layer builder itself reproduces the model when nothing is off.
    QVERIFY(std::abs(logitLayerByLayer(*model, kReview, -1) - model->predict(kReview).logit) < 1e-4f);
    for (int l = 0; l < 3; ++l) {
      HeadSwitches switches;
      switches.switchOff(static_cast<size_t>(l), 0);
      switches.switchOff(static_cast<size_t>(l), 1);
      const float expected = logitLayerByLayer(*model, kReview, l);
      const float got = model->predict(kReview, &switches).logit;
      QVERIFY2(std::abs(got - expected) < 1e-4f * std::max(1.0f, std::abs(expected)),
               qPrintable(QString("layer %1: %2 against %3").arg(l).arg(got).arg(expected)));
      QVERIFY(std::abs(got - model->predict(kReview).logit) > 1e-3f);  // the layer's attention did something
    }
  }

  void headMeansAreTheMeanOutputOverTheTokens() {
    const auto model = smallClassifier();
    const std::vector<EncodedSample> one = {{kReview, 1.0f}};
    const std::vector<Matrix> means = model->headMeans(pointers(one));
    QCOMPARE(means.size(), size_t{3});
    // Layer 0 reads the embedded input: its Z by hand, averaged over the T tokens.
    Embedding::Cache embedding;
    const Matrix x = model->encoder().embed(model->parameters(), kReview, embedding);
    MultiHeadAttention::Cache c;
    model->encoderLayer(0).attention.forward(model->parameters(), x, c);
    const Eigen::RowVectorXf mean = c.heads.colwise().mean();  // 1 x (H*K)
    QCOMPARE(means[0].rows(), Index{2});
    QVERIFY((means[0].row(0) - mean.segment(0, 4)).cwiseAbs().maxCoeff() < 1e-5f);
    QVERIFY((means[0].row(1) - mean.segment(4, 4)).cwiseAbs().maxCoeff() < 1e-5f);
  }

  void theCausalLmSwitchesHeadsToo() {
    CausalLmConfig c;
    c.vocabSize = 20, c.sequenceLength = 8, c.embedDim = 8, c.numHeads = 2, c.keyDim = 4, c.denseDim = 8;
    c.numLayers = 2, c.dropout = 0;
    CausalLanguageModel model(c);
    model.initialize(4);
    const std::vector<int> ids = {3, 5, 7, 9, 11};
    HeadSwitches none;
    QVERIFY(model.predict(ids, &none).logits == model.predict(ids).logits);
    HeadSwitches one;
    one.switchOff(1, 1);
    QVERIFY((model.predict(ids, &one).logits - model.predict(ids).logits).cwiseAbs().maxCoeff() > 1e-6f);
  }

  // ---- "L.H" specs -----------------------------------------------------------------------------------------

  // The one comma splitter of --ablate's specs and --which-head's words: items as written, empty ones kept.
  void listsAreSplitAtCommas() {
    using Items = std::vector<std::string>;
    QCOMPARE(splitAtCommas("0.1,2.0"), (Items{"0.1", "2.0"}));
    QCOMPARE(splitAtCommas("它,书包,教室"), (Items{"它", "书包", "教室"}));
    QCOMPARE(splitAtCommas("a,,b"), (Items{"a", "", "b"}));
    QCOMPARE(splitAtCommas(" a , b"), (Items{" a ", " b"}));
    QCOMPARE(splitAtCommas("1.1,"), (Items{"1.1", ""}));
    QCOMPARE(splitAtCommas(""), (Items{""}));
  }

  void specsAreParsedAndRefused() {
    const HeadSwitches s = parseHeadSwitches("0.1,2.0", 3, 2);
    QVERIFY(s.isOff(0, 1) && s.isOff(2, 0) && !s.isOff(0, 0) && !s.isOff(1, 1));
    QCOMPARE(toString(s), std::string("0.1,2.0"));
    for (const char* bad : {"", "1", "1.", ".1", "a.b", "1.1,", "-1.0", "1.0.2", "3.0", "0.2"})
      QVERIFY_THROWS_EXCEPTION(InputError, parseHeadSwitches(bad, 3, 2));
    try {
      parseHeadSwitches("0.5", 3, 2);
      QFAIL("no error");
    } catch (const InputError& e) {
      QVERIFY2(std::string(e.what()).find("head 0..1") != std::string::npos, e.what());
    }
  }

  // ---- which heads matter? -------------------------------------------------------------------------------

  void theTableIsTheAccuracyWithEachHeadOff() {
    const auto model = smallClassifier();
    const std::vector<EncodedSample> samples = reviews(150);
    const std::vector<const EncodedSample*> p = pointers(samples);
    size_t lastDone = 0, lastTotal = 0, calls = 0;
    const teaching::HeadImportance r = teaching::headImportance(*model, p, teaching::HeadReplacement::Zero,
        [&](size_t done, size_t total) { lastDone = done, lastTotal = total, ++calls; return true; });
    QCOMPARE(r.baseline, model->evaluate(p).accuracy());
    QCOMPARE(r.accuracy.size(), size_t{3});
    bool someDrop = false;
    for (size_t l = 0; l < 3; ++l)
      for (size_t h = 0; h < 2; ++h) {
        HeadSwitches one;
        one.switchOff(l, static_cast<Index>(h));
        QCOMPARE(r.accuracy[l][h], model->evaluate(p, &one).accuracy());
        QCOMPARE(r.drop(l, h), r.baseline - r.accuracy[l][h]);
        someDrop = someDrop || r.loss[l][h] != r.baselineLoss;
      }
    QVERIFY(someDrop);
    QCOMPARE(lastTotal, size_t{7 * 150});
    QCOMPARE(lastDone, lastTotal);
    QCOMPARE(calls, size_t{7 * 3});  // blocks of 64: 64, 64, 22
  }

  void meanReplacementUsesTheHeadMeans() {
    const auto model = smallClassifier();
    const std::vector<EncodedSample> samples = reviews(40);
    const std::vector<const EncodedSample*> p = pointers(samples);
    const teaching::HeadImportance r = teaching::headImportance(*model, p, teaching::HeadReplacement::Mean);
    const std::vector<Matrix> means = model->headMeans(p);
    HeadSwitches one;
    one.switchOff(1, 0);
    one.setMeans(1, means[1]);
    QCOMPARE(r.loss[1][0], model->evaluate(p, &one).loss());
    HeadSwitches zero;
    zero.switchOff(1, 0);
    QVERIFY(r.loss[1][0] != model->evaluate(p, &zero).loss());
  }

  void cancelStopsTheTable() {
    const auto model = smallClassifier();
    const std::vector<EncodedSample> samples = reviews(100);
    size_t calls = 0;
    try {
      teaching::headImportance(*model, pointers(samples), teaching::HeadReplacement::Zero,
                               [&](size_t, size_t) { return ++calls < 3; });
      QFAIL("no cancel");
    } catch (const RunError& e) {
      QCOMPARE(e.kind(), ErrorKind::Cancelled);
    }
    QCOMPARE(calls, size_t{3});
  }
};

QTEST_GUILESS_MAIN(TestHeadSwitches)
#include "test_head_switches.moc"
