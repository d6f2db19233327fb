// Pretrained BERT and GPT-2 folders in the app: the Train page never offers them (they are read, not trained), a
// folder opens into the session library through openSessionModel (Open model… on a page) under its name, and the
// pages take or refuse it by what it can do; saving it is refused with a message.
#include "core/catalogue/model_catalogue.h"
#include "core/error.h"

#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include "ui/main_window.h"
#include "ui/pages/attention_page.h"
#include "ui/pages/chatbot_page.h"
#include "ui/pages/fill_page.h"
#include "ui/pages/train_page.h"
#include "ui/session/model_files.h"
#include "ui/session/model_library.h"
#include "ui/session/run_factory.h"
#include "ui/text/kind_texts.h"

using namespace al;
using namespace al::ui;

namespace {

constexpr int kTimeoutMs = 60000;

QString golden(const QString& name) { return QStringLiteral(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/") + name; }

bool opensOn(ModelPage& page, const QString& dir) {
  page.openModelDirectory(dir);
  if (!QTest::qWaitFor([&] { return !page.isOpeningModel(); }, kTimeoutMs)) return false;
  return page.errorText().isEmpty();
}

}  // namespace

class TestPretrainedKinds : public QObject {
  Q_OBJECT
 private slots:
  void theTrainPageDoesNotOfferPretrainedKinds() {
    QVERIFY(findModelKind("bert") && findModelKind("gpt2"));
    for (const TaskInfo& info : trainingTasks())
      QVERIFY2(info.contractName != "bert" && info.contractName != "gpt2", qPrintable(info.contractName));
    MainWindow window;
    auto* train = window.findChild<TrainPage*>();
    QVERIFY(train);
    auto* tasks = train->findChild<QComboBox*>("task");
    QVERIFY(tasks);
    QCOMPARE(static_cast<size_t>(tasks->count()), trainingTasks().size());
    for (int i = 0; i < tasks->count(); ++i) {
      QVERIFY(tasks->itemText(i) != kindTitle("bert"));
      QVERIFY(tasks->itemText(i) != kindTitle("gpt2"));
    }
    // Opening a pretrained folder there says where it belongs instead of listing a run with nothing to show.
    const size_t inLibrary = window.library()->models().size();
    train->openModel(golden("gpt2-tiny"));
    QVERIFY(QTest::qWaitFor([&] { return !train->filesBusy(); }, kTimeoutMs));
    QVERIFY2(train->errorText().contains("gpt2-tiny"), qPrintable(train->errorText()));
    QCOMPARE(window.library()->models().size(), inLibrary);
  }

  // What a page says of a pretrained model beside its name (the sizes of the tiny folders' config.json), and of
  // a sentiment head on BERT: the tokens the head reads, its BERT's name; nothing for the app's own kinds.
  void theDescriptionSaysTheSizes() {
    const AnyModel bert = loadModel(golden("bert-tiny").toStdString());
    QCOMPARE(pretrainedDescription(bert),
             QStringLiteral("pretrained BERT: 40 words, up to 16 tokens, 2 layer(s) of 2 heads, width 8"));
    QCOMPARE(pretrainedDescription(loadModel(golden("gpt2-tiny").toStdString())),
             QStringLiteral("pretrained GPT-2: 40 words, up to 16 tokens, 2 layer(s) of 2 heads, width 8"));
    BertSentimentModel head;
    head.encoder = *bert.as<PretrainedBert>();
    head.sequenceLength = 12;
    QCOMPARE(pretrainedDescription(anyModelOf(std::make_shared<const BertSentimentModel>(std::move(head)))),
             QStringLiteral("a sentiment head on BERT %1: reads up to 12 tokens, 2 layer(s) of 2 heads, width 8")
                 .arg(QString::fromStdString(bert.as<PretrainedBert>()->name)));
    QVERIFY(pretrainedDescription(loadModel(golden("imdb/learned-layer").toStdString())).isEmpty());
  }

  void aBertFolderOpensIntoTheSessionLibrary() {
    const SessionModel opened = openSessionModel(golden("bert-tiny"));
    QCOMPARE(opened.model.task, std::string("bert"));
    QVERIFY(opened.as<PretrainedBert>());
    QCOMPARE(opened.name, QString("bert-tiny"));
    QVERIFY(opened.history.empty());
    QCOMPARE(opened.settings.value("task", std::string()), std::string("bert"));
    QCOMPARE(opened.settings.value("num_layers", 0), 2);
    QVERIFY(opened.can(Ability::Fill));          // bert-tiny has its masked-LM head
    QVERIFY(opened.can(Ability::SelfAttention));
    QVERIFY(!opened.can(Ability::Generate));
    QVERIFY(!opened.can(Ability::Classify));
    // Read, never written.
    QTemporaryDir out;
    QVERIFY_THROWS_EXCEPTION(InputError, saveSessionModel(opened, out.filePath("copy")));
    QVERIFY(!QFile::exists(out.filePath("copy/config.json")));

    // Open model… on a page goes through the same function: the page that can show it adds it to the library.
    ModelLibrary library;
    FillPage fill(&library);
    QVERIFY2(opensOn(fill, golden("bert-tiny")), qPrintable(fill.errorText()));
    QCOMPARE(library.models().size(), size_t{1});
    QVERIFY(library.models().back().as<PretrainedBert>());
    // The Attention page shows what the library holds already (its attention), and refuses what it cannot show,
    // saying why; the library does not take that.
    AttentionPage attention(&library);
    QCOMPARE(attention.modelCount(), 1);
    ChatbotPage chatbot(&library);
    QVERIFY(!opensOn(chatbot, golden("bert-tiny")));
    QVERIFY(!chatbot.errorText().isEmpty());
    QCOMPARE(library.models().size(), size_t{1});
  }

  void aGpt2FolderCanGenerateButNotFill() {
    const SessionModel opened = openSessionModel(golden("gpt2-tiny"));
    QCOMPARE(opened.model.task, std::string("gpt2"));
    QVERIFY(opened.can(Ability::Generate));
    QVERIFY(!opened.can(Ability::Fill));
    ModelLibrary library;
    FillPage fill(&library);
    QVERIFY(!opensOn(fill, golden("gpt2-tiny")));
    QVERIFY(!fill.errorText().isEmpty());
  }

  void aCacheSnapshotIsNamedByItsRepository() {
    QTemporaryDir cache;
    const QString snapshot = cache.filePath("models--someone--tiny-bert/snapshots/0123abcd");
    QVERIFY(QDir().mkpath(snapshot));
    for (const QString& file : QDir(golden("bert-tiny")).entryList(QDir::Files))
      QVERIFY(QFile::copy(golden("bert-tiny") + "/" + file, snapshot + "/" + file));
    QCOMPARE(openSessionModel(snapshot).name, QString("someone/tiny-bert"));
    // The repository folder resolves to its only snapshot.
    QCOMPARE(openSessionModel(cache.filePath("models--someone--tiny-bert")).name, QString("someone/tiny-bert"));
  }

  void anotherModelTypeIsRefusedWithTheContractsMessage() {
    QTemporaryDir dir;
    for (const QString& file : QDir(golden("bert-tiny")).entryList(QDir::Files))
      QVERIFY(QFile::copy(golden("bert-tiny") + "/" + file, dir.filePath(file)));
    QFile config(dir.filePath("config.json"));
    QVERIFY(config.open(QIODevice::ReadOnly));
    QByteArray text = config.readAll();
    config.close();
    text.replace("\"bert\"", "\"roberta\"");
    QVERIFY(config.remove() && config.open(QIODevice::WriteOnly));
    config.write(text);
    config.close();
    try {
      openSessionModel(dir.path());
      QFAIL("a roberta folder opened");
    } catch (const InputError& e) {
      const QString message = QString::fromStdString(e.what());
      QVERIFY2(message.contains("roberta") && message.contains("bert") && message.contains("gpt2") &&
                   message.contains("config.json"),
               qPrintable(message));
    }
  }
};

QTEST_MAIN(TestPretrainedKinds)
#include "test_pretrained_kinds.moc"
