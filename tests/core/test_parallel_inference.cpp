// The products of pretrained models on several threads (core/pretrained/parallel_inference.h) against plain loops
// with double sums and the core's attention oracle: split into column blocks, they must give the same numbers.
// The shapes are above the size under which a product stays on one thread, so the split really happens.
#include <oneapi/tbb/task_arena.h>  // before Qt's headers: Qt's `emit` breaks oneTBB's

#include <QtTest>

#include <random>

#include "core/layers/gelu.h"
#include "core/layers/multi_head_attention.h"
#include "core/pretrained/parallel_inference.h"

using namespace al;
using namespace al::pretrained;

namespace {

constexpr double kTolerance = 1e-4;

Matrix randomMatrix(Index rows, Index cols, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> normal(0.0f, 1.0f);
  Matrix m(rows, cols);  // rows x cols
  for (Index i = 0; i < m.size(); ++i) m.data()[i] = normal(rng);
  return m;
}

// X·W + b with plain loops and double sums. T x out.
Matrix affineByLoops(const Matrix& x, const Matrix& w, const Matrix& b) {
  Matrix y(x.rows(), w.cols());
  for (Index t = 0; t < x.rows(); ++t)
    for (Index o = 0; o < w.cols(); ++o) {
      double sum = b(0, o);
      for (Index i = 0; i < x.cols(); ++i) sum += double(x(t, i)) * double(w(i, o));
      y(t, o) = static_cast<float>(sum);
    }
  return y;
}

// The largest difference, relative to the expected value where it is above 1 (sums of 1,400 float products).
double largestDifference(const Matrix& actual, const Matrix& expected) {
  if (actual.rows() != expected.rows() || actual.cols() != expected.cols()) return INFINITY;
  return ((actual - expected).array().abs() / expected.array().abs().max(1.0f)).maxCoeff();
}

}  // namespace

class TestParallelInference : public QObject {
  Q_OBJECT
  tbb::task_arena arena_{2};

 private slots:
  void affineOfManyRowsAndOfOneRow() {
    const Matrix w = randomMatrix(1400, 203, 1), b = randomMatrix(1, 203, 2);  // in x out, 1 x out: 203 = 13 blocks of 16 minus 5
    for (const Index rows : {Index{7}, Index{1}}) {
      const Matrix x = randomMatrix(rows, 1400, 3);  // T x in
      Matrix y;
      arena_.execute([&] { y = parallelAffine(x, w, b); });
      QVERIFY2(largestDifference(y, affineByLoops(x, w, b)) < kTolerance, qPrintable(QString::number(rows)));
    }
  }

  // An element-wise function applied by each thread to its own block (GELU after BERT's feed-forward product): the
  // function of the whole product, whichever thread made which columns.
  void affineThenGeluOnEachBlock() {
    const Matrix w = randomMatrix(300, 203, 7), b = randomMatrix(1, 203, 8);  // in x out, 1 x out
    const Matrix x = randomMatrix(9, 300, 9);                                 // T x in
    Matrix y;
    arena_.execute([&] { y = parallelAffine(x, w, b, [](MatrixRef block) { Gelu::applyInPlace(block); }); });
    QVERIFY(largestDifference(y, geluReference(affineByLoops(x, w, b))) < kTolerance);
  }

  // Three weights of odd widths side by side (the threads' shares of the joined 331 columns end inside the second
  // one, so a share spans two weights): each result is its own X·W_i + b_i.
  void affinesOfOneInputAcrossTheirJoinedColumns() {
    const std::vector<Index> widths{37, 203, 91};
    std::vector<Matrix> w, b;
    for (size_t i = 0; i < widths.size(); ++i) {
      w.push_back(randomMatrix(1400, widths[i], 10 + static_cast<unsigned>(i)));  // in x out_i
      b.push_back(randomMatrix(1, widths[i], 20 + static_cast<unsigned>(i)));     // 1 x out_i
    }
    for (const Index rows : {Index{7}, Index{1}}) {
      const Matrix x = randomMatrix(rows, 1400, 3);  // T x in
      std::vector<Matrix> ys;
      arena_.execute([&] { ys = parallelAffines(x, {{w[0], b[0]}, {w[1], b[1]}, {w[2], b[2]}}); });
      QCOMPARE(ys.size(), widths.size());
      for (size_t i = 0; i < widths.size(); ++i)
        QVERIFY2(largestDifference(ys[i], affineByLoops(x, w[i], b[i])) < kTolerance,
                 qPrintable(QString("rows %1, weight %2").arg(rows).arg(i)));
    }
  }

  void logitsAgainstEveryRowOfTheEmbeddings() {
    const Matrix e = randomMatrix(1001, 300, 4);  // V x D
    const Matrix noBias = Matrix::Zero(1, 1001);
    for (const Index rows : {Index{5}, Index{1}}) {
      const Matrix z = randomMatrix(rows, 300, 5);  // T x D
      Matrix logits;
      arena_.execute([&] { logits = parallelLogits(z, e); });
      QVERIFY2(largestDifference(logits, affineByLoops(z, e.transpose(), noBias)) < kTolerance,
               qPrintable(QString::number(rows)));
    }
  }

  void attentionIsTheCoresOracle() {
    ParameterSet params;
    const MultiHeadAttention layer(params, "attention", 96, 4, 24);  // D 96, 4 heads of 24
    params.data() = [&] {
      FloatBuffer values(params.data().size());
      const Matrix r = randomMatrix(1, static_cast<Index>(values.size()), 6);
      for (size_t i = 0; i < values.size(); ++i) values[i] = 0.2f * r(0, static_cast<Index>(i));
      return values;
    }();
    const Matrix x = randomMatrix(40, 96, 7);  // T x D
    const Matrix allowed = causalMask(40);     // T x T
    std::vector<Matrix> expectedWeights;
    const Matrix expected = multiHeadAttentionReference(params, layer, x, &allowed, &expectedWeights);
    MultiHeadAttention::Cache cache;
    Matrix y;
    arena_.execute([&] { y = parallelAttention(params, layer, x, cache, &allowed); });
    QVERIFY(largestDifference(y, expected) < kTolerance);
    QCOMPARE(cache.weights.size(), expectedWeights.size());
    for (size_t h = 0; h < expectedWeights.size(); ++h)
      QVERIFY2(largestDifference(cache.weights[h], expectedWeights[h]) < kTolerance, qPrintable(QString::number(h)));
  }
};

QTEST_GUILESS_MAIN(TestParallelInference)
#include "test_parallel_inference.moc"
