// The Attention page draws what the core computes: heatmaps the size of the token count holding the model's own
// attention weights (read back from the colour maps), the bar chart of a clicked token, the word-order lesson
// (a model without position gives the same prediction for shuffled words), the sinusoidal encoding (checked
// against the formula evaluated here), model directories, and export of every view.
#include "core/inference/imdb_transformer_inference.h"
#include "core/inference/pretrained_inference.h"
#include "core/teaching/attention_steps.h"

#include <QtTest>

#include <QFile>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTabWidget>
#include <QTemporaryDir>
#include <cmath>

#include "ui/main_window.h"
#include "ui/pages/attention_page.h"
#include "ui/pages/chatbot_page.h"
#include "ui/session/model_library.h"
#include "ui/widgets/export.h"
#include "ui/widgets/attention_thumbnails.h"
#include "ui/widgets/heatmap_view.h"
#include "tests/attention_shown.h"

using namespace al;
using namespace al::ui;

namespace {

const char* kSentence = "The train left the station on time and the station was quiet";

TransformerConfig testConfig(PositionKind position, int layers = 1, int sequenceLength = 32) {
  return {.vocabSize = 60, .sequenceLength = sequenceLength, .embedDim = 16, .numHeads = 2, .keyDim = 8,
          .denseDim = 8, .numLayers = layers, .position = position, .dropout = 0};
}

// A model whose embeddings are large enough for attention to be far from uniform.
std::shared_ptr<ImdbTransformerModel> makeModel(PositionKind position, int layers = 1, int sequenceLength = 32) {
  auto m = std::make_shared<ImdbTransformerModel>();
  m->model = std::make_unique<TransformerClassifier>(testConfig(position, layers, sequenceLength));
  m->model->initialize(17);
  Rng rng(4);
  for (const char* name : {"embedding.token", "embedding.position"}) {
    const int slot = m->model->parameters().find(name);
    if (slot < 0) continue;
    MatrixMap table = m->model->parameters().value(slot);
    for (Index i = 0; i < table.size(); ++i) table.data()[i] = rng.normal();
  }
  m->vocabulary = Vocabulary::build({tokenizeImdb(kSentence), tokenizeImdb("a good movie not bad at all")}, 60);
  return m;
}

}  // namespace

