// The model pages share one way of holding models (ui/pages/model_page.h): the session's library owns them, every
// page lists those it can show, a model opened or trained on one page is there for the others, the model a user
// chose stays when another arrives, and a toy model trains with its progress and can be cancelled.
#include "core/inference/chatbot_inference.h"
#include "core/inference/imdb_transformer_inference.h"
#include "core/teaching/attention_steps.h"
#include "core/catalogue/model_catalogue.h"
#include "core/train/imdb_run.h"

#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/app_fixture.h"
#include "ui/pages/attention_page.h"
#include "ui/pages/chatbot_page.h"
#include "ui/pages/fill_page.h"
#include "ui/session/model_library.h"
#include "ui/text/kind_texts.h"
#include "ui/text/language.h"

using namespace al;
using namespace al::ui;

namespace {

constexpr int kTimeoutMs = 180000;  // generous: the machine may be busy

// An untrained classifier of the tiny preset over made-up words.
std::shared_ptr<const ImdbTransformerModel> tinyClassifier() {
  auto m = std::make_shared<ImdbTransformerModel>();
  m->model = std::make_unique<TransformerClassifier>(imdbPreset("tiny").model);
  m->model->initialize(7);
  std::vector<std::string> words = {"", "[UNK]"};
  for (Index i = 2; i < m->model->config().vocabSize; ++i) words.push_back("word" + std::to_string(i));
  m->vocabulary = Vocabulary::fromTokens(words);
  return m;
}

std::shared_ptr<const ChatbotModel> toyChatbot() {
  return std::make_shared<const ChatbotModel>(teaching::toyChatbot("where did you buy that bike ?", 8, 5, 3));
}

SessionModel classifier(const QString& name) {
  return sessionModel(name, anyModelOf(tinyClassifier()), QStringLiteral("finished"));
}

}  // namespace

