// The training timeline on the Attention page and the Train page: a tiny model trained with a timeline opens on the
// Attention page with the timeline's bar under the maps; at a moment of training the page shows the maps and the
// probability the timeline stored for the watched sentence (1e-6), not the kept model's; the last position shows
// the kept model again; a model without timeline.json shows no bar; a run of the Train page records a timeline of
// the corpus's own sentences and saves it beside the model, as attentionlab-cli train --watch does.
// Core headers first (they must not see Qt's `emit`).
#include "core/catalogue/model_catalogue.h"
#include "core/inference/model_attention.h"
#include "core/inference/training_timeline.h"
#include "core/train/hyperparameters.h"
#include "core/train/timeline_recorder.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QLabel>
#include <QSlider>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <filesystem>

#include "tests/app_fixture.h"
#include "tests/attention_shown.h"
#include "tests/wait_budget.h"
#include "ui/pages/attention_page.h"
#include "ui/pages/train_page.h"
#include "ui/session/model_library.h"
#include "ui/widgets/timeline_bar.h"

using namespace al;
using namespace al::ui;
namespace fs = std::filesystem;

namespace {

constexpr int kTimeoutMs = al::test::waitBudgetMs(120000);  // generous: the machine may be busy
const std::string kWatched = "this movie was not good at all";

// The largest difference between two stacks of maps; infinite when their shapes differ.
double largestDifference(const std::vector<std::vector<Matrix>>& a, const std::vector<std::vector<Matrix>>& b) {
  if (a.size() != b.size() || a.empty()) return INFINITY;
  double largest = 0;
  for (size_t l = 0; l < a.size(); ++l) {
    if (a[l].size() != b[l].size()) return INFINITY;
    for (size_t h = 0; h < a[l].size(); ++h) {
      if (a[l][h].rows() != b[l][h].rows() || a[l][h].cols() != b[l][h].cols()) return INFINITY;
      largest = std::max(largest, double((a[l][h] - b[l][h]).cwiseAbs().maxCoeff()));
    }
  }
  return largest;
}

// Opens the directory on the page and waits for the model and its timeline (read on worker threads).
bool opensOn(AttentionPage& page, const QString& dir) {
  page.openModelDirectory(dir);
  return QTest::qWaitFor([&] { return !page.isOpeningModel() && !page.isReadingTimeline(); }, kTimeoutMs) &&
         page.errorText().isEmpty() && page.currentModelName() == QFileInfo(dir).fileName();
}

}  // namespace

class TestAttentionTimeline : public QObject {
  Q_OBJECT
  al::test::AppFixture app_;
  QTemporaryDir folder_;
  QString withTimeline_, withoutTimeline_;
  TrainingTimeline timeline_;

 private slots:
  // A tiny IMDB Transformer, 2 epochs of a few batches, a snapshot every 3 steps of one watched sentence; saved twice,
  // once with its timeline and once without.
  void initTestCase() {
    QVERIFY(app_.setUp("test_attention_timeline"));
    const ModelKind& kind = modelKind("imdb-transformer");
    al::RunRequest request;
    request.task = kind.task;
    request.preset = "tiny";
    request.values = kind.formValues;
    request.values.update({{"epochs", 2}, {"batch_size", 8}, {"train_limit", 64}, {"threads", 1}, {"seed", 7}});
    const std::unique_ptr<TrainingRun> run = taskSchema(kind.trainCommand).prepare(request, {});
    TimelineRecorder recorder(*run, {.probes = {kWatched}, .every = 3});
    run->train(&recorder, nullptr);
    timeline_ = recorder.finish();
    QVERIFY(timeline_.snapshots.size() >= 4);
    withTimeline_ = folder_.filePath("tiny-timeline");
    withoutTimeline_ = folder_.filePath("tiny-plain");
    run->save(withTimeline_.toStdString());
    run->save(withoutTimeline_.toStdString());
    const fs::path file = fs::path(withTimeline_.toStdString()) / kTimelineFile;
    writeTrainingTimeline(file, timeline_);
    qInfo("timeline.json of the tiny model: %lld bytes, %zu snapshots", static_cast<long long>(fs::file_size(file)),
          timeline_.snapshots.size());
  }

