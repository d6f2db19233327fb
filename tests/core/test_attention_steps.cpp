// The step-by-step walk through an encoder layer (core/teaching/attention_steps.h) must compute what the model
// computes: its attention output is checked against the layer's fast forward and its plain-loop reference, its
// weights against the classifier's own prediction, and the small pieces (softmax, masks, scaling, cosine
// similarity, word order) against numbers worked out by hand here.
#include <QtTest>

#include <cmath>
#include <set>

#include "core/error.h"
#include "core/teaching/attention_steps.h"
#include "core/train/chatbot_task.h"
#include "core/train/imdb_run.h"

using namespace al;
using namespace al::teaching;

namespace {

double largestDifference(const Matrix& a, const Matrix& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return INFINITY;
  return (a - b).cwiseAbs().maxCoeff();
}

TransformerConfig smallConfig(PositionKind position, NormKind norm) {
  TransformerConfig c;
  c.vocabSize = 40;
  c.sequenceLength = 16;
  c.embedDim = 12;
  c.numHeads = 3;
  c.keyDim = 5;
  c.denseDim = 7;
  c.numLayers = 2;
  c.position = position;
  c.norm = norm;
  c.dropout = 0;
  return c;
}

Vocabulary smallVocabulary() {
  return Vocabulary::build({tokenizeImdb("the cat sat on the mat and the dog sat on the log, it was too tired")}, 40);
}

// A classifier with weights large enough that attention is far from uniform (initialize() gives tiny embeddings).
std::unique_ptr<TransformerClassifier> spreadModel(PositionKind position, NormKind norm, uint64_t seed) {
  auto model = std::make_unique<TransformerClassifier>(smallConfig(position, norm));
  model->initialize(seed);
  Rng rng(seed + 7);
  for (const ParameterInfo& info : model->parameters().tensors())
    if (info.name.rfind("embedding.", 0) == 0) {
      MatrixMap table = model->parameters().value(model->parameters().find(info.name));
      for (Index i = 0; i < table.size(); ++i) table.data()[i] = rng.normal();
    }
  return model;
}

// A run of the tiny preset on the built-in data, trained for two epochs on two threads.
template <class Run, class Settings>
std::unique_ptr<Run> trainedTiny(Settings settings) {
  settings.training.epochs = 2;
  settings.threads = 2;
  std::unique_ptr<Run> run = Run::prepare(settings);
  run->train(nullptr, nullptr);
  return run;
}

// The walk of a toy one-layer encoder (D 8, 2 heads, sinusoidal position) over a 7-token sentence under a mask.
EncoderWalk maskedToyWalk(MaskKind mask, Index paddingTokens = WalkSettings{}.paddingTokens) {
  const auto walker = EncoderLayerWalkthrough::toy({8, 2, 16, PositionKind::Sinusoidal, 1, 32});
  WalkSettings settings;
  settings.mask = mask;
  settings.paddingTokens = paddingTokens;
  return walker.walk(walker.read("The train left the station on time"), settings);
}

}  // namespace

class TestAttentionSteps : public QObject {
  Q_OBJECT
 private slots:
  void softmaxByHand();
  void softmaxMaskedRowIsZero();
  void attentionOutputMatchesLayer_data();
  void attentionOutputMatchesLayer();
  void weightsMatchModelPrediction_data();
  void weightsMatchModelPrediction();
  void causalAndPaddingMasks();
  void unscaledScoresAreSharper();
  void uniformEntropyFollowsTheMask();
  void layerNormRows();
  void stepsAreComplete();
  void toyEmbeddingsBelongToWords();
  void readMarksUnknownAndTruncated();
  void shuffleWithoutPosition();
  void shuffleWithPosition();
  void cosineSimilarityByHand();
  void learnedPositions();
  void headAverage();
  void additiveWalkMatchesTheChatbot();
  void additiveWalkByHand();
  void trainedTransformerWalkIsTheModelsForwardPass();
  void trainedChatbotWalkIsTheModelsDecodeLoop();
};

