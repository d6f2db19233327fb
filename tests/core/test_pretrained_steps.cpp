// The Step-through walk of a pretrained model's layer (core/teaching/pretrained_steps.h), on the tiny random BERT
// and GPT-2 folders: in every layer its softmax weights are the attention maps the Attention page shows, its
// layer output is the model's hidden state after that layer; GPT-2's masked weights are exactly 0 above the
// diagonal and its last layer's next-token probabilities are those generate chooses from. The steps come in the
// documented order with the model as their variant, the pieces are readable, and an empty or non-UTF-8 text is
// refused.
#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "core/inference/pretrained_inference.h"
#include "core/pretrained/token_text.h"
#include "core/teaching/pretrained_steps.h"
#include "tests/core/input_error_of.h"

using namespace al;
using namespace al::teaching;
namespace fs = std::filesystem;

namespace {

// The walk runs the model's own forward pass: its numbers are the model's, to float rounding at most.
constexpr float kTolerance = 1e-6f;

const std::string kBertText = "the cat sat on the mat";
const std::string kGptText = "the cat  sat on the";  // two spaces: a piece of whitespace only

fs::path golden(const std::string& name) { return fs::path(ATTENTIONLAB_SOURCE_DIR) / "tests/reference/golden" / name; }

std::vector<std::string> keysOf(const PretrainedWalk& w) {
  std::vector<std::string> keys;
  for (const AttentionStep& s : w.steps) keys.push_back(s.key);
  return keys;
}

// The grids of `gridKey` in the steps of `stepKey` (one per head for a per-head grid), in order.
std::vector<const StepGrid*> gridsOf(const PretrainedWalk& w, const std::string& stepKey, const std::string& gridKey) {
  std::vector<const StepGrid*> grids;
  for (const AttentionStep& s : w.steps)
    if (s.key == stepKey)
      for (const StepGrid& g : s.grids)
        if (g.key == gridKey) grids.push_back(&g);
  return grids;
}

float largestDifference(const Matrix& a, const Matrix& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return std::numeric_limits<float>::infinity();
  return (a - b).cwiseAbs().maxCoeff();
}

// The walk's softmax weights, head by head, are `maps` (the Attention page's maps of that layer).
void requireWeightsAre(const PretrainedWalk& w, const std::vector<Matrix>& maps) {
  const std::vector<const StepGrid*> weights = gridsOf(w, "softmax", "weights");
  QCOMPARE(weights.size(), maps.size());
  for (size_t h = 0; h < maps.size(); ++h) {
    QCOMPARE(weights[h]->head, static_cast<Index>(h));
    QVERIFY(weights[h]->probabilities);
    QVERIFY2(largestDifference(weights[h]->values, maps[h]) <= kTolerance, qPrintable(QString("head %1").arg(h)));
  }
}

// The last grid named layer_output is the model's hidden state after the walked layer.
void requireLayerOutputIs(const PretrainedWalk& w, const std::string& stepKey, const Matrix& state) {
  const std::vector<const StepGrid*> outputs = gridsOf(w, stepKey, "layer_output");
  QVERIFY(!outputs.empty());
  QVERIFY2(largestDifference(outputs.back()->values, state) <= kTolerance, qPrintable(QString("layer %1").arg(w.layer + 1)));
}

void requireVariant(const PretrainedWalk& w, const std::string& variant) {
  for (const AttentionStep& s : w.steps) QCOMPARE(QString::fromStdString(s.variant), QString::fromStdString(variant));
}

}  // namespace

class TestPretrainedSteps : public QObject {
  Q_OBJECT

 private slots:
  void bertLayersAreTheModelsOwn() {
    const PretrainedBert bert = loadPretrainedBert(golden("bert-tiny"));
    const PretrainedAttention shown = readAttention(bert, kBertText);
    const pretrained::Encoding e = bert.tokenizer->encode(kBertText);
    const pretrained::BertOutput states = bert.model->forward(e.ids, e.segments);  // every layer's output
    const Index L = bert.model->config().numLayers;
    QCOMPARE(L, Index(2));
    for (Index layer = 0; layer < L; ++layer) {
      const PretrainedWalk w = walkBert(bert, kBertText, layer);
      QCOMPARE(w.layer, layer);
      QCOMPARE(w.layers, L);
      QCOMPARE(w.tokens, shown.tokens);  // WordPiece's pieces as they are: [CLS] ... [SEP]
      requireVariant(w, "bert");
      const std::vector<std::string> expected = {layer == 0 ? "embedding" : "layer_input", "projections", "scores", "scale",
                                                 "softmax", "mix", "post_norm", "gelu", "ffn", "post_norm"};
      QCOMPARE(keysOf(w), expected);
      requireWeightsAre(w, shown.attention[static_cast<size_t>(layer)]);
      requireLayerOutputIs(w, "post_norm", states.hiddenStates[static_cast<size_t>(layer + 1)]);
      // The layer's input is the state before it: the normed embeddings on layer 0.
      const Matrix& input = layer == 0 ? gridsOf(w, "embedding", "embedding_norm").at(0)->values
                                       : gridsOf(w, "layer_input", "x").at(0)->values;
      QVERIFY(largestDifference(input, states.hiddenStates[static_cast<size_t>(layer)]) <= kTolerance);
    }
  }

