// Every layer of core/layers against its plain-loop reference (layer.h: the reference is the test oracle and the
// version to read first), forward and backward, on random inputs and parameters of odd sizes: a fast path that
// mixes up a row and a column, or drops the last element of a vectorized loop, differs visibly. The fast path must
// agree with its reference to 1e-5 of the reference's largest value.
//
// The last test lists core/layers/ and fails when a layer declares no reference, when a reference it declares is
// not called here, or when this suite has no test named after the layer: a new layer cannot come without one.
#include <QtTest>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "core/layers/additive_attention.h"
#include "core/layers/batch_norm.h"
#include "core/layers/dense.h"
#include "core/layers/dropout.h"
#include "core/layers/embedding.h"
#include "core/layers/gelu.h"
#include "core/layers/gru.h"
#include "core/layers/layer_norm.h"
#include "core/layers/multi_head_attention.h"
#include "core/layers/pooling.h"
#include "core/layers/position_embedding.h"
#include "core/layers/relative_attention.h"
#include "core/layers/relu.h"
#include "core/layers/sigmoid_cross_entropy.h"
#include "core/layers/sinusoidal_encoding.h"
#include "core/layers/softmax_cross_entropy.h"
#include "tests/core/gradient_check.h"

using namespace al;
using namespace al::test;
namespace fs = std::filesystem;

namespace {

constexpr double kTolerance = 1e-5;  // of the reference's largest magnitude

// max |fast - reference| / max |reference| (0 when both are all zeros).
double relativeDifference(const Matrix& fast, const Matrix& reference) {
  if (fast.size() == 0 && reference.size() == 0) return 0.0;
  const double difference = (fast - reference).cwiseAbs().maxCoeff();
  const double scale = reference.cwiseAbs().maxCoeff();
  return difference == 0.0 ? 0.0 : difference / std::max(scale, 1e-30);
}

bool matches(const Matrix& fast, const Matrix& reference) {
  return fast.rows() == reference.rows() && fast.cols() == reference.cols() &&
         relativeDifference(fast, reference) <= kTolerance;
}

QByteArray mismatch(const char* what, const Matrix& fast, const Matrix& reference) {
  QString text = QString("%1: fast %2 x %3, reference %4 x %5").arg(what).arg(fast.rows()).arg(fast.cols())
                     .arg(reference.rows()).arg(reference.cols());
  if (fast.rows() == reference.rows() && fast.cols() == reference.cols())
    text += QString(", relative difference %1").arg(relativeDifference(fast, reference));
  return text.toUtf8();
}

// Evaluates `fast`, then `reference`, once each.
#define QVERIFY_MATCHES(what, fast, reference)                                                               \
  do {                                                                                                       \
    const Matrix fastValue = (fast);                                                                         \
    const Matrix referenceValue = (reference);                                                               \
    QVERIFY2(matches(fastValue, referenceValue), mismatch((what), fastValue, referenceValue).constData());   \
  } while (false)

// Every parameter a random value in [-1, 1]: a gamma of 1 or a bias of 0, as initialize() leaves them, would
// hide a mistake that multiplies by gamma or adds a bias in the wrong place.
void randomize(ParameterSet& params, Rng& rng) {
  for (float& w : params.data()) w = rng.uniform(-1.0f, 1.0f);
}

// The parameter gradients of the fast backward and of the reference, each from zero.
struct GradientPair {
  Gradients fast, reference;
  explicit GradientPair(const ParameterSet& params) : fast(params), reference(params) {}
};

// A tensor whose gradient is 0 by the mathematics (attention's key bias: softmax ignores a shift of a whole row)
// has a reference gradient of double rounding (~1e-16) and a fast one of float rounding: relative to 0 that
// means nothing, so such a tensor's fast gradient must only be as small as float rounding.
bool gradientMatches(const Matrix& fast, const Matrix& reference) {
  if (reference.size() > 0 && reference.cwiseAbs().maxCoeff() < 1e-9f)
    return fast.size() == reference.size() && fast.cwiseAbs().maxCoeff() < 1e-5f;
  return matches(fast, reference);
}

#define QVERIFY_GRADIENTS_MATCH(params, pair)                                                                \
  for (int slot = 0; slot < static_cast<int>((params).tensors().size()); ++slot) {                          \
    const std::string name = "d" + (params).info(slot).name;                                                 \
    const Matrix fastGradient = (pair).fast[slot], referenceGradient = (pair).reference[slot];              \
    QVERIFY2(gradientMatches(fastGradient, referenceGradient),                                               \
             mismatch(name.c_str(), fastGradient, referenceGradient).constData());                           \
  }

// The token ids of a random sequence, each in [0, vocabulary).
std::vector<int> randomIds(Index tokens, Index vocabulary, Rng& rng) {
  std::vector<int> ids;
  for (Index t = 0; t < tokens; ++t) ids.push_back(static_cast<int>(rng.below(static_cast<uint64_t>(vocabulary))));
  return ids;
}

// "layer_norm" -> "layerNorm": the start of the test names of core/layers/layer_norm.h.
QString camelCase(const std::string& stem) {
  std::string name;
  bool upper = false;
  for (const char c : stem) {
    if (c == '_') {
      upper = true;
      continue;
    }
    name += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return QString::fromStdString(name);
}

std::string readText(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The names of the functions a header declares or mentions as `somethingReference(`.
std::set<std::string> referencesNamedIn(const std::string& text) {
  static const std::regex name(R"(\b(\w+Reference)\s*\()");
  std::set<std::string> names;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), name); it != std::sregex_iterator(); ++it)
    names.insert((*it)[1].str());
  return names;
}

}  // namespace

