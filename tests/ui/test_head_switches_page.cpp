// Head switches on the Attention page: the thumbnail's menu switches a head off, the prediction and the maps after
// it are read again with the head off (the core's numbers for that switch), the thumbnail is crossed out, and
// "Switch every head on" or another model brings every head back.
#include "core/inference/imdb_transformer_inference.h"

#include <QtTest>

#include <QAction>
#include <QMenu>
#include <QSettings>

#include "tests/app_fixture.h"
#include "tests/attention_shown.h"
#include "ui/pages/attention_page.h"
#include "ui/widgets/attention_thumbnails.h"
#include <QComboBox>

using namespace al;
using namespace al::ui;

namespace {

const char* kReview = "a good movie not bad at all";

// Two layers of two heads, its embeddings and head scaled up so that a head's absence moves the prediction.
std::shared_ptr<ImdbTransformerModel> twoByTwoModel(uint64_t seed) {
  auto m = std::make_shared<ImdbTransformerModel>();
  m->model = std::make_unique<TransformerClassifier>(TransformerConfig{
      .vocabSize = 30, .sequenceLength = 16, .embedDim = 8, .numHeads = 2, .keyDim = 4, .denseDim = 8,
      .numLayers = 2, .position = PositionKind::Learned, .pooling = PoolingKind::Mean, .dropout = 0});
  m->model->initialize(seed);
  ParameterSet& p = m->model->parameters();
  p.value(p.find("embedding.token")) *= 20.0f;
  p.value(p.find("head.kernel")) *= 4.0f;
  m->vocabulary = Vocabulary::build({tokenizeImdb(kReview)}, 30);
  return m;
}

// Puts `model` on the page and reads kReview with every head on; false if the reading never came.
bool readsTheReview(AttentionPage& page, const std::shared_ptr<ImdbTransformerModel>& model) {
  page.addModel("two by two", model);
  page.setText(kReview);
  return test::attentionShown(page);
}

void trigger(AttentionThumbnails* thumbnails, int layer, int head, const char* action) {
  std::unique_ptr<QMenu> menu(thumbnails->createMenu(layer, head));
  QAction* a = menu->findChild<QAction*>(action);
  QVERIFY(a && a->isEnabled());
  a->trigger();
}

}  // namespace

class TestHeadSwitchesPage : public QObject {
  Q_OBJECT
  al::test::AppFixture app_;

 private slots:
  void initTestCase() { QVERIFY(app_.setUp("test_head_switches_page")); }

  void aHeadSwitchedOffFromItsThumbnailChangesThePrediction() {
    AttentionPage page;
    const auto model = twoByTwoModel(5);
    QVERIFY(readsTheReview(page, model));
    const float allOn = page.prediction().probability;
    const Matrix layer1Before = page.prediction().attention[1][0];

    trigger(page.thumbnails(), 0, 1, "switchHead");
    QVERIFY(test::attentionShown(page));
    HeadSwitches expected;
    expected.switchOff(0, 1);
    const ImdbPrediction core = predictText(*model->model, model->vocabulary, kReview, &expected);
    QCOMPARE(page.prediction().probability, core.probability);
    QVERIFY(page.prediction().probability != allOn);
    QVERIFY(page.prediction().attention[1][0] != layer1Before);  // layer 2 read what layer 1 gave without the head
    QVERIFY(page.thumbnails()->isSwitchedOff(0, 1));
    QVERIFY(!page.thumbnails()->isSwitchedOff(0, 0));
    QVERIFY2(page.predictionText().contains("L1 H2"), qPrintable(page.predictionText()));

    // The same menu switches it on again; "every head on" then has nothing to do.
    trigger(page.thumbnails(), 0, 1, "switchHead");
    QVERIFY(test::attentionShown(page));
    QCOMPARE(page.prediction().probability, allOn);
    QVERIFY(!page.thumbnails()->isSwitchedOff(0, 1));
    std::unique_ptr<QMenu> menu(page.thumbnails()->createMenu(0, 0));
    QVERIFY(!menu->findChild<QAction*>("allHeadsOn")->isEnabled());
  }

