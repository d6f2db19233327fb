// The Step-through page shows, step by step, what an encoder layer computes. Its attention output must equal
// the attention layer's own forward pass (to 1e-6), its weights the model's prediction, and the final layer
// output a computation written out here in double precision from the model's tensors.
#include "core/inference/imdb_transformer_inference.h"
#include "core/teaching/attention_steps.h"

#include <QtTest>

#include <QCheckBox>
#include <QComboBox>
#include <QListWidget>
#include <QTableView>
#include <QSpinBox>
#include <QTemporaryDir>
#include <cmath>

#include "ui/widgets/export.h"
#include "ui/widgets/matrix_view.h"
#include "ui/main_window.h"
#include "ui/pages/attention_page.h"
#include "ui/pages/stepper_page.h"
#include "ui/session/model_library.h"
#include "ui/teaching/step_texts.h"
#include "ui/text/language.h"

using namespace al;
using namespace al::ui;

namespace {

MatrixView* gridTitled(const StepperPage& page, const QString& title) {
  for (MatrixView* v : page.gridViews())
    if (v->title() == title) return v;
  return nullptr;
}

// Whether a formula adds a table of positions: + P[...] (learned) or + PE[...] (sinusoidal).
bool addsPositions(const QString& formula) {
  static const QRegularExpression position(QStringLiteral("\\bPE?\\["));
  return formula.contains(position);
}

int stepWithKey(const StepperPage& page, const std::string& key) {
  for (int i = 0; i < page.stepCount(); ++i)
    if (page.steps()[size_t(i)].key == key) return i;
  return -1;
}

double largestDifference(const Matrix& a, const Matrix& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols()) return INFINITY;
  return (a - b).cwiseAbs().maxCoeff();
}

std::shared_ptr<ImdbTransformerModel> trainedLikeModel() {
  const TransformerConfig c{.vocabSize = 50, .sequenceLength = 20, .embedDim = 8, .numHeads = 2, .keyDim = 4,
                            .denseDim = 6, .numLayers = 1, .dropout = 0};
  auto m = std::make_shared<ImdbTransformerModel>();
  m->model = std::make_unique<TransformerClassifier>(c);
  m->model->initialize(8);
  Rng rng(2);
  ParameterSet& params = m->model->parameters();
  for (const ParameterInfo& info : params.tensors()) {
    // Random values everywhere (norm gamma and beta too), so that no step is an identity by accident.
    MatrixMap values = params.value(params.find(info.name));
    for (Index i = 0; i < values.size(); ++i) values.data()[i] = rng.normal() * (info.name.find("kernel") != std::string::npos ? 0.5f : 1.0f);
  }
  m->vocabulary = Vocabulary::build({tokenizeImdb("the cat sat on the mat action gets results")}, 50);
  return m;
}

using Rows = std::vector<std::vector<double>>;

Rows rowsOf(const Matrix& m) {
  Rows r(size_t(m.rows()), std::vector<double>(size_t(m.cols())));
  for (Index i = 0; i < m.rows(); ++i)
    for (Index j = 0; j < m.cols(); ++j) r[size_t(i)][size_t(j)] = m(i, j);
  return r;
}

Matrix tensor(const TransformerClassifier& model, const std::string& name) {
  return model.parameters().value(model.parameters().find(name));
}

// x·W + b in double.
Rows affine(const Rows& x, const Matrix& w, const Matrix& b) {
  Rows y(x.size(), std::vector<double>(size_t(w.cols())));
  for (size_t t = 0; t < x.size(); ++t)
    for (Index j = 0; j < w.cols(); ++j) {
      double s = b(0, j);
      for (Index i = 0; i < w.rows(); ++i) s += x[t][size_t(i)] * w(i, j);
      y[t][size_t(j)] = s;
    }
  return y;
}

