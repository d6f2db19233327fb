// The teaching helper behind the Normalization page: padded layouts, statistics with padding counted or
// masked, and moving statistics. Expected values are worked out here by hand in double precision.
#include <QtTest>

#include <cmath>
#include <vector>

#include "core/teaching/normalization_demo.h"

using namespace al;
using namespace al::teaching;

namespace {

Matrix rows(std::initializer_list<std::initializer_list<float>> values) {
  Matrix m(static_cast<Index>(values.size()), static_cast<Index>(values.begin()->size()));
  Index r = 0;
  for (const auto& row : values) {
    Index c = 0;
    for (float v : row) m(r, c++) = v;
    ++r;
  }
  return m;
}

// Per-column mean and biased variance, in double.
void columnStatistics(const Matrix& x, std::vector<double>& mean, std::vector<double>& variance) {
  mean.assign(static_cast<size_t>(x.cols()), 0.0);
  variance.assign(static_cast<size_t>(x.cols()), 0.0);
  for (Index c = 0; c < x.cols(); ++c) {
    double s = 0;
    for (Index r = 0; r < x.rows(); ++r) s += x(r, c);
    const double m = s / static_cast<double>(x.rows());
    double q = 0;
    for (Index r = 0; r < x.rows(); ++r) q += (x(r, c) - m) * (x(r, c) - m);
    mean[size_t(c)] = m;
    variance[size_t(c)] = q / static_cast<double>(x.rows());
  }
}

bool near(double a, double b, double tolerance = 1e-5) { return std::abs(a - b) < tolerance; }

PaddedBatch twoSequences() {
  PaddedBatch batch;
  batch.sequences = {rows({{1, 2}, {3, 5}, {6, 4}}), rows({{2, 8}})};  // T_b = 3 and 1, F = 2
  return batch;
}

}  // namespace

class TestNormalizationDemo : public QObject {
  Q_OBJECT
 private slots:
  void paddedLayoutPutsZeroRowsAfterRealTokens() {
    const PaddedBatch batch = twoSequences();
    QCOMPARE(batch.length(), Index(3));
    QCOMPARE(batch.features(), Index(2));
    const Matrix padded = batch.padded();
    QCOMPARE(padded.rows(), Index(6));
    QVERIFY(padded.topRows(3) == batch.sequences[0]);
    QVERIFY(padded.row(3) == batch.sequences[1].row(0));
    QVERIFY(padded.bottomRows(2).isZero(0));
    QCOMPARE(batch.realRows(), (std::vector<bool>{true, true, true, true, false, false}));
  }

  void layerNormalizesEachRowOverItsFeatures() {
    const Matrix x = rows({{1, 2, 3}, {4, 6, 14}});
    const float eps = 1e-3f;
    const Normalized n = layerNormalize(x, eps);
    QCOMPARE(n.count, Index(3));
    QCOMPARE(n.mean.rows(), Index(2));
    QCOMPARE(n.mean.cols(), Index(1));
    const double mean[2] = {2.0, 8.0}, variance[2] = {2.0 / 3.0, (16.0 + 4.0 + 36.0) / 3.0};
    for (Index r = 0; r < 2; ++r) {
      QVERIFY(near(n.mean(r, 0), mean[r]));
      QVERIFY(near(n.variance(r, 0), variance[r], 1e-4));
      for (Index c = 0; c < 3; ++c)
        QVERIFY(near(n.output(r, c), (x(r, c) - mean[r]) / std::sqrt(variance[r] + eps)));
    }
  }

  void countedPaddingEntersTheStatistics() {
    const PaddedBatch batch = twoSequences();
    const float eps = 1e-3f;
    std::vector<double> mean, variance;
    columnStatistics(batch.padded(), mean, variance);  // 6 rows, two of them zeros
    const Normalized n = batchNormalizePadded(batch, Padding::Counted, eps);
    QCOMPARE(n.count, Index(6));
    for (Index c = 0; c < 2; ++c) {
      QVERIFY(near(n.mean(0, c), mean[size_t(c)]));
      QVERIFY(near(n.variance(0, c), variance[size_t(c)], 1e-4));
      for (Index r = 0; r < 6; ++r)
        QVERIFY(near(n.output(r, c), (batch.padded()(r, c) - mean[size_t(c)]) / std::sqrt(variance[size_t(c)] + eps)));
    }
    QVERIFY(n.mean(0, 0) < 3.0);  // (1+3+6+2)/6 = 2, pulled down from the real tokens' 3
  }

