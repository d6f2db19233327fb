// Attention rollout (core/teaching/attention_rollout.h): rows that sum to 1 at every layer, the closed form for
// uniform heads, causal maps staying causal, a two-token example worked out by hand, and a trained-shape model's
// own maps.
#include <oneapi/tbb/task_arena.h>  // before Qt: Qt's emit macro breaks oneTBB's headers

#include <QtTest>

#include <cmath>
#include <stdexcept>

#include "core/models/transformer_classifier.h"
#include "core/random.h"
#include "core/teaching/attention_rollout.h"

using al::Index;
using al::Matrix;
using namespace al::teaching;

namespace {

// A random map whose rows are positive and sum to 1 (lower-triangular when causal), T x T.
Matrix randomMap(Index T, al::Rng& rng, bool causal) {
  Matrix a(T, T);
  for (Index i = 0; i < T; ++i) {
    for (Index j = 0; j < T; ++j) a(i, j) = causal && j > i ? 0.0f : 0.05f + rng.uniform();
    a.row(i) /= a.row(i).sum();
  }
  return a;
}

std::vector<std::vector<Matrix>> randomMaps(size_t layers, size_t heads, Index T, uint64_t seed, bool causal) {
  al::Rng rng(seed);
  std::vector<std::vector<Matrix>> maps(layers);
  for (auto& layer : maps)
    for (size_t h = 0; h < heads; ++h) layer.push_back(randomMap(T, rng, causal));
  return maps;
}

void verifyRowsSumToOne(const Matrix& r) {
  for (Index i = 0; i < r.rows(); ++i) {
    QVERIFY2(std::abs(r.row(i).sum() - 1.0f) < 1e-5f, qPrintable(QString("row %1 sums to %2").arg(i).arg(r.row(i).sum())));
    QVERIFY(r.row(i).minCoeff() >= 0.0f);
  }
}

}  // namespace

class TestAttentionRollout : public QObject {
  Q_OBJECT
 private slots:
  void rowsSumToOneAfterEveryLayer() {
    const auto rollout = attentionRollout(randomMaps(4, 3, 7, 11, false));
    QCOMPARE(rollout.size(), size_t(4));
    for (const Matrix& r : rollout) {
      QCOMPARE(r.rows(), Index(7));
      verifyRowsSumToOne(r);
    }
  }

  void aQueryWithNoAllowedKeyKeepsItsOwnState() {
    // A row of zeros (a head with no allowed key) becomes the identity's row, not a row summing to 0.5.
    Matrix a = Matrix::Zero(2, 2);
    a(1, 0) = 0.5f, a(1, 1) = 0.5f;
    const auto rollout = attentionRollout({{a}});
    verifyRowsSumToOne(rollout[0]);
    QCOMPARE(rollout[0](0, 0), 1.0f);
  }

  void uniformHeadsGiveTheClosedForm() {
    // Every head uniform: Â = ½·U + ½·I with U = 11ᵀ/T, and U·U = U, so R_L = ½ᴸ·I + (1 − ½ᴸ)·U: every token
    // keeps ½ᴸ of itself and the rest is spread evenly; every token receives the same attention, 1/T.
    const Index T = 5;
    const Matrix uniform = Matrix::Constant(T, T, 1.0f / T);
    const std::vector<std::vector<Matrix>> maps(3, std::vector<Matrix>(2, uniform));
    const auto rollout = attentionRollout(maps);
    for (size_t l = 0; l < rollout.size(); ++l) {
      const float own = std::pow(0.5f, float(l + 1));
      const Matrix expected = own * Matrix::Identity(T, T) + (1.0f - own) * uniform;
      QVERIFY2((rollout[l] - expected).cwiseAbs().maxCoeff() < 1e-6f, qPrintable(QString("layer %1").arg(l)));
      const al::RowVector received = attentionReceived(rollout[l]);
      QVERIFY((received.array() - 1.0f / T).abs().maxCoeff() < 1e-6f);
    }
    // Without the residual share, uniform heads roll out to the uniform map itself.
    const auto plain = attentionRollout(maps, 0.0f);
    QVERIFY((plain.back() - uniform).cwiseAbs().maxCoeff() < 1e-6f);
  }

  void twoTokensByHand() {
    // Â_1 = ½·[[1, 0], [.5, .5]] + ½·I = [[1, 0], [.25, .75]]; Â_2 = ½·[[.5, .5], [0, 1]] + ½·I = [[.75, .25], [0, 1]]
    // R_2 = Â_2·Â_1 = [[.75 + .0625, .1875], [.25, .75]]
    Matrix a1(2, 2), a2(2, 2);
    a1 << 1, 0, 0.5f, 0.5f;
    a2 << 0.5f, 0.5f, 0, 1;
    const auto rollout = attentionRollout({{a1}, {a2}});
    Matrix expected(2, 2);
    expected << 0.8125f, 0.1875f, 0.25f, 0.75f;
    QVERIFY((rollout[1] - expected).cwiseAbs().maxCoeff() < 1e-6f);
    // The heads' mean comes first: two heads that disagree average to the map of one.
    Matrix b1(2, 2), b2(2, 2);
    b1 << 1, 0, 1, 0;
    b2 << 1, 0, 0, 1;
    const auto averaged = attentionRollout({{b1, b2}, {a2}});
    QVERIFY((averaged[1] - expected).cwiseAbs().maxCoeff() < 1e-6f);
  }

  void causalMapsStayCausal() {
    const auto rollout = attentionRollout(randomMaps(3, 2, 6, 7, true));
    for (const Matrix& r : rollout) {
      verifyRowsSumToOne(r);
      for (Index i = 0; i < r.rows(); ++i)
        for (Index j = i + 1; j < r.cols(); ++j) QCOMPARE(r(i, j), 0.0f);
    }
  }

  void aModelsOwnMapsRollOut() {
    al::TransformerConfig c;
    c.vocabSize = 20, c.sequenceLength = 12, c.embedDim = 8, c.numHeads = 2, c.keyDim = 4, c.denseDim = 8;
    c.numLayers = 3;
    al::TransformerClassifier model(c);
    model.initialize(3);
    const std::vector<int> ids = {2, 5, 7, 9, 11, 4};
    const auto rollout = attentionRollout(model.predict(ids).attention);
    QCOMPARE(rollout.size(), size_t(3));
    for (const Matrix& r : rollout) verifyRowsSumToOne(r);
  }

  void mapsOfDifferentSizesAreRefused() {
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, attentionRollout({{Matrix::Identity(2, 2)}, {Matrix::Identity(3, 3)}}));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, attentionRollout({{}}));
  }
};

QTEST_APPLESS_MAIN(TestAttentionRollout)
#include "test_attention_rollout.moc"
