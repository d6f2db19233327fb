// The Chatbot page shows the chatbot's answer and its alignment heatmap, answer words x question words, holding
// exactly the attention weights the core's greedy decoding used.
#include "core/teaching/attention_steps.h"
#include "core/inference/chatbot_inference.h"

#include <QtTest>

#include <QLineEdit>
#include <QTemporaryDir>
#include <cmath>

#include "ui/pages/chatbot_page.h"
#include "ui/widgets/export.h"
#include "ui/widgets/heatmap_view.h"

using namespace al;
using namespace al::ui;

namespace {

const char* kQuestion = "where did you buy that bike ?";

std::shared_ptr<ChatbotModel> toy(uint64_t seed) {
  return std::make_shared<ChatbotModel>(teaching::toyChatbot(kQuestion, 8, 5, seed));
}

}  // namespace

class TestChatbotPage : public QObject {
  Q_OBJECT
 private slots:
  void noModel();
  void alignmentHoldsTheDecoderWeights();
  void modelDirectories();
  void exportsTheAlignment();
  void trainsATinyChatbot();
  void anotherModelOrARefusedQuestionClearsTheAnswer();
  void anUnknownWordIsMarkedInTheAlignment();
};

void TestChatbotPage::noModel() {
  ChatbotPage page;
  page.ask("hello");
  QVERIFY(!page.hasReply());
  QVERIFY(!page.errorText().isEmpty());
}

void TestChatbotPage::alignmentHoldsTheDecoderWeights() {
  ChatbotPage page;
  auto model = toy(3);
  page.addModel("toy", model);
  page.ask(kQuestion);
  QVERIFY(page.hasReply());
  const ChatbotReply expected = askChatbot(*model->model, model->source, model->target, kQuestion);
  HeatmapView* view = page.alignmentView();
  QCOMPARE(view->rows(), static_cast<int>(expected.outputTokens.size()));
  QCOMPARE(view->columns(), 9);  // <start>, seven words, <end>
  QCOMPARE(view->columnLabels().front(), QString("<start>"));
  QCOMPARE(view->columnLabels().at(6), QString("bike"));
  for (int i = 0; i < view->rows(); ++i) {
    double sum = 0;
    for (int j = 0; j < view->columns(); ++j) {
      QVERIFY(std::abs(view->drawnValue(i, j) - expected.attention(i, j)) < 1e-6);
      sum += view->drawnValue(i, j);
    }
    QVERIFY(std::abs(sum - 1) < 1e-5);
  }
  QVERIFY(page.answerText().contains(QString::fromStdString(expected.answer)));
}

void TestChatbotPage::modelDirectories() {
  QTemporaryDir dir;
  auto model = toy(5);
  const QString path = dir.filePath("bot");
  saveChatbot(path.toStdString(), *model->model, model->source, model->target, {});
  ChatbotPage page;
  page.openModelDirectory(path);
  QTRY_VERIFY_WITH_TIMEOUT(!page.isOpeningModel(), 30000);
  QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
  QCOMPARE(page.currentModelName(), QString("bot"));
  page.ask(kQuestion);
  const ChatbotReply expected = askChatbot(*model->model, model->source, model->target, kQuestion);
  QVERIFY(std::abs(page.alignmentView()->drawnValue(0, 2) - expected.attention(0, 2)) < 1e-6);
  page.openModelDirectory(dir.filePath("nothing"));
  QTRY_VERIFY_WITH_TIMEOUT(!page.isOpeningModel(), 30000);
  QCOMPARE(page.modelCount(), 1);
  QVERIFY(!page.errorText().isEmpty());
  // A run of this session arrives as the model library's snapshot, no file.
  page.addModel("run", model);
  QCOMPARE(page.modelCount(), 2);
}

void TestChatbotPage::exportsTheAlignment() {
  ChatbotPage page;
  page.resize(1000, 700);
  page.addModel("toy", toy(1));
  page.ask(kQuestion);
  QTemporaryDir dir;
  for (const char* suffix : {"png", "svg", "pdf"}) {
    const QString path = dir.filePath(QString("alignment.%1").arg(suffix));
    exportWidget(page.alignmentView(), path);
    QVERIFY(QFileInfo(path).size() > 200);
  }
  const auto rows = page.alignmentView()->csvRows();
  QCOMPARE(rows.size(), size_t(page.alignmentView()->rows()));
  QCOMPARE(rows.front().size(), size_t(10));  // the answer word, then nine weights
}

void TestChatbotPage::trainsATinyChatbot() {
  ChatbotPage page;
  page.trainToyModel("builtin:translate", 1);
  QVERIFY(page.isTrainingToyModel());
  QTRY_VERIFY_WITH_TIMEOUT(!page.isTrainingToyModel(), 120000);
  QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
  QCOMPARE(page.modelCount(), 1);
  page.ask("the red car");
  QVERIFY(page.hasReply());
  QCOMPARE(page.alignmentView()->columns(), 5);
}

// What the page shows belongs to the current model and question: choosing another model with no question asked,
// or a question the model refuses, leaves no answer, alignment or error of before.
void TestChatbotPage::anotherModelOrARefusedQuestionClearsTheAnswer() {
  ChatbotPage page;
  page.ask("hello");  // no model: the banner says so
  QVERIFY(!page.errorText().isEmpty());
  page.findChild<QLineEdit*>()->clear();
  page.addModel("first", toy(3));
  QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));  // the banner was about no model
  page.ask(kQuestion);
  QVERIFY(page.hasReply());
  QVERIFY(page.alignmentView()->rows() > 0);
  QVERIFY(page.answerText().contains("Answer"));
  // Another model, nothing asked of it yet.
  page.findChild<QLineEdit*>()->clear();
  page.addModel("second", toy(5));
  QCOMPARE(page.currentModelName(), QString("second"));
  QVERIFY(!page.hasReply());
  QVERIFY2(!page.answerText().contains("Answer"), qPrintable(page.answerText()));
  QCOMPARE(page.alignmentView()->rows(), 0);
  // Back to the first with the question typed: its own answer.
  page.ask(kQuestion);
  QVERIFY(page.hasReply());
  page.selectModel(0);
  QVERIFY(page.hasReply());
  const ChatbotReply expected = askChatbot(*toy(3)->model, toy(3)->source, toy(3)->target, kQuestion);
  QVERIFY(page.answerText().contains(QString::fromStdString(expected.answer)));
  // A question it cannot read: the banner, and nothing of the last answer.
  page.ask("");
  QVERIFY(!page.errorText().isEmpty());
  QVERIFY(!page.hasReply());
  QVERIFY2(!page.answerText().contains("Answer"), qPrintable(page.answerText()));
  QCOMPARE(page.alignmentView()->rows(), 0);
}

// A question word the model never saw is a column labelled "zebra→[UNK]", as the Attention page labels it.
void TestChatbotPage::anUnknownWordIsMarkedInTheAlignment() {
  ChatbotPage page;
  page.addModel("toy", toy(3));
  page.ask("where did you buy that zebra ?");
  QVERIFY(page.hasReply());
  const QStringList columns = page.alignmentView()->columnLabels();
  QVERIFY2(columns.size() == 9, qPrintable(columns.join(' ')));
  QCOMPARE(columns.at(6), QStringLiteral("zebra→[UNK]"));
  QCOMPARE(columns.at(5), QStringLiteral("that"));  // a known word keeps its name
}

QTEST_MAIN(TestChatbotPage)
#include "test_chatbot_page.moc"