class TestAttentionPage : public QObject {
  Q_OBJECT
 private slots:
  // A pretrained BERT and GPT-2 show every layer's and head's attention over their own pieces (the numbers of
  // readAttention, itself checked against PyTorch); no sentiment is claimed, and the tabs about the book's encoder
  // (shuffling words, its position vectors) are off.
  void showsThePretrainedModelsAttention() {
    for (const char* name : {"bert-tiny", "gpt2-tiny"}) {
      const QString folder = QStringLiteral(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/") + name;
      AttentionPage page;
      page.openModelDirectory(folder);
      QVERIFY(QTest::qWaitFor([&] { return !page.isOpeningModel(); }, 60000));
      QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
      QCOMPARE(page.modelCount(), 1);
      const QString sentence = QStringLiteral("the cat sat on the");  // words both tiny vocabularies hold
      page.setText(sentence);
      QVERIFY2(test::attentionShown(page), name);
      const AnyModel& model = page.currentSessionModel()->model;
      const PretrainedAttention expected = model.as<PretrainedBert>()
                                               ? readAttention(*model.as<PretrainedBert>(), sentence.toStdString())
                                               : readAttention(*model.as<PretrainedGpt2>(), sentence.toStdString());
      const auto T = static_cast<Index>(expected.tokens.size());
      QCOMPARE(page.prediction().tokens.size(), expected.tokens.size());
      QCOMPARE(page.heatmapCount(), static_cast<int>(expected.attention.size()));
      const Matrix& last = expected.attention.back().back();  // the last layer's last head
      const int layers = static_cast<int>(expected.attention.size()), heads = static_cast<int>(expected.attention[0].size());
      QVERIFY(std::abs(page.heatmap(layers - 1, heads - 1)->drawnValue(int(T) - 1, 0) - last(T - 1, 0)) < 1e-6);
      QVERIFY2(!page.predictionText().contains(QStringLiteral("Prediction")), qPrintable(page.predictionText()));
      QVERIFY(!page.tabs()->isTabEnabled(1));
      QVERIFY(!page.tabs()->isTabEnabled(2));
    }
  }

  void noModelYet();
  void heatmapsHoldTheCoreAttention();
  void typingShowsAttention();
  void twoLayersGiveTwoRows();
  void clickedTokenBars();
  void unknownAndTruncatedTokensMarked();
  void longReview();
  void shuffleWithoutPositionKeepsPrediction();
  void shuffleWithPositionChanges();
  void sinusoidalEncodingView();
  void learnedPositionSimilarity();
  void modelDirectories();
  void exportsEveryView();
  void trainedToyWithoutPosition();
  void refusedInputClearsThePrediction();
  void aPageKeepsTheModelTheUserChose();
};

void TestAttentionPage::noModelYet() {
  AttentionPage page;
  QCOMPARE(page.modelCount(), 0);
  page.setText("hello");
  QVERIFY(!page.hasPrediction());
  QCOMPARE(page.heatmapCount(), 0);
}

void TestAttentionPage::heatmapsHoldTheCoreAttention() {
  AttentionPage page;
  auto model = makeModel(PositionKind::Learned);
  page.addModel("test", model);
  page.setText(kSentence);
  QVERIFY(test::attentionShown(page));
  QVERIFY(page.hasPrediction());
  const ImdbPrediction expected = predictText(*model->model, model->vocabulary, kSentence);
  const int T = static_cast<int>(expected.tokens.size());
  QCOMPARE(T, 12);
  QCOMPARE(page.heatmapCount(), 1);
  for (int h = 0; h < 2; ++h) {
    HeatmapView* view = page.heatmap(0, h);
    QVERIFY(view);
    QCOMPARE(view->rows(), T);
    QCOMPARE(view->columns(), T);
    QCOMPARE(view->rowLabels().front(), QString("the"));
    QCOMPARE(view->columnLabels().at(4), QString("station"));
    for (int i = 0; i < T; ++i)
      for (int j = 0; j < T; ++j) QVERIFY(std::abs(view->drawnValue(i, j) - expected.attention[0][size_t(h)](i, j)) < 1e-6);
  }
  // The average map: the mean of the two heads, computed here.
  HeatmapView* average = page.heatmap(0, 2);
  QVERIFY(average);
  QVERIFY(!page.heatmap(0, 3));
  for (int i = 0; i < T; ++i)
    for (int j = 0; j < T; ++j) {
      const double mean = (expected.attention[0][0](i, j) + expected.attention[0][1](i, j)) / 2;
      QVERIFY(std::abs(average->drawnValue(i, j) - mean) < 1e-6);
    }
  QVERIFY(page.predictionText().contains(QString::number(expected.probability, 'f', 4)));
  QVERIFY(average->toolTipFor(0, 4).contains("station"));
  QVERIFY(average->toolTipFor(0, 4).contains(QString::number(average->matrix()(0, 4), 'f', 4)));
}

void TestAttentionPage::typingShowsAttention() {
  AttentionPage page;
  auto model = makeModel(PositionKind::Learned);
  page.addModel("test", model);
  auto* edit = page.findChild<QPlainTextEdit*>("sentenceEdit");
  QVERIFY(edit);
  edit->clear();
  QTest::keyClicks(edit, "the cat sat on the mat");
  // The page redraws when the typing pauses.
  QTRY_COMPARE_WITH_TIMEOUT(page.heatmap(0, 0) ? page.heatmap(0, 0)->rows() : 0, 6, 3000);
  const ImdbPrediction expected = predictText(*model->model, model->vocabulary, "the cat sat on the mat");
  QCOMPARE(page.heatmap(0, 1)->rowLabels().at(1), QString("cat→[UNK]"));  // not in the test vocabulary
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 6; ++j) QVERIFY(std::abs(page.heatmap(0, 1)->drawnValue(i, j) - expected.attention[0][1](i, j)) < 1e-6);
}

