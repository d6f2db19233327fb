// Behavioural checks of the Transformer layers: what each layer must do, beyond having correct gradients
// (those are in test_gradients.cpp). Expected values are computed here, by hand, independently of the layer.
#include <QtTest>

#include <array>
#include <cmath>
#include <limits>

#include "core/error.h"
#include "core/layers/batch_norm.h"
#include "core/layers/dropout.h"
#include "core/layers/embedding.h"
#include "core/layers/layer_norm.h"
#include "core/layers/multi_head_attention.h"
#include "core/layers/pooling.h"
#include "core/layers/position_embedding.h"
#include "core/layers/gelu.h"
#include "core/layers/relu.h"
#include "core/layers/sigmoid_cross_entropy.h"
#include "core/layers/sinusoidal_encoding.h"
#include "tests/core/attention_fixture.h"
#include "tests/core/gradient_check.h"

using namespace al;
using namespace al::test;

namespace {

bool allFinite(const Matrix& m) { return m.allFinite(); }

}  // namespace

class TestLayers : public QObject {
  Q_OBJECT
 private slots:
  // ---- multi-head attention ----------------------------------------------------------------------------

  void attentionRegistersTheContractNamesAndShapes() {
    ParameterSet p;
    MultiHeadAttention layer(p, "encoder.0.attention", 8, 2, 3);
    const std::vector<std::pair<std::string, std::vector<int64_t>>> expected = {
        {"encoder.0.attention.query.kernel", {8, 6}}, {"encoder.0.attention.query.bias", {6}},
        {"encoder.0.attention.key.kernel", {8, 6}},   {"encoder.0.attention.key.bias", {6}},
        {"encoder.0.attention.value.kernel", {8, 6}}, {"encoder.0.attention.value.bias", {6}},
        {"encoder.0.attention.output.kernel", {6, 8}}, {"encoder.0.attention.output.bias", {8}}};
    QCOMPARE(p.tensors().size(), expected.size());
    for (const auto& [name, shape] : expected) {
      const int slot = p.find(name);
      QVERIFY2(slot >= 0, name.c_str());
      QVERIFY2(p.info(slot).shape == shape, name.c_str());
    }
    Rng rng(1);
    layer.initialize(p, rng);
    QVERIFY(p.value(layer.query().bias).cwiseAbs().maxCoeff() == 0.0f);
    QVERIFY(p.value(layer.query().kernel).cwiseAbs().maxCoeff() > 0.0f);
    // Glorot limit sqrt(6 / (in + out)) for the [8, 6] kernel.
    QVERIFY(p.value(layer.key().kernel).cwiseAbs().maxCoeff() <= std::sqrt(6.0f / 14.0f));
  }

  void attentionRowsSumToOne() {
    AttentionFixture f(7, 8, 3, 4, 11);
    for (const bool causal : {false, true}) {
      const Matrix mask = causalMask(7);
      MultiHeadAttention::Cache c;
      const Matrix y = f.layer.forward(f.params, f.x, c, causal ? &mask : nullptr);
      QCOMPARE(y.rows(), Index(7));
      QCOMPARE(y.cols(), Index(8));
      QCOMPARE(c.weights.size(), size_t(3));
      for (const Matrix& a : c.weights) {
        QCOMPARE(a.rows(), Index(7));
        QCOMPARE(a.cols(), Index(7));
        QVERIFY(a.minCoeff() >= 0.0f);
        for (Index i = 0; i < 7; ++i) QVERIFY(std::abs(a.row(i).sum() - 1.0f) < 1e-5f);
      }
    }
  }

  void causalMaskGivesExactZerosAboveTheDiagonal() {
    AttentionFixture f(6, 8, 2, 4, 12);
    const Matrix mask = causalMask(6);
    for (Index i = 0; i < 6; ++i)
      for (Index j = 0; j < 6; ++j) QCOMPARE(mask(i, j), j <= i ? 1.0f : 0.0f);
    MultiHeadAttention::Cache c;
    f.layer.forward(f.params, f.x, c, &mask);
    for (const Matrix& a : c.weights)
      for (Index i = 0; i < 6; ++i)
        for (Index j = 0; j < 6; ++j) {
          if (j > i) QVERIFY(a(i, j) == 0.0f);  // exactly 0, not tiny
          else QVERIFY(a(i, j) > 0.0f);
        }
    // The first token can only see itself.
    for (const Matrix& a : c.weights) QCOMPARE(a(0, 0), 1.0f);
  }

