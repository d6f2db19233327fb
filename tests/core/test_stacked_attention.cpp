// Training runs a few sequences stacked row-wise through one attention layer (MultiHeadAttention::forwardStacked):
// one product per projection for all of them. Stacking must not change what any sequence sees: its output rows,
// its attention weights, its input gradient and the weight gradients are those of the sequences run one by one.
// A key of another sequence leaking into a query's softmax, or rows of one sequence read as another's, fails here.
#include <QtTest>

#include <stdexcept>
#include <vector>

#include "core/error.h"
#include "core/layers/multi_head_attention.h"
#include "tests/core/attention_fixture.h"

using namespace al;
using namespace al::test;

namespace {

constexpr Index kWidth = 8, kHeads = 2, kKeyDim = 4;
const std::vector<Index> kLengths = {5, 1, 7};  // a one-token sequence too: its only weight is 1

double largestDifference(const Matrix& a, const Matrix& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() ? static_cast<double>((a - b).cwiseAbs().maxCoeff()) : 1e9;
}

}  // namespace

class TestStackedAttention : public QObject {
  Q_OBJECT
 private slots:
  void stackedSequencesSeeOnlyThemselves() {
    AttentionFixture f(13, kWidth, kHeads, kKeyDim, 31);  // 13 = 5 + 1 + 7 stacked rows
    Rng rng(32);
    const Matrix dy = randomMatrix(13, kWidth, rng);      // 13 x D

    MultiHeadAttention::Cache stacked;
    const Matrix y = f.layer.forwardStacked(f.params, f.x, kLengths, stacked);  // 13 x D
    Gradients stackedGrads(f.params);
    const Matrix dx = f.layer.backward(f.params, stacked, dy, stackedGrads);      // 13 x D
    QCOMPARE(stacked.weights.size(), kLengths.size() * size_t(kHeads));

    Gradients oneByOne(f.params);
    Index first = 0;
    for (size_t b = 0; b < kLengths.size(); ++b) {
      const Index T = kLengths[b];
      MultiHeadAttention::Cache own;
      const Matrix x = f.x.middleRows(first, T);  // T x D
      const Matrix ownY = f.layer.forward(f.params, x, own);
      const Matrix ownDx = f.layer.backward(f.params, own, dy.middleRows(first, T), oneByOne);
      QVERIFY2(largestDifference(y.middleRows(first, T), ownY) < 1e-5, qPrintable(QString("output of %1").arg(b)));
      QVERIFY2(largestDifference(dx.middleRows(first, T), ownDx) < 1e-5, qPrintable(QString("dX of %1").arg(b)));
      for (Index h = 0; h < kHeads; ++h)
        QVERIFY(largestDifference(stacked.weights[b * size_t(kHeads) + size_t(h)], own.weights[size_t(h)]) < 1e-6);
      first += T;
    }
    const double gradientGap = largestDifference(
        Eigen::Map<const Matrix>(stackedGrads.data().data(), 1, Index(stackedGrads.data().size())),
        Eigen::Map<const Matrix>(oneByOne.data().data(), 1, Index(oneByOne.data().size())));
    QVERIFY2(gradientGap < 1e-4, qPrintable(QString("weight gradients differ by %1").arg(gradientGap)));
  }

  void lengthsMustAddUpToTheRows() {
    AttentionFixture f(13, kWidth, kHeads, kKeyDim, 33);
    MultiHeadAttention::Cache c;
    const std::vector<Index> tooFew = {5, 7}, withEmpty = {5, 0, 8};
    QVERIFY_THROWS_EXCEPTION(InputError, f.layer.forwardStacked(f.params, f.x, tooFew, c));
    QVERIFY_THROWS_EXCEPTION(InputError, f.layer.forwardStacked(f.params, f.x, withEmpty, c));
  }

  // The teaching walk's scores are kept one sequence at a time; the stacked path refuses to be asked for them
  // rather than quietly handing back none.
  void keptScoresAreRefused() {
    AttentionFixture f(13, kWidth, kHeads, kKeyDim, 34);
    MultiHeadAttention::Cache c;
    c.keepScores = true;
    const std::vector<Index> lengths = {5, 8};
    QVERIFY_THROWS_EXCEPTION(std::logic_error, f.layer.forwardStacked(f.params, f.x, lengths, c));
  }
};

QTEST_APPLESS_MAIN(TestStackedAttention)
#include "test_stacked_attention.moc"