class TestLayerReferences : public QObject {
  Q_OBJECT
 private slots:
  // ---- one test per file of core/layers, in the order of the folder ------------------------------------

  // The weights of each of B queries from attend, and the whole layer (one query over one sentence) forward and
  // backward.
  void additiveAttentionForwardAndBackwardMatchTheReference() {
    ParameterSet params;
    AdditiveAttention attention(params, "attention", 7, 5);  // U = 7 units, A = 5 attention units
    Rng rng(101);
    randomize(params, rng);
    const Matrix outputs = randomMatrix(9, 7, rng), states = randomMatrix(3, 7, rng);  // S = 9, B = 3
    const Matrix keys = attention.projectKeys(params, outputs);
    const Matrix queries = attention.projectQueries(params, states);
    for (Index b = 0; b < states.rows(); ++b) {
      AdditiveAttention::StepCache cache;
      attention.attend(params, queries.row(b), keys, outputs, cache);
      const RowVector expected = attention.weightsReference(params, states.row(b), outputs);
      QVERIFY_MATCHES("weights", Matrix(cache.weights), Matrix(expected));
    }

    Matrix stateAndOutputs(10, 7);  // (1+S) x U
    stateAndOutputs << states.row(0), outputs;
    const Matrix dContext = randomMatrix(1, 7, rng);
    AdditiveAttention::Cache cache;
    const Matrix context = attention.forward(params, stateAndOutputs, cache);
    QVERIFY_MATCHES("context", context, Matrix(attention.weightsReference(params, states.row(0), outputs) * outputs));
    GradientPair grads(params);
    const Matrix dInput = attention.backward(params, stateAndOutputs, cache, dContext, grads.fast);
    QVERIFY_MATCHES("d(state and outputs)", dInput,
                    attention.backwardReference(params, stateAndOutputs, dContext, grads.reference));
    QVERIFY_GRADIENTS_MATCH(params, grads);
  }

  // Train and Eval compute different things (batch or moving statistics), so both are compared, on a batch of
  // three sequences of different lengths, one of them a single token.
  void batchNormForwardAndBackwardMatchTheReference_data() {
    QTest::addColumn<bool>("training");
    QTest::newRow("train") << true;
    QTest::newRow("eval") << false;
  }

