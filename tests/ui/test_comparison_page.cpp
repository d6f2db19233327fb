// The Compare page trains the GRU chatbot and the encoder-decoder Transformer on the same data and split, and
// shows both runs' curves, their exact-match accuracy, time per epoch and alignment for the same sentence. Both models
// join the session's library, where the Chatbot page finds them and quitting asks about them.
#include "core/inference/chatbot_inference.h"
#include "core/inference/seq2seq_transformer_inference.h"
#include "core/train/chatbot_task.h"

#include <QSignalSpy>
#include <QTableWidget>
#include <QtTest>

#include "ui/widgets/curve_plot.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/pages/chatbot_page.h"
#include "ui/pages/comparison_page.h"
#include "ui/session/model_library.h"

using namespace al;
using namespace al::ui;

class TestComparisonPage : public QObject {
  Q_OBJECT
 private slots:
  void bothModelsTrainOnTheSameSplitAndAreCompared() {
    ModelLibrary library;
    ChatbotPage chatbot(&library);
    ComparisonPage page(&library);
    page.setData(QStringLiteral("builtin:translate"));
    page.setPreset(QStringLiteral("tiny"));
    page.setEpochs(2);
    QSignalSpy done(&page, &ComparisonPage::finished);
    page.start();
    QVERIFY(page.isRunning());
    QVERIFY(done.wait(240000));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    QVERIFY(!page.isRunning());
    for (ComparisonPage::Side side : {ComparisonPage::Gru, ComparisonPage::Transformer}) {
      QVERIFY(page.hasModel(side));
      QCOMPARE(page.curves()->pointCount(side, CurvePlot::Curve::Validation, CurvePlot::Metric::Loss), 2);
      QVERIFY(page.secondsPerEpoch(side) > 0);
      QVERIFY(page.exactMatch(side) >= 0 && page.exactMatch(side) <= 1);
      QVERIFY(!page.table()->item(5, side)->text().isEmpty());  // exact match shown
    }
    const ChatbotRun& gru = *page.run(ComparisonPage::Gru);
    const ChatbotRun& transformer = *page.run(ComparisonPage::Transformer);
    QCOMPARE(gru.task(), std::string("seq2seq-attention"));
    QCOMPARE(transformer.task(), std::string("seq2seq-transformer"));
    // The same pairs in the same parts.
    QCOMPARE(gru.taskData().split().train, transformer.taskData().split().train);
    QCOMPARE(gru.taskData().split().validation, transformer.taskData().split().validation);
    QCOMPARE(gru.sourceVocabulary().tokens(), transformer.sourceVocabulary().tokens());

    // Each alignment is its model's answer to the same sentence.
    page.setSentence(QStringLiteral("the red car sees a small house"));
    const ChatbotReply g = askChatbot(gru.gruModel(), gru.sourceVocabulary(), gru.targetVocabulary(), "the red car sees a small house");
    const Seq2SeqTransformerReply t = askSeq2seqTransformer(transformer.transformerModel(), transformer.sourceVocabulary(),
                                                            transformer.targetVocabulary(), "the red car sees a small house");
    QCOMPARE(page.alignment(ComparisonPage::Gru)->matrix(), g.attention);
    QCOMPARE(page.alignment(ComparisonPage::Transformer)->matrix(), t.attention);
    QCOMPARE(page.alignment(ComparisonPage::Transformer)->columns(), int(t.sourceTokens.size()));

    // Both models are in the library, unsaved (no directory), with their own weights: the Chatbot page answers with
    // them what the page's runs answer.
    QCOMPARE(library.models().size(), size_t(2));
    QCOMPARE(library.models()[0].model.task, std::string("seq2seq-attention"));
    QCOMPARE(library.models()[1].model.task, std::string("seq2seq-transformer"));
    for (const SessionModel& model : library.models()) {
      QCOMPARE(model.status, QStringLiteral("toy"));
      QVERIFY(model.directory.isEmpty());
      QVERIFY2(model.name.startsWith(QStringLiteral("Compare: ")), qPrintable(model.name));
    }
    QCOMPARE(chatbot.modelCount(), 2);
    chatbot.selectModel(0);
    chatbot.ask(QStringLiteral("the red car sees a small house"));
    QVERIFY(chatbot.hasReply());
    QCOMPARE(chatbot.reply().attention, g.attention);
  }
};

QTEST_MAIN(TestComparisonPage)
#include "test_comparison_page.moc"
