// A long review on the Attention page: the model reads it on a worker thread while the window goes on (a timer
// queued before the paste fires before the result is on the page), and then every token it read is shown (the
// token strip, each heatmap's rows and columns, the thumbnails). A reading overtaken by a newer sentence or model
// never reaches the page. Speed itself is measured by bench/gui_stall.cpp, not here.
#include "core/inference/imdb_transformer_inference.h"

#include <QtTest>

#include <QLabel>
#include <QSignalSpy>
#include <QTextBrowser>
#include <QTimer>

#include "ui/pages/attention_page.h"
#include "ui/widgets/attention_thumbnails.h"
#include "ui/widgets/heatmap_view.h"
#include "tests/wait_budget.h"

using namespace al;
using namespace al::ui;

namespace {

constexpr int kLength = 600;  // the book preset's sequence length

// A small model that reads up to kLength tokens (the book preset's sequence length, at a width a test affords).
std::shared_ptr<ImdbTransformerModel> longModel(uint64_t seed = 3) {
  auto m = std::make_shared<ImdbTransformerModel>();
  m->model = std::make_unique<TransformerClassifier>(TransformerConfig{
      .vocabSize = 40, .sequenceLength = kLength, .embedDim = 16, .numHeads = 2, .keyDim = 8, .denseDim = 8,
      .numLayers = 1, .position = PositionKind::Learned, .dropout = 0});
  m->model->initialize(seed);
  m->vocabulary = Vocabulary::build({tokenizeImdb("the train left the station on time and the station was quiet")}, 40);
  return m;
}

// More words than the model reads: 82 x 8 = 656, cut at kLength.
QString longReview() {
  QString review;
  for (int i = 0; i < 82; ++i) review += QStringLiteral("the train left the station on time and ");
  return review;
}

}  // namespace

class TestAttentionLongSentence : public QObject {
  Q_OBJECT
 private slots:
  void aLongReviewLeavesTheWindowFreeAndShowsEveryToken();
  void aReadingOvertakenByANewerOneIsDropped();
  void hundredsOfUnknownWordsAreListedShort();
};

void TestAttentionLongSentence::aLongReviewLeavesTheWindowFreeAndShowsEveryToken() {
  AttentionPage page;
  auto model = longModel();
  page.addModel("book-size", model);
  QTRY_VERIFY_WITH_TIMEOUT(page.hasPrediction() && !page.isComputingAttention(), test::waitBudgetMs(20000));
  // A timer queued before the paste: the event loop must get to it while the long review is still being read or
  // drawn, and the page says it is busy.
  bool timerFired = false, resultWasThere = false, busy = false;
  QTimer::singleShot(0, &page, [&] {
    timerFired = true;
    resultWasThere = page.heatmap(0, 2)->rows() == kLength;
    busy = page.isComputingAttention();
  });
  QSignalSpy shown(&page, &AttentionPage::attentionShown);
  page.setText(longReview());
  QVERIFY(page.isComputingAttention());
  QVERIFY(shown.wait(test::waitBudgetMs(20000)));
  QVERIFY(timerFired);
  QVERIFY2(!resultWasThere, "the window waited for the whole reading");
  QVERIFY(busy);
  QVERIFY(!page.isComputingAttention());

  // Every token the model reads is on the page: the strip says how many and that the rest was cut, each map
  // (both heads and their average) has a row and a column per token, labelled with it; so do the thumbnails.
  const ImdbPrediction expected = predictText(*model->model, model->vocabulary, longReview().toStdString());
  QCOMPARE(expected.tokens.size(), size_t(kLength));
  QVERIFY(page.prediction().truncated);
  QVERIFY2(page.tokensText().contains(QStringLiteral("%1 tokens").arg(kLength)), qPrintable(page.tokensText().right(300)));
  QVERIFY(page.tokensText().contains("cut"));
  for (int h = 0; h <= 2; ++h) {
    HeatmapView* view = page.heatmap(0, h);
    QCOMPARE(view->rows(), kLength);
    QCOMPARE(view->columns(), kLength);
    QCOMPARE(view->rowLabels().last(), QString::fromStdString(expected.tokens.back()));
    QCOMPARE(view->columnLabels().size(), kLength);
  }
  QVERIFY(std::abs(page.heatmap(0, 1)->drawnValue(kLength - 1, 7) - expected.attention[0][1](kLength - 1, 7)) < 1e-6);
  QCOMPARE(page.thumbnails()->thumbnailCount(), 2);
  QCOMPARE(page.thumbnails()->cellColour(0, 1, kLength - 1, kLength - 1).isValid(), true);
}