  // A causal mask must make the output of token i independent of every later token.
  void causalOutputIgnoresLaterTokens() {
    AttentionFixture f(6, 8, 2, 4, 13);
    const Matrix mask = causalMask(6);
    MultiHeadAttention::Cache c;
    const Matrix y = f.layer.forward(f.params, f.x, c, &mask);
    Matrix changed = f.x;
    changed.bottomRows(2).setRandom();
    const Matrix y2 = f.layer.forward(f.params, changed, c, &mask);
    QVERIFY((y.topRows(4) - y2.topRows(4)).cwiseAbs().maxCoeff() < 1e-6f);
    QVERIFY((y.bottomRows(2) - y2.bottomRows(2)).cwiseAbs().maxCoeff() > 1e-3f);
  }

  void keyPaddingMaskHidesPaddingKeys() {
    const Matrix mask = keyPaddingMask(5, 3);
    for (Index i = 0; i < 5; ++i)
      for (Index j = 0; j < 5; ++j) QCOMPARE(mask(i, j), j < 3 ? 1.0f : 0.0f);
    AttentionFixture f(5, 8, 2, 4, 14);
    MultiHeadAttention::Cache c;
    const Matrix y = f.layer.forward(f.params, f.x, c, &mask);
    for (const Matrix& a : c.weights) {
      QVERIFY(a.rightCols(2).cwiseAbs().maxCoeff() == 0.0f);
      for (Index i = 0; i < 5; ++i) QVERIFY(std::abs(a.row(i).sum() - 1.0f) < 1e-5f);
    }
    // Attending to the first 3 keys of 5 tokens equals plain attention over those 3 tokens, for those 3 queries.
    MultiHeadAttention::Cache c3;
    const Matrix y3 = f.layer.forward(f.params, f.x.topRows(3), c3);
    QVERIFY((y.topRows(3) - y3).cwiseAbs().maxCoeff() < 1e-5f);
  }

  void fullyMaskedRowGivesZerosNotNaN() {
    AttentionFixture f(4, 8, 2, 4, 15);
    Matrix mask = Matrix::Ones(4, 4);
    mask.row(2).setZero();
    MultiHeadAttention::Cache c;
    const Matrix y = f.layer.forward(f.params, f.x, c, &mask);
    QVERIFY(allFinite(y));
    for (const Matrix& a : c.weights) {
      QVERIFY(allFinite(a));
      QVERIFY(a.row(2).cwiseAbs().maxCoeff() == 0.0f);
    }
    // No head output for token 2, so its output is the output bias alone.
    QVERIFY(c.heads.row(2).cwiseAbs().maxCoeff() == 0.0f);
    QVERIFY((y.row(2) - f.params.value(f.layer.output().bias)).cwiseAbs().maxCoeff() < 1e-6f);
    Gradients g(f.params);
    const Matrix dx = f.layer.backward(f.params, c, Matrix::Ones(4, 8), g);
    QVERIFY(allFinite(dx));
    for (float v : g.data()) QVERIFY(std::isfinite(v));
  }

  void referenceMatchesFastForward_data() {
    QTest::addColumn<int>("T");
    QTest::addColumn<int>("D");
    QTest::addColumn<int>("H");
    QTest::addColumn<int>("K");
    QTest::addColumn<int>("mask");  // 0 none, 1 causal, 2 key padding
    QTest::newRow("one head") << 5 << 8 << 1 << 8 << 0;
    QTest::newRow("three heads") << 9 << 12 << 3 << 4 << 0;
    QTest::newRow("heads wider than D") << 6 << 4 << 2 << 5 << 0;
    QTest::newRow("causal") << 8 << 8 << 2 << 4 << 1;
    QTest::newRow("key padding") << 8 << 8 << 2 << 4 << 2;
    QTest::newRow("one token") << 1 << 8 << 2 << 4 << 0;
  }

