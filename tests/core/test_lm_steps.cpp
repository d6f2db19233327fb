// The Step-through walk of the app's language model (core/teaching/lm_steps.h) shows the model's own numbers: its
// weights are the attention maps the model's prediction gives, its layer outputs the model's hidden states, its
// next token the one predictNextToken chooses; with Transformer-XL's memory, the memory columns come first and the
// two terms of the scores are the ones the layer's softmax read.
#include <QtTest>

#include "core/error.h"
#include "core/inference/causal_lm_inference.h"
#include "core/teaching/lm_steps.h"
#include "core/text/token_label.h"
#include "tests/seeded_causal_lm.h"

using namespace al;

namespace {

std::shared_ptr<CausalLmModel> seededModel(CausalPosition position, int memory) {
  return test::seededCharacterLm(test::smallCharacterLmConfig(position, memory), 11);
}

const teaching::AttentionStep* stepOf(const teaching::LanguageModelWalk& w, const std::string& key) {
  for (const teaching::AttentionStep& s : w.steps)
    if (s.key == key) return &s;
  return nullptr;
}

const Matrix& gridOf(const teaching::AttentionStep& step, const std::string& key, Index head = -1) {
  for (const teaching::StepGrid& g : step.grids)
    if (g.key == key && g.head == head) return g.values;
  throw std::runtime_error("no grid " + key + " in step " + step.key);
}

float largestDifference(const Matrix& a, const Matrix& b) { return (a - b).cwiseAbs().maxCoeff(); }

// Every layer's weights equal the prediction's attention maps, its output the model's hidden state after it.
void checkAgainstTheModel(const CausalLmModel& model, const std::string& text) {
  const NextTokenPrediction prediction = predictNextToken(model, text);
  const CausalLmWindow window = causalLmWindow(*model.model, causalLmIds(causalLmTokens(text, "chars"), model.vocabulary));
  const std::vector<Matrix> hidden = model.model->hiddenStates(window.ids);  // without memory only
  for (Index layer = 0; layer < 2; ++layer) {
    const teaching::LanguageModelWalk w = teaching::walkLanguageModel(model, text, layer);
    QCOMPARE(w.layer, layer);
    QCOMPARE(w.rowLabels.size(), prediction.window.size());
    const teaching::AttentionStep* softmax = stepOf(w, "softmax");
    QVERIFY(softmax);
    for (Index h = 0; h < 2; ++h) {
      const Matrix& weights = gridOf(*softmax, "weights", h);  // T x (M'+T)
      QVERIFY(largestDifference(weights, prediction.attention[size_t(layer)][size_t(h)]) < 1e-6f);
      for (Index t = 0; t < weights.rows(); ++t)  // no query reads a later token
        for (Index j = w.memoryRows + t + 1; j < weights.cols(); ++j) QCOMPARE(weights(t, j), 0.0f);
    }
    if (window.memory.rows() == 0)
      QVERIFY(largestDifference(gridOf(*stepOf(w, "ffn"), "layer_output"), hidden[size_t(layer + 1)]) < 1e-5f);
    const teaching::AttentionStep* next = stepOf(w, "next_token");
    QCOMPARE(next != nullptr, layer == 1);  // the choice follows the last layer only
    if (next) {
      QCOMPARE(w.nextId, prediction.id);
      QCOMPARE(next->words.front(), tokenLabel(model.vocabulary.token(prediction.id)));
      const Matrix& top = gridOf(*next, "probabilities");  // 1 x 8, best first
      QVERIFY(std::abs(top(0, 0) - prediction.probabilities[size_t(prediction.id)]) < 1e-6f);
      for (Index i = 1; i < top.cols(); ++i) QVERIFY(top(0, i) <= top(0, i - 1));
    }
  }
}

}  // namespace