  // A whole layer off at once from any of its thumbnails: the core's prediction with both its heads off; the same
  // action switches the layer on again.
  void aLayerSwitchedOffFromAThumbnail() {
    AttentionPage page;
    const auto model = twoByTwoModel(5);
    QVERIFY(readsTheReview(page, model));
    const float allOn = page.prediction().probability;
    trigger(page.thumbnails(), 1, 0, "switchLayer");
    QVERIFY(test::attentionShown(page));
    HeadSwitches expected;
    expected.switchOff(1, 0);
    expected.switchOff(1, 1);
    const ImdbPrediction core = predictText(*model->model, model->vocabulary, kReview, &expected);
    QCOMPARE(page.prediction().probability, core.probability);
    QVERIFY(page.prediction().probability != allOn);
    QVERIFY(page.thumbnails()->isSwitchedOff(1, 0) && page.thumbnails()->isSwitchedOff(1, 1));
    QVERIFY(!page.thumbnails()->isSwitchedOff(0, 0));
    trigger(page.thumbnails(), 1, 1, "switchLayer");
    QVERIFY(test::attentionShown(page));
    QCOMPARE(page.prediction().probability, allOn);
  }

  void everyHeadOnAndAnotherModelClearTheSwitches() {
    AttentionPage page;
    page.addModel("first", twoByTwoModel(5));
    page.setText(kReview);
    QVERIFY(test::attentionShown(page));
    const float allOn = page.prediction().probability;
    trigger(page.thumbnails(), 1, 0, "switchHead");
    QVERIFY(test::attentionShown(page));
    trigger(page.thumbnails(), 0, 0, "switchHead");
    QVERIFY(test::attentionShown(page));
    QCOMPARE(page.headSwitches().off().size(), size_t{2});
    trigger(page.thumbnails(), 0, 1, "allHeadsOn");
    QVERIFY(test::attentionShown(page));
    QVERIFY(page.headSwitches().empty());
    QCOMPARE(page.prediction().probability, allOn);

    trigger(page.thumbnails(), 1, 1, "switchHead");
    QVERIFY(test::attentionShown(page));
    page.addModel("second", twoByTwoModel(6));
    QVERIFY(test::attentionShown(page));
    QVERIFY(page.headSwitches().empty());
    QVERIFY(!page.thumbnails()->isSwitchedOff(1, 1));
  }

  // The thumbnails' menu, where heads are switched, also chooses what they give: the setting the box beside the
  // bars shows and the next session starts with.
  void theThumbnailMenuChoosesZerosOrTheMean() {
    AttentionPage page;
    page.setHeadReplacement(teaching::HeadReplacement::Zero);
    page.addModel("first", twoByTwoModel(5));
    page.setText(kReview);
    QVERIFY(test::attentionShown(page));
    auto checked = [&](const char* action) {
      std::unique_ptr<QMenu> menu(page.thumbnails()->createMenu(0, 0));
      QAction* a = menu->findChild<QAction*>(action);
      return a && a->isChecked();
    };
    QVERIFY(checked("replaceWithZeros") && !checked("replaceWithMeans"));

    trigger(page.thumbnails(), 0, 0, "replaceWithMeans");
    QCOMPARE(page.headReplacement(), teaching::HeadReplacement::Mean);
    QCOMPARE(page.headReplacementBox()->currentIndex(), 1);
    QCOMPARE(QSettings().value("attention/headReplacement").toString(), QString("mean"));
    QVERIFY(checked("replaceWithMeans") && !checked("replaceWithZeros"));

    page.setHeadReplacement(teaching::HeadReplacement::Zero);  // the box's choice shows in the menu
    QVERIFY(checked("replaceWithZeros"));
    trigger(page.thumbnails(), 0, 0, "replaceWithMeans");
    trigger(page.thumbnails(), 0, 0, "replaceWithZeros");
    QCOMPARE(page.headReplacement(), teaching::HeadReplacement::Zero);
    QCOMPARE(QSettings().value("attention/headReplacement").toString(), QString("zero"));
  }
};

QTEST_MAIN(TestHeadSwitchesPage)
#include "test_head_switches_page.moc"