  void referenceMatchesFastForward() {
    QFETCH(int, T);
    QFETCH(int, D);
    QFETCH(int, H);
    QFETCH(int, K);
    QFETCH(int, mask);
    AttentionFixture f(T, D, H, K, 16 + static_cast<uint64_t>(T));
    const Matrix allowed = mask == 1 ? causalMask(T) : keyPaddingMask(T, T - 3);
    const Matrix* m = mask == 0 ? nullptr : &allowed;

    MultiHeadAttention::Cache c;
    const Matrix fast = f.layer.forward(f.params, f.x, c, m);
    std::vector<Matrix> referenceWeights;
    const Matrix reference = multiHeadAttentionReference(f.params, f.layer, f.x, m, &referenceWeights);
    QCOMPARE(fast.rows(), reference.rows());
    QCOMPARE(fast.cols(), reference.cols());
    QVERIFY2((fast - reference).cwiseAbs().maxCoeff() < 1e-5f,
             qPrintable(QString("max difference %1").arg((fast - reference).cwiseAbs().maxCoeff())));
    QCOMPARE(referenceWeights.size(), c.weights.size());
    for (size_t h = 0; h < c.weights.size(); ++h)
      QVERIFY((c.weights[h] - referenceWeights[h]).cwiseAbs().maxCoeff() < 1e-5f);
  }

  // The reference itself, on a case small enough to do by hand: one token attends only to itself, so the
  // output is (x·W_v + b_v)·W_o + b_o whatever the query and key weights are.
  void referenceOfOneTokenIsValueThenOutput() {
    AttentionFixture f(1, 4, 2, 3, 17);
    const Matrix v = f.x * f.params.value(f.layer.value().kernel) + f.params.value(f.layer.value().bias);
    const Matrix expected = v * f.params.value(f.layer.output().kernel) + f.params.value(f.layer.output().bias);
    std::vector<Matrix> weights;
    const Matrix reference = multiHeadAttentionReference(f.params, f.layer, f.x, nullptr, &weights);
    QVERIFY((reference - expected).cwiseAbs().maxCoeff() < 1e-5f);
    for (const Matrix& a : weights) QCOMPARE(a(0, 0), 1.0f);
  }

  // Scores computed by hand for a two-token, one-head layer with identity projections.
  void attentionWeightsByHand() {
    ParameterSet p;
    MultiHeadAttention layer(p, "a", 2, 1, 2);
    for (const auto& part : {layer.query(), layer.key(), layer.value(), layer.output()})
      p.value(part.kernel).setIdentity();
    Matrix x(2, 2);
    x << 1, 0,
         1, 2;
    // S = x·xᵀ / √2 = [[1, 1], [1, 5]] / √2
    const double s = 1.0 / std::sqrt(2.0);
    const double a01 = 1.0 / (1.0 + std::exp(0.0));                  // row 0: equal scores
    const double a11 = std::exp(5 * s) / (std::exp(1 * s) + std::exp(5 * s));
    MultiHeadAttention::Cache c;
    const Matrix y = layer.forward(p, x, c);
    QVERIFY(std::abs(c.weights[0](0, 1) - a01) < 1e-6);
    QVERIFY(std::abs(c.weights[0](1, 1) - a11) < 1e-6);
    // Row 1 of the output: (1 - a11)·x0 + a11·x1
    QVERIFY(std::abs(y(1, 0) - 1.0) < 1e-6);
    QVERIFY(std::abs(y(1, 1) - 2.0 * a11) < 1e-5);
  }

  void attentionRejectsWrongShapes() {
    AttentionFixture f(4, 8, 2, 4, 18);
    MultiHeadAttention::Cache c;
    const Matrix wrongMask = Matrix::Ones(3, 4);
    QVERIFY_THROWS_EXCEPTION(InputError, f.layer.forward(f.params, f.x, c, &wrongMask));
    QVERIFY_THROWS_EXCEPTION(InputError, f.layer.forward(f.params, Matrix::Ones(4, 7), c));
  }

  // ---- embeddings ----------------------------------------------------------------------------------------