// Layer norm of every row, biased variance, then gamma and beta.
Rows layerNorm(const Rows& x, const Matrix& gamma, const Matrix& beta, double eps) {
  Rows y = x;
  for (size_t t = 0; t < x.size(); ++t) {
    double mean = 0, var = 0;
    for (double v : x[t]) mean += v;
    mean /= double(x[t].size());
    for (double v : x[t]) var += (v - mean) * (v - mean);
    var /= double(x[t].size());
    for (size_t d = 0; d < x[t].size(); ++d) y[t][d] = (x[t][d] - mean) / std::sqrt(var + eps) * gamma(0, Index(d)) + beta(0, Index(d));
  }
  return y;
}

Rows add(Rows a, const Rows& b) {
  for (size_t t = 0; t < a.size(); ++t)
    for (size_t d = 0; d < a[t].size(); ++d) a[t][d] += b[t][d];
  return a;
}

}  // namespace

class TestStepperPage : public QObject {
  Q_OBJECT
 private slots:
  void startsOnTheFirstToyStep();
  void navigation();
  void toyAttentionOutputEqualsLayerForward();
  void trainedLayerMatchesModel();
  void causalMaskShown();
  void switchingOffTheScale();
  void toySettings();
  void feedForwardWidensOrNarrows();
  void stepTextsSayWhatTheCoreComputes();
  void embeddingFormulaAddsPositionsOnlyWhenTheModelHasThem();
  void ownSentenceAndBadInput();
  void exportsSteps();
  void additiveAttentionOfAToyChatbot();
  void additiveAttentionOfATrainedChatbot();
  void anErrorLeavesNoOldMatrices();
  void aTrainedLayerShowsWhatTheModelReads();
  void followsTheModelsPagesShow();
};

void TestStepperPage::startsOnTheFirstToyStep() {
  StepperPage page;
  QVERIFY(page.hasWalk());
  QCOMPARE(page.sentence(), QString("The cat sat on the mat"));
  QCOMPARE(page.stepCount(), 11);
  QCOMPARE(page.currentStep(), 0);
  QVERIFY(page.stepTitle().contains("Embeddings"));
  QVERIFY(!page.formulaText().isEmpty());
  QVERIFY(page.explanationText().size() > 60);
  MatrixView* x = gridTitled(page, "X");
  QVERIFY(x);
  QCOMPARE(x->rows(), 6);
  QCOMPARE(x->columns(), 8);
  QCOMPARE(x->rowLabels().at(1), QString("cat"));
  QVERIFY(!page.usesTrainedModel());
  QVERIFY(StepperPage::exampleSentences().contains("The animal didn't cross the street because it was too tired"));
}

void TestStepperPage::navigation() {
  StepperPage page;
  page.previousStep();
  QCOMPARE(page.currentStep(), 0);
  page.nextStep();
  QCOMPARE(page.currentStep(), 1);
  QVERIFY(page.stepTitle().contains("Queries"));
  QCOMPARE(page.gridViews().size(), 6);  // Q, K, V of two heads
  page.showStep(100);
  QCOMPARE(page.currentStep(), 10);
  page.nextStep();
  QCOMPARE(page.currentStep(), 10);
  page.previousStep();
  QCOMPARE(page.currentStep(), 9);
  page.setPlaying(true);  // from step 9: plays on
  QVERIFY(page.isPlaying());
  QTRY_COMPARE_WITH_TIMEOUT(page.currentStep(), 10, 5000);
  QTRY_VERIFY_WITH_TIMEOUT(!page.isPlaying(), 5000);  // stops at the last step
  // A changed setting keeps the step.
  page.showStep(5);
  page.setMask(teaching::MaskKind::Causal);
  QCOMPARE(page.currentStep(), 5);
}

void TestStepperPage::toyAttentionOutputEqualsLayerForward() {
  StepperPage page;
  page.showStep(stepWithKey(page, "concat"));
  MatrixView* y = gridTitled(page, "attention output Y");
  QVERIFY(y);
  const teaching::EncoderLayerWalkthrough* walker = page.walkthrough();
  MultiHeadAttention::Cache cache;
  const Matrix forward = walker->attention().forward(walker->parameters(), page.walk().input, cache);
  QVERIFY2(largestDifference(y->matrix(), forward) < 1e-6, "the stepper's output differs from the layer's forward");
  // and the weights shown in the softmax step are the layer's
  page.showStep(stepWithKey(page, "softmax"));
  for (int h = 0; h < 2; ++h) {
    MatrixView* a = gridTitled(page, QString("weights A, head %1").arg(h + 1));
    QVERIFY(a);
    QVERIFY(largestDifference(a->matrix(), cache.weights[size_t(h)]) < 1e-6);
  }
}