void TestAttentionSteps::softmaxByHand() {
  // exp(0) : exp(ln 2) : exp(ln 3) = 1 : 2 : 3, so the weights are 1/6, 2/6, 3/6; a shift changes nothing.
  Matrix s(2, 3);
  s << 0, std::log(2.0f), std::log(3.0f), 100, 100 + std::log(2.0f), 100 + std::log(3.0f);
  const Matrix a = softmaxRows(s);
  for (Index r = 0; r < 2; ++r) {
    QVERIFY(std::abs(a(r, 0) - 1.0 / 6) < 1e-6);
    QVERIFY(std::abs(a(r, 1) - 2.0 / 6) < 1e-6);
    QVERIFY(std::abs(a(r, 2) - 3.0 / 6) < 1e-6);
  }
}

void TestAttentionSteps::softmaxMaskedRowIsZero() {
  Matrix s = Matrix::Constant(2, 2, 1.0f);
  Matrix allowed(2, 2);
  allowed << 0, 0, 1, 0;
  const Matrix a = softmaxRows(s, &allowed);
  QCOMPARE(a(0, 0), 0.0f);
  QCOMPARE(a(0, 1), 0.0f);
  QCOMPARE(a(1, 0), 1.0f);
  QCOMPARE(a(1, 1), 0.0f);
}

void TestAttentionSteps::attentionOutputMatchesLayer_data() {
  QTest::addColumn<int>("mask");
  QTest::addColumn<bool>("trained");
  for (bool trained : {false, true}) {
    const char* kind = trained ? "model" : "toy";
    QTest::newRow(QByteArray(kind).append(" no mask").constData()) << int(MaskKind::None) << trained;
    QTest::newRow(QByteArray(kind).append(" padding").constData()) << int(MaskKind::Padding) << trained;
    QTest::newRow(QByteArray(kind).append(" causal").constData()) << int(MaskKind::Causal) << trained;
  }
}

void TestAttentionSteps::attentionOutputMatchesLayer() {
  QFETCH(int, mask);
  QFETCH(bool, trained);
  auto model = spreadModel(PositionKind::Learned, NormKind::Layer, 3);
  const EncoderLayerWalkthrough walker = trained ? EncoderLayerWalkthrough(*model, smallVocabulary())
                                                 : EncoderLayerWalkthrough::toy({8, 2, 16, PositionKind::Sinusoidal, 5, 32});
  WalkSettings settings;
  settings.mask = static_cast<MaskKind>(mask);
  const EncoderWalk w = walker.walk(walker.read("The cat sat on the mat"), settings);
  QCOMPARE(w.realTokens, Index(6));
  QCOMPARE(w.input.rows(), settings.mask == MaskKind::Padding ? Index(8) : Index(6));

  const Matrix* allowed = settings.mask == MaskKind::None ? nullptr : &w.allowed;
  MultiHeadAttention::Cache cache;
  const Matrix fast = walker.attention().forward(walker.parameters(), w.input, cache, allowed);
  std::vector<Matrix> referenceWeights;
  const Matrix reference = multiHeadAttentionReference(walker.parameters(), walker.attention(), w.input, allowed,
                                                       &referenceWeights);
  QVERIFY2(largestDifference(w.attentionOutput, fast) < 1e-6, "the walk's output differs from the layer's forward");
  QVERIFY(largestDifference(w.attentionOutput, reference) < 1e-5);
  QVERIFY(w.attentionOutput.cwiseAbs().maxCoeff() > 1e-3);  // not trivially zero
  QCOMPARE(w.weights.size(), size_t(walker.attention().heads()));
  for (size_t h = 0; h < w.weights.size(); ++h) {
    QVERIFY(largestDifference(w.weights[h], cache.weights[h]) < 1e-6);
    QVERIFY(largestDifference(w.weights[h], referenceWeights[h]) < 1e-6);
  }
  QVERIFY(largestDifference(w.q, cache.q) < 1e-6);
  QVERIFY(largestDifference(w.concatenated, cache.heads) < 1e-6);
}

