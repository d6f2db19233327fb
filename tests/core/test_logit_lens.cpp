// The logit lens (core/teaching/logit_lens.h): every layer's state read through the model's own output layer.
// Its last row is the model's own output, for every kind it reads: the app's masked-lm (layer and batch norm)
// and causal-lm against their own predict, BERT and GPT-2 against the PyTorch reference's logits; BERT's rows
// against the reference's hidden states, so each row is the layer it says; and every table's cells are sorted,
// with probabilities summing to at most 1.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <vector>

#include "core/inference/causal_lm_inference.h"
#include "core/inference/masked_lm_inference.h"
#include "core/inference/pretrained_inference.h"
#include "core/teaching/logit_lens.h"

using namespace al;
using namespace al::teaching;
namespace fs = std::filesystem;

namespace {

constexpr int kTop = 5;
// Probabilities in float32 against the float64 reference (core: 1e-5 on logits, test_pretrained_models.cpp).
constexpr double kTolerance = 1e-4;

fs::path golden(const std::string& name) { return fs::path(ATTENTIONLAB_SOURCE_DIR) / "tests/reference/golden" / name; }

nlohmann::json readJson(const fs::path& file) {
  std::ifstream in(file);
  return nlohmann::json::parse(in);
}

Matrix matrixOf(const nlohmann::json& rows) {
  Matrix m(static_cast<Index>(rows.size()), static_cast<Index>(rows.at(0).size()));
  for (Index r = 0; r < m.rows(); ++r)
    for (Index c = 0; c < m.cols(); ++c) m(r, c) = rows[static_cast<size_t>(r)][static_cast<size_t>(c)].get<float>();
  return m;
}

// Row-wise softmax of T x V logits.
Matrix softmaxRows(const Matrix& logits) {
  Matrix p(logits.rows(), logits.cols());
  for (Index t = 0; t < logits.rows(); ++t) {
    p.row(t) = (logits.row(t).array() - logits.row(t).maxCoeff()).exp().matrix();
    p.row(t) /= p.row(t).sum();
  }
  return p;
}

// One row of the lens (T cells) is the top k of `probabilities` (T x V): each guess has its token's probability,
// and the k probabilities are the k largest of the row.
void requireRowIs(const std::vector<std::vector<LensGuess>>& row, const Matrix& probabilities) {
  QCOMPARE(static_cast<Index>(row.size()), probabilities.rows());
  for (Index t = 0; t < probabilities.rows(); ++t) {
    const std::vector<LensGuess>& cell = row[static_cast<size_t>(t)];
    std::vector<float> largest(probabilities.row(t).begin(), probabilities.row(t).end());
    std::sort(largest.begin(), largest.end(), std::greater<>());
    QCOMPARE(static_cast<Index>(cell.size()), std::min<Index>(kTop, probabilities.cols()));
    for (size_t i = 0; i < cell.size(); ++i) {
      QVERIFY2(std::abs(cell[i].probability - probabilities(t, cell[i].id)) < kTolerance,
               qPrintable(QStringLiteral("position %1 guess %2: %3 against %4").arg(t).arg(i)
                              .arg(cell[i].probability).arg(probabilities(t, cell[i].id))));
      QVERIFY2(std::abs(cell[i].probability - largest[i]) < kTolerance,
               qPrintable(QStringLiteral("position %1 guess %2 is not the %2-th largest").arg(t).arg(i)));
    }
  }
}

// What every table holds: L+1 rows of T cells of k guesses, each cell sorted best first with probabilities in
// (0, 1] summing to at most 1; and some cell of the first row differs from the last (the rows are not copies).
void requireWellFormed(const LogitLens& lens, size_t layers) {
  QCOMPARE(lens.guesses.size(), layers + 1);
  QCOMPARE(lens.texts.size(), lens.tokens.size());
  bool differs = false;
  for (const auto& row : lens.guesses) {
    QCOMPARE(row.size(), lens.tokens.size());
    for (size_t t = 0; t < row.size(); ++t) {
      const std::vector<LensGuess>& cell = row[t];
      QVERIFY(!cell.empty());
      double sum = 0;
      for (size_t i = 0; i < cell.size(); ++i) {
        QVERIFY(cell[i].probability > 0 && cell[i].probability <= 1);
        if (i > 0) QVERIFY2(cell[i - 1].probability >= cell[i].probability, "a cell is not sorted best first");
        QVERIFY(!cell[i].token.empty());
        sum += cell[i].probability;
      }
      QVERIFY2(sum <= 1 + 1e-5, qPrintable(QStringLiteral("a cell sums to %1").arg(sum)));
      const LensGuess& first = lens.guesses.front()[t].front();
      const LensGuess& last = lens.guesses.back()[t].front();
      differs = differs || first.id != last.id || std::abs(first.probability - last.probability) > 1e-3;
    }
  }
  QVERIFY2(differs, "the embeddings' row equals the output's: the rows are not the layers' own");
}

}  // namespace