void TestStepperPage::trainedLayerMatchesModel() {
  StepperPage page;
  auto model = trainedLikeModel();
  page.setModel("trained", anyModelOf<ImdbTransformerModel>(model));
  page.useTrainedModel(true);
  QVERIFY(page.usesTrainedModel());
  page.setSentence("Action gets results");
  const ImdbPrediction p = predictText(*model->model, model->vocabulary, "Action gets results");

  page.showStep(stepWithKey(page, "softmax"));
  for (int h = 0; h < 2; ++h)
    QVERIFY(largestDifference(gridTitled(page, QString("weights A, head %1").arg(h + 1))->matrix(), p.attention[0][size_t(h)]) < 1e-6);

  page.showStep(stepWithKey(page, "concat"));
  const teaching::EncoderLayerWalkthrough* walker = page.walkthrough();
  MultiHeadAttention::Cache cache;
  const Matrix forward = walker->attention().forward(walker->parameters(), page.walk().input, cache);
  QVERIFY(largestDifference(gridTitled(page, "attention output Y")->matrix(), forward) < 1e-6);

  // The layer output, recomputed here in double from the model's tensors.
  const TransformerClassifier& m = *model->model;
  Rows x(3, std::vector<double>(8));
  const Matrix table = tensor(m, "embedding.token"), position = tensor(m, "embedding.position");
  for (size_t t = 0; t < 3; ++t)
    for (size_t d = 0; d < 8; ++d) x[t][d] = table(p.ids[t], Index(d)) + position(Index(t), Index(d));
  const Rows y = rowsOf(forward);  // the attention output (checked above against the layer)
  const double eps = m.config().normEpsilon;
  const Rows x1 = layerNorm(add(x, y), tensor(m, "encoder.0.norm1.gamma"), tensor(m, "encoder.0.norm1.beta"), eps);
  Rows hidden = affine(x1, tensor(m, "encoder.0.ffn.dense1.kernel"), tensor(m, "encoder.0.ffn.dense1.bias"));
  for (auto& row : hidden)
    for (double& v : row) v = std::max(v, 0.0);
  const Rows f = affine(hidden, tensor(m, "encoder.0.ffn.dense2.kernel"), tensor(m, "encoder.0.ffn.dense2.bias"));
  const Rows out = layerNorm(add(x1, f), tensor(m, "encoder.0.norm2.gamma"), tensor(m, "encoder.0.norm2.beta"), eps);

  page.showStep(stepWithKey(page, "norm2"));
  MatrixView* shown = gridTitled(page, "layer output");
  QVERIFY(shown);
  for (int t = 0; t < 3; ++t)
    for (int d = 0; d < 8; ++d) QVERIFY(std::abs(shown->value(t, d) - out[size_t(t)][size_t(d)]) < 1e-4);

  page.dropModel(StepperPage::Kind::SelfAttention);  // the model went away: back to the toy
  QVERIFY(!page.usesTrainedModel());
}

void TestStepperPage::causalMaskShown() {
  StepperPage page;
  page.setMask(teaching::MaskKind::Causal);
  page.showStep(stepWithKey(page, "mask"));
  QVERIFY(page.explanationText().contains("Causal"));
  MatrixView* masked = gridTitled(page, "masked scores, head 1");
  QVERIFY(masked);
  QVERIFY(std::isinf(masked->value(0, 1)) && masked->value(0, 1) < 0);
  page.showStep(stepWithKey(page, "softmax"));
  MatrixView* a = gridTitled(page, "weights A, head 2");
  for (int i = 0; i < a->rows(); ++i)
    for (int j = i + 1; j < a->columns(); ++j) QCOMPARE(a->value(i, j), 0.0);
  QCOMPARE(a->value(0, 0), 1.0);

  page.setMask(teaching::MaskKind::Padding);
  MatrixView* padded = gridTitled(page, "weights A, head 1");
  QCOMPARE(padded->rows(), 8);  // six words and two padding tokens
  QCOMPARE(padded->rowLabels().at(7), QString("[pad]"));
  QVERIFY(padded->isRowMuted(7));
  for (int i = 0; i < 8; ++i) QCOMPARE(padded->value(i, 6), 0.0);
}