  void batchNormForwardAndBackwardMatchTheReference() {
    QFETCH(bool, training);
    const Mode mode = training ? Mode::Train : Mode::Eval;
    ParameterSet params;
    BatchNorm layer(params, "norm", 11, 1e-3f, 0.9f);
    Rng rng(102);
    randomize(params, rng);
    MatrixMap movingVariance = params.value(layer.movingVarianceSlot());  // 1 x D, must be positive
    for (Index d = 0; d < movingVariance.cols(); ++d) movingVariance(0, d) = rng.uniform(0.2f, 2.0f);
    std::vector<Matrix> xs, dys;
    for (const Index tokens : {5, 1, 7}) {
      Matrix x = randomMatrix(tokens, 11, rng, 2.0f);
      x.array() += 0.7f;  // a mean away from 0, so that forgetting to subtract it shows
      xs.push_back(x);
      dys.push_back(randomMatrix(tokens, 11, rng));
    }

    BatchNorm::Cache cache;
    const std::vector<Matrix> ys = layer.forwardBatch(params, xs, mode, cache);
    const std::vector<Matrix> expected = batchNormReference(params, layer, xs, mode);
    QCOMPARE(ys.size(), expected.size());
    for (size_t b = 0; b < ys.size(); ++b) QVERIFY_MATCHES("Y", ys[b], expected[b]);

    GradientPair grads(params);
    const std::vector<Matrix> dxs = layer.backwardBatch(params, cache, dys, grads.fast);
    const std::vector<Matrix> expectedDxs = batchNormBackwardReference(params, layer, xs, mode, dys, grads.reference);
    QCOMPARE(dxs.size(), expectedDxs.size());
    for (size_t b = 0; b < dxs.size(); ++b) QVERIFY_MATCHES("dX", dxs[b], expectedDxs[b]);
    QVERIFY_GRADIENTS_MATCH(params, grads);

    if (training) {
      ParameterSet fastParams = params, referenceParams = params;
      layer.updateMovingStatistics(fastParams, cache);
      batchNormMovingStatisticsReference(referenceParams, layer, xs);
      QVERIFY_MATCHES("moving mean", Matrix(fastParams.value(layer.movingMeanSlot())),
                      Matrix(referenceParams.value(layer.movingMeanSlot())));
      QVERIFY_MATCHES("moving variance", Matrix(fastParams.value(layer.movingVarianceSlot())),
                      Matrix(referenceParams.value(layer.movingVarianceSlot())));
    }
  }

  void denseForwardAndBackwardMatchTheReference_data() {
    QTest::addColumn<int>("tokens");
    QTest::newRow("nine tokens") << 9;
    QTest::newRow("one token") << 1;
  }

  void denseForwardAndBackwardMatchTheReference() {
    QFETCH(int, tokens);
    ParameterSet params;
    Dense layer(params, "dense", 7, 5);  // in = 7, out = 5
    Rng rng(103);
    randomize(params, rng);
    const Matrix x = randomMatrix(tokens, 7, rng), dy = randomMatrix(tokens, 5, rng);

    Dense::Cache cache;
    QVERIFY_MATCHES("Y", layer.forward(params, x, cache), denseReference(params, layer, x));
    GradientPair grads(params);
    const Matrix dx = layer.backward(params, cache, dy, grads.fast);
    QVERIFY_MATCHES("dX", dx, denseBackwardReference(params, layer, x, dy, grads.reference));
    QVERIFY_GRADIENTS_MATCH(params, grads);
  }

  // Training draws one mask element by element from the generator; the reference draws in the same order, so
  // two generators with one seed give one mask. Evaluation and rate 0 are the identity.
  void dropoutForwardAndBackwardMatchTheReference_data() {
    QTest::addColumn<float>("rate");
    QTest::addColumn<bool>("training");
    QTest::newRow("train, rate 0.3") << 0.3f << true;
    QTest::newRow("train, rate 0") << 0.0f << true;
    QTest::newRow("eval, rate 0.3") << 0.3f << false;
  }