void TestAttentionLongSentence::aReadingOvertakenByANewerOneIsDropped() {
  AttentionPage page;
  auto first = longModel(3), second = longModel(5);
  page.addModel("first", first);
  QTRY_VERIFY_WITH_TIMEOUT(page.hasPrediction() && !page.isComputingAttention(), test::waitBudgetMs(20000));
  // Every prediction that reaches the page, as (tokens, probability): when its tokens are put on the strip, and
  // when its last map is drawn.
  std::vector<std::pair<size_t, float>> stripped, shown;
  auto* strip = page.findChild<QTextBrowser*>("tokens");
  QVERIFY(strip);
  connect(strip, &QTextBrowser::textChanged, this,
          [&] { stripped.emplace_back(page.prediction().tokens.size(), page.prediction().probability); });
  connect(&page, &AttentionPage::attentionShown, this,
          [&] { shown.emplace_back(page.prediction().tokens.size(), page.prediction().probability); });
  // The long review with the first model, then at once a short sentence, then another model: only the last
  // request (second model, short sentence) may reach the page, though the long reading was under way.
  page.setText(longReview());
  page.setText(QStringLiteral("a quiet station"));
  page.addModel("second", second);
  QTRY_VERIFY_WITH_TIMEOUT(!page.isComputingAttention(), test::waitBudgetMs(20000));
  const ImdbPrediction expected = predictText(*second->model, second->vocabulary, "a quiet station");
  const std::vector<std::pair<size_t, float>> newest{{3, expected.probability}};
  QCOMPARE(stripped, newest);
  QCOMPARE(shown, newest);
  QCOMPARE(page.heatmap(0, 0)->rows(), 3);
  QCOMPARE(page.heatmap(0, 2)->rowLabels().last(), QString("station"));
  QCOMPARE(page.currentModelName(), QString("second"));
}

// A 600-token review of mostly words the model never saw: the prediction and the token strip name the first few
// and how many there are, not all 396 (which pushed the maps out of the window); "show all" lists every one, and
// "show fewer" goes back.
void TestAttentionLongSentence::hundredsOfUnknownWordsAreListedShort() {
  AttentionPage page;
  page.resize(1280, 720);
  page.show();
  page.addModel("book-size", longModel());
  QTRY_VERIFY_WITH_TIMEOUT(page.hasPrediction() && !page.isComputingAttention(), test::waitBudgetMs(20000));
  QStringList words;
  for (int i = 0; i < 600; ++i) words << (i % 3 == 2 ? QStringLiteral("station") : QStringLiteral("w%1").arg(i));
  QSignalSpy shown(&page, &AttentionPage::attentionShown);
  page.setText(words.join(' '));
  QVERIFY(shown.wait(test::waitBudgetMs(20000)));
  const QString prediction = page.predictionText();
  QVERIFY2(prediction.contains(QStringLiteral("400 words unknown")), qPrintable(prediction));
  QVERIFY2(prediction.contains(QStringLiteral("“w0”, “w1”, “w3”")), qPrintable(prediction));
  QVERIFY2(!prediction.contains(QStringLiteral("“w598”")), qPrintable(prediction));
  QVERIFY2(prediction.size() < 400, qPrintable(QString::number(prediction.size())));
  QVERIFY2(prediction.contains(QStringLiteral("show all")), qPrintable(prediction));
  QVERIFY2(!page.tokensText().contains(QStringLiteral("“w598”")), qPrintable(page.tokensText().right(300)));
  auto* label = page.findChild<QLabel*>("prediction");
  QVERIFY(label);
  QVERIFY(label->text().contains(QStringLiteral("href=\"#unknown\"")));
  // The maps stay on the page: the line over them is a few lines, not a wall of words.
  QVERIFY2(label->height() < 120, qPrintable(QString::number(label->height())));
  emit label->linkActivated(QStringLiteral("#unknown"));
  QVERIFY2(page.predictionText().contains(QStringLiteral("“w598”")), qPrintable(page.predictionText().right(200)));
  QVERIFY(page.predictionText().contains(QStringLiteral("show fewer")));
  emit label->linkActivated(QStringLiteral("#unknown"));
  QVERIFY(!page.predictionText().contains(QStringLiteral("“w598”")));
}

QTEST_MAIN(TestAttentionLongSentence)
#include "test_attention_long_sentence.moc"
