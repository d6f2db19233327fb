// Transfer from a pretrained BERT in the app: the Train page's "Start from" offers a BERT of the session and trains
// a sentiment head on it (BERT frozen or its top layers fine-tuned), and the "Does pre-training help?" tab takes a
// BERT as an optional third side beside the masked-LM and scratch, on the same labelled reviews (frozen or
// fine-tuned there too), and states its number in the verdict.
#include "core/inference/masked_lm_inference.h"
#include "core/inference/pretrained_inference.h"
#include "core/data/imdb_sources.h"
#include "core/teaching/bert_head_importance.h"
#include "core/train/bert_sentiment_run.h"
#include "core/train/mlm_run.h"
#include "tests/tiny_masked_lm.h"

#include <QComboBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QtTest>

#include "ui/pages/head_importance_job.h"
#include "ui/pages/head_importance_tab.h"
#include "ui/pages/train_page.h"
#include "ui/widgets/curve_plot.h"
#include "ui/session/model_library.h"
#include "ui/pages/pretraining_comparison.h"

using namespace al;
using namespace al::ui;

namespace {

constexpr int kTimeoutMs = 180000;  // generous: the machine may be busy

int addBert(ModelLibrary& library) {
  SessionModel s;
  s.name = QStringLiteral("bert-tiny");
  s.model = anyModel(PretrainedBert::kTask, loadPretrainedBert(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/bert-tiny"));
  return library.add(std::move(s));
}

// A Train page on a session that holds bert-tiny.
struct TrainPageOnBert {
  ModelLibrary library;  // declared first: the page observes it until its own end
  TrainPage page;
  int bert = addBert(library);

  TrainPageOnBert() { page.setLibrary(&library); }

  // Once the data card is read: a short run (tiny preset, 2 epochs) starting from the BERT. False on a timeout.
  bool setUpShortRun() {
    if (!QTest::qWaitFor([&] { return page.dataCardReady(); }, kTimeoutMs)) return false;
    page.setPreset("tiny");
    page.setParameter("epochs", 2);
    page.setStartFrom(bert);
    return true;
  }

  // Starts the run and waits for its end: the run, or null if it failed or did not end in time.
  const BertSentimentRun* trainToEnd() {
    page.start();
    const int runId = page.currentRunId();
    if (!QTest::qWaitFor([&] { return !page.isTraining(); }, kTimeoutMs) || !page.errorText().isEmpty()) return nullptr;
    return dynamic_cast<const BertSentimentRun*>(page.trainingRun(runId));
  }
};

// The "Does pre-training help?" comparison on a session that holds bert-tiny.
struct ComparisonOnBert {
  ModelLibrary library;  // declared first: the comparison observes it until its own end
  PretrainingComparison comparison;
  int bert = addBert(library);

  ComparisonOnBert() { comparison.setLibrary(&library); }

  // A small run: the tiny masked-LM against scratch on 200 labelled built-in reviews, one seed.
  void setUpSmallRun(int epochs) {
    comparison.setModel(al::test::tinyTrainedMaskedLm(), QStringLiteral("tiny masked-LM"));
    comparison.setDataSource(QStringLiteral("builtin"));
    comparison.setLabels(200);
    comparison.setEpochs(epochs);
    comparison.setSeeds(1);
  }
};

}  // namespace

class TestBertTransfer : public QObject {
  Q_OBJECT
 private slots:
  void trainPageStartsAHeadOnABertOfTheSession() {
    TrainPageOnBert t;
    auto* startFrom = t.page.findChild<QComboBox*>("startFrom");
    QVERIFY(startFrom);
    QCOMPARE(startFrom->count(), 2);  // scratch and the BERT
    QVERIFY(t.setUpShortRun());
    const BertSentimentRun* head = t.trainToEnd();
    QVERIFY2(head, qPrintable(t.page.errorText()));
    QCOMPARE(head->head().width(), Index{8});  // bert-tiny's width: the head reads its [CLS] state
    QCOMPARE(head->settings().value("fine_tune_layers", -1), 0);  // BERT frozen unless asked
  }

  void trainPageFineTunesTheTopLayersOfABert() {
    TrainPageOnBert t;
    auto* fineTune = t.page.findChild<QSpinBox*>("fineTuneLayers");
    QVERIFY(fineTune);
    QVERIFY(t.setUpShortRun());
    QCOMPARE(fineTune->maximum(), 2);  // bert-tiny has 2 layers
    fineTune->setValue(1);
    const BertSentimentRun* run = t.trainToEnd();
    QVERIFY2(run, qPrintable(t.page.errorText()));
    QCOMPARE(run->settings().value("fine_tune_layers", -1), 1);
    t.page.setStartFrom(-1);  // scratch: nothing of BERT to fine-tune
    QCOMPARE(fineTune->maximum(), 0);
  }

  void comparisonTakesABertAsAThirdSide() {
    ComparisonOnBert t;
    PretrainingComparison& comparison = t.comparison;
    auto* box = comparison.findChild<QComboBox*>("comparisonBert");
    QVERIFY(box);
    QCOMPARE(box->count(), 2);  // none and the BERT
    t.setUpSmallRun(2);
    comparison.setBertSide(t.bert);
    QSignalSpy done(&comparison, &PretrainingComparison::finished);
    comparison.start();
    QVERIFY(done.wait(kTimeoutMs));
    QCOMPARE(comparison.bertAccuracies().size(), size_t(1));
    QCOMPARE(comparison.pretrainedAccuracies().size(), size_t(1));
    QCOMPARE(comparison.scratchAccuracies().size(), size_t(1));
    const double accuracy = comparison.bertAccuracies()[0];
    QVERIFY(accuracy > 0 && accuracy <= 1);
    const QString verdict = comparison.verdictText();
    QVERIFY2(verdict.contains(QStringLiteral("bert-tiny")), qPrintable(verdict));
    QVERIFY2(verdict.contains(QString::number(accuracy * 100, 'f', 1)), qPrintable(verdict));
    QCOMPARE(comparison.curves()->pointCount(3, CurvePlot::Curve::Validation, CurvePlot::Metric::Accuracy), 2);
  }

  // The BERT side fine-tunes as many of BERT's top layers as asked: the box offers 0 .. the chosen BERT's layers
  // (none without a BERT), the runs record the number, and the verdict says which it was.
  void comparisonFineTunesTheTopLayersOfItsBert() {
    ComparisonOnBert t;
    PretrainingComparison& comparison = t.comparison;
    auto* fineTune = comparison.findChild<QSpinBox*>("comparisonFineTuneLayers");
    QVERIFY(fineTune);
    QVERIFY(fineTune->isHidden());  // no BERT chosen
    QCOMPARE(fineTune->maximum(), 0);
    comparison.setBertSide(t.bert);
    QVERIFY(!fineTune->isHidden());
    QCOMPARE(fineTune->maximum(), 2);  // bert-tiny has 2 layers
    QCOMPARE(fineTune->value(), 0);    // frozen unless asked
    fineTune->setValue(1);
    t.setUpSmallRun(1);
    QSignalSpy done(&comparison, &PretrainingComparison::finished);
    QSignalSpy status(&comparison, &PretrainingComparison::statusMessage);  // names each run as it starts
    comparison.start();
    QVERIFY(done.wait(kTimeoutMs));
    QCOMPARE(status.size(), 3);
    QVERIFY2(status[2][0].toString().contains("BERT, top 1 layer(s) fine-tuned, seed 1"), qPrintable(status[2][0].toString()));
    QCOMPARE(comparison.bertAccuracies().size(), size_t(1));
    QCOMPARE(comparison.bertFineTunedLayers(), 1);  // as the BERT run recorded it
    const QString verdict = comparison.verdictText();
    QVERIFY2(verdict.contains(QStringLiteral("top 1 layer(s) fine-tuned")) && !verdict.contains("frozen"),
             qPrintable(verdict));
    comparison.setBertSide(-1);
    QVERIFY(fineTune->isHidden());
  }

  // "Which heads matter?" measures a sentiment head on BERT: the heads of its BERT, switched off with zeros (the
  // only replacement offered), giving the core's numbers for the same reviews.
  void headImportanceMeasuresTheHeadsOfItsBert() {
    ImdbRunSettings settings;
    settings.data = "builtin";
    settings.initEncoderDir = ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/bert-tiny";
    settings.threads = 1;
    settings.training.epochs = 2;
    const std::unique_ptr<BertSentimentRun> run = BertSentimentRun::prepare(settings);
    run->train(nullptr, nullptr);
    SessionModel session;
    session.name = QStringLiteral("head on bert-tiny");
    session.model = run->snapshot();
    session.settings = run->settings();
    HeadImportanceTab tab;
    tab.setModel(&session);
    QVERIFY2(tab.runButton()->isEnabled(), qPrintable(tab.statusText()));
    QVERIFY(!tab.replacementBox()->isEnabled());
    QCOMPARE(tab.replacementBox()->currentIndex(), 0);  // zeros
    tab.reviewsBox()->setValue(100);
    QSignalSpy ended(&tab, &HeadImportanceTab::runEnded);
    tab.run();
    QVERIFY(ended.wait(kTimeoutMs));
    QVERIFY2(tab.result().has_value(), qPrintable(tab.statusText()));

    const LabeledDataset data = loadImdbSource("builtin", {}, dataSeedOf(session));
    const teaching::HeadImportance core =
        teaching::bertHeadImportance(*session.as<BertSentimentModel>(), teaching::chooseReviews(data.test, 100));
    QCOMPARE(tab.result()->samples, size_t{100});
    QCOMPARE(tab.table()->rowCount(), 2);     // bert-tiny's layers
    QCOMPARE(tab.table()->columnCount(), 2);  // and heads
    bool someHeadMatters = false;
    for (int l = 0; l < 2; ++l)
      for (int h = 0; h < 2; ++h) {
        QCOMPARE(tab.shownDrop(l, h), core.drop(size_t(l), size_t(h)));
        someHeadMatters = someHeadMatters || core.drop(size_t(l), size_t(h)) != 0;
      }
    QVERIFY(someHeadMatters);  // the table is not trivially all zeros
  }
};

QTEST_MAIN(TestBertTransfer)
#include "test_bert_transfer.moc"