  void aMomentShowsTheMapsStoredThenAndTheLastPositionTheKeptModel() {
    AttentionPage page;
    page.resize(1280, 720);
    page.show();
    QVERIFY2(opensOn(page, withTimeline_), qPrintable(page.errorText()));
    page.setText(QString::fromStdString(kWatched));
    QVERIFY(al::test::attentionShown(page));
    TimelineBar* bar = page.timelineBar();
    QVERIFY(bar->isVisibleTo(&page));
    QCOMPARE(bar->snapshotCount(), int(timeline_.snapshots.size()));
    QVERIFY(bar->atFinalModel());  // the default: the model as it is
    QCOMPARE(page.shownMoment(), -1);

    // At the last position the page shows what the kept model reads.
    const AnyModel kept = loadModel(withTimeline_.toStdString());
    const ModelAttention keptMaps = readModelAttention(kept, kWatched);
    QVERIFY(largestDifference(page.prediction().attention, keptMaps.attention) <= 1e-6);

    // The moment of training whose maps differ most from the kept model's (a tiny model's change little late in its
    // run): the maps and the probability stored then.
    int k = 0;
    for (int i = 1; i < bar->snapshotCount(); ++i)
      if (largestDifference(timeline_.snapshots[size_t(i)].probes[0].attention, keptMaps.attention) >
          largestDifference(timeline_.snapshots[size_t(k)].probes[0].attention, keptMaps.attention))
        k = i;
    const ProbeReading& then = timeline_.snapshots[size_t(k)].probes[0];
    QElapsedTimer redraw;
    redraw.start();
    bar->setPosition(k);
    QVERIFY(al::test::attentionShown(page));
    qInfo("the page redrew moment %d in %lld ms", k, static_cast<long long>(redraw.elapsed()));
    QCOMPARE(page.shownMoment(), k);
    QVERIFY(largestDifference(page.prediction().attention, then.attention) <= 1e-6);
    QVERIFY2(largestDifference(page.prediction().attention, keptMaps.attention) > 1e-4,
             "a moment of training shows the kept model's maps");
    QVERIFY(std::abs(page.prediction().probability - then.prediction.probability) <= 1e-6);
    QVERIFY(page.predictionText().contains(QString::number(timeline_.snapshots[size_t(k)].step)));
    QVERIFY(bar->stateText().contains(QString::number(timeline_.snapshots[size_t(k)].step)));

    // The keyboard moves through the moments: Home is step 0, End the kept model.
    bar->slider()->setFocus();
    QTest::keyClick(bar->slider(), Qt::Key_Home);
    QVERIFY(al::test::attentionShown(page));
    QCOMPARE(page.shownMoment(), 0);
    QVERIFY(largestDifference(page.prediction().attention, timeline_.snapshots[0].probes[0].attention) <= 1e-6);
    QTest::keyClick(bar->slider(), Qt::Key_End);
    QVERIFY(al::test::attentionShown(page));
    QVERIFY(bar->atFinalModel());
    QCOMPARE(page.shownMoment(), -1);
    QVERIFY(largestDifference(page.prediction().attention, keptMaps.attention) <= 1e-6);
  }

  // Moving to a moment with a sentence the run did not watch puts the watched sentence on the page.
  void aSentenceNotWatchedGivesWayToTheWatchedOne() {
    AttentionPage page;
    QVERIFY2(opensOn(page, withTimeline_), qPrintable(page.errorText()));
    page.setText(QStringLiteral("a wonderful film"));
    QVERIFY(al::test::attentionShown(page));
    page.timelineBar()->setPosition(1);
    QVERIFY(al::test::attentionShown(page));
    QCOMPARE(page.text(), QString::fromStdString(kWatched));
    QCOMPARE(page.shownMoment(), 1);
    QVERIFY(largestDifference(page.prediction().attention, timeline_.snapshots[1].probes[0].attention) <= 1e-6);
  }

  void aModelWithoutATimelineShowsNoBar() {
    AttentionPage page;
    page.show();
    QVERIFY2(opensOn(page, withoutTimeline_), qPrintable(page.errorText()));
    QVERIFY(al::test::attentionShown(page));
    QVERIFY(!page.timelineBar()->isVisibleTo(&page));
    QCOMPARE(page.shownMoment(), -1);
    QVERIFY(page.prediction().attention.size() > 0);
  }

  // A run of the Train page watches the corpus's own sentences; the model it saves holds them as timeline.json.
  void theTrainPageRecordsATimelineOfTheCorpusSentences() {
    TrainPage page;
    page.setDataSource("builtin");
    QVERIFY(QTest::qWaitFor([&] { return page.dataCardReady(); }, kTimeoutMs));
    page.setPreset("tiny");
    page.setParameter("epochs", 1);
    const std::vector<std::string> defaults = defaultProbes(modelKind("imdb-transformer"), "builtin");
    QVERIFY(!defaults.empty());
    QCOMPARE(page.watchSentences().size(), qsizetype(defaults.size()));
    page.start();
    const int run = page.currentRunId();
    QVERIFY(QTest::qWaitFor([&] { return !page.isTraining(); }, kTimeoutMs));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    const std::shared_ptr<const TrainingTimeline> recorded = page.timeline(run);
    QVERIFY(recorded);
    QCOMPARE(recorded->probes.size(), defaults.size());
    for (size_t p = 0; p < defaults.size(); ++p) QVERIFY(recorded->probes[p].text == defaults[p]);
    QVERIFY(recorded->snapshots.size() >= 2);
    QCOMPARE(recorded->snapshots.front().step, 0L);

    const QString dir = folder_.filePath("trained-here");
    QVERIFY(page.saveModel(run, dir));
    QVERIFY(QTest::qWaitFor([&] { return !page.filesBusy(); }, kTimeoutMs));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    const std::optional<TrainingTimeline> saved = readTrainingTimelineIfPresent(dir.toStdString());
    QVERIFY(saved);
    QCOMPARE(saved->probes.size(), defaults.size());
    QVERIFY(saved->probes[0].text == defaults[0]);
    QCOMPARE(saved->snapshots.size(), recorded->snapshots.size());
  }

  // Sentences typed under Watch sentences are the ones watched.
  void typedSentencesAreWatched() {
    TrainPage page;
    page.setWatchSentences({QStringLiteral("a wonderful film"), QStringLiteral(" "), QStringLiteral("a dull film")});
    QCOMPARE(page.watchSentences(), (QStringList{QStringLiteral("a wonderful film"), QStringLiteral("a dull film")}));
  }
};

QTEST_MAIN(TestAttentionTimeline)
#include "test_attention_timeline.moc"