void TestStepperPage::switchingOffTheScale() {
  StepperPage page;
  page.showStep(stepWithKey(page, "softmax"));
  const Matrix scaled = gridTitled(page, "weights A, head 1")->matrix();
  const teaching::SoftmaxSharpness s = page.walk().sharpness;
  QVERIFY(page.sharpnessText().contains(QString::number(s.entropyScaled[0], 'f', 3)));
  QVERIFY(page.sharpnessText().contains(QString::number(s.entropyUnscaled[0], 'f', 3)));

  page.findChild<QCheckBox*>("scaleBox")->setChecked(false);
  QCOMPARE(page.currentStep(), stepWithKey(page, "softmax"));
  const Matrix unscaled = gridTitled(page, "weights A, head 1")->matrix();
  // Without ÷√K the rows are the softmax of the raw scores: sharper, as the sharpness numbers say.
  QVERIFY(largestDifference(scaled, unscaled) > 1e-3);
  QVERIFY(unscaled.rowwise().maxCoeff().mean() > scaled.rowwise().maxCoeff().mean());
  const Matrix& raw = page.walk().scores[0];
  QVERIFY(largestDifference(unscaled, teaching::softmaxRows(raw)) < 1e-6);
  page.showStep(stepWithKey(page, "scale"));
  QVERIFY(page.stepTitle().contains("switched off"));
}

void TestStepperPage::toySettings() {
  StepperPage page;
  teaching::ToyEncoderSettings s;
  s.width = 12;
  s.heads = 3;
  s.feedForward = 5;
  s.seed = 42;
  s.position = PositionKind::None;
  page.setToySettings(s);
  QCOMPARE(page.toySettings().width, Index(12));
  page.showStep(stepWithKey(page, "projections"));
  QCOMPARE(page.gridViews().size(), 9);
  QCOMPARE(page.gridViews().front()->columns(), 4);  // K = 12 / 3
  page.showStep(0);
  QVERIFY(!gridTitled(page, "position P"));  // no position: no position grid
  page.showStep(stepWithKey(page, "ffn"));
  QCOMPARE(gridTitled(page, "hidden relu(X1·W1 + b1)")->columns(), 5);
}

void TestStepperPage::feedForwardWidensOrNarrows() {
  // The text says what the walked layer does with its own D and F, and what the paper and the book do.
  StepperPage page;
  teaching::ToyEncoderSettings s = page.toySettings();
  s.width = 8;
  s.feedForward = 4;
  page.setToySettings(s);
  page.showStep(stepWithKey(page, "ffn"));
  QVERIFY2(page.explanationText().contains("D = 8") && page.explanationText().contains("F = 4"),
           qPrintable(page.explanationText()));
  QVERIFY2(page.explanationText().contains("narrows each row"), qPrintable(page.explanationText()));
  QVERIFY(!page.explanationText().contains("widens each row"));
  QVERIFY(page.explanationText().contains("2048") && page.explanationText().contains("dense_dim = 32"));
  s.feedForward = 32;
  page.setToySettings(s);
  page.showStep(stepWithKey(page, "ffn"));
  QVERIFY2(page.explanationText().contains("F = 32"), qPrintable(page.explanationText()));
  QVERIFY(page.explanationText().contains("widens each row"));
  QVERIFY(!page.explanationText().contains("narrows each row"));
}