void TestAttentionSteps::weightsMatchModelPrediction_data() {
  QTest::addColumn<int>("position");
  QTest::addColumn<int>("norm");
  QTest::newRow("learned, layer norm") << int(PositionKind::Learned) << int(NormKind::Layer);
  QTest::newRow("sinusoidal, layer norm") << int(PositionKind::Sinusoidal) << int(NormKind::Layer);
  QTest::newRow("none, batch norm") << int(PositionKind::None) << int(NormKind::Batch);
}

void TestAttentionSteps::weightsMatchModelPrediction() {
  QFETCH(int, position);
  QFETCH(int, norm);
  auto model = spreadModel(static_cast<PositionKind>(position), static_cast<NormKind>(norm), 11);
  const Vocabulary vocabulary = smallVocabulary();
  const std::string text = "The animal didn't cross the street because it was too tired";
  const ImdbPrediction p = predictText(*model, vocabulary, text);
  const EncoderLayerWalkthrough walker(*model, vocabulary);
  const Sentence sentence = walker.read(text);
  QCOMPARE(sentence.ids, p.ids);
  const EncoderWalk w = walker.walk(sentence);
  QCOMPARE(w.weights.size(), p.attention[0].size());
  for (size_t h = 0; h < w.weights.size(); ++h)
    QVERIFY2(largestDifference(w.weights[h], p.attention[0][h]) < 1e-6, "weights differ from the model's first layer");
}

void TestAttentionSteps::causalAndPaddingMasks() {
  const EncoderWalk c = maskedToyWalk(MaskKind::Causal);
  for (const Matrix& a : c.weights)
    for (Index i = 0; i < a.rows(); ++i) {
      QVERIFY(std::abs(a.row(i).sum() - 1.0f) < 1e-5);
      for (Index j = i + 1; j < a.cols(); ++j) QCOMPARE(a(i, j), 0.0f);
    }
  QCOMPARE(c.weights[0](0, 0), 1.0f);  // the first token can only look at itself

  const EncoderWalk p = maskedToyWalk(MaskKind::Padding, 3);
  QCOMPARE(p.labels.size(), size_t(10));
  QCOMPARE(p.labels.back(), std::string("[pad]"));
  for (const Matrix& a : p.weights)
    for (Index i = 0; i < a.rows(); ++i) {
      QVERIFY(std::abs(a.row(i).sum() - 1.0f) < 1e-5);
      for (Index j = 7; j < 10; ++j) QCOMPARE(a(i, j), 0.0f);
    }
  QVERIFY(std::isinf(p.masked[0](0, 8)) && p.masked[0](0, 8) < 0);
}

void TestAttentionSteps::unscaledScoresAreSharper() {
  const auto walker = EncoderLayerWalkthrough::toy({16, 2, 16, PositionKind::Sinusoidal, 2, 32});
  const Sentence s = walker.read("The animal didn't cross the street because it was too tired");
  WalkSettings off;
  off.scale = false;
  const EncoderWalk scaled = walker.walk(s);
  const EncoderWalk unscaled = walker.walk(s, off);
  const float root = std::sqrt(8.0f);  // K = 16 / 2
  for (size_t h = 0; h < 2; ++h) {
    QVERIFY(largestDifference(unscaled.scaled[h], unscaled.scores[h]) == 0);
    QVERIFY(largestDifference(scaled.scaled[h] * root, scaled.scores[h]) < 1e-4);
    // softmax(βs) gets sharper as β grows: unscaled (β = 1) is at least as peaked as scaled (β = 1/√K)
    QVERIFY(scaled.sharpness.entropyUnscaled[h] < scaled.sharpness.entropyScaled[h]);
    QVERIFY(scaled.sharpness.largestUnscaled[h] > scaled.sharpness.largestScaled[h]);
    QVERIFY(scaled.sharpness.entropyScaled[h] <= scaled.sharpness.uniformEntropy + 1e-9);
  }
  // The switch changes what flows on.
  QVERIFY(largestDifference(scaled.attentionOutput, unscaled.attentionOutput) > 1e-4);
  QCOMPARE(scaled.sharpness.uniformEntropy, std::log(11.0));
}