class TestLogitLens : public QObject {
  Q_OBJECT

 private slots:
  void topProbabilitiesAreTheSoftmaxLargestFirst() {
    RowVector logits(5);
    logits << 1.0f, 3.0f, 2.0f, 3.0f, -1.0f;
    const auto top = topProbabilities(logits, 3);
    QCOMPARE(top.size(), size_t{3});
    QCOMPARE(top[0].first, int64_t{1});  // a tie: the lower id first
    QCOMPARE(top[1].first, int64_t{3});
    QCOMPARE(top[2].first, int64_t{2});
    const double sum = std::exp(1.0) + 2 * std::exp(3.0) + std::exp(2.0) + std::exp(-1.0);
    QVERIFY(std::abs(top[0].second - std::exp(3.0) / sum) < 1e-6);
    QVERIFY(std::abs(top[2].second - std::exp(2.0) / sum) < 1e-6);
    QCOMPARE(topProbabilities(logits, 9).size(), size_t{5});  // k clamped to V
  }

  void maskedLmLastRowIsItsPrediction_data() {
    QTest::addColumn<QString>("name");
    QTest::newRow("learned, layer norm") << "learned-layer";
    QTest::newRow("no position, 2 layers, 3 heads") << "none-layer-2layers-3heads";
    QTest::newRow("sinusoidal, batch norm") << "sinusoidal-batch-2layers";
  }
  void maskedLmLastRowIsItsPrediction() {
    QFETCH(QString, name);
    const fs::path dir = golden("masked-lm") / name.toStdString();
    const MaskedLmModel model = loadMaskedLm(dir);
    const std::string text = readJson(dir / "expected.json")["text"];
    const LogitLens lens = logitLens(model, text, kTop);
    requireWellFormed(lens, static_cast<size_t>(model.model->config().encoder.numLayers));
    QCOMPARE(lens.tokens, maskedLmTokens(text, model.tokenizer));
    const std::vector<int> ids = maskedLmIds(lens.tokens, model.vocabulary);
    std::vector<int> every(ids.size());
    for (size_t t = 0; t < every.size(); ++t) every[t] = static_cast<int>(t);
    requireRowIs(lens.guesses.back(), model.model->predict(ids, every).probabilities);
  }

  void causalLmLastRowIsTheReferenceOutput_data() {
    QTest::addColumn<QString>("name");
    QTest::newRow("learned, 2 layers") << "learned-2layers-2heads";
    QTest::newRow("sinusoidal, 1 layer") << "sinusoidal-1layer-3heads";
  }
  void causalLmLastRowIsTheReferenceOutput() {
    QFETCH(QString, name);
    const fs::path dir = golden("causal-lm") / name.toStdString();
    const CausalLmModel model = loadCausalLm(dir);
    const nlohmann::json expected = readJson(dir / "expected.json");
    const LogitLens lens = logitLens(model, expected["text"].get<std::string>(), kTop);
    requireWellFormed(lens, static_cast<size_t>(model.model->config().numLayers));
    // The window: the last sequence_length tokens, as the model reads them.
    QCOMPARE(lens.tokens.size(), expected["window"].size());
    QCOMPARE(causalLmIds(lens.tokens, model.vocabulary), expected["window"].get<std::vector<int>>());
    requireRowIs(lens.guesses.back(), softmaxRows(matrixOf(expected["logits"])));
  }

