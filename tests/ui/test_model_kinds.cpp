// Every kind of model the catalogue lists, saved as a model directory, opens on every page that can show it and is
// refused with a message by every page that cannot; which pages can is read from the kind's abilities, so a new
// kind is covered the day its entry is added. And the library's remove frees a model the pages showed.
#include "core/catalogue/model_catalogue.h"
#include "core/inference/bert_sentiment.h"
#include "core/train/hyperparameters.h"

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>
#include <cmath>

#include "ui/main_window.h"
#include "ui/pages/attention_page.h"
#include "ui/pages/chatbot_page.h"
#include "ui/pages/fill_page.h"
#include "ui/pages/generate_page.h"
#include "ui/pages/stepper_page.h"
#include "ui/pages/train_page.h"
#include "ui/session/model_library.h"
#include "ui/widgets/runs_list.h"
#include "ui/widgets/attention_thumbnails.h"
#include "ui/widgets/heatmap_view.h"
#include "tests/attention_shown.h"

using namespace al;
using namespace al::ui;

namespace {

constexpr int kTimeoutMs = 60000;  // generous: the machine may be busy

// A small, untrained model of the kind, written as a directory: the tiny preset of the form that trains it.
void saveSmallModel(const ModelKind& kind, const QString& dir) {
  al::RunRequest request;
  request.task = kind.trainCommand;
  request.preset = "tiny";
  request.values = kind.formValues;
  request.values["threads"] = 1;
  // A kind trained on a pretrained model starts from the tiny golden one of tests/reference.
  if (kind.startsFrom == PretrainedBert::kTask)
    request.initEncoderDir = ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/bert-tiny";
  const std::unique_ptr<TrainingRun> run = taskSchema(kind.trainCommand).prepare(request, {});
  QCOMPARE(run->task(), kind.task);
  saveModel(run->snapshot(), dir.toStdString());
}

// Opens dir on a page of the session's models and waits for the answer: true when it shows the model.
bool opensOn(ModelPage& page, const QString& dir) {
  page.openModelDirectory(dir);
  if (!QTest::qWaitFor([&] { return !page.isOpeningModel(); }, kTimeoutMs)) return false;
  return page.errorText().isEmpty() && page.currentModelName() == QFileInfo(dir).fileName();
}

}  // namespace

class TestModelKinds : public QObject {
  Q_OBJECT
 private slots:
  void everyKindOpensOnEveryPageThatCanShowIt() {
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    MainWindow window;
    auto* train = window.findChild<TrainPage*>();
    auto* attention = window.findChild<AttentionPage*>();
    auto* chatbot = window.findChild<ChatbotPage*>();
    auto* fill = window.findChild<FillPage*>();
    auto* generate = window.findChild<GeneratePage*>();
    QVERIFY(train && attention && chatbot && fill && generate);
    QVERIFY(modelKinds().size() >= 5);
    for (const ModelKind& kind : modelKinds()) {
      if (kind.trainCommand.empty()) continue;  // a pretrained kind: read from its own folders, never trained here
      const QString dir = folder.filePath(QString::fromStdString("small-" + kind.task));
      saveSmallModel(kind, dir);
      if (QTest::currentTestFailed()) return;
      const QByteArray what = QByteArray::fromStdString(kind.task);

      // The Train page opens every kind: its history joins the runs list.
      const int runsBefore = train->runs()->runCount();
      train->openModel(dir);
      QVERIFY2(QTest::qWaitFor([&] { return !train->filesBusy(); }, kTimeoutMs), what);
      QVERIFY2(train->errorText().isEmpty(), qPrintable(what + ": " + train->errorText().toUtf8()));
      QCOMPARE(train->runs()->runCount(), runsBefore + 1);

      const bool attends = kind.can(Ability::SelfAttention);
      QVERIFY2(opensOn(*attention, dir) == attends, qPrintable(what + ": " + attention->errorText().toUtf8()));
      if (!attends) QVERIFY2(!attention->errorText().isEmpty(), what);  // refused, and said why
      QVERIFY2(opensOn(*chatbot, dir) == kind.can(Ability::Ask), qPrintable(what + ": " + chatbot->errorText().toUtf8()));
      if (!kind.can(Ability::Ask)) QVERIFY2(!chatbot->errorText().isEmpty(), what);
      QVERIFY2(opensOn(*fill, dir) == kind.can(Ability::Fill), qPrintable(what + ": " + fill->errorText().toUtf8()));
      if (!kind.can(Ability::Fill)) QVERIFY2(!fill->errorText().isEmpty(), what);
      if (kind.can(Ability::Fill)) QCOMPARE(fill->currentModel(), window.library()->models().back().as<MaskedLmModel>());
      QVERIFY2(opensOn(*generate, dir) == kind.can(Ability::Generate), qPrintable(what + ": " + generate->errorText().toUtf8()));
      if (!kind.can(Ability::Generate)) QVERIFY2(!generate->errorText().isEmpty(), what);
      else QVERIFY2(generate->currentModel(), what);  // a model it can write with, not only a name in the box
    }
  }