void TestStepperPage::stepTextsSayWhatTheCoreComputes() {
  StepperPage page;
  // Tokens are numbered from 0, as the lessons and the core number them.
  page.setMask(teaching::MaskKind::Causal);
  page.showStep(stepWithKey(page, "mask"));
  QVERIFY2(page.explanationText().contains("0..i"), qPrintable(page.explanationText()));
  QVERIFY(!page.explanationText().contains("1..i"));
  // A −∞ score gets weight 0: the weights are not called positive.
  page.showStep(stepWithKey(page, "softmax"));
  QVERIFY(page.explanationText().contains("−∞"));
  QVERIFY(!page.explanationText().contains("positive"));
  // Variance K holds for independent components of mean 0 and variance 1; the article's example divides by 8.
  page.showStep(stepWithKey(page, "scale"));
  QVERIFY2(page.explanationText().contains("independent") && page.explanationText().contains("variance 1"),
           qPrintable(page.explanationText()));
  QVERIFY(page.explanationText().contains("Action gets results") && page.explanationText().contains("√64 = 8"));
  // The additive score in the row-vector form of the code: s·W1, h·W2.
  page.setKind(StepperPage::Kind::Additive);
  page.showStep(stepWithKey(page, "query"));
  QVERIFY2(page.stepTitle().contains("s·W1"), qPrintable(page.stepTitle()));
  page.showStep(stepWithKey(page, "keys"));
  QVERIFY2(page.stepTitle().contains("h·W2"), qPrintable(page.stepTitle()));
}

// The embedding step's formula adds a position table exactly when the walked layer has one (the step then shows
// its grid "position"): X = E[token] without positions, in English and in Chinese.
void TestStepperPage::embeddingFormulaAddsPositionsOnlyWhenTheModelHasThem() {
  StepperPage page;
  for (const PositionKind position : {PositionKind::None, PositionKind::Learned, PositionKind::Sinusoidal}) {
    teaching::ToyEncoderSettings settings = page.toySettings();
    settings.position = position;
    page.setToySettings(settings);
    const teaching::AttentionStep& embedding = page.steps().at(size_t(stepWithKey(page, "embedding")));
    bool hasPositions = false;
    for (const teaching::StepGrid& grid : embedding.grids) hasPositions = hasPositions || grid.key == "position";
    QCOMPARE(hasPositions, position != PositionKind::None);
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
      QVERIFY(setLanguage(language, false));
      const QString formula = StepTexts::forStep(embedding).formula;
      QVERIFY2(addsPositions(formula) == hasPositions, qPrintable(language + QStringLiteral(": ") + formula));
      // The position grid is named by the formula's symbol: PE for the sine table, P for a learned one.
      for (const teaching::StepGrid& grid : embedding.grids)
        if (grid.key == "position")
          QVERIFY2(StepTexts::gridTitle(grid, embedding.variant).endsWith(formula.contains(QStringLiteral("PE[")) ? "PE" : " P"),
                   qPrintable(language + QStringLiteral(": ") + StepTexts::gridTitle(grid, embedding.variant)));
      // The title adds a position only when the model has one: "+ position" / "+ 位置".
      const QString title = StepTexts::forStep(embedding).title;
      QVERIFY2(title.contains(QStringLiteral("+ ")) == hasPositions, qPrintable(language + QStringLiteral(": ") + title));
    }
  }
  QVERIFY(setLanguage(QStringLiteral("en"), false));
}

void TestStepperPage::ownSentenceAndBadInput() {
  StepperPage page;
  page.setSentence("my own four words");
  QCOMPARE(page.walk().labels.size(), size_t(4));
  page.setSentence("?!");
  QVERIFY(!page.errorText().isEmpty());
  QVERIFY(!page.hasWalk());  // nothing of the last sentence stays under the banner
  QCOMPARE(page.stepCount(), 0);
  page.setSentence("fine again");
  QVERIFY(page.errorText().isEmpty());
  QCOMPARE(page.walk().labels.size(), size_t(2));
}

void TestStepperPage::exportsSteps() {
  StepperPage page;
  page.resize(1300, 800);
  page.showStep(stepWithKey(page, "softmax"));
  QTemporaryDir dir;
  for (const char* suffix : {"png", "svg", "pdf"}) {
    const QString path = dir.filePath(QString("step.%1").arg(suffix));
    exportWidget(&page, path);
    QVERIFY(QFileInfo(path).size() > 200);
  }
  MatrixView* a = page.gridViews().front();
  QVERIFY(writeCsv(dir.filePath("a.csv"), a->csvHeader(), a->csvRows()));
  QCOMPARE(a->csvRows().size(), size_t(6));
}