  void dropoutForwardAndBackwardMatchTheReference() {
    QFETCH(float, rate);
    QFETCH(bool, training);
    const Mode mode = training ? Mode::Train : Mode::Eval;
    Dropout layer{rate};
    Rng data(104);
    const Matrix x = randomMatrix(7, 13, data), dy = randomMatrix(7, 13, data);

    Rng fastRng(5), referenceRng(5);
    Dropout::Cache cache;
    Matrix kept;
    const Matrix y = layer.forward(x, mode, fastRng, cache);
    QVERIFY_MATCHES("Y", y, dropoutReference(layer, x, mode, referenceRng, &kept));
    QVERIFY_MATCHES("dX", layer.backward(cache, dy), dropoutBackwardReference(layer, kept, dy));
    if (training && rate > 0.0f) QVERIFY(kept.size() == x.size() && kept.minCoeff() == 0.0f);  // some dropped
  }

  // A vocabulary of 11 and 13 tokens: some ids repeat, and a repeated word must collect both rows' gradients.
  void embeddingForwardAndBackwardMatchTheReference() {
    ParameterSet params;
    Embedding layer(params, "embedding.token", 11, 7);  // V = 11, D = 7
    Rng rng(105);
    randomize(params, rng);
    const std::vector<int> ids = randomIds(13, 11, rng);
    QVERIFY(std::set<int>(ids.begin(), ids.end()).size() < ids.size());  // a repeated id
    const Matrix dy = randomMatrix(13, 7, rng);

    Embedding::Cache cache;
    QVERIFY_MATCHES("Y", layer.forward(params, ids, cache), embeddingReference(params, layer, ids));
    GradientPair grads(params);
    layer.backward(params, cache, dy, grads.fast);
    embeddingBackwardReference(layer, ids, dy, grads.reference);
    QVERIFY_GRADIENTS_MATCH(params, grads);
  }

  // Inputs over [-5, 5]: the tails where gelu is almost 0 and almost x, and the dip near -0.75.
  void geluForwardAndBackwardMatchTheReference() {
    Rng rng(106);
    const Matrix x = randomMatrix(7, 13, rng, 5.0f), dy = randomMatrix(7, 13, rng);
    Gelu gelu;
    Gelu::Cache cache;
    QVERIFY_MATCHES("Y", gelu.forward(x, cache), geluReference(x));
    QVERIFY_MATCHES("dX", gelu.backward(cache, dy), geluBackwardReference(x, dy));
    Matrix inPlace = x;
    Gelu::applyInPlace(inPlace);
    QVERIFY_MATCHES("Y in place", inPlace, geluReference(x));
  }

  // The step for B rows at once against the plain loop row by row, the whole sequence from a zero state against
  // the plain loop chained step by step, and backward through time against its plain loops.
  void gruForwardAndBackwardMatchTheReference() {
    ParameterSet params;
    Gru gru(params, "gru", 7, 5);  // in = 7, U = 5
    Rng rng(107);
    randomize(params, rng);
    const Matrix x = randomMatrix(3, 7, rng), h = randomMatrix(3, 5, rng);  // B = 3
    Gru::StepCache stepCache;
    const Matrix next = gru.step(params, x, h, stepCache);
    for (Index b = 0; b < x.rows(); ++b)
      QVERIFY_MATCHES("h'", Matrix(next.row(b)), Matrix(Gru::stepReference(params, gru, x.row(b), h.row(b))));

    const Matrix sequence = randomMatrix(9, 7, rng);  // T = 9
    Gru::Cache cache;
    const Matrix states = gru.forward(params, sequence, cache);
    RowVector state = RowVector::Zero(5);
    for (Index t = 0; t < sequence.rows(); ++t) {
      state = Gru::stepReference(params, gru, sequence.row(t), state);
      QVERIFY_MATCHES("state", Matrix(states.row(t)), Matrix(state));
    }

    const Matrix dy = randomMatrix(9, 5, rng);
    GradientPair grads(params);
    const Matrix dx = gru.backward(params, cache, dy, grads.fast);
    QVERIFY_MATCHES("dX", dx, Gru::backwardReference(params, gru, sequence, dy, grads.reference));
    QVERIFY_GRADIENTS_MATCH(params, grads);
  }

