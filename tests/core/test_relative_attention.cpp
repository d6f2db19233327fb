// Transformer-XL's relative attention over [memory ; x] (core/layers/relative_attention.h): the fast pass against
// the plain loops, what the memory means, the causal mask over memory and segment, and that the memory is read
// but receives no gradient. The finite-difference checks of every tensor are rows of test_gradients.cpp.
#include <QtTest>

#include "core/error.h"
#include "core/layers/relative_attention.h"
#include "tests/core/gradient_check.h"

using namespace al;

namespace {

constexpr Index kWidth = 6, kHeads = 2, kKeyDim = 3;

struct Setup {
  ParameterSet params;
  std::unique_ptr<RelativeAttention> layer;
  explicit Setup(Index maxKeys = 12, uint64_t seed = 31) {
    layer = std::make_unique<RelativeAttention>(params, "decoder.0.self_attention", kWidth, kHeads, kKeyDim, maxKeys);
    Rng rng(seed);
    layer->initialize(params, rng);
    for (float& w : params.data()) w += rng.uniform(-0.4f, 0.4f);  // non-zero biases, u and v
    params.value(layer->relativeKernel()) *= 3.0f;                 // a position term that matters
  }
};

double maxAbs(const Matrix& m) { return m.size() ? static_cast<double>(m.cwiseAbs().maxCoeff()) : 0.0; }

}  // namespace

class TestRelativeAttention : public QObject {
  Q_OBJECT
 private slots:
  // The fast pass (products, the relative shift on a T x C table) is the plain loops' formula, with and without
  // memory; its weights too.
  void fastPassIsTheReference() {
    Setup s;
    Rng rng(5);
    for (const Index memoryRows : {0, 1, 4}) {
      const Matrix x = test::randomMatrix(5, kWidth, rng), memory = test::randomMatrix(memoryRows, kWidth, rng);
      RelativeAttention::Cache cache;
      const Matrix y = s.layer->forward(s.params, x, memory, cache);
      std::vector<Matrix> weights;
      const Matrix expected = relativeAttentionReference(s.params, *s.layer, x, memory, &weights);
      QVERIFY2(maxAbs(y - expected) < 1e-5, qPrintable(QString("M' = %1: %2").arg(memoryRows).arg(maxAbs(y - expected))));
      QCOMPARE(cache.weights.size(), weights.size());
      for (size_t h = 0; h < weights.size(); ++h) {
        QCOMPARE(cache.weights[h].rows(), Index{5});
        QCOMPARE(cache.weights[h].cols(), memoryRows + 5);  // T x (M'+T)
        QVERIFY(maxAbs(cache.weights[h] - weights[h]) < 1e-6);
      }
    }
  }

  // Query t sits at position M'+t: it sees the whole memory and the segment up to itself, nothing after; every
  // row of weights sums to 1.
  void causalOverMemoryAndSegment() {
    Setup s;
    Rng rng(6);
    const Index T = 4, M = 3;
    RelativeAttention::Cache cache;
    s.layer->forward(s.params, test::randomMatrix(T, kWidth, rng), test::randomMatrix(M, kWidth, rng), cache);
    for (const Matrix& a : cache.weights)
      for (Index t = 0; t < T; ++t) {
        QVERIFY(std::abs(a.row(t).sum() - 1.0f) < 1e-5f);
        for (Index j = 0; j < M + T; ++j) {
          if (j > M + t) QCOMPARE(a(t, j), 0.0f);
          else QVERIFY(a(t, j) > 0.0f);
        }
      }
    QCOMPARE(causalMaskWithMemory(2, 1), (Matrix(2, 3) << 1, 1, 0, 1, 1, 1).finished());
  }

  // Relative positions: the scores depend on how far back a key is, not on where the segment starts. So a segment
  // read after a memory m gives exactly what the last T rows of one long segment [m ; x] give without memory.
  void memoryIsTheTextBefore() {
    Setup s;
    Rng rng(7);
    const Matrix x = test::randomMatrix(4, kWidth, rng), memory = test::randomMatrix(3, kWidth, rng);
    Matrix whole(7, kWidth);
    whole << memory, x;
    RelativeAttention::Cache withMemory, long_;
    const Matrix y = s.layer->forward(s.params, x, memory, withMemory);
    const Matrix yWhole = s.layer->forward(s.params, whole, Matrix(0, kWidth), long_);
    QVERIFY2(maxAbs(y - yWhole.bottomRows(4)) < 1e-5, qPrintable(QString::number(maxAbs(y - yWhole.bottomRows(4)))));
    for (size_t h = 0; h < withMemory.weights.size(); ++h)
      QVERIFY(maxAbs(withMemory.weights[h] - long_.weights[h].bottomRows(4)) < 1e-6);
    // ... and the memory changes the segment's output (it is read at all)
    RelativeAttention::Cache without;
    QVERIFY(maxAbs(y - s.layer->forward(s.params, x, Matrix(0, kWidth), without)) > 1e-2);
  }