  // attentionlab --model DIR: every kind, trained here or a Hugging Face folder, opens on the first page its
  // abilities name, and the library gives it to every other page that can show it; a kind no page shows (the
  // bigram classifier) opens its curves on the Train page; a folder that is no model says why on a page.
  void theModelOptionOpensEveryKindOnThePagesItsAbilitiesName() {
    QTemporaryDir folder;
    QVERIFY(folder.isValid());
    std::vector<std::pair<const ModelKind*, QString>> dirs;
    for (const ModelKind& kind : modelKinds()) {
      if (kind.trainCommand.empty()) continue;
      dirs.emplace_back(&kind, folder.filePath(QString::fromStdString("small-" + kind.task)));
      saveSmallModel(kind, dirs.back().second);
      if (QTest::currentTestFailed()) return;
    }
    for (const char* golden : {"bert-tiny", "gpt2-tiny"}) {
      const QString dir = QStringLiteral(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/") + golden;
      dirs.emplace_back(&modelKindOfDirectory(dir.toStdString()), dir);
    }
    for (const auto& [kind, dir] : dirs) {
      const QByteArray what = QByteArray::fromStdString(kind->task);
      MainWindow window;
      auto* train = window.findChild<TrainPage*>();
      const std::pair<Ability, ModelPage*> pages[] = {{Ability::SelfAttention, window.findChild<AttentionPage*>()},
                                                      {Ability::Ask, window.findChild<ChatbotPage*>()},
                                                      {Ability::Fill, window.findChild<FillPage*>()},
                                                      {Ability::Generate, window.findChild<GeneratePage*>()}};
      QWidget* expectedFirst = train;
      for (const auto& [ability, page] : pages)
        if (expectedFirst == train && kind->can(ability)) expectedFirst = page;
      const int runsBefore = train->runs()->runCount();
      QWidget* opened = window.openModelOnItsPage(dir);
      QVERIFY2(opened == expectedFirst, what);
      if (opened == train) {
        QVERIFY2(QTest::qWaitFor([&] { return !train->filesBusy(); }, kTimeoutMs), what);
        QCOMPARE(train->runs()->runCount(), runsBefore + 1);
        continue;
      }
      auto* first = static_cast<ModelPage*>(opened);
      QVERIFY2(QTest::qWaitFor([&] { return !first->isOpeningModel(); }, kTimeoutMs), what);
      QVERIFY2(first->errorText().isEmpty(), qPrintable(what + ": " + first->errorText().toUtf8()));
      const QString name = QFileInfo(dir).fileName();
      for (const auto& [ability, page] : pages) {
        const bool shows = page->currentModelName() == name;
        QVERIFY2(shows == kind->can(ability), qPrintable(what + " on " + page->metaObject()->className()));
      }
    }
    MainWindow window;
    QWidget* opened = window.openModelOnItsPage(folder.filePath("no-such-model"));
    auto* page = qobject_cast<ModelPage*>(opened);
    QVERIFY(page);
    QVERIFY(QTest::qWaitFor([&] { return !page->isOpeningModel(); }, kTimeoutMs));
    QVERIFY2(page->errorText().contains("no-such-model"), qPrintable(page->errorText()));
  }

  // A sentiment head on a BERT is shown on the Attention page as its BERT is (every layer x head over BERT's pieces,
  // the words view) with the verdict of the head: the probability of the core's predict, to the float. The
  // Step-through page walks its BERT.
  void aBertSentimentModelShowsItsBertsAttentionAndVerdict() {
    const ModelKind* kind = findModelKind(BertSentimentModel::kTask);
    QVERIFY(kind);
    QTemporaryDir folder;
    const QString dir = folder.filePath("bert-sentiment");
    saveSmallModel(*kind, dir);
    if (QTest::currentTestFailed()) return;
    ModelLibrary library;
    AttentionPage page(&library);
    StepperPage stepper(&library);  // walks the BERT of the model the Attention page shows
    const QString sentence = QStringLiteral("the cat sat on the");  // words the tiny BERT's vocabulary holds
    stepper.setKind(StepperPage::Kind::Pretrained);
    stepper.setSentence(sentence);
    QVERIFY2(opensOn(page, dir), qPrintable(page.errorText()));
    page.setText(sentence);
    QVERIFY(test::attentionShown(page));

    const BertSentimentModel model = loadBertSentiment(dir.toStdString());
    const BertSentimentPrediction expected = predictBertSentiment(model, sentence.toStdString());
    const pretrained::BertConfig& bert = model.encoder.model->config();
    const ImdbPrediction& shown = page.prediction();
    QCOMPARE(shown.tokens, expected.tokens);  // BERT's pieces, [CLS] and [SEP] included
    QCOMPARE(shown.attention.size(), size_t(bert.numLayers));
    for (const std::vector<Matrix>& heads : shown.attention) QCOMPARE(heads.size(), size_t(bert.numHeads));
    QCOMPARE(page.heatmapCount(), int(bert.numLayers));
    QCOMPARE(page.thumbnails()->thumbnailCount(), int(bert.numLayers * bert.numHeads));
    const auto T = static_cast<Index>(expected.tokens.size());
    const Matrix& last = expected.attention.back().back();  // T x T: the last layer's last head
    QVERIFY(std::abs(page.heatmap(int(bert.numLayers) - 1, int(bert.numHeads) - 1)->drawnValue(int(T) - 1, 0) -
                     last(T - 1, 0)) < 1e-6);
    QVERIFY2(std::abs(double(shown.probability) - double(expected.probability)) <= 1e-6,
             qPrintable(QString("%1 shown, %2 predicted").arg(shown.probability).arg(expected.probability)));
    QVERIFY2(page.predictionText().contains(QStringLiteral("Prediction")), qPrintable(page.predictionText()));
    QVERIFY(page.canShowWords());  // the pieces grouped into the text's words, as for a BERT folder
    QVERIFY2(stepper.hasPretrainedWalk(), qPrintable(stepper.errorText()));
  }

  void removingARunOnTheTrainPageDropsItsModelEverywhere() {
    QTemporaryDir folder;
    MainWindow window;
    auto* train = window.findChild<TrainPage*>();
    auto* attention = window.findChild<AttentionPage*>();
    const QString dir = folder.filePath("small");
    saveSmallModel(modelKinds().front(), dir);  // a classifier: the Attention page shows it
    train->openModel(dir);
    QVERIFY(QTest::qWaitFor([&] { return !train->filesBusy(); }, kTimeoutMs));
    QVERIFY2(train->errorText().isEmpty(), qPrintable(train->errorText()));
    const size_t inLibrary = window.library()->models().size();
    const int onPage = attention->modelCount();
    std::weak_ptr<const ImdbTransformerModel> weights = window.library()->models().back().as<ImdbTransformerModel>();
    QVERIFY(!weights.expired());
    QCOMPARE(attention->currentModel(), weights.lock());  // the page's first model is shown at once
    QVERIFY(train->removeRun(train->runs()->selectedRun()));
    QCOMPARE(window.library()->models().size(), inLibrary - 1);
    QCOMPARE(attention->modelCount(), onPage - 1);
    // A reading of the page's sentence may still be on its way with the model: it lets go when it ends.
    QVERIFY2(QTest::qWaitFor([&] { return weights.expired(); }, kTimeoutMs), "a page kept the removed model's weights");
  }

  void removingAModelFreesItAndTellsThePages() {
    ModelLibrary library;
    FillPage page(&library);
    QTemporaryDir folder;
    const ModelKind* maskedLm = nullptr;
    for (const ModelKind& kind : modelKinds())
      if (kind.can(Ability::Fill) && !kind.trainCommand.empty()) maskedLm = &kind;
    QVERIFY(maskedLm);
    const QString dir = folder.filePath("small");
    saveSmallModel(*maskedLm, dir);
    QVERIFY2(opensOn(page, dir), qPrintable(page.errorText()));
    const int id = library.models().back().id;
    std::weak_ptr<const MaskedLmModel> weights = library.model(id)->as<MaskedLmModel>();
    QCOMPARE(page.modelCount(), 1);
    QSignalSpy removed(&library, &ModelLibrary::modelRemoved);
    library.remove(id);
    QCOMPARE(removed.count(), 1);
    QVERIFY(!library.model(id));
    QCOMPARE(page.modelCount(), 0);
    QVERIFY(!page.currentModel());
    QVERIFY2(weights.expired(), "the weights outlived the library's copy and the page's");
  }
};

QTEST_MAIN(TestModelKinds)
#include "test_model_kinds.moc"
