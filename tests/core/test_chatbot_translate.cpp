// The chatbot learns the built-in translation task, and its alignment crosses where Spanish puts the adjective
// after the noun ("the green chair" -> "la silla verde"). A smaller model than the classroom preset, so that
// the test takes seconds; the classroom preset itself is checked from the CLI (see the README).
// Also: questions made of unknown words, of no words and of 5,000 words get an answer.
#include <QtTest>

#include <cmath>

#include "core/data/builtin_dialogs.h"
#include "core/text/seq2seq_text.h"
#include "core/train/chatbot_task.h"
#include "tests/core/seq2seq_checks.h"

using namespace al;

class TestChatbotTranslate : public QObject {
  Q_OBJECT
 private:
  std::unique_ptr<ChatbotRun> run_;

 private slots:
  void initTestCase() {
    ChatbotRunSettings s = chatbotPreset("tiny");
    s.model.embedDim = 32;
    s.model.units = 64;
    s.model.attentionUnits = 32;
    test::trainOnTranslation(s, 8, 5e-3f, run_);
  }

  void translatesHeldOutSentences() {
    QCOMPARE(run_->testPairs(), size_t(300));
    const double exact = run_->exactMatchTest();
    QVERIFY2(exact >= 0.95, qPrintable(QString("%1% of held-out sentences exactly right").arg(100 * exact)));
  }

  // The alignment is the additive attention's weights at each answer step.
  void alignmentCrosses() {
    test::checkAlignmentCrosses([&](const std::string& english) {
      return askChatbot(run_->gruModel(), run_->sourceVocabulary(), run_->targetVocabulary(), english);
    });
  }

  void oddQuestionsGetAnAnswer() {
    const Seq2SeqAttention& m = run_->gruModel();
    const Vocabulary &source = run_->sourceVocabulary(), &target = run_->targetVocabulary();
    auto ask = [&](const std::string& question) { return askChatbot(m, source, target, question); };
    const ChatbotReply longOne =
        test::checkOddQuestionsGetAnAnswer(ask, source, m.config().maxSourceLength, m.config().maxTargetLength, 5000);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(longOne.attention.cols(), m.config().maxSourceLength);
  }
};

QTEST_APPLESS_MAIN(TestChatbotTranslate)
#include "test_chatbot_translate.moc"