class TestLmSteps : public QObject {
  Q_OBJECT
 private slots:
  void learnedPositionsShowTheModelsNumbers() {
    const auto model = seededModel(CausalPosition::Learned, 0);
    checkAgainstTheModel(*model, "the cat sat");
    const teaching::LanguageModelWalk w = teaching::walkLanguageModel(*model, "the cat sat", 0);
    // The causal mask of the walk is the model's: 1 on and below the diagonal.
    const Matrix& allowed = gridOf(*stepOf(w, "mask"), "allowed");
    QCOMPARE(allowed(0, 1), 0.0f);
    QCOMPARE(allowed(10, 3), 1.0f);
    // X = token rows + position rows
    const teaching::AttentionStep& embedding = *stepOf(w, "lm_embedding");
    QCOMPARE(embedding.variant, std::string("learned"));
    QVERIFY(largestDifference(gridOf(embedding, "token_embedding") + gridOf(embedding, "position"),
                              gridOf(embedding, "x")) < 1e-6f);
    QCOMPARE(w.rowLabels[3], std::string("␣"));  // a space is seen
    QVERIFY(!stepOf(w, "memory") && !stepOf(w, "relative_scores"));
  }

  // A text longer than the window: the walk reads its last S tokens, as the prediction does.
  void aLongTextIsReadThroughTheWindow() {
    const auto model = seededModel(CausalPosition::Sinusoidal, 0);
    const std::string text = "the cat sat on the mat. the dog";
    checkAgainstTheModel(*model, text);
    const teaching::LanguageModelWalk w = teaching::walkLanguageModel(*model, text, 1);
    QCOMPARE(w.windowStart, text.size() - 12);
    QCOMPARE(w.rowLabels.size(), size_t(12));
    QCOMPARE(w.rowLabels.back(), std::string("g"));
  }

  // Transformer-XL: the window is the last segment, the memory's tokens come first among the keys, and the two
  // kept terms of the scores are what the layer's softmax read.
  void theMemoryColumnsComeFirst() {
    const auto model = seededModel(CausalPosition::Relative, 8);
    const std::string text = "the cat sat on the mat. the dog ran";  // 35: segments of 12, 12 and 11
    checkAgainstTheModel(*model, text);
    const teaching::LanguageModelWalk w = teaching::walkLanguageModel(*model, text, 1);
    QCOMPARE(w.windowStart, size_t(24));
    QCOMPARE(w.memoryRows, Index(8));
    QCOMPARE(w.keyLabels.size(), size_t(8 + 11));
    QCOMPARE(w.keyLabels.front(), std::string("h"));  // text[16..23] = "he mat. ", the 8 tokens before the window
    QCOMPARE(w.keyLabels[7], std::string("␣"));
    const teaching::AttentionStep* memory = stepOf(w, "memory");
    QVERIFY(memory);
    QVERIFY(largestDifference(gridOf(*memory, "memory"), w.memory.layers[1]) == 0.0f);
    const teaching::AttentionStep& scores = *stepOf(w, "relative_scores");
    const Matrix& allowed = gridOf(*stepOf(w, "mask"), "allowed");  // T x (M'+T)
    QCOMPARE(allowed.cols(), Index(19));
    QCOMPARE(allowed(0, 8), 1.0f);  // the first token of the window reads the whole memory and itself
    QCOMPARE(allowed(0, 9), 0.0f);
    for (Index h = 0; h < 2; ++h) {
      const Matrix sum = gridOf(scores, "content_scores", h) + gridOf(scores, "position_scores", h);
      QVERIFY(largestDifference(teaching::softmaxRows(sum, &allowed), gridOf(*stepOf(w, "softmax"), "weights", h)) < 1e-6f);
    }
    QVERIFY(!stepOf(w, "scale"));  // the division by √K is part of both terms
  }

  void textWithoutTokensIsRefused() {
    const auto model = seededModel(CausalPosition::Learned, 0);
    QVERIFY_THROWS_EXCEPTION(InputError, teaching::walkLanguageModel(*model, "", 0));
    QVERIFY_THROWS_EXCEPTION(InputError, teaching::walkLanguageModel(*model, "ab\xff", 0));
  }
};

QTEST_MAIN(TestLmSteps)
#include "test_lm_steps.moc"
