// The Attention page's "Rollout and saliency" tab: on the page, a BERT's rollout is the core's rollout of the maps
// readAttention gives (rows summing to 1), and the saliency line says it is for the app's classifier; for an IMDB
// classifier the reading carries gradient × input per token, the one the core computes, and the sentence shows
// every token with the attention it receives in the rollout.
#include "core/inference/imdb_transformer_inference.h"
#include "core/inference/pretrained_inference.h"
#include "core/teaching/attention_rollout.h"
#include "core/teaching/token_attribution.h"

#include <QLabel>
#include <QtTest>

#include <cmath>

#include "ui/pages/attention_page.h"
#include "ui/pages/attention_reader.h"
#include "ui/pages/attention_rollout_tab.h"
#include "ui/widgets/heatmap_view.h"
#include "tests/attention_shown.h"
#include "tests/small_classifier.h"

using namespace al;
using namespace al::ui;

class TestAttentionRolloutTab : public QObject {
  Q_OBJECT
 private slots:
  void theRolloutOfABertOnThePage() {
    AttentionPage page;
    page.openModelDirectory(QStringLiteral(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/bert-tiny"));
    QVERIFY(QTest::qWaitFor([&] { return !page.isOpeningModel(); }, test::waitBudgetMs(60000)));
    const char* sentence = "the cat sat on the mat";
    page.setText(QString::fromUtf8(sentence));
    QVERIFY(test::attentionShown(page));
    const AnyModel& model = page.currentSessionModel()->model;
    const Matrix expected = teaching::attentionRollout(readAttention(*model.as<PretrainedBert>(), sentence).attention).back();
    const Matrix& shown = page.rolloutTab()->rolloutMap()->matrix();
    QCOMPARE(shown.rows(), expected.rows());
    QVERIFY((shown - expected).cwiseAbs().maxCoeff() < 1e-6f);
    for (Index i = 0; i < shown.rows(); ++i) QVERIFY(std::abs(shown.row(i).sum() - 1.0f) < 1e-5f);
    QVERIFY(page.rolloutTab()->sentenceText().contains("IMDB classifier only"));
  }

  void saliencyOnTheSentenceOfAClassifier() {
    const char* text = "a wonderful film but a dull ending";
    ImdbTransformerModel m = test::smallClassifierOver(text);
    const auto shared = std::make_shared<const ImdbTransformerModel>(std::move(m));
    const AttentionReading reading = readSentence(anyModelOf(shared), text);
    QVERIFY(reading.error.isEmpty());
    const teaching::TokenAttribution direct = teaching::gradientTimesInput(*shared->model, reading.prediction.ids);
    QCOMPARE(reading.saliency, direct.saliency);

    AttentionRolloutTab tab;
    tab.setReading(std::make_shared<const AttentionReading>(reading));
    QCOMPARE(tab.rolloutMap()->rows(), 7);
    const QString line = tab.sentenceText();
    QVERIFY2(line.contains(direct.positive ? "positive" : "negative"), qPrintable(line));
    for (const char* word : {"wonderful", "film", "dull", "ending"}) QVERIFY2(line.contains(word), qPrintable(line));
    tab.setReading(nullptr);
    QCOMPARE(tab.rolloutMap()->rows(), 0);
    QVERIFY(tab.sentenceText().trimmed().isEmpty());
  }

  // A hidden tab keeps a long saliency line aside (laying it out for the page's layouts froze the window) and
  // shows it when the tab is shown.
  void aHiddenTabShowsItsSaliencyLineWhenShown() {
    const char* text = "a wonderful film but a dull ending";
    const auto shared = std::make_shared<const ImdbTransformerModel>(test::smallClassifierOver(text));
    AttentionRolloutTab tab;
    tab.setReading(std::make_shared<const AttentionReading>(readSentence(anyModelOf(shared), text)));
    auto* label = tab.findChild<QLabel*>("saliency");
    QVERIFY(label != nullptr);
    QVERIFY(label->text().isEmpty());
    QVERIFY(tab.sentenceText().contains("wonderful"));
    tab.show();
    QVERIFY(QTest::qWaitForWindowExposed(&tab));
    QVERIFY2(label->text().contains("wonderful"), qPrintable(label->text()));
    tab.setReading(nullptr);  // shown: at once
    QVERIFY(label->text().trimmed().isEmpty() || !label->text().contains("wonderful"));
  }
};

QTEST_MAIN(TestAttentionRolloutTab)
#include "test_attention_rollout_tab.moc"