  // Inputs with a mean away from 0 and a small epsilon, so that the centring and the variance both matter.
  void layerNormForwardAndBackwardMatchTheReference() {
    ParameterSet params;
    LayerNorm layer(params, "norm", 13, 1e-5f);  // D = 13
    Rng rng(108);
    randomize(params, rng);
    Matrix x = randomMatrix(7, 13, rng, 2.0f);
    x.array() += 1.5f;
    const Matrix dy = randomMatrix(7, 13, rng);

    LayerNorm::Cache cache;
    QVERIFY_MATCHES("Y", layer.forward(params, x, cache), layerNormReference(params, layer, x));
    GradientPair grads(params);
    const Matrix dx = layer.backward(params, cache, dy, grads.fast);
    QVERIFY_MATCHES("dX", dx, layerNormBackwardReference(params, layer, x, dy, grads.reference));
    QVERIFY_GRADIENTS_MATCH(params, grads);
  }

  // Self-attention (with and without the causal mask) and cross-attention, with heads whose total width
  // (3 x 5) is not the model width (9).
  void multiHeadAttentionForwardAndBackwardMatchTheReference() {
    ParameterSet params;
    MultiHeadAttention layer(params, "attention", 9, 3, 5);  // D = 9, H = 3, K = 5
    Rng rng(109);
    randomize(params, rng);
    const Matrix x = randomMatrix(7, 9, rng), dy = randomMatrix(7, 9, rng);  // T = 7
    const Matrix causal = causalMask(7);
    for (const Matrix* allowed : {static_cast<const Matrix*>(nullptr), &causal}) {
      MultiHeadAttention::Cache cache;
      const Matrix y = layer.forward(params, x, cache, allowed);
      std::vector<Matrix> weights;
      QVERIFY_MATCHES("Y", y, multiHeadAttentionReference(params, layer, x, allowed, &weights));
      QCOMPARE(weights.size(), cache.weights.size());
      for (size_t h = 0; h < weights.size(); ++h) QVERIFY_MATCHES("A_h", cache.weights[h], weights[h]);

      GradientPair grads(params);
      const Matrix dx = layer.backward(params, cache, dy, grads.fast);
      QVERIFY_MATCHES("dX", dx, multiHeadAttentionBackwardReference(params, layer, x, dy, grads.reference, allowed));
      QVERIFY_GRADIENTS_MATCH(params, grads);
    }

    const Matrix source = randomMatrix(11, 9, rng);  // S = 11
    MultiHeadAttention::Cache cache;
    const Matrix y = layer.forward(params, x, source, cache);
    QVERIFY_MATCHES("Y of cross-attention", y, multiHeadAttentionReference(params, layer, x, source));
    GradientPair grads(params);
    const MultiHeadAttention::InputGradients d = layer.backwardCross(params, cache, dy, grads.fast);
    const MultiHeadAttention::InputGradients expected =
        multiHeadAttentionBackwardReference(params, layer, x, source, dy, grads.reference);
    QVERIFY_MATCHES("dX_q", d.query, expected.query);
    QVERIFY_MATCHES("dX_kv", d.keyValue, expected.keyValue);
    QVERIFY_GRADIENTS_MATCH(params, grads);
  }

  // Ties (values on a grid of quarters) decide which token a max-pooled feature's gradient goes to.
  void poolingMaxAndMeanMatchTheirReferences() {
    Rng rng(110);
    Matrix x = randomMatrix(7, 13, rng, 2.0f);
    x = (x * 4.0f).array().round() / 4.0f;
    const Matrix dy = randomMatrix(1, 13, rng);

    MaxPool maxPool;
    MaxPool::Cache maxCache;
    QVERIFY_MATCHES("max Y", maxPool.forward(x, maxCache), maxPoolReference(x));
    QVERIFY_MATCHES("max dX", maxPool.backward(maxCache, dy), maxPoolBackwardReference(x, dy));

    MeanPool meanPool;
    MeanPool::Cache meanCache;
    QVERIFY_MATCHES("mean Y", meanPool.forward(x, meanCache), meanPoolReference(x));
    QVERIFY_MATCHES("mean dX", meanPool.backward(meanCache, dy), meanPoolBackwardReference(7, dy));
  }