// The reference entropy is that of equal weights over the keys each row may look at: under the causal mask row i
// has i + 1 of them, so the uniform entropy is the mean of log(i + 1), not log(T).
void TestAttentionSteps::uniformEntropyFollowsTheMask() {
  const EncoderWalk c = maskedToyWalk(MaskKind::Causal);
  double expected = 0;
  for (int i = 0; i < 7; ++i) expected += std::log(i + 1.0);
  expected /= 7;
  QVERIFY(std::abs(c.sharpness.uniformEntropy - expected) < 1e-12);
  for (size_t h = 0; h < 2; ++h) QVERIFY(c.sharpness.entropyScaled[h] <= c.sharpness.uniformEntropy + 1e-9);
  QVERIFY(std::abs(maskedToyWalk(MaskKind::Padding).sharpness.uniformEntropy - std::log(7.0)) < 1e-12);
}

void TestAttentionSteps::layerNormRows() {
  // A toy has gamma 1 and beta 0: every row of both normalizations has mean 0 and variance v / (v + ε).
  const auto walker = EncoderLayerWalkthrough::toy({8, 2, 16, PositionKind::None, 4, 32});
  const EncoderWalk w = walker.walk(walker.read("Action gets results"));
  for (const Matrix* m : {&w.norm1, &w.output})
    for (Index r = 0; r < m->rows(); ++r) {
      const double mean = m->row(r).mean();
      QVERIFY(std::abs(mean) < 1e-5);
      QVERIFY(std::abs((m->row(r).array() - mean).square().mean() - 1.0) < 0.01);
    }
  // and the feed-forward reads the first normalization: hidden = relu(X1·W1 + b1) has no negative entry
  QVERIFY(w.hidden.minCoeff() >= 0);
  QVERIFY(largestDifference(w.residual2, w.norm1 + w.feedForward) == 0);
}

void TestAttentionSteps::stepsAreComplete() {
  const auto walker = EncoderLayerWalkthrough::toy({6, 3, 8, PositionKind::Learned, 9, 32});
  const EncoderWalk w = walker.walk(walker.read("The cat sat on the mat"));
  const std::vector<std::string> keys{"embedding", "projections", "scores", "scale", "mask", "softmax",
                                      "mix",       "concat",      "norm1",  "ffn",   "norm2"};
  QCOMPARE(w.steps.size(), keys.size());
  for (size_t i = 0; i < keys.size(); ++i) {
    const AttentionStep& s = w.steps[i];
    QCOMPARE(s.key, keys[i]);
    QVERIFY(!s.grids.empty());
    for (const StepGrid& g : s.grids) {
      QVERIFY(!g.key.empty());  // the app's text for it is found by this key
      QVERIFY(g.head >= -1 && g.head < 3);
      QCOMPARE(g.values.rows(), Index(6));
      QCOMPARE(g.rowLabels.size(), size_t(6));
      QVERIFY(g.columnLabels.empty() || g.columnLabels.size() == size_t(g.values.cols()));
    }
  }
  QCOMPARE(w.steps[1].grids.size(), size_t(9));  // Q, K, V of 3 heads
  QCOMPARE(w.steps[1].grids[0].values.cols(), Index(2));  // K = 6 / 3
  QCOMPARE(w.steps[0].grids.size(), size_t(3));  // token, position, sum
}

