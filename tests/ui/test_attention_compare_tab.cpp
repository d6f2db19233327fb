// Two models side by side on the Attention page: the page's sentence read by the model shown and by a second one
// of the library; each side's map is that model's heads' average, both on one colour scale (the range that fits
// both), and each prediction is that model's.
#include "core/inference/imdb_transformer_inference.h"
#include "core/train/imdb_run.h"

#include <QtTest>

#include <QComboBox>
#include <QSignalSpy>

#include "tests/app_fixture.h"
#include "tests/attention_shown.h"
#include "tests/wait_budget.h"
#include "ui/pages/attention_compare_tab.h"
#include "ui/pages/attention_page.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/weight_scale.h"

using namespace al;
using namespace al::ui;

namespace {

const char* kReview = "a good movie but the ending was not bad at all";

// The tiny preset on the built-in reviews, as initialised (position learned or none, one layer or two).
std::shared_ptr<const ImdbTransformerModel> tinyModel(PositionKind position, int layers, uint64_t seed) {
  ImdbRunSettings settings = imdbPreset("tiny");
  settings.model.position = position;
  settings.model.numLayers = layers;
  settings.training.seed = seed;
  settings.threads = 1;
  return ImdbRun::prepare(settings)->snapshot().as<ImdbTransformerModel>();
}

// The page with two models of the library, the first in view, reading kReview.
void readWithTwoModels(AttentionPage& page, const QString& firstName, std::shared_ptr<const ImdbTransformerModel> first,
                       const QString& secondName, std::shared_ptr<const ImdbTransformerModel> second) {
  page.addModel(firstName, std::move(first));
  page.addModel(secondName, std::move(second));
  page.selectModel(0);
  page.setText(kReview);
}

// The tab has shown a reading since the spy was cleared, or shows one soon.
bool tabShows(QSignalSpy& shown) { return shown.count() > 0 || shown.wait(al::test::waitBudgetMs(20000)); }

}  // namespace

class TestAttentionCompareTab : public QObject {
  Q_OBJECT
  al::test::AppFixture app_;

 private slots:
  void initTestCase() { QVERIFY(app_.setUp("test_attention_compare_tab")); }

  void bothModelsOnOneScaleWithTheirOwnPredictions() {
    WeightScaleSetting::instance().setScale(WeightScale::ZeroToMax);  // the range is then [0, the largest weight]
    AttentionPage page;
    const auto first = tinyModel(PositionKind::Learned, 1, 3);
    const auto second = tinyModel(PositionKind::None, 2, 4);
    readWithTwoModels(page, "with position", first, "without position", second);
    QVERIFY(test::attentionShown(page));
    AttentionCompareTab* tab = page.compareTab();
    QCOMPARE(tab->secondBox()->count(), 3);  // none, then both models of the library
    QVERIFY(!tab->busy());                   // nothing read before a second model is chosen

    QSignalSpy shown(tab, &AttentionCompareTab::shown);
    tab->secondBox()->setCurrentIndex(2);
    QVERIFY(tabShows(shown));
    const ImdbPrediction a = predictText(*first->model, first->vocabulary, kReview);
    const ImdbPrediction b = predictText(*second->model, second->vocabulary, kReview);
    QCOMPARE(tab->reading(0).prediction.probability, a.probability);
    QCOMPARE(tab->reading(1).prediction.probability, b.probability);
    QVERIFY(a.probability != b.probability);
    QVERIFY2(tab->predictionText(0).contains("with position"), qPrintable(tab->predictionText(0)));
    QVERIFY2(tab->predictionText(1).contains(QString::number(100.0 * b.probability, 'f', 1)),
             qPrintable(tab->predictionText(1)));

    // The last layer of each: layer 1 of the first, layer 2 of the second, the heads averaged.
    const Matrix left = (a.attention[0][0] + a.attention[0][1]) / 2.0f;
    const Matrix right = (b.attention[1][0] + b.attention[1][1]) / 2.0f;
    QVERIFY(tab->map(0)->matrix().isApprox(left, 1e-6f));
    QVERIFY(tab->map(1)->matrix().isApprox(right, 1e-6f));
    const double top = std::max(left.maxCoeff(), right.maxCoeff());
    QVERIFY(std::abs(left.maxCoeff() - right.maxCoeff()) > 1e-3);  // the shared range is not both maps' own
    for (int side = 0; side < 2; ++side) {
      QCOMPARE(tab->map(side)->rangeLower(), 0.0);
      QVERIFY2(std::abs(tab->map(side)->rangeUpper() - top) < 1e-6,
               qPrintable(QString("side %1: %2, expected %3").arg(side).arg(tab->map(side)->rangeUpper()).arg(top)));
    }

    // A new sentence on the page is read by both.
    shown.clear();
    page.setText("the plot was dull");
    QVERIFY(test::attentionShown(page));
    QVERIFY(tabShows(shown));
    QCOMPARE(tab->reading(1).prediction.probability,
             predictText(*second->model, second->vocabulary, "the plot was dull").probability);
    WeightScaleSetting::instance().setScale(WeightScale::RelativeToUniform);
  }

  // The page's heads switched off are off on the left too (zeros, as the page reads them), not on the right; on
  // again, the left is the model's with every head.
  void theFirstModelsSwitchedOffHeadsAreOffOnTheLeft() {
    AttentionPage page;
    page.setHeadReplacement(teaching::HeadReplacement::Zero);
    const auto first = tinyModel(PositionKind::Learned, 2, 5);
    const auto second = tinyModel(PositionKind::None, 1, 6);
    readWithTwoModels(page, "first", first, "second", second);
    QVERIFY(test::attentionShown(page));
    AttentionCompareTab* tab = page.compareTab();
    QSignalSpy shown(tab, &AttentionCompareTab::shown);
    tab->setSecondModel(2);  // library ids from 1: the second model
    QVERIFY(tabShows(shown));
    const float allOn = predictText(*first->model, first->vocabulary, kReview).probability;
    const float right = predictText(*second->model, second->vocabulary, kReview).probability;
    QCOMPARE(tab->reading(0).prediction.probability, allOn);

    shown.clear();
    page.setHeadSwitchedOff(0, 1, true);
    QVERIFY(test::attentionShown(page));
    QVERIFY(tabShows(shown));
    HeadSwitches off;
    off.switchOff(0, 1);
    const float withoutHead = predictText(*first->model, first->vocabulary, kReview, &off).probability;
    QVERIFY(withoutHead != allOn);
    QCOMPARE(tab->reading(0).prediction.probability, withoutHead);
    QCOMPARE(tab->reading(0).prediction.probability, page.prediction().probability);
    QCOMPARE(tab->reading(1).prediction.probability, right);
    QVERIFY2(tab->predictionText(0).contains("L1 H2"), qPrintable(tab->predictionText(0)));

    shown.clear();
    page.switchEveryHeadOn();
    QVERIFY(test::attentionShown(page));
    QVERIFY(tabShows(shown));
    QCOMPARE(tab->reading(0).prediction.probability, allOn);
    QVERIFY(!tab->predictionText(0).contains("L1 H2"));
  }
};

QTEST_MAIN(TestAttentionCompareTab)
#include "test_attention_compare_tab.moc"