void TestAttentionPage::twoLayersGiveTwoRows() {
  AttentionPage page;
  auto model = makeModel(PositionKind::Sinusoidal, 2);
  page.addModel("two layers", model);
  page.setText("a good movie");
  QVERIFY(test::attentionShown(page));
  const ImdbPrediction expected = predictText(*model->model, model->vocabulary, "a good movie");
  QCOMPARE(page.heatmapCount(), 2);
  QVERIFY(page.heatmap(1, 1));
  QCOMPARE(page.heatmap(1, 1)->rows(), 3);
  QVERIFY(std::abs(page.heatmap(1, 1)->drawnValue(2, 0) - expected.attention[1][1](2, 0)) < 1e-6);
  // A shorter sentence redraws the same views at the new size.
  page.setText("good");
  QVERIFY(test::attentionShown(page));
  QCOMPARE(page.heatmap(0, 0)->rows(), 1);
}

void TestAttentionPage::clickedTokenBars() {
  AttentionPage page;
  auto model = makeModel(PositionKind::Learned);
  page.addModel("test", model);
  page.setText(kSentence);
  QVERIFY(test::attentionShown(page));
  page.selectToken(4);  // "station"
  QCOMPARE(page.selectedToken(), 4);
  const ImdbPrediction expected = predictText(*model->model, model->vocabulary, kSentence);
  const RowVector& bars = page.tokenBars()->weights();
  QCOMPARE(bars.size(), Index(12));
  double sum = 0;
  for (int j = 0; j < 12; ++j) {
    const double mean = (expected.attention[0][0](4, j) + expected.attention[0][1](4, j)) / 2;
    QVERIFY(std::abs(bars(j) - mean) < 1e-6);
    sum += bars(j);
  }
  QVERIFY(std::abs(sum - 1) < 1e-5);
  QVERIFY(page.tokenBars()->title().contains("station"));
  // A click on a heatmap row selects that token.
  emit page.heatmap(0, 0)->cellClicked(2, 5);
  QCOMPARE(page.selectedToken(), 2);
}

void TestAttentionPage::unknownAndTruncatedTokensMarked() {
  AttentionPage page;
  page.addModel("test", makeModel(PositionKind::Learned, 1, 8));
  page.setText("The zebra left the station on time and then some more words");
  QVERIFY(test::attentionShown(page));
  QVERIFY(page.prediction().truncated);
  QCOMPARE(page.prediction().tokens.size(), size_t(8));
  QCOMPARE(page.prediction().ids[1], Vocabulary::kUnknownId);
  QVERIFY(page.tokensText().contains("1 unknown"));
  QVERIFY(page.tokensText().contains("cut"));
  QCOMPARE(page.heatmap(0, 0)->rows(), 8);
}

void TestAttentionPage::longReview() {
  AttentionPage page;
  auto model = makeModel(PositionKind::Learned, 1, 600);
  page.addModel("long", model);
  QString review;
  for (int i = 0; i < 70; ++i) review += "the train left the station on time and ";  // 8 words x 70 = 560
  page.setText(review);
  QVERIFY(test::attentionShown(page));
  QCOMPARE(page.heatmap(0, 2)->rows(), 560);
  QVERIFY(!page.prediction().truncated);
  const ImdbPrediction expected = predictText(*model->model, model->vocabulary, review.toStdString());
  QVERIFY(std::abs(page.heatmap(0, 1)->drawnValue(559, 3) - expected.attention[0][1](559, 3)) < 1e-6);
}