void TestAttentionSteps::toyEmbeddingsBelongToWords() {
  const auto walker = EncoderLayerWalkthrough::toy({8, 2, 16, PositionKind::None, 21, 32});
  const EncoderWalk a = walker.walk(walker.read("the cat sat"));
  const EncoderWalk b = walker.walk(walker.read("a cat the"));
  QVERIFY(largestDifference(a.tokenEmbedding.row(1), b.tokenEmbedding.row(1)) == 0);  // "cat"
  QVERIFY(largestDifference(a.tokenEmbedding.row(0), b.tokenEmbedding.row(2)) == 0);  // "the"
  QVERIFY(largestDifference(a.tokenEmbedding.row(0), a.tokenEmbedding.row(1)) > 0.1);
  const auto other = EncoderLayerWalkthrough::toy({8, 2, 16, PositionKind::None, 22, 32});
  QVERIFY(largestDifference(other.walk(other.read("the")).tokenEmbedding, a.tokenEmbedding.topRows(1)) > 0.1);
  QCOMPARE(walker.read("the cat the").ids, (std::vector<int>{2, 3, 2}));
  QVERIFY_THROWS_EXCEPTION(InputError, EncoderLayerWalkthrough::toy({0, 2, 16, PositionKind::None, 1, 32}));
  QVERIFY_THROWS_EXCEPTION(InputError, walker.read("?!"));
}

void TestAttentionSteps::readMarksUnknownAndTruncated() {
  auto model = spreadModel(PositionKind::Learned, NormKind::Layer, 1);
  const EncoderLayerWalkthrough walker(*model, smallVocabulary());
  const Sentence s = walker.read("The zebra sat");
  QCOMPARE(s.ids[1], Vocabulary::kUnknownId);
  QVERIFY(s.ids[0] > 1 && s.ids[2] > 1);
  QVERIFY(!s.truncated);
  std::string longText;
  for (int i = 0; i < 20; ++i) longText += "cat ";
  const Sentence t = walker.read(longText);
  QVERIFY(t.truncated);
  QCOMPARE(t.tokens.size(), size_t(16));
}

void TestAttentionSteps::shuffleWithoutPosition() {
  auto model = spreadModel(PositionKind::None, NormKind::Layer, 5);
  const ShuffledComparison c = compareShuffledWords(*model, smallVocabulary(), "The cat sat on the mat and the dog sat", 3);
  QCOMPARE(c.order.size(), size_t(10));
  QCOMPARE(std::set<int>(c.order.begin(), c.order.end()).size(), size_t(10));
  QVERIFY(c.shuffled.tokens != c.original.tokens);
  for (size_t i = 0; i < c.order.size(); ++i) QCOMPARE(c.shuffled.tokens[i], c.original.tokens[size_t(c.order[i])]);
  QVERIFY(c.probabilityDifference < 1e-6);
  QVERIFY(c.largestWeightDifference < 1e-5);
  // The weights themselves do move: row i of the shuffle is not row i of the original.
  QVERIFY(largestDifference(c.shuffled.attention[0][0], c.original.attention[0][0]) > 1e-3);
}

void TestAttentionSteps::shuffleWithPosition() {
  auto model = spreadModel(PositionKind::Learned, NormKind::Layer, 5);
  const ShuffledComparison c = compareShuffledWords(*model, smallVocabulary(), "The cat sat on the mat and the dog sat", 3);
  QVERIFY(c.largestWeightDifference > 1e-3);
  QVERIFY(c.probabilityDifference > 1e-7);
}

void TestAttentionSteps::cosineSimilarityByHand() {
  Matrix rows(4, 2);
  rows << 1, 0, 0, 2, 3, 3, 0, 0;
  const Matrix c = cosineSimilarity(rows);
  QVERIFY(std::abs(c(0, 0) - 1) < 1e-6 && std::abs(c(2, 2) - 1) < 1e-6);
  QVERIFY(std::abs(c(0, 1)) < 1e-6);
  QVERIFY(std::abs(c(0, 2) - 1 / std::sqrt(2.0)) < 1e-6);
  QVERIFY(std::abs(c(2, 1) - 1 / std::sqrt(2.0)) < 1e-6);
  QCOMPARE(c(3, 0), 0.0f);  // a zero row
}