void TestStepperPage::additiveAttentionOfAToyChatbot() {
  StepperPage page;
  page.setSentence("where did you buy that bike ?");
  page.setKind(StepperPage::Kind::Additive);
  QVERIFY(page.hasAdditiveWalk());
  QCOMPARE(page.stepCount(), 7);
  QCOMPARE(page.currentStep(), 0);
  QVERIFY(page.stepTitle().contains("Encoder outputs"));
  // The page's default toy: U 6, A 4, seed 1; the same toy built here answers with the same alignments.
  const ChatbotModel toy = teaching::toyChatbot("where did you buy that bike ?", 6, 4, 1);
  const ChatbotReply reply = askChatbot(*toy.model, toy.source, toy.target, "where did you buy that bike ?");
  page.showStep(stepWithKey(page, "softmax"));
  QVERIFY(page.formulaText().contains("softmax") || page.formulaText().contains("exp"));
  MatrixView* a = gridTitled(page, "weights a");
  QVERIFY(a);
  QCOMPARE(a->rows(), 9);
  QCOMPARE(a->rowLabels().at(6), QString("bike"));
  for (int j = 0; j < 9; ++j) QVERIFY(std::abs(a->value(j, 0) - reply.attention(0, j)) < 1e-6);
  MatrixView* alignment = gridTitled(page, "alignment of the whole answer");
  QVERIFY(alignment);
  QCOMPARE(alignment->rows(), static_cast<int>(reply.outputTokens.size()));

  if (reply.attention.rows() > 1) {  // another answer word: the step stays, the weights are that word's
    page.setAnswerWord(1);
    QCOMPARE(page.additiveWalk().step, Index(1));
    QCOMPARE(page.currentStep(), stepWithKey(page, "softmax"));
    MatrixView* second = gridTitled(page, "weights a");
    for (int j = 0; j < 9; ++j) QVERIFY(std::abs(second->value(j, 0) - reply.attention(1, j)) < 1e-6);
  }
  page.showStep(stepWithKey(page, "context"));
  MatrixView* c = gridTitled(page, "context c");
  QVERIFY(c);
  QVERIFY(largestDifference(c->matrix(), page.additiveWalk().weights * page.additiveWalk().outputs) < 1e-6);

  page.setKind(StepperPage::Kind::SelfAttention);
  QCOMPARE(page.stepCount(), 11);
}

void TestStepperPage::additiveAttentionOfATrainedChatbot() {
  StepperPage page;
  auto model = std::make_shared<ChatbotModel>(teaching::toyChatbot("the red car sees a small house", 10, 7, 9));
  page.setModel("bot", anyModelOf<ChatbotModel>(model));
  page.useTrainedChatbot(true);
  page.setKind(StepperPage::Kind::Additive);
  page.setSentence("the small car");
  QVERIFY(page.usesTrainedChatbot());
  const ChatbotReply reply = askChatbot(*model->model, model->source, model->target, "the small car");
  page.showStep(stepWithKey(page, "softmax"));
  MatrixView* a = gridTitled(page, "weights a");
  QCOMPARE(a->rows(), 5);
  for (int j = 0; j < 5; ++j) QVERIFY(std::abs(a->value(j, 0) - reply.attention(0, j)) < 1e-6);
  page.dropModel(StepperPage::Kind::Additive);
  QVERIFY(!page.usesTrainedChatbot());
}