  void bertEmbeddingStepAddsThreeTables() {
    const PretrainedBert bert = loadPretrainedBert(golden("bert-tiny"));
    const PretrainedWalk w = walkBert(bert, kBertText, 0);
    const AttentionStep& embedding = w.steps.front();
    QCOMPARE(embedding.numbers, std::vector<double>{double(w.tokens.size())});
    const Matrix sum = gridsOf(w, "embedding", "token_embedding")[0]->values +
                       gridsOf(w, "embedding", "position")[0]->values + gridsOf(w, "embedding", "token_type")[0]->values;
    QVERIFY(largestDifference(sum, gridsOf(w, "embedding", "embedding_sum")[0]->values) <= kTolerance);
  }

  void gpt2LayersAreTheModelsOwn() {
    const PretrainedGpt2 gpt = loadPretrainedGpt2(golden("gpt2-tiny"));
    const PretrainedAttention shown = readAttention(gpt, kGptText);
    const pretrained::Encoding e = gpt.tokenizer->encodePrompt(kGptText);
    pretrained::Gpt2Options everyState;
    everyState.hiddenStates = true;
    const pretrained::Gpt2Output states = gpt.model->forward(e.ids, everyState);
    const Index L = gpt.model->config().numLayers;
    QCOMPARE(L, Index(2));
    for (Index layer = 0; layer < L; ++layer) {
      const PretrainedWalk w = walkGpt2(gpt, kGptText, layer);
      QCOMPARE(w.layer, layer);
      requireVariant(w, "gpt2");
      std::vector<std::string> expected = {layer == 0 ? "embedding" : "layer_input", "pre_norm", "projections", "scores",
                                           "scale", "mask", "softmax", "mix", "pre_norm", "gelu", "ffn"};
      if (layer + 1 == L) expected.insert(expected.end(), {"final_norm", "next_token"});
      QCOMPARE(keysOf(w), expected);
      requireWeightsAre(w, shown.attention[static_cast<size_t>(layer)]);
      requireLayerOutputIs(w, "ffn", states.hiddenStates[static_cast<size_t>(layer + 1)]);
      // Causal: every weight above the diagonal is exactly 0, and the mask says so.
      for (const StepGrid* g : gridsOf(w, "softmax", "weights"))
        for (Index i = 0; i < g->values.rows(); ++i)
          for (Index j = i + 1; j < g->values.cols(); ++j) QCOMPARE(g->values(i, j), 0.0f);
      const Matrix& allowed = gridsOf(w, "mask", "allowed").at(0)->values;
      QCOMPARE(allowed(0, 1), 0.0f);
      QCOMPARE(allowed(1, 0), 1.0f);
    }
  }

  void gpt2LastLayerGivesTheNextTokenGenerateChooses() {
    const PretrainedGpt2 gpt = loadPretrainedGpt2(golden("gpt2-tiny"));
    GenerationSettings oneToken;  // greedy
    oneToken.maxNewTokens = 1;
    const Generation g = generate(gpt, kGptText, oneToken);
    const PretrainedWalk w = walkGpt2(gpt, kGptText, 99);  // clamped to the last layer
    QCOMPARE(w.layer, Index(1));
    const StepGrid& best = *gridsOf(w, "next_token", "probabilities").at(0);
    QCOMPARE(best.values.cols(), Index(8));
    QCOMPARE(best.rowLabels, std::vector<std::string>{w.tokens.back()});
    for (Index i = 0; i < 8; ++i) {
      const auto& [piece, probability] = g.steps[0].top[static_cast<size_t>(i)];
      QVERIFY2(std::abs(best.values(0, i) - probability) <= kTolerance, qPrintable(QString("candidate %1").arg(i + 1)));
      QCOMPARE(best.columnLabels[static_cast<size_t>(i)],
               pretrained::readablePiece(*gpt.tokenizer, *gpt.tokenizer->idOf(piece)));
    }
    const AttentionStep& next = w.steps.back();
    QCOMPARE(next.words, std::vector<std::string>{pretrained::readablePiece(*gpt.tokenizer, g.steps[0].id)});
    QCOMPARE(w.probabilities.size(), Index(gpt.model->config().vocabSize));
    QVERIFY(std::abs(w.probabilities.sum() - 1.0f) < 1e-5f);
    // No next token below the last layer: the probabilities come from the model's output layer only.
    QVERIFY(walkGpt2(gpt, kGptText, 0).probabilities.size() == 0);
  }

  void gpt2PiecesAreReadable() {
    const PretrainedGpt2 gpt = loadPretrainedGpt2(golden("gpt2-tiny"));
    const PretrainedWalk w = walkGpt2(gpt, kGptText, 0);
    const std::vector<std::string> expected = {"the", "cat", "␣", "sat", "on", "the"};
    QCOMPARE(w.tokens, expected);
    QCOMPARE(gridsOf(w, "softmax", "weights").at(0)->rowLabels, expected);
  }

  void refusesEmptyAndBrokenText() {
    const PretrainedBert bert = loadPretrainedBert(golden("bert-tiny"));
    const PretrainedGpt2 gpt = loadPretrainedGpt2(golden("gpt2-tiny"));
    const std::string broken = "the \xff cat";
    QVERIFY(test::inputErrorOf([&] { walkBert(bert, broken, 0); }).contains("UTF-8"));
    QVERIFY(test::inputErrorOf([&] { walkGpt2(gpt, broken, 0); }).contains("UTF-8"));
    QVERIFY(test::inputErrorOf([&] { walkBert(bert, "", 0); }).contains("no tokens"));
    QVERIFY(test::inputErrorOf([&] { walkGpt2(gpt, "", 0); }).contains("no tokens"));
  }
};

QTEST_GUILESS_MAIN(TestPretrainedSteps)
#include "test_pretrained_steps.moc"
