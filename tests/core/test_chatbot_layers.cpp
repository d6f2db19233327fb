// The chatbot's layers against their plain-loop references and against numbers worked out by hand.
// (Their gradients are checked in test_gradients.cpp.)
#include <QtTest>

#include <cmath>

#include "core/layers/additive_attention.h"
#include "core/layers/gru.h"
#include "core/layers/softmax_cross_entropy.h"
#include "tests/core/gradient_check.h"

using namespace al;
using namespace al::test;

class TestChatbotLayers : public QObject {
  Q_OBJECT
 private slots:
  // The Eigen step for B rows at once equals the plain loop, row by row.
  void gruStepMatchesReference() {
    ParameterSet params;
    Gru gru(params, "gru", 5, 6);
    Rng rng(11);
    gru.initialize(params, rng);
    params.value(gru.biasSlot()) = randomMatrix(2, 18, rng, 0.5f);
    const Matrix x = randomMatrix(3, 5, rng), h = randomMatrix(3, 6, rng);
    Gru::StepCache cache;
    const Matrix next = gru.step(params, x, h, cache);
    QCOMPARE(next.rows(), 3);
    for (Index b = 0; b < 3; ++b) {
      const RowVector expected = Gru::stepReference(params, gru, x.row(b), h.row(b));
      QVERIFY2((next.row(b) - expected).cwiseAbs().maxCoeff() < 1e-5f, "row differs from the plain loop");
    }
  }

  // With z = 1 the GRU keeps its state, with z = 0 and W = U = 0 it becomes tanh(b0_h + r·b1_h): the gate
  // formulas of the contract worked out by hand.
  void gruGatesByHand() {
    ParameterSet params;
    Gru gru(params, "gru", 1, 1);
    auto bias = params.value(gru.biasSlot());  // 2 x 3: [z r h] per row
    bias << 100.0f, 0.0f, 0.0f, 0.0f, 0.0f, 0.0f;  // σ(100) = 1: keep the old state
    Gru::StepCache cache;
    Matrix h(1, 1);
    h << 0.7f;
    QCOMPARE(gru.step(params, Matrix::Constant(1, 1, 0.3f), h, cache)(0, 0), 0.7f);
    bias << -100.0f, 0.0f, 0.5f, 0.0f, 0.0f, 2.0f;  // z = 0, r = σ(0) = 0.5: ĥ = tanh(0.5 + 0.5·2)
    QVERIFY(std::abs(gru.step(params, Matrix::Constant(1, 1, 0.3f), h, cache)(0, 0) - std::tanh(1.5f)) < 1e-6f);
  }

  void orthogonalInitIsOrthogonal() {
    ParameterSet params;
    const int slot = params.add("r", {4, 12});
    Rng rng(5);
    initOrthogonal(params.value(slot), rng);
    const Matrix q = params.value(slot);
    QVERIFY((q * q.transpose() - Matrix::Identity(4, 4)).cwiseAbs().maxCoeff() < 1e-5f);
  }

  void attentionMatchesReference() {
    ParameterSet params;
    AdditiveAttention attention(params, "attention", 4, 3);
    Rng rng(9);
    attention.initialize(params, rng);
    const Matrix outputs = randomMatrix(6, 4, rng), state = randomMatrix(1, 4, rng);
    const Matrix keys = attention.projectKeys(params, outputs);
    const Matrix query = attention.projectQueries(params, state);
    AdditiveAttention::StepCache cache;
    const RowVector context = attention.attend(params, query, keys, outputs, cache);
    const RowVector expected = attention.weightsReference(params, state, outputs);
    QVERIFY((cache.weights - expected).cwiseAbs().maxCoeff() < 1e-6f);
    QVERIFY(std::abs(cache.weights.sum() - 1.0f) < 1e-6f);
    QVERIFY((context - expected * outputs).cwiseAbs().maxCoeff() < 1e-5f);
  }

  // Identical encoder outputs give identical scores, so the weights are uniform (1/S each).
  void attentionOnEqualOutputsIsUniform() {
    ParameterSet params;
    AdditiveAttention attention(params, "attention", 3, 2);
    Rng rng(1);
    attention.initialize(params, rng);
    const Matrix outputs = Matrix::Constant(4, 3, 0.25f);
    AdditiveAttention::StepCache cache;
    attention.attend(params, attention.projectQueries(params, randomMatrix(1, 3, rng)),
                     attention.projectKeys(params, outputs), outputs, cache);
    for (Index j = 0; j < 4; ++j) QVERIFY(std::abs(cache.weights(j) - 0.25f) < 1e-6f);
  }

  // logits (0, ln 3): p = (1/4, 3/4), so L = -ln(3/4) for target 1 and ln 4 for target 0.
  void crossEntropyByHand() {
    Matrix logits(2, 2);
    logits << 0.0f, std::log(3.0f), 0.0f, std::log(3.0f);
    SoftmaxCrossEntropy loss;
    SoftmaxCrossEntropy::Cache cache;
    const Matrix l = loss.forward(logits, {1, 0}, cache);
    QVERIFY(std::abs(l(0, 0) + std::log(0.75f)) < 1e-6f);
    QVERIFY(std::abs(l(1, 0) - std::log(4.0f)) < 1e-6f);
    const Matrix d = loss.backward(cache, Matrix::Ones(2, 1));
    QVERIFY(std::abs(d(0, 0) - 0.25f) < 1e-6f && std::abs(d(0, 1) + 0.25f) < 1e-6f);
    QVERIFY(std::abs(d(1, 0) + 0.75f) < 1e-6f && std::abs(d(1, 1) - 0.75f) < 1e-6f);
    QCOMPARE(SoftmaxCrossEntropy::countCorrect(logits, {1, 0}), Index(1));
  }

  // A row counts when argmax (the lowest id among equal largest logits) is its target.
  void countCorrectFollowsArgmaxOnTies() {
    Matrix logits(4, 5);
    logits << 0, 3, 1, 3, 2,   // largest 3 at ids 1 and 3: argmax 1
              0, 3, 1, 3, 2,
              5, 5, 5, 5, 5,   // all equal: argmax 0
              -1, -2, -3, -4, 7;
    QCOMPARE(SoftmaxCrossEntropy::countCorrect(logits, {1, 3, 0, 4}), Index(3));
    QCOMPARE(SoftmaxCrossEntropy::countCorrect(logits, {3, 1, 2, 0}), Index(1));
    QCOMPARE(SoftmaxCrossEntropy::countCorrect(logits, {2, 4, 4, 3}), Index(0));
  }

  // Huge logits must not overflow.
  void crossEntropyIsStable() {
    Matrix logits(1, 3);
    logits << 1000.0f, 0.0f, -1000.0f;
    SoftmaxCrossEntropy::Cache cache;
    const Matrix l = SoftmaxCrossEntropy().forward(logits, {0}, cache);
    QVERIFY(std::isfinite(l(0, 0)) && std::abs(l(0, 0)) < 1e-6f);
  }
};

QTEST_APPLESS_MAIN(TestChatbotLayers)
#include "test_chatbot_layers.moc"