// Under the "no model" banner there are no matrices of the walk before: no steps, no grids.
void TestStepperPage::anErrorLeavesNoOldMatrices() {
  StepperPage page;
  page.setSentence("The cat sat on the mat");
  QVERIFY(page.stepCount() > 0);
  QVERIFY(!page.gridViews().isEmpty());
  page.setKind(StepperPage::Kind::Decoder);  // no encoder-decoder Transformer yet
  QVERIFY(!page.errorText().isEmpty());
  QCOMPARE(page.stepCount(), 0);
  QVERIFY(!page.hasDecoderWalk());
  QCOMPARE(page.findChild<QListWidget*>()->count(), 0);
  for (MatrixView* grid : page.gridViews()) QCOMPARE(grid->rows(), 0);
  page.setKind(StepperPage::Kind::SelfAttention);  // the toy layer walks again
  QVERIFY(page.errorText().isEmpty());
  QVERIFY(page.stepCount() > 0);
  QCOMPARE(page.walk().labels.size(), size_t(6));
}

// A trained layer: its rows are the tokens the model reads ([UNK] for a word its vocabulary lacks), and the
// boxes show the run's own seed and a trained position table.
void TestStepperPage::aTrainedLayerShowsWhatTheModelReads() {
  MainWindow window;
  auto model = trainedLikeModel();
  model->vocabulary = Vocabulary::build({tokenizeImdb("the on action gets results")}, 50);
  SessionModel run;
  run.name = "Run 1";
  run.settings = {{"task", "imdb-transformer"}, {"seed", 1337}};
  run.model = {"imdb-transformer", std::shared_ptr<const ImdbTransformerModel>(model)};
  window.library()->add(run);
  auto* page = window.findChild<StepperPage*>();
  QCOMPARE(window.findChild<AttentionPage*>()->currentModelName(), QString("Run 1"));
  page->setKind(StepperPage::Kind::SelfAttention);
  page->useTrainedModel(true);
  QVERIFY(page->usesTrainedModel());
  page->setSentence("The cat sat on the mat");
  const auto& labels = page->walk().labels;
  QCOMPARE(labels.size(), size_t(6));
  QCOMPARE(QString::fromStdString(labels[0]), QString("the"));
  for (size_t unknown : {size_t(1), size_t(2), size_t(5)})
    QVERIFY2(QString::fromStdString(labels[unknown]).contains("[UNK]"), labels[unknown].c_str());
  // The embedding step's rows say it too.
  page->showStep(stepWithKey(*page, "embedding"));
  QVERIFY(!page->gridViews().isEmpty());
  QVERIFY(page->gridViews().front()->table()->model()->headerData(1, Qt::Vertical).toString().contains("[UNK]"));
  auto* seed = page->findChild<QSpinBox*>("seedBox");
  QVERIFY(seed);
  QCOMPARE(seed->value(), 1337);
  QVERIFY(!seed->isEnabled());
  auto* position = page->findChild<QComboBox*>("positionBox");
  QVERIFY(position);
  QVERIFY2(position->currentText().contains("trained") && !position->currentText().contains("random"),
           qPrintable(position->currentText()));
  // Back to the toy: its own seed and random position table.
  page->useTrainedModel(false);
  QCOMPARE(seed->value(), 1);
  QVERIFY(seed->isEnabled());
  position->setCurrentIndex(position->findText("learned (random)"));
  QVERIFY(position->currentIndex() >= 0);
}

// The page walks the model a page of the session shows (the library's modelShown), with the seed of its settings,
// and lets it go when the library drops it. A model added but shown nowhere is not walked.
void TestStepperPage::followsTheModelsPagesShow() {
  ModelLibrary library;
  StepperPage page(&library);
  SessionModel run = sessionModel("Run 1", anyModelOf(std::shared_ptr<const ImdbTransformerModel>(trainedLikeModel())),
                                  "finished");
  run.settings = {{"seed", 4242}};
  const int id = library.add(std::move(run));
  page.useTrainedModel(true);
  QVERIFY(!page.usesTrainedModel());
  library.noteShown(id);
  page.useTrainedModel(true);
  QVERIFY(page.usesTrainedModel());
  QCOMPARE(page.findChild<QSpinBox*>("seedBox")->value(), 4242);
  library.noteShown(id + 1);  // unknown: nothing changes
  QVERIFY(page.usesTrainedModel());
  library.remove(id);
  QVERIFY(!page.usesTrainedModel());
}

QTEST_MAIN(TestStepperPage)
#include "test_stepper_page.moc"