void TestAttentionPage::shuffleWithoutPositionKeepsPrediction() {
  AttentionPage page;
  page.addModel("no position", makeModel(PositionKind::None));
  page.setText(kSentence);
  QVERIFY(test::attentionShown(page));
  page.shuffleWords();
  QVERIFY(page.hasComparison());
  const teaching::ShuffledComparison& c = page.comparison();
  QVERIFY(c.shuffled.tokens != c.original.tokens);
  QVERIFY(std::abs(c.shuffled.probability - c.original.probability) < 1e-6);
  // Row i of the shuffled attention is the original row of the word now at i, permuted with the words.
  const Matrix& a = c.original.attention[0][0];
  const Matrix& b = c.shuffled.attention[0][0];
  for (size_t i = 0; i < c.order.size(); ++i)
    for (size_t j = 0; j < c.order.size(); ++j) QVERIFY(std::abs(b(Index(i), Index(j)) - a(c.order[i], c.order[j])) < 1e-5);
  QVERIFY(page.wordOrderVerdict().contains("no position information"));
  QVERIFY(page.wordOrderVerdict().contains(QString::number(c.original.probability, 'f', 6)));
  QCOMPARE(page.shuffledOrderView()->rows(), 12);
  QCOMPARE(page.shuffledOrderView()->rowLabels().at(0), QString::fromStdString(c.shuffled.tokens[0]));
  // Another sentence: the comparison no longer applies.
  page.setText("a good movie");
  QVERIFY(!page.hasComparison());
  QCOMPARE(page.shuffledOrderView()->rows(), 0);
  QVERIFY(page.wordOrderVerdict().contains("Shuffle words"));
}

void TestAttentionPage::shuffleWithPositionChanges() {
  AttentionPage page;
  page.addModel("learned", makeModel(PositionKind::Learned));
  page.setText(kSentence);
  QVERIFY(test::attentionShown(page));
  page.shuffleWords();
  QVERIFY(page.comparison().largestWeightDifference > 1e-3);
  QVERIFY(page.wordOrderVerdict().contains("word order matters"));
}

void TestAttentionPage::sinusoidalEncodingView() {
  AttentionPage page;
  page.addModel("learned", makeModel(PositionKind::Learned));
  HeatmapView* view = page.sinusoidView();
  QCOMPARE(view->columns(), 16);  // the model's width
  QCOMPARE(view->rows(), 32);     // at most its sequence length
  for (int p : {0, 1, 7, 31})
    for (int j = 0; j < 8; ++j) {
      const double angle = p / std::pow(10000.0, 2.0 * j / 16);
      QVERIFY(std::abs(view->drawnValue(p, 2 * j) - std::sin(angle)) < 1e-5);
      QVERIFY(std::abs(view->drawnValue(p, 2 * j + 1) - std::cos(angle)) < 1e-5);
    }
}

void TestAttentionPage::learnedPositionSimilarity() {
  AttentionPage page;
  auto model = makeModel(PositionKind::Learned);
  page.addModel("learned", model);
  HeatmapView* view = page.positionSimilarityView();
  QVERIFY(view->title().contains("Learned"));
  const Matrix p = std::as_const(*model->model).parameters().value(model->model->parameters().find("embedding.position"));
  const double cosine = p.row(2).dot(p.row(5)) / (p.row(2).norm() * p.row(5).norm());
  QVERIFY(std::abs(view->drawnValue(2, 5) - cosine) < 1e-5);
  QVERIFY(std::abs(view->drawnValue(3, 3) - 1) < 1e-5);
  page.addModel("none", makeModel(PositionKind::None));
  QVERIFY(!page.positionSimilarityView()->title().contains("Learned"));
}