  void embeddingLooksUpRowsAndScatterAdds() {
    ParameterSet p;
    Embedding layer(p, "embedding.token", 5, 3);
    QCOMPARE(p.tensors().size(), size_t(1));
    QCOMPARE(p.info(layer.tableSlot()).name, std::string("embedding.token"));
    QVERIFY(p.info(layer.tableSlot()).shape == (std::vector<int64_t>{5, 3}));
    Rng rng(3);
    layer.initialize(p, rng);
    const Matrix table = p.value(layer.tableSlot());
    QVERIFY(table.cwiseAbs().maxCoeff() <= 0.05f);
    QVERIFY(table.cwiseAbs().maxCoeff() > 0.0f);

    Embedding::Cache c;
    const Matrix y = layer.forward(p, {4, 1, 4}, c);
    QCOMPARE(y.rows(), Index(3));
    QVERIFY(y.row(0) == table.row(4));
    QVERIFY(y.row(1) == table.row(1));
    QVERIFY(y.row(2) == table.row(4));

    Gradients g(p);
    Matrix dy(3, 3);
    dy << 1, 2, 3,
          4, 5, 6,
          7, 8, 9;
    layer.backward(p, c, dy, g);
    layer.backward(p, c, dy, g);  // gradients accumulate
    const MatrixMap dtable = g[layer.tableSlot()];
    QVERIFY(dtable.row(4) == (RowVector(3) << 16, 20, 24).finished());  // 2·(row 0 + row 2)
    QVERIFY(dtable.row(1) == (RowVector(3) << 8, 10, 12).finished());
    QVERIFY(dtable.row(0).cwiseAbs().sum() + dtable.row(2).cwiseAbs().sum() + dtable.row(3).cwiseAbs().sum() == 0.0f);
  }

  void embeddingRejectsIdsOutsideTheVocabulary() {
    ParameterSet p;
    Embedding layer(p, "embedding.token", 5, 3);
    Embedding::Cache c;
    for (int bad : {5, -1}) {
      try {
        layer.forward(p, {0, bad}, c);
        QFAIL("no exception");
      } catch (const InputError& e) {
        QVERIFY2(QString(e.what()).contains(QString::number(bad)), e.what());
      }
    }
  }

  void positionEmbeddingAddsTheFirstRows() {
    ParameterSet p;
    PositionEmbedding layer(p, "embedding.position", 6, 3);
    QCOMPARE(p.info(layer.tableSlot()).name, std::string("embedding.position"));
    Rng rng(4);
    layer.initialize(p, rng);
    QVERIFY(p.value(layer.tableSlot()).cwiseAbs().maxCoeff() <= 0.05f);
    const Matrix x = randomMatrix(4, 3, rng);
    const Matrix y = layer.forward(p, x);
    for (Index t = 0; t < 4; ++t)
      for (Index d = 0; d < 3; ++d) QCOMPARE(y(t, d), x(t, d) + p.value(layer.tableSlot())(t, d));
    Gradients g(p);
    const Matrix dy = randomMatrix(4, 3, rng);
    const Matrix dx = layer.backward(p, 4, dy, g);
    QVERIFY(dx == dy);
    QVERIFY(g[layer.tableSlot()].topRows(4) == dy);
    QVERIFY(g[layer.tableSlot()].bottomRows(2).cwiseAbs().maxCoeff() == 0.0f);
    QVERIFY_THROWS_EXCEPTION(InputError, layer.forward(p, Matrix::Zero(7, 3)));
    QVERIFY(layer.forward(p, Matrix::Zero(6, 3)).rows() == 6);
  }