  void bertRowsAreTheReferenceLayersThroughTheHead() {
    const PretrainedBert bert = loadPretrainedBert(golden("bert-tiny"));
    const nlohmann::json sample = readJson(golden("bert-tiny") / "expected.json")["samples"][0];
    const auto out = bert.model->forward(sample["ids"].get<std::vector<int64_t>>(), sample["segments"].get<std::vector<int>>());
    const auto readOut = [&](const Matrix& h) { return bert.model->outputLogits(h); };
    const LogitLens lens = logitLens(out.hiddenStates, readOut, kTop, [](int64_t id) { return std::to_string(id); });
    QCOMPARE(lens.guesses.size(), sample["hidden_states"].size());
    // The last row: the reference's masked-LM output. Every row: the reference's state of that layer read out.
    requireRowIs(lens.guesses.back(), softmaxRows(matrixOf(sample["mlm_logits"])));
    for (size_t l = 0; l < lens.guesses.size(); ++l)
      requireRowIs(lens.guesses[l], softmaxRows(readOut(matrixOf(sample["hidden_states"][l]))));
  }

  void bertLastRowIsItsMaskedLmOutput() {
    const PretrainedBert bert = loadPretrainedBert(golden("bert-tiny"));
    const std::string text = "the cat sat on the [MASK].";
    const LogitLens lens = logitLens(bert, text, kTop);
    requireWellFormed(lens, static_cast<size_t>(bert.model->config().numLayers));
    const pretrained::Encoding e = bert.tokenizer->encode(text);
    QCOMPARE(lens.tokens, e.pieces);  // [CLS] … [SEP]
    requireRowIs(lens.guesses.back(), softmaxRows(bert.model->forward(e.ids, e.segments).maskedLmLogits));
  }

  void gpt2LastRowIsTheReferenceOutput() {
    const PretrainedGpt2 gpt = loadPretrainedGpt2(golden("gpt2-tiny"));
    const nlohmann::json expected = readJson(golden("gpt2-tiny") / "expected.json");
    const LogitLens lens = logitLens(gpt, expected["text"].get<std::string>(), kTop);
    requireWellFormed(lens, static_cast<size_t>(gpt.model->config().numLayers));
    QCOMPARE(lens.tokens, expected["tokens"].get<std::vector<std::string>>());
    requireRowIs(lens.guesses.back(), softmaxRows(matrixOf(expected["logits"])));
    QVERIFY(lens.guesses.back()[0][0].token.rfind("<id ", 0) != 0);  // tokens named by the vocabulary
    // As text: byte-level pieces decoded ("Ġcat" -> " cat"), the guesses too.
    QCOMPARE(lens.texts[1], std::string(" cat"));
    for (const auto& cell : lens.guesses.back())
      for (const LensGuess& g : cell) QCOMPARE(g.text, gpt.tokenizer->decode({g.id}));
  }

  void refusesWhatItCannotRead() {
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, logitLens(std::vector<Matrix>{}, [](const Matrix& h) { return h; }, 1,
                                                              [](int64_t) { return std::string("x"); }));
    const std::vector<Matrix> states = {Matrix::Zero(2, 3)};
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, logitLens(states, [](const Matrix& h) { return h; }, 0,
                                                              [](int64_t) { return std::string("x"); }));
  }
};

QTEST_APPLESS_MAIN(TestLogitLens)
#include "test_logit_lens.moc"