void TestAttentionSteps::learnedPositions() {
  auto learned = spreadModel(PositionKind::Learned, NormKind::Layer, 2);
  const Matrix p = teaching::learnedPositions(*learned, 5);
  QCOMPARE(p.rows(), Index(5));
  QCOMPARE(p.cols(), Index(12));
  QCOMPARE(p(4, 3), learned->parameters().value(learned->parameters().find("embedding.position"))(4, 3));
  auto none = spreadModel(PositionKind::None, NormKind::Layer, 2);
  QVERIFY_THROWS_EXCEPTION(InputError, teaching::learnedPositions(*none, 5));
}

void TestAttentionSteps::headAverage() {
  Matrix a = Matrix::Constant(2, 2, 1.0f), b = Matrix::Constant(2, 2, 0.0f);
  b(1, 0) = 3;
  const Matrix m = teaching::headAverage({a, b});
  QCOMPARE(m(0, 0), 0.5f);
  QCOMPARE(m(1, 0), 2.0f);
}

void TestAttentionSteps::additiveWalkMatchesTheChatbot() {
  const std::string question = "where did the train leave the station ?";
  const ChatbotModel toy = toyChatbot(question, 8, 6, 3);
  const ChatbotReply reply = askChatbot(*toy.model, toy.source, toy.target, question);
  QVERIFY(!reply.outputTokens.empty());
  for (const std::string& word : reply.outputTokens) QVERIFY(word != "" && word != "[UNK]");
  const Index S = static_cast<Index>(reply.sourceTokens.size());
  QCOMPARE(S, Index(10));  // <start>, eight words, <end>
  for (Index k = 0; k < reply.attention.rows(); ++k) {
    const AdditiveWalk w = walkAdditiveAttention(*toy.model, toy.source, toy.target, question, k);
    QCOMPARE(w.step, k);
    QCOMPARE(w.weights.size(), S);
    // the alignment the model itself used for answer word k
    QVERIFY2(largestDifference(w.weights, reply.attention.row(k)) < 1e-6, "walked weights differ from the chatbot's");
    QVERIFY(std::abs(w.weights.sum() - 1) < 1e-5);
    QCOMPARE(w.steps.size(), size_t(7));
  }
  const AdditiveWalk last = walkAdditiveAttention(*toy.model, toy.source, toy.target, question, 99);
  QCOMPARE(last.step, reply.attention.rows() - 1);  // clamped
  QVERIFY(largestDifference(last.alignment, reply.attention) == 0);
  // Not uniform: the toy's attention has something to show.
  QVERIFY(last.weights.maxCoeff() - last.weights.minCoeff() > 0.02);
}