  void sinusoidalValuesByHand() {
    const Index D = 7;  // odd on purpose: the last column is a sine
    const Matrix pe = sinusoidalEncoding(50, D);
    QCOMPARE(pe.rows(), Index(50));
    QCOMPARE(pe.cols(), D);
    struct Case { Index p, i; double expected; };
    const Case cases[] = {
        {0, 0, 0.0},                                          // sin(0)
        {0, 1, 1.0},                                          // cos(0)
        {1, 0, std::sin(1.0)},                                // j=0: frequency 1
        {1, 1, std::cos(1.0)},
        {3, 2, std::sin(3.0 / std::pow(10000.0, 2.0 / 7.0))},  // j=1
        {3, 3, std::cos(3.0 / std::pow(10000.0, 2.0 / 7.0))},
        {49, 5, std::cos(49.0 / std::pow(10000.0, 4.0 / 7.0))},  // j=2
        {49, 6, std::sin(49.0 / std::pow(10000.0, 6.0 / 7.0))},  // j=3, the unpaired last column
    };
    for (const Case& c : cases)
      QVERIFY2(std::abs(pe(c.p, c.i) - c.expected) < 1e-6,
               qPrintable(QString("PE[%1,%2] = %3, expected %4").arg(c.p).arg(c.i).arg(pe(c.p, c.i)).arg(c.expected)));
    // Large positions: computed in double, so sin(599) is right to float precision.
    QVERIFY(std::abs(sinusoidalEncoding(600, 256)(599, 0) - std::sin(599.0)) < 1e-6);
  }

  // ---- element-wise layers and pooling -----------------------------------------------------------------

  void reluZeroesNegativesAndTheirGradient() {
    Matrix x(1, 4);
    x << -2, 0, 0.5f, 3;
    Relu::Cache c;
    const Matrix y = Relu{}.forward(x, c);
    QVERIFY(y == (Matrix(1, 4) << 0, 0, 0.5f, 3).finished());
    const Matrix dx = Relu{}.backward(c, Matrix::Ones(1, 4));
    QVERIFY(dx == (Matrix(1, 4) << 0, 0, 1, 1).finished());
  }

  // The numbers tests/reference/gelu_reference.py printed (PyTorch, float64: F.gelu and its autograd).
  void geluMatchesPyTorch() {
    const std::vector<std::array<double, 3>> reference = {  // x, gelu(x), gelu'(x)
        {-4.0, -0.000126684967, -0.000503649661}, {-1.5, -0.100210802, -0.127469192},
        {-0.75, -0.169970514, 0.000774278261},    {-0.1, -0.0460172163, 0.420476908},
        {0.0, 0.0, 0.5},                          {0.3, 0.185373427, 0.732327767},
        {1.0, 0.841344746, 1.08331547},           {2.5, 2.48447584, 1.03761109},
        {6.0, 5.99999999, 1.00000004}};
    Matrix x(1, static_cast<Index>(reference.size()));
    for (size_t i = 0; i < reference.size(); ++i) x(0, static_cast<Index>(i)) = static_cast<float>(reference[i][0]);
    Gelu::Cache c;
    const Matrix y = Gelu{}.forward(x, c);
    const Matrix dx = Gelu{}.backward(c, Matrix::Ones(1, x.cols()));
    for (size_t i = 0; i < reference.size(); ++i) {
      const Index j = static_cast<Index>(i);
      QVERIFY2(std::abs(y(0, j) - reference[i][1]) < 1e-6, qPrintable(QString("gelu(%1)").arg(reference[i][0])));
      QVERIFY2(std::abs(dx(0, j) - reference[i][2]) < 1e-6, qPrintable(QString("gelu'(%1)").arg(reference[i][0])));
    }
  }

  void dropoutIsInvertedAndOnlyInTraining() {
    Rng data(5);
    const Matrix x = randomMatrix(100, 100, data).array() + 2.0f;  // no zeros in x
    const float rate = 0.25f;
    Dropout dropout{rate};
    Dropout::Cache c;
    Rng rng(6);
    QVERIFY(dropout.forward(x, Mode::Eval, rng, c) == x);
    QVERIFY(dropout.backward(c, x) == x);
    QVERIFY(Dropout{0.0f}.forward(x, Mode::Train, rng, c) == x);

    const Matrix y = dropout.forward(x, Mode::Train, rng, c);
    Index dropped = 0;
    for (Index i = 0; i < x.size(); ++i) {
      if (y.data()[i] == 0.0f) ++dropped;
      else QVERIFY(std::abs(y.data()[i] - x.data()[i] / (1.0f - rate)) < 1e-5f);
    }
    // 10 000 draws: the dropped fraction is 0.25 ± a few standard deviations (0.0043).
    QVERIFY(std::abs(static_cast<double>(dropped) / 10000.0 - rate) < 0.02);
    // The gradient flows through the kept elements with the same scale.
    const Matrix dx = dropout.backward(c, Matrix::Ones(100, 100));
    for (Index i = 0; i < x.size(); ++i) QCOMPARE(dx.data()[i] == 0.0f, y.data()[i] == 0.0f);
    // Same seed, same mask.
    Rng again(6), other(6);
    Dropout::Cache c1, c2;
    dropout.forward(x, Mode::Eval, again, c1);  // Eval draws nothing
    QVERIFY(dropout.forward(x, Mode::Train, again, c1) == dropout.forward(x, Mode::Train, other, c2));
    QVERIFY_THROWS_EXCEPTION(InputError, Dropout{1.0f}.forward(x, Mode::Train, rng, c));
  }