class TestModelPage : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { QVERIFY(app_.setUp("test_model_page")); }

  // One library, three pages: each lists what it can show, and a model added on one page is in the library.
  void everyPageListsTheLibrarysModelsOfItsKind() {
    ModelLibrary library;
    library.add(classifier(QStringLiteral("before the pages")));
    AttentionPage attention(&library);
    ChatbotPage chatbot(&library);
    FillPage fill(&library);
    QCOMPARE(attention.modelCount(), 1);  // what the library held already
    QCOMPARE(attention.currentModelName(), QStringLiteral("before the pages"));
    QCOMPARE(chatbot.modelCount(), 0);
    QCOMPARE(fill.modelCount(), 0);

    chatbot.addModel(QStringLiteral("my chatbot"), toyChatbot());
    QCOMPARE(library.models().size(), size_t(2));
    QCOMPARE(chatbot.currentModelName(), QStringLiteral("my chatbot"));
    QCOMPARE(attention.modelCount(), 1);  // not a classifier
    QCOMPARE(fill.modelCount(), 0);
  }

  // A model that arrives by itself (a finished run) joins the box; the one the user chose stays, and the status bar
  // says where the new one is.
  void theChosenModelStaysWhenAnotherArrives() {
    ModelLibrary library;
    AttentionPage page(&library);
    QSignalSpy status(&page, &ModelPage::statusMessage);
    QSignalSpy changed(&page, &ModelPage::currentModelChanged);
    page.addModel(QStringLiteral("chosen"), tinyClassifier());
    QCOMPARE(changed.count(), 1);
    library.add(classifier(QStringLiteral("a finished run")));
    QCOMPARE(page.modelCount(), 2);
    QCOMPARE(page.currentModelName(), QStringLiteral("chosen"));
    QCOMPARE(changed.count(), 1);
    QVERIFY(!status.isEmpty());
    QVERIFY2(status.last().first().toString().contains(QStringLiteral("a finished run")),
             qPrintable(status.last().first().toString()));

    // Dropped by the session, the shown model leaves the box and the page shows the other.
    library.remove(library.models().front().id);
    QCOMPARE(page.modelCount(), 1);
    QCOMPARE(page.currentModelName(), QStringLiteral("a finished run"));
  }

  // The page's two sentences about models, which ModelPage builds from the page's name and what it shows: where a
  // model that arrived by itself is, and why one opened here is not shown. The same words as each page wrote them
  // before, in English and in Chinese.
  void aPageSaysWhereAModelArrivedAndWhyItRefusesOne() {
    QTemporaryDir dir;
    const QString classifierDir = dir.filePath(QStringLiteral("my classifier"));
    saveModel(anyModelOf(tinyClassifier()), classifierDir.toStdString());
    ModelLibrary library;
    ChatbotPage chatbot(&library);
    AttentionPage attention(&library);
    chatbot.addModel(QStringLiteral("chosen"), toyChatbot());
    attention.addModel(QStringLiteral("chosen"), tinyClassifier());
    QSignalSpy chatbotStatus(&chatbot, &ModelPage::statusMessage);
    QSignalSpy attentionStatus(&attention, &ModelPage::statusMessage);
    const auto saysWhy = [&](const QString& language, const QString& arrived, const QString& refused,
                             const QString& attentionArrived) {
      QVERIFY(setLanguage(language, false));
      library.add(sessionModel(QStringLiteral("run"), anyModelOf(toyChatbot()), QStringLiteral("finished")));  // a chatbot arrives, then a classifier
      QCOMPARE(chatbotStatus.last().first().toString(), arrived);
      library.add(classifier(QStringLiteral("run")));
      QCOMPARE(attentionStatus.last().first().toString(), attentionArrived);
      chatbot.openModelDirectory(classifierDir);
      QVERIFY(QTest::qWaitFor([&] { return !chatbot.isOpeningModel(); }, kTimeoutMs));
      QCOMPARE(chatbot.errorText(), refused.arg(kindTitle(ImdbTransformerModel::kTask)));
    };
    saysWhy(QStringLiteral("en"), QStringLiteral("“run” is ready on the Chatbot page"),
            QStringLiteral("“my classifier” is a model of the kind “%1”; this page shows chatbots (the GRU and the "
                           "Transformer)."),
            QStringLiteral("“run” is ready on the Attention page"));
    if (QTest::currentTestFailed()) return;
    saysWhy(QStringLiteral("zh_CN"), QStringLiteral("“run”已在“聊天机器人”页面就绪"),
            QStringLiteral("“my classifier”是“%1”类模型；本页显示的是聊天机器人（GRU 和 Transformer）。"),
            QStringLiteral("“run”已在“注意力”页面就绪"));
    QVERIFY(setLanguage(QStringLiteral("en"), false));
  }

  // A toy model trains with a progress bar and Cancel; cancelled, nothing joins the library.
  void aToyTrainingCanBeCancelled() {
    ModelLibrary library;
    ChatbotPage page(&library);
    page.show();
    page.trainToyModel(QStringLiteral("builtin"), 200);  // long enough to be cancelled midway
    QVERIFY(page.isTrainingToyModel());
    auto* bar = page.findChild<QWidget*>(QStringLiteral("toyTraining"));
    auto* cancel = page.findChild<QPushButton*>(QStringLiteral("cancelToyTraining"));
    QVERIFY(bar && cancel);
    QVERIFY(bar->isVisible());
    auto* progress = bar->findChild<QProgressBar*>();
    QVERIFY(progress);
    QVERIFY2(QTest::qWaitFor([&] { return progress->value() > 0; }, kTimeoutMs), "the progress bar never moved");
    cancel->click();
    QVERIFY(QTest::qWaitFor([&] { return !page.isTrainingToyModel(); }, kTimeoutMs));
    QVERIFY(!bar->isVisible());
    QCOMPARE(page.modelCount(), 0);
    QVERIFY(library.models().empty());
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
  }

  // Trained to its end, the toy joins the library with what it kept, and is shown.
  void aToyModelJoinsTheLibrary() {
    ModelLibrary library;
    ChatbotPage page(&library);
    page.trainToyModel(QStringLiteral("builtin:translate"), 2);
    QVERIFY(QTest::qWaitFor([&] { return !page.isTrainingToyModel(); }, kTimeoutMs));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    QCOMPARE(library.models().size(), size_t(1));
    const SessionModel& toy = library.models().front();
    QCOMPARE(toy.status, QStringLiteral("toy"));
    QVERIFY(toy.record && toy.record->keptEpoch >= 1);
    QCOMPARE(toy.history.size(), size_t(2));
    QCOMPARE(page.currentModelName(), toy.name);
  }

 private:
  test::AppFixture app_;
};

QTEST_MAIN(TestModelPage)
#include "test_model_page.moc"