  void maskedPaddingLeavesTheZerosOut() {
    const PaddedBatch batch = twoSequences();
    const float eps = 1e-3f;
    const Matrix real = rows({{1, 2}, {3, 5}, {6, 4}, {2, 8}});
    std::vector<double> mean, variance;
    columnStatistics(real, mean, variance);
    const Normalized n = batchNormalizePadded(batch, Padding::Masked, eps);
    QCOMPARE(n.count, Index(4));
    QCOMPARE(n.output.rows(), Index(6));  // the padded layout
    const Index realRow[4] = {0, 1, 2, 3};
    for (Index c = 0; c < 2; ++c) {
      QVERIFY(near(n.mean(0, c), mean[size_t(c)]));
      QVERIFY(near(n.variance(0, c), variance[size_t(c)], 1e-4));
      for (Index i = 0; i < 4; ++i)
        QVERIFY(near(n.output(realRow[i], c), (real(i, c) - mean[size_t(c)]) / std::sqrt(variance[size_t(c)] + eps)));
    }
    QVERIFY(n.output.bottomRows(2).isZero(0));  // padding is not computed
  }

  void movingStatisticsFollowTheMomentumRule() {
    const float eps = 1e-3f, momentum = 0.8f;
    BatchNormDemo norm(2, eps, momentum);
    QVERIFY(norm.movingMean().isZero(0));
    QVERIFY(norm.movingVariance().isOnes(0));

    const Matrix a = rows({{1, 2}, {3, 6}}), b = rows({{0, 1}, {4, 1}, {5, 1}});
    std::vector<double> ma, va, mb, vb;
    columnStatistics(a, ma, va);
    columnStatistics(b, mb, vb);
    norm.learnFrom({a});
    norm.learnFrom({rows({{0, 1}, {4, 1}}), rows({{5, 1}})});  // batch b as two sequences
    QCOMPARE(norm.batchesSeen(), 2);
    for (Index c = 0; c < 2; ++c) {
      const size_t k = size_t(c);
      const double m = momentum * (momentum * 0.0 + (1 - momentum) * ma[k]) + (1 - momentum) * mb[k];
      const double v = momentum * (momentum * 1.0 + (1 - momentum) * va[k]) + (1 - momentum) * vb[k];
      QVERIFY(near(norm.movingMean()(c), m));
      QVERIFY(near(norm.movingVariance()(c), v));
      // Inference uses them; training uses the batch's own statistics.
      const Normalized inferred = norm.infer({a});
      QVERIFY(near(inferred.output(1, c), (a(1, c) - m) / std::sqrt(v + eps)));
      const Normalized trained = norm.train({a});
      QVERIFY(near(trained.output(1, c), (a(1, c) - ma[k]) / std::sqrt(va[k] + eps)));
    }
    norm.reset();
    QCOMPARE(norm.batchesSeen(), 0);
    QVERIFY(norm.movingMean().isZero(0));
  }

  void noiseIsReproducibleAndOfTheRightSize() {
    const Matrix x = Matrix::Constant(100, 50, 3.0f);
    Rng first(5), second(5);
    const Matrix a = withNoise(x, 0.5f, first), b = withNoise(x, 0.5f, second);
    QVERIFY(a == b);
    const Matrix noise = a - x;
    const double mean = noise.cast<double>().mean();
    const double sd = std::sqrt((noise.cast<double>().array() - mean).square().mean());
    QVERIFY(std::abs(mean) < 0.05);  // 5000 draws: the mean's standard error is 0.007
    QVERIFY(std::abs(sd - 0.5) < 0.05);
  }
};

QTEST_APPLESS_MAIN(TestNormalizationDemo)
#include "test_normalization_demo.moc"