  void maxPoolTakesTheFirstMaximum() {
    Matrix x(3, 3);
    x << 1, 5, 2,
         4, 5, 2,
         3, 0, 2;
    MaxPool::Cache c;
    const Matrix y = MaxPool{}.forward(x, c);
    QVERIFY(y == (Matrix(1, 3) << 4, 5, 2).finished());
    const Matrix dx = MaxPool{}.backward(c, (Matrix(1, 3) << 10, 20, 30).finished());
    Matrix expected = Matrix::Zero(3, 3);
    expected(1, 0) = 10;  // token 1 wins feature 0
    expected(0, 1) = 20;  // tie between tokens 0 and 1: the first
    expected(0, 2) = 30;  // three-way tie: the first
    QVERIFY(dx == expected);
    QVERIFY_THROWS_EXCEPTION(InputError, MaxPool{}.forward(Matrix(0, 3), c));
  }

  void meanPoolSpreadsTheGradient() {
    Matrix x(4, 2);
    x << 1, 2,
         3, 4,
         5, 6,
         7, 8;
    MeanPool::Cache c;
    const Matrix y = MeanPool{}.forward(x, c);
    QVERIFY(y == (Matrix(1, 2) << 4, 5).finished());
    const Matrix dx = MeanPool{}.backward(c, (Matrix(1, 2) << 2, -4).finished());
    QCOMPARE(dx.rows(), Index(4));
    for (Index t = 0; t < 4; ++t) QVERIFY(dx.row(t) == (Matrix(1, 2) << 0.5f, -1.0f).finished());
  }

  // ---- normalization ---------------------------------------------------------------------------------------

  void layerNormGivesMeanZeroVarianceOnePerToken() {
    ParameterSet p;
    LayerNorm layer(p, "encoder.0.norm1", 16, 1e-3f);
    QVERIFY(p.find("encoder.0.norm1.gamma") >= 0 && p.find("encoder.0.norm1.beta") >= 0);
    layer.initialize(p);
    Rng rng(7);
    const Matrix x = randomMatrix(5, 16, rng, 3.0f).array() + 10.0f;
    LayerNorm::Cache c;
    const Matrix y = layer.forward(p, x, c);
    for (Index t = 0; t < 5; ++t) {
      const double mean = y.row(t).cast<double>().mean();
      const double variance = (y.row(t).cast<double>().array() - mean).square().mean();
      QVERIFY(std::abs(mean) < 1e-5);
      // The variance is var/(var + ε), a hair below 1.
      double xm = x.row(t).cast<double>().mean();
      double xv = (x.row(t).cast<double>().array() - xm).square().mean();
      QVERIFY(std::abs(variance - xv / (xv + 1e-3)) < 1e-4);
      QVERIFY(std::abs(variance - 1.0) < 2e-3);
    }
    // gamma and beta scale and shift every token.
    p.value(layer.gammaSlot()).setConstant(2.0f);
    p.value(layer.betaSlot()).setConstant(-1.0f);
    const Matrix scaled = layer.forward(p, x, c);
    QVERIFY((scaled - (2.0f * y.array() - 1.0f).matrix()).cwiseAbs().maxCoeff() < 1e-5f);
  }