void TestAttentionPage::modelDirectories() {
  QTemporaryDir dir;
  auto model = makeModel(PositionKind::Learned);
  const QString path = dir.filePath("saved");
  saveImdbTransformer(path.toStdString(), *model->model, model->vocabulary, {});
  AttentionPage page;
  // Read on a worker thread: the page answers meanwhile, and the model arrives when it has been read.
  page.openModelDirectory(path);
  QVERIFY(page.isOpeningModel());
  QCOMPARE(page.modelCount(), 0);
  QVERIFY(QTest::qWaitFor([&] { return !page.isOpeningModel(); }, 60000));
  QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
  QCOMPARE(page.modelCount(), 1);
  QCOMPARE(page.currentModelName(), QString("saved"));
  page.setText(kSentence);
  QVERIFY(test::attentionShown(page));
  const ImdbPrediction expected = predictText(*model->model, model->vocabulary, kSentence);
  QVERIFY(std::abs(page.heatmap(0, 1)->drawnValue(3, 4) - expected.attention[0][1](3, 4)) < 1e-6);

  page.openModelDirectory(dir.filePath("missing"));
  QVERIFY(QTest::qWaitFor([&] { return !page.isOpeningModel(); }, 60000));
  QVERIFY(page.errorText().contains("missing"));
  QCOMPARE(page.modelCount(), 1);

  // Cancelled, an opening adds nothing, and neither do the ones waiting behind it.
  page.openModelDirectory(path);
  page.openModelDirectory(path);
  auto* cancel = page.findChild<QPushButton*>("cancelFileJob");
  QVERIFY(cancel && !cancel->isHidden());
  cancel->click();
  QVERIFY(QTest::qWaitFor([&] { return !page.isOpeningModel(); }, 60000));
  QCOMPARE(page.modelCount(), 1);
  // Not cancelled, directories asked for one after the other are all opened, in turn.
  page.openModelDirectory(path);
  page.openModelDirectory(path);
  QVERIFY(QTest::qWaitFor([&] { return !page.isOpeningModel(); }, 60000));
  QCOMPARE(page.modelCount(), 3);

  // A run of this session arrives as the model library's snapshot (tests/ui/test_model_library.cpp), no file.
  page.addModel("session run", model);
  QCOMPARE(page.modelCount(), 4);
  QCOMPARE(page.currentModelName(), QString("session run"));
}

void TestAttentionPage::exportsEveryView() {
  AttentionPage page;
  page.resize(1200, 800);
  page.addModel("test", makeModel(PositionKind::Learned));
  page.setText(kSentence);
  QVERIFY(test::attentionShown(page));
  page.selectToken(1);
  QTemporaryDir dir;
  QList<QWidget*> views{page.heatmap(0, 0), page.tokenBars(), page.sinusoidView(), page.positionSimilarityView()};
  for (QWidget* view : views)
    for (const char* suffix : {"png", "svg", "pdf"}) {
      const QString path = dir.filePath(QString("view%1.%2").arg(views.indexOf(view)).arg(suffix));
      exportWidget(view, path);
      QVERIFY2(QFileInfo(path).size() > 200, qPrintable(path));
    }
  HeatmapView* map = page.heatmap(0, 1);
  const QString csv = dir.filePath("map.csv");
  QVERIFY(writeCsv(csv, map->csvHeader(), map->csvRows()));
  QFile file(csv);
  QVERIFY(file.open(QIODevice::ReadOnly));
  const QStringList lines = QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
  QCOMPARE(lines.size(), 13);  // header + 12 tokens
  const QStringList row3 = lines[3].split(',');
  QCOMPARE(row3[0], QString("left"));
  QVERIFY(std::abs(row3[5].toDouble() - map->matrix()(2, 4)) < 1e-6);
  QCOMPARE(page.tokenBars()->csvRows().size(), size_t(12));
}

void TestAttentionPage::trainedToyWithoutPosition() {
  // A model trained here (tiny preset, built-in reviews) without position: shuffling changes nothing.
  AttentionPage page;
  page.trainToyModel(PositionKind::None);
  QVERIFY(page.isTrainingToyModel());
  QTRY_VERIFY_WITH_TIMEOUT(!page.isTrainingToyModel(), 180000);
  QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
  QCOMPARE(page.modelCount(), 1);
  QVERIFY(page.currentModel()->model->config().position == PositionKind::None);
  page.setText("a wonderful film with a terrible ending, but the actors were great");
  page.shuffleWords();
  QVERIFY(page.comparison().probabilityDifference < 1e-6);
  QVERIFY(page.comparison().largestWeightDifference < 1e-5);
  QVERIFY(page.wordOrderVerdict().contains("identical"));
}