  // A sequence shorter than the table and one as long as it.
  void positionEmbeddingForwardAndBackwardMatchTheReference_data() {
    QTest::addColumn<int>("tokens");
    QTest::newRow("5 of 9 positions") << 5;
    QTest::newRow("9 of 9 positions") << 9;
  }

  void positionEmbeddingForwardAndBackwardMatchTheReference() {
    QFETCH(int, tokens);
    ParameterSet params;
    PositionEmbedding layer(params, "embedding.position", 9, 7);  // L = 9, D = 7
    Rng rng(111);
    randomize(params, rng);
    const Matrix x = randomMatrix(tokens, 7, rng), dy = randomMatrix(tokens, 7, rng);

    QVERIFY_MATCHES("Y", layer.forward(params, x), positionEmbeddingReference(params, layer, x));
    GradientPair grads(params);
    const Matrix dx = layer.backward(params, tokens, dy, grads.fast);
    QVERIFY_MATCHES("dX", dx, positionEmbeddingBackwardReference(layer, dy, grads.reference));
    QVERIFY_GRADIENTS_MATCH(params, grads);
  }

  // Without memory and with three rows of it (T = 5 queries over C = 8 keys), forward and backward.
  void relativeAttentionForwardAndBackwardMatchTheReference() {
    ParameterSet params;
    RelativeAttention layer(params, "attention", 9, 3, 5, 16);  // D = 9, H = 3, K = 5, up to 16 keys
    Rng rng(112);
    randomize(params, rng);
    const Matrix x = randomMatrix(5, 9, rng), dy = randomMatrix(5, 9, rng);
    for (const Index memoryRows : {0, 3}) {
      const Matrix memory = randomMatrix(memoryRows, 9, rng);
      RelativeAttention::Cache cache;
      const Matrix y = layer.forward(params, x, memory, cache);
      std::vector<Matrix> weights;
      QVERIFY_MATCHES("Y", y, relativeAttentionReference(params, layer, x, memory, &weights));
      QCOMPARE(weights.size(), cache.weights.size());
      for (size_t h = 0; h < weights.size(); ++h) QVERIFY_MATCHES("A_h", cache.weights[h], weights[h]);

      GradientPair grads(params);
      const Matrix dx = layer.backward(params, cache, dy, grads.fast);
      QVERIFY_MATCHES("dX", dx, relativeAttentionBackwardReference(params, layer, x, memory, dy, grads.reference));
      QVERIFY_GRADIENTS_MATCH(params, grads);
    }
  }

  // Exactly 0 and its neighbours: ReLU's gradient at 0 is 0 in both.
  void reluForwardAndBackwardMatchTheReference() {
    Rng rng(113);
    Matrix x = randomMatrix(7, 13, rng);
    x(0, 0) = 0.0f;
    x(3, 5) = 0.0f;
    const Matrix dy = randomMatrix(7, 13, rng);
    Relu relu;
    Relu::Cache cache;
    QVERIFY_MATCHES("Y", relu.forward(x, cache), reluReference(x));
    QVERIFY_MATCHES("dX", relu.backward(cache, dy), reluBackwardReference(x, dy));
  }

  // The stable forms against the textbook ones, for logits from -20 to 20 and both labels (where the textbook
  // forms in double are still exact).
  void sigmoidCrossEntropyMatchesTheReference() {
    const int points = 109;
    Matrix probability(points, 1), expectedProbability(points, 1);
    Matrix loss(points, 2), expectedLoss(points, 2), gradient(points, 2), expectedGradient(points, 2);
    for (int i = 0; i < points; ++i) {
      const float logit = -20.0f + 40.0f * static_cast<float>(i) / static_cast<float>(points - 1);
      probability(i, 0) = sigmoid(logit);
      expectedProbability(i, 0) = static_cast<float>(sigmoidReference(logit));
      for (const int label : {0, 1}) {
        loss(i, label) = binaryCrossEntropyWithLogit(logit, static_cast<float>(label));
        expectedLoss(i, label) = static_cast<float>(binaryCrossEntropyReference(logit, label));
        gradient(i, label) = binaryCrossEntropyWithLogitGradient(logit, static_cast<float>(label));
        expectedGradient(i, label) = static_cast<float>(binaryCrossEntropyGradientReference(logit, label));
      }
    }
    QVERIFY_MATCHES("sigmoid", probability, expectedProbability);
    QVERIFY_MATCHES("loss", loss, expectedLoss);
    QVERIFY_MATCHES("dL/dz", gradient, expectedGradient);
  }