  void batchNormUsesStatisticsOfEveryTokenOfTheBatch() {
    ParameterSet p;
    BatchNorm layer(p, "encoder.0.norm1", 3, 1e-3f, 0.9f);
    layer.initialize(p);
    Rng rng(8);
    p.value(layer.gammaSlot()) = randomMatrix(1, 3, rng).array() + 1.5f;
    p.value(layer.betaSlot()) = randomMatrix(1, 3, rng);
    const std::vector<Matrix> xs = {randomMatrix(2, 3, rng, 2.0f), randomMatrix(5, 3, rng, 2.0f),
                                    randomMatrix(1, 3, rng, 2.0f)};
    BatchNorm::Cache c;
    const std::vector<Matrix> ys = layer.forwardBatch(p, xs, Mode::Train, c);
    QCOMPARE(ys.size(), size_t(3));
    for (size_t b = 0; b < 3; ++b) QCOMPARE(ys[b].rows(), xs[b].rows());

    // Statistics by hand: every token of every sequence, per feature, biased variance.
    for (Index d = 0; d < 3; ++d) {
      double sum = 0, count = 0;
      for (const Matrix& x : xs)
        for (Index t = 0; t < x.rows(); ++t) sum += x(t, d), count += 1;
      const double mean = sum / count;
      double squares = 0;
      for (const Matrix& x : xs)
        for (Index t = 0; t < x.rows(); ++t) squares += (x(t, d) - mean) * (x(t, d) - mean);
      const double variance = squares / count;
      QVERIFY(std::abs(c.mean(0, d) - mean) < 1e-5);
      QVERIFY(std::abs(c.variance(0, d) - variance) < 1e-5);
      const double gamma = p.value(layer.gammaSlot())(0, d), beta = p.value(layer.betaSlot())(0, d);
      for (size_t b = 0; b < 3; ++b)
        for (Index t = 0; t < xs[b].rows(); ++t) {
          const double expected = (xs[b](t, d) - mean) / std::sqrt(variance + 1e-3) * gamma + beta;
          QVERIFY(std::abs(ys[b](t, d) - expected) < 1e-5);
        }
    }
  }

  void batchNormMovingStatisticsAfterTwoUpdates() {
    ParameterSet p;
    const float momentum = 0.9f;
    BatchNorm layer(p, "n", 2, 1e-3f, momentum);
    layer.initialize(p);
    QVERIFY(!p.info(layer.movingMeanSlot()).trainable && !p.info(layer.movingVarianceSlot()).trainable);
    QVERIFY(p.info(layer.gammaSlot()).trainable && p.info(layer.betaSlot()).trainable);
    QCOMPARE(p.value(layer.movingVarianceSlot())(0, 1), 1.0f);
    // Batch 1: feature 0 = {1, 3} (mean 2, var 1), feature 1 = {0, 0} (mean 0, var 0).
    // Batch 2: feature 0 = {4, 4, 10} (mean 6, var 8), feature 1 = {-1, 1, 3} (mean 1, var 8/3).
    Matrix b1(2, 2), b2a(1, 2), b2b(2, 2);
    b1 << 1, 0,
          3, 0;
    b2a << 4, -1;
    b2b << 4, 1,
           10, 3;
    BatchNorm::Cache c;
    layer.forwardBatch(p, {b1}, Mode::Train, c);
    layer.updateMovingStatistics(p, c);
    layer.forwardBatch(p, {b2a, b2b}, Mode::Train, c);
    layer.updateMovingStatistics(p, c);
    const double m = momentum;
    const double mean0 = m * (m * 0 + (1 - m) * 2) + (1 - m) * 6;
    const double mean1 = m * (m * 0 + (1 - m) * 0) + (1 - m) * 1;
    const double var0 = m * (m * 1 + (1 - m) * 1) + (1 - m) * 8;
    const double var1 = m * (m * 1 + (1 - m) * 0) + (1 - m) * (8.0 / 3.0);
    QVERIFY(std::abs(p.value(layer.movingMeanSlot())(0, 0) - mean0) < 1e-5);
    QVERIFY(std::abs(p.value(layer.movingMeanSlot())(0, 1) - mean1) < 1e-5);
    QVERIFY(std::abs(p.value(layer.movingVarianceSlot())(0, 0) - var0) < 1e-5);
    QVERIFY(std::abs(p.value(layer.movingVarianceSlot())(0, 1) - var1) < 1e-5);

    // An evaluation pass learns nothing.
    layer.forwardBatch(p, {b1}, Mode::Eval, c);
    QVERIFY_THROWS_EXCEPTION(RunError, layer.updateMovingStatistics(p, c));
  }

