// What a head switched off on the Attention page gives: zeros, or its mean output over 500 test reviews of the
// model's data (computed on the worker before the reading). The page's probability is the core's for each; the
// two differ; the choice is remembered for the next page.
#include "core/inference/imdb_transformer_inference.h"
#include "core/teaching/head_importance.h"
#include "core/train/imdb_run.h"

#include <QtTest>

#include <QAction>
#include <QComboBox>
#include <QMenu>
#include <QSettings>

#include "tests/app_fixture.h"
#include "tests/attention_shown.h"
#include "ui/pages/attention_page.h"
#include "ui/widgets/attention_thumbnails.h"

using namespace al;
using namespace al::ui;

namespace {

const char* kReview = "a good movie but the ending was not bad at all";

// The tiny preset with two layers, trained briefly on the built-in reviews; its settings name its data and seed.
SessionModel tinyModel() {
  ImdbRunSettings settings = imdbPreset("tiny");
  settings.model.numLayers = 2;
  settings.training.epochs = 2;
  settings.threads = 1;
  const std::unique_ptr<ImdbRun> run = ImdbRun::prepare(settings);
  run->train(nullptr, nullptr);
  SessionModel session;
  session.name = "tiny";
  session.model = run->snapshot();
  session.settings = run->settings();
  return session;
}

}  // namespace

class TestHeadMeanSwitches : public QObject {
  Q_OBJECT
  al::test::AppFixture app_;

 private slots:
  void initTestCase() { QVERIFY(app_.setUp("test_head_mean_switches")); }

  void aHeadGivingItsMeanIsTheCoresAndNotZeros() {
    QSettings().remove("attention/headReplacement");
    AttentionPage page;
    const SessionModel session = tinyModel();
    const auto model = session.as<ImdbTransformerModel>();
    page.addModel(session);
    page.setText(kReview);
    QVERIFY(test::attentionShown(page));
    QCOMPARE(page.headReplacement(), teaching::HeadReplacement::Zero);  // as before the choice existed

    std::unique_ptr<QMenu> menu(page.thumbnails()->createMenu(0, 1));
    menu->findChild<QAction*>("switchHead")->trigger();
    QVERIFY(test::attentionShown(page));
    HeadSwitches zeros;
    zeros.switchOff(0, 1);
    const float zero = predictText(*model->model, model->vocabulary, kReview, &zeros).probability;
    QCOMPARE(page.prediction().probability, zero);

    page.headReplacementBox()->setCurrentIndex(1);  // its mean output
    QVERIFY(test::attentionShown(page));
    const std::vector<EncodedSample> reviews = teaching::headImportanceReviews(*model, "builtin", 1337);
    const std::vector<Matrix> means = model->model->headMeans(teaching::chooseReviews(reviews, 500));
    HeadSwitches meanSwitches = zeros;
    for (size_t l = 0; l < means.size(); ++l) meanSwitches.setMeans(l, means[l]);
    const float mean = predictText(*model->model, model->vocabulary, kReview, &meanSwitches).probability;
    QCOMPARE(page.prediction().probability, mean);
    QVERIFY2(std::abs(mean - zero) > 1e-4f, qPrintable(QString("mean %1, zero %2").arg(mean).arg(zero)));
    QVERIFY2(page.predictionText().contains("mean"), qPrintable(page.predictionText()));

    // Another sentence keeps the means (no new computation) and the switch.
    page.setText("the plot was dull");
    QVERIFY(test::attentionShown(page));
    QCOMPARE(page.prediction().probability,
             predictText(*model->model, model->vocabulary, "the plot was dull", &meanSwitches).probability);

    // The choice holds for the next page (and session).
    QCOMPARE(QSettings().value("attention/headReplacement").toString(), QString("mean"));
    AttentionPage next;
    QCOMPARE(next.headReplacement(), teaching::HeadReplacement::Mean);
    QSettings().remove("attention/headReplacement");
  }
};

QTEST_MAIN(TestHeadMeanSwitches)
#include "test_head_mean_switches.moc"