  // The loss depends on the memory (its central differences are far from 0), yet backward hands back the
  // gradient of the segment x only: T rows, none for the M' memory rows. Transformer-XL's stop-gradient.
  void memoryReceivesNoGradient() {
    Setup s;
    Rng rng(8);
    const Index T = 3, M = 4;
    const Matrix x = test::randomMatrix(T, kWidth, rng);
    Matrix memory = test::randomMatrix(M, kWidth, rng);
    const Matrix upstream = test::randomMatrix(T, kWidth, rng);  // dL/dY
    auto loss = [&](const Matrix& m) {
      RelativeAttention::Cache c;
      return static_cast<double>((s.layer->forward(s.params, x, m, c).array() * upstream.array()).sum());
    };
    double numericNorm = 0;
    for (Index i = 0; i < memory.size(); ++i) {
      const float saved = memory.data()[i];
      memory.data()[i] = saved + 1e-2f;
      const double up = loss(memory);
      memory.data()[i] = saved - 1e-2f;
      const double down = loss(memory);
      memory.data()[i] = saved;
      numericNorm += std::pow((up - down) / 2e-2, 2);
    }
    QVERIFY2(std::sqrt(numericNorm) > 0.05, qPrintable(QString::number(std::sqrt(numericNorm))));

    RelativeAttention::Cache cache;
    s.layer->forward(s.params, x, memory, cache);
    Gradients grads(s.params);
    const Matrix dx = s.layer->backward(s.params, cache, upstream, grads);
    QCOMPARE(dx.rows(), T);  // the segment's rows only
    QCOMPARE(dx.cols(), kWidth);
    // u, v and W_R learn (their gradients are checked against central differences in test_gradients)
    QVERIFY(maxAbs(grads[s.layer->uBias()]) > 0 && maxAbs(grads[s.layer->vBias()]) > 0);
    QVERIFY(maxAbs(grads[s.layer->relativeKernel()]) > 0);
  }

  // The contract's names and shapes.
  void parameterNames() {
    Setup s;
    auto shape = [&](const char* name) {
      const int slot = s.params.find(std::string("decoder.0.self_attention.") + name);
      return slot < 0 ? std::vector<int64_t>{} : s.params.info(slot).shape;
    };
    QCOMPARE(shape("relative.kernel"), (std::vector<int64_t>{kWidth, kHeads * kKeyDim}));
    QCOMPARE(shape("u_bias"), (std::vector<int64_t>{kHeads, kKeyDim}));
    QCOMPARE(shape("v_bias"), (std::vector<int64_t>{kHeads, kKeyDim}));
    QCOMPARE(shape("query.kernel"), (std::vector<int64_t>{kWidth, kHeads * kKeyDim}));
    QCOMPARE(shape("output.bias"), (std::vector<int64_t>{kWidth}));
    QCOMPARE(s.params.tensors().size(), size_t{11});
  }

  // More keys than the table of distances holds, a wrong width, no token: refused with a reason.
  void refusals() {
    Setup s(6);
    Rng rng(9);
    RelativeAttention::Cache c;
    QVERIFY_THROWS_EXCEPTION(InputError, s.layer->forward(s.params, test::randomMatrix(4, kWidth, rng),
                                                          test::randomMatrix(3, kWidth, rng), c));
    QVERIFY_THROWS_EXCEPTION(InputError, s.layer->forward(s.params, test::randomMatrix(2, 5, rng), Matrix(0, kWidth), c));
    QVERIFY_THROWS_EXCEPTION(InputError, s.layer->forward(s.params, Matrix(0, kWidth), Matrix(0, kWidth), c));
  }
};

QTEST_APPLESS_MAIN(TestRelativeAttention)
#include "test_relative_attention.moc"
