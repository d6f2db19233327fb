// "Which heads matter?" on the Attention page: Run measures on a worker thread and shows a layers x heads table of
// the core's accuracy drops for the same reviews; Cancel stops a run without a table; a double click switches the
// head off on the page; a model that is no classifier of reviews is refused with the reason.
#include "core/teaching/head_importance.h"
#include "core/train/imdb_run.h"

#include <QtTest>

#include <QComboBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>

#include "tests/app_fixture.h"
#include "tests/attention_shown.h"
#include "tests/wait_budget.h"
#include "ui/pages/attention_page.h"
#include "ui/pages/head_importance_tab.h"

using namespace al;
using namespace al::ui;

namespace {

// The tiny preset with `layers` layers of `heads` heads on the built-in reviews, trained for `epochs` (0: as
// initialised); its settings name its data and seed, as a run of the Train page does.
SessionModel tinyModel(int layers, int heads, int epochs) {
  ImdbRunSettings settings = imdbPreset("tiny");
  settings.model.numLayers = layers;
  settings.model.numHeads = heads;
  settings.training.epochs = epochs;
  settings.threads = 1;
  const std::unique_ptr<ImdbRun> run = ImdbRun::prepare(settings);
  if (epochs > 0) run->train(nullptr, nullptr);
  SessionModel session;
  session.name = "tiny";
  session.model = run->snapshot();
  session.settings = run->settings();
  return session;
}

bool ended(QSignalSpy& spy) { return spy.count() > 0 || spy.wait(test::waitBudgetMs(60000)); }

}  // namespace

class TestHeadImportanceTab : public QObject {
  Q_OBJECT
  al::test::AppFixture app_;

 private slots:
  void initTestCase() { QVERIFY(app_.setUp("test_head_importance_tab")); }

  void runShowsTheCoresDropsForTheSameReviews() {
    AttentionPage page;
    const SessionModel session = tinyModel(2, 2, 2);
    const auto model = session.as<ImdbTransformerModel>();
    page.addModel(session);
    QVERIFY(test::attentionShown(page));
    HeadImportanceTab* tab = page.headImportanceTab();
    QCOMPARE(tab->dataBox()->count(), 1);  // the model's data are the built-in reviews
    QCOMPARE(tab->reviewsBox()->value(), 500);
    tab->reviewsBox()->setValue(200);
    tab->replacementBox()->setCurrentIndex(1);  // its mean output
    QSignalSpy spy(tab, &HeadImportanceTab::runEnded);
    QTest::mouseClick(tab->runButton(), Qt::LeftButton);
    QVERIFY(tab->cancelButton()->isEnabled());
    QVERIFY(ended(spy));
    QVERIFY2(tab->result().has_value(), qPrintable(tab->statusText()));

    const std::vector<EncodedSample> reviews = teaching::headImportanceReviews(*model, "builtin", 1337);
    const auto chosen = teaching::chooseReviews(reviews, 200);
    const teaching::HeadImportance core =
        teaching::headImportance(*model->model, chosen, teaching::HeadReplacement::Mean);
    QCOMPARE(tab->table()->rowCount(), 2);
    QCOMPARE(tab->table()->columnCount(), 2);
    QCOMPARE(tab->result()->samples, size_t{200});
    bool someHeadMatters = false;
    for (int l = 0; l < 2; ++l)
      for (int h = 0; h < 2; ++h) {
        QCOMPARE(tab->shownDrop(l, h), core.drop(size_t(l), size_t(h)));
        someHeadMatters = someHeadMatters || core.drop(size_t(l), size_t(h)) != 0;
      }
    QVERIFY(someHeadMatters);  // the table is not trivially all zeros
    QVERIFY2(tab->statusText().contains(QLocale().toString(100.0 * core.baseline, 'f', 1)), qPrintable(tab->statusText()));

    // A double click on a cell switches that head off on the page.
    emit tab->table()->cellDoubleClicked(1, 0);
    QVERIFY(page.headSwitches().isOff(1, 0));
    QCOMPARE(page.tabs()->currentIndex(), 0);
    QVERIFY(test::attentionShown(page));
  }

  void cancelStopsARun() {
    AttentionPage page;
    page.addModel(tinyModel(4, 4, 0));  // 17 passes over every test review: long enough to be cancelled
    QVERIFY(test::attentionShown(page));
    HeadImportanceTab* tab = page.headImportanceTab();
    tab->reviewsBox()->setValue(0);  // all
    QSignalSpy spy(tab, &HeadImportanceTab::runEnded);
    tab->run();
    QVERIFY(QTest::qWaitFor([&] { return tab->statusText().contains("Measuring"); }, test::waitBudgetMs(20000)));
    QVERIFY(tab->running());
    QTest::mouseClick(tab->cancelButton(), Qt::LeftButton);
    QVERIFY(ended(spy));
    QVERIFY(!tab->running());
    QVERIFY(!tab->result());
    QCOMPARE(tab->table()->rowCount(), 0);
    QVERIFY2(tab->statusText().contains("Cancelled"), qPrintable(tab->statusText()));
    QVERIFY(tab->runButton()->isEnabled());
  }

  void aModelThatIsNoClassifierIsRefused() {
    HeadImportanceTab tab;
    tab.setModel(nullptr);
    QVERIFY(!tab.runButton()->isEnabled());
    SessionModel other;  // the tab needs no weights to refuse: their kind says it
    other.model.task = "masked-lm";
    other.name = "a masked-LM";
    tab.setModel(&other);
    QVERIFY(!tab.runButton()->isEnabled());
    QVERIFY2(tab.statusText().contains("a masked-LM"), qPrintable(tab.statusText()));
  }
};

QTEST_MAIN(TestHeadImportanceTab)
#include "test_head_importance_tab.moc"