void TestAttentionSteps::additiveWalkByHand() {
  const std::string question = "how are you";
  const ChatbotModel toy = toyChatbot(question, 5, 4, 8);
  const AdditiveWalk w = walkAdditiveAttention(*toy.model, toy.source, toy.target, question, 1);
  const ParameterSet& p = toy.model->parameters();
  const Matrix w1 = p.value(p.find("decoder.attention.W1.kernel")), b1 = p.value(p.find("decoder.attention.W1.bias"));
  const Matrix w2 = p.value(p.find("decoder.attention.W2.kernel")), b2 = p.value(p.find("decoder.attention.W2.bias"));
  const Matrix v = p.value(p.find("decoder.attention.V.kernel")), bv = p.value(p.find("decoder.attention.V.bias"));
  const Index S = w.outputs.rows(), U = 5, A = 4;
  std::vector<double> e(static_cast<size_t>(S));
  for (Index j = 0; j < S; ++j) {
    double score = bv(0, 0);
    for (Index a = 0; a < A; ++a) {
      double q = b1(0, a), k = b2(0, a);
      for (Index u = 0; u < U; ++u) {
        q += w.state(u) * w1(u, a);
        k += w.outputs(j, u) * w2(u, a);
      }
      QVERIFY(std::abs(w.activations(j, a) - std::tanh(q + k)) < 1e-5);
      score += std::tanh(q + k) * v(a, 0);
    }
    e[size_t(j)] = score;
    QVERIFY(std::abs(w.scores(j) - score) < 1e-5);
  }
  double total = 0;
  for (double x : e) total += std::exp(x);
  for (Index j = 0; j < S; ++j) QVERIFY(std::abs(w.weights(j) - std::exp(e[size_t(j)]) / total) < 1e-5);
  for (Index u = 0; u < U; ++u) {
    double c = 0;
    for (Index j = 0; j < S; ++j) c += std::exp(e[size_t(j)]) / total * w.outputs(j, u);
    QVERIFY(std::abs(w.context(u) - c) < 1e-5);
  }
  // The encoder outputs are the GRU states: the walk's decoder starts from the last one.
  QCOMPARE(w.outputs.rows(), Index(5));
}

// A Transformer trained for two epochs on the built-in reviews: the Step-through's numbers are the model's own.
void TestAttentionSteps::trainedTransformerWalkIsTheModelsForwardPass() {
  const std::unique_ptr<ImdbRun> run = trainedTiny<ImdbRun>(imdbPreset("tiny"));
  const TransformerClassifier& model = run->model();
  const EncoderLayerWalkthrough walker(model, run->vocabulary());
  QVERIFY2(&walker.parameters() == &model.parameters(), "the walk must read the model in place, not a copy");
  for (const std::string text : {"a wonderful film, the acting was superb", "boring and far too long"}) {
    const ImdbPrediction p = predictText(model, run->vocabulary(), text);
    const EncoderWalk w = walker.walk(walker.read(text));
    QCOMPARE(w.weights.size(), p.attention[0].size());
    for (size_t h = 0; h < w.weights.size(); ++h)
      QVERIFY2(largestDifference(w.weights[h], p.attention[0][h]) < 1e-6, "Step-through weights differ from predict");
    // The layer's output through the walk equals the same layer's plain-loop reference.
    const Matrix reference = multiHeadAttentionReference(model.parameters(), walker.attention(), w.input);
    QVERIFY(largestDifference(w.attentionOutput, reference) < 1e-5);
    // Not uniform: training gave the heads something to prefer.
    QVERIFY(w.weights[0].maxCoeff() - w.weights[0].minCoeff() > 1e-3);
  }
}

// A chatbot trained for a few epochs: every walked step is the one its greedy decode loop took.
void TestAttentionSteps::trainedChatbotWalkIsTheModelsDecodeLoop() {
  const std::unique_ptr<ChatbotRun> run = trainedTiny<ChatbotRun>(chatbotPreset("tiny"));
  const std::string question = "how are you today ?";
  const ChatbotReply reply = askChatbot(run->gruModel(), run->sourceVocabulary(), run->targetVocabulary(), question);
  QVERIFY(reply.attention.rows() > 0);
  for (Index k = 0; k < reply.attention.rows(); ++k) {
    const AdditiveWalk w =
        walkAdditiveAttention(run->gruModel(), run->sourceVocabulary(), run->targetVocabulary(), question, k);
    QVERIFY2(largestDifference(w.weights, reply.attention.row(k)) < 1e-6, "walked weights differ from ask's");
    // The context is the alignment's weighted sum of the encoder outputs.
    QVERIFY(largestDifference(w.context, w.weights * w.outputs) < 1e-5);
  }
}

QTEST_APPLESS_MAIN(TestAttentionSteps)
#include "test_attention_steps.moc"