// An empty or unreadable text leaves nothing of the last sentence on the page: no prediction, tokens or maps.
void TestAttentionPage::refusedInputClearsThePrediction() {
  AttentionPage page;
  page.addModel("test", makeModel(PositionKind::Learned));
  page.setText(kSentence);
  QVERIFY(test::attentionShown(page));
  QVERIFY(page.hasPrediction());
  QVERIFY(page.predictionText().contains("Prediction"));
  QVERIFY(page.heatmapCount() > 0);
  for (const QString& refused : {QString(), QString("?! ...")}) {
    page.setText(refused);
    QVERIFY(test::attentionShown(page));
    QVERIFY(!page.errorText().isEmpty());
    QVERIFY(!page.hasPrediction());
    QVERIFY2(!page.predictionText().contains("Prediction"), qPrintable(page.predictionText()));
    QVERIFY2(!page.tokensText().contains("station"), qPrintable(page.tokensText()));
    QCOMPARE(page.heatmapCount(), 0);
    QCOMPARE(page.thumbnails()->thumbnailCount(), 0);
    page.setText(kSentence);  // and a good sentence shows again
    QVERIFY(test::attentionShown(page));
    QVERIFY(page.hasPrediction());
    QVERIFY(page.errorText().isEmpty());
    QVERIFY(page.heatmapCount() > 0);
  }
}

// Models that arrive later (a run, the normalization race's two) join the list; the one the user chose stays.
void TestAttentionPage::aPageKeepsTheModelTheUserChose() {
  MainWindow window;
  auto* attention = window.findChild<AttentionPage*>();
  auto* chatbot = window.findChild<ChatbotPage*>();
  // The first model of the session is shown at once: there was nothing to keep.
  SessionModel first;
  first.name = "Run 1";
  first.model = {"imdb-transformer", std::shared_ptr<const ImdbTransformerModel>(makeModel(PositionKind::Learned))};
  window.library()->add(first);
  QCOMPARE(attention->currentModelName(), QString("Run 1"));
  attention->addModel("mine", makeModel(PositionKind::None));  // as a toy model trained on the page
  QCOMPARE(attention->currentModelName(), QString("mine"));
  attention->setText(kSentence);
  QVERIFY(test::attentionShown(*attention));
  const double before = attention->prediction().probability;
  for (const char* name : {"race 1 layer norm", "race 1 batch norm"}) {
    SessionModel raced;
    raced.name = name;
    raced.model = {"imdb-transformer", std::shared_ptr<const ImdbTransformerModel>(makeModel(PositionKind::Sinusoidal))};
    window.library()->add(raced);
  }
  QCOMPARE(attention->modelCount(), 4);
  QCOMPARE(attention->currentModelName(), QString("mine"));
  QCOMPARE(attention->text(), QString(kSentence));
  QCOMPARE(attention->prediction().probability, before);
  attention->selectModel(2);  // the user's choice
  QCOMPARE(attention->currentModelName(), QString("race 1 layer norm"));
  // The Chatbot page too.
  auto bot = std::make_shared<ChatbotModel>(teaching::toyChatbot("where is the car ?", 8, 5, 3));
  chatbot->addModel("my chatbot", bot);
  SessionModel run;
  run.name = "Run 2";
  run.model = {"seq2seq-attention",
               std::make_shared<const ChatbotModel>(teaching::toyChatbot("where is the car ?", 8, 5, 4))};
  window.library()->add(run);
  QCOMPARE(chatbot->modelCount(), 2);
  QCOMPARE(chatbot->currentModelName(), QString("my chatbot"));
}

QTEST_MAIN(TestAttentionPage)
#include "test_attention_page.moc"