  void batchNormEvalUsesMovingStatistics() {
    ParameterSet p;
    BatchNorm layer(p, "n", 3, 1e-3f, 0.99f);
    layer.initialize(p);
    Rng rng(9);
    const RowVector movingMean = randomMatrix(1, 3, rng);
    const RowVector movingVariance = randomMatrix(1, 3, rng).array() + 2.0f;
    const RowVector gamma = randomMatrix(1, 3, rng).array() + 1.0f;
    const RowVector beta = randomMatrix(1, 3, rng);
    p.value(layer.movingMeanSlot()) = movingMean;
    p.value(layer.movingVarianceSlot()) = movingVariance;
    p.value(layer.gammaSlot()) = gamma;
    p.value(layer.betaSlot()) = beta;
    const Matrix x = randomMatrix(4, 3, rng, 3.0f);
    BatchNorm::Cache c;
    const Matrix y = layer.forward(p, x, Mode::Eval, c);
    for (Index t = 0; t < 4; ++t)
      for (Index d = 0; d < 3; ++d) {
        const double expected = (x(t, d) - movingMean(d)) / std::sqrt(movingVariance(d) + 1e-3) * gamma(d) + beta(d);
        QVERIFY(std::abs(y(t, d) - expected) < 1e-5);
      }
    // A single token in evaluation is not normalized to 0, as it would be by its own batch statistics.
    const Matrix one = layer.forward(p, x.topRows(1), Mode::Eval, c);
    QVERIFY((one - y.topRows(1)).cwiseAbs().maxCoeff() < 1e-6f);
    const Matrix oneTrain = layer.forward(p, x.topRows(1), Mode::Train, c);
    QVERIFY((oneTrain - beta).cwiseAbs().maxCoeff() < 1e-6f);
  }

  // ---- loss -----------------------------------------------------------------------------------------------

  void sigmoidCrossEntropyIsStable() {
    for (float z : {-3.0f, -0.5f, 0.0f, 0.7f, 4.0f})
      for (float y : {0.0f, 1.0f, 0.3f}) {
        const double p = 1.0 / (1.0 + std::exp(-static_cast<double>(z)));
        const double naive = -y * std::log(p) - (1 - y) * std::log(1 - p);
        QVERIFY(std::abs(sigmoid(z) - p) < 1e-6);
        QVERIFY(std::abs(binaryCrossEntropyWithLogit(z, y) - naive) < 1e-5);
        // derivative against a central difference in double of the naive loss
        const double h = 1e-4;
        auto loss = [y](double zz) {
          const double pp = 1.0 / (1.0 + std::exp(-zz));
          return -y * std::log(pp) - (1 - y) * std::log(1 - pp);
        };
        const double numeric = (loss(z + h) - loss(z - h)) / (2 * h);
        QVERIFY(std::abs(binaryCrossEntropyWithLogitGradient(z, y) - numeric) < 1e-5);
      }
    // Far in the tails the naive form would take log(0); this one stays finite and exact.
    QVERIFY(binaryCrossEntropyWithLogit(100.0f, 1.0f) < 1e-30f);
    QVERIFY(std::abs(binaryCrossEntropyWithLogit(100.0f, 0.0f) - 100.0f) < 1e-4f);
    QVERIFY(std::abs(binaryCrossEntropyWithLogit(-200.0f, 1.0f) - 200.0f) < 1e-4f);
    QVERIFY(sigmoid(-200.0f) == 0.0f);
    QCOMPARE(sigmoid(200.0f), 1.0f);
    QVERIFY(std::isfinite(binaryCrossEntropyWithLogitGradient(-1000.0f, 1.0f)));
    QCOMPARE(binaryCrossEntropyWithLogitGradient(-1000.0f, 1.0f), -1.0f);
  }
};

QTEST_APPLESS_MAIN(TestLayers)
#include "test_layers.moc"