  // An odd width (the last column a sine alone) and positions far enough for angles of many turns.
  void sinusoidalEncodingMatchesTheReference() {
    for (const Index width : {13, 1, 8})
      QVERIFY_MATCHES("PE", sinusoidalEncoding(37, width), sinusoidalEncodingReference(37, width));
  }

  // Large logits (the softmax needs its shift), and rows whose largest logit is tied for countCorrect.
  void softmaxCrossEntropyForwardAndBackwardMatchTheReference() {
    Rng rng(114);
    Matrix logits = randomMatrix(7, 13, rng, 30.0f);  // N = 7, V = 13
    const std::vector<int> targets = {3, 5, 7, 0, 12, 4, 9};
    logits(0, 3) = 40.0f;                       // the target is the largest: right
    logits(1, 5) = logits(1, 0) = 40.0f;        // tied with a lower id: wrong
    logits(2, 7) = logits(2, 12) = 40.0f;       // tied with a higher id: right
    const Matrix dLosses = randomMatrix(7, 1, rng);

    SoftmaxCrossEntropy loss;
    SoftmaxCrossEntropy::Cache cache;
    QVERIFY_MATCHES("L", loss.forward(logits, targets, cache), softmaxCrossEntropyReference(logits, targets));
    QVERIFY_MATCHES("dlogits", loss.backward(cache, dLosses),
                    softmaxCrossEntropyBackwardReference(logits, targets, dLosses));
    QCOMPARE(SoftmaxCrossEntropy::countCorrect(logits, targets), countCorrectReference(logits, targets));
  }

  // ---- the folder against this suite -------------------------------------------------------------------

  void everyLayerHasAReferenceThatThisSuiteTests() {
    const fs::path source = fs::path(ATTENTIONLAB_SOURCE_DIR);
    const std::string suite = readText(source / "tests" / "core" / "test_layer_references.cpp");
    QStringList tests;
    for (int i = 0; i < metaObject()->methodCount(); ++i)
      if (metaObject()->method(i).methodType() == QMetaMethod::Slot)
        tests << QString::fromLatin1(metaObject()->method(i).name());

    int layers = 0;
    for (const auto& entry : fs::directory_iterator(source / "core" / "layers")) {
      const fs::path& header = entry.path();
      if (header.extension() != ".h" || header.stem() == "layer") continue;  // layer.h is the contract
      ++layers;
      const std::string file = "core/layers/" + header.filename().string();

      const std::set<std::string> references = referencesNamedIn(readText(header));
      QVERIFY2(!references.empty(), (file + " declares no plain-loop reference (a function ...Reference)").c_str());
      for (const std::string& reference : references)
        QVERIFY2(suite.find(reference + "(") != std::string::npos,
                 (file + ": " + reference + " is not called by this suite").c_str());

      const QString prefix = camelCase(header.stem().string());
      const bool tested = std::any_of(tests.begin(), tests.end(), [&](const QString& test) {
        return test.startsWith(prefix) && test.contains("Reference");
      });
      QVERIFY2(tested, qPrintable(QString("%1 has no test named %2...Reference here")
                                      .arg(QString::fromStdString(file), prefix)));
    }
    QVERIFY2(layers >= 16, qPrintable(QString("only %1 layers found in core/layers").arg(layers)));
  }
};

QTEST_APPLESS_MAIN(TestLayerReferences)
#include "test_layer_references.moc"
