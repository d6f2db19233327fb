// The training timeline on the Attention page and the Train page: a tiny model trained with a timeline opens on the
// Attention page with the timeline's bar under the maps; at a moment of training the page shows the maps and the
// probability the timeline stored for the watched sentence (1e-6), not the kept model's; the last position shows
// the kept model again; a model without timeline.json shows no bar; a run of the Train page records a timeline of
// the corpus's own sentences and saves it beside the model, as attentionlab-cli train --watch does, and shows it at
// once on the Attention page and under its own curves (the moment's step marked on them); saving an opened model
// again keeps its timeline.json; a damaged one is named in a banner on the page, in both languages, and the model
// opens; the Fill and Generate pages say what the model predicted of the watched sentence at a moment; the timeline
// exports as a frame sequence with its index and as a sheet of chosen moments.
// Core headers first (they must not see Qt's `emit`).
#include "core/catalogue/model_catalogue.h"
#include "core/inference/model_attention.h"
#include "core/inference/training_timeline.h"
#include "core/train/hyperparameters.h"
#include "core/train/timeline_recorder.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QSlider>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "tests/app_fixture.h"
#include "tests/recorded_model.h"
#include "tests/attention_shown.h"
#include "tests/wait_budget.h"
#include "ui/pages/attention_page.h"
#include "ui/pages/fill_page.h"
#include "ui/pages/generate_page.h"
#include "ui/pages/timeline_reading.h"
#include "ui/pages/train_page.h"
#include "ui/session/model_files.h"
#include "ui/session/model_library.h"
#include "ui/text/language.h"
#include "ui/text/prediction_texts.h"
#include "ui/widgets/curve_plot.h"
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

// Opens the directory on the page and waits for the model, which brings its timeline (read on a worker thread).
bool opensOn(AttentionPage& page, const QString& dir) {
  page.openModelDirectory(dir);
  return QTest::qWaitFor([&] { return !page.isOpeningModel(); }, kTimeoutMs) &&
         page.errorText().isEmpty() && page.currentModelName() == QFileInfo(dir).fileName();
}

using al::test::recordedModel;  // tests/recorded_model.h

std::string fileText(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
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
  // The run's model in the library holds the timeline: the Attention page shows its bar at once, no file between.
  void theTrainPageRecordsATimelineOfTheCorpusSentences() {
    ModelLibrary library;
    AttentionPage attention(&library);
    TrainPage page;
    page.setLibrary(&library);
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

    QCOMPARE(library.models().size(), size_t(1));
    QCOMPARE(library.models().front().timeline, recorded);
    QCOMPARE(attention.currentSessionModel()->id, library.models().front().id);
    QVERIFY(attention.timelineBar()->isVisibleTo(&attention));
    QCOMPARE(attention.timelineBar()->snapshotCount(), int(recorded->snapshots.size()));
    QVERIFY(attention.timelineBar()->errorText().isEmpty());

    // Under the Train page's curves: the run's moments; at one, its step marked on the curves (x in epochs).
    TimelineBar* bar = page.findChild<TimelineBar*>();
    QVERIFY(bar);
    QVERIFY(bar->isVisibleTo(&page));
    QCOMPARE(bar->snapshotCount(), int(recorded->snapshots.size()));
    QVERIFY(!page.curves()->moment());
    const TimelineSnapshot& end = recorded->snapshots.back();
    QVERIFY(end.epochEnd);
    const size_t middle = recorded->snapshots.size() / 2;
    QTest::keyClick(bar->slider(), Qt::Key_Home);
    for (size_t i = 0; i < middle; ++i) QTest::keyClick(bar->slider(), Qt::Key_Right);
    QCOMPARE(bar->position(), int(middle));
    QVERIFY(page.curves()->moment());
    const double expected = double(recorded->snapshots[middle].step) / double(end.step) * end.epoch;
    QVERIFY2(std::abs(*page.curves()->moment() - expected) < 1e-9,
             qPrintable(QStringLiteral("%1 vs %2").arg(*page.curves()->moment()).arg(expected)));
    QVERIFY(*page.curves()->moment() > 0 && *page.curves()->moment() < end.epoch);
    QTest::keyClick(bar->slider(), Qt::Key_End);
    QVERIFY(!page.curves()->moment());

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

  // File › Save model of an opened model writes its timeline.json again; a model without one stays without.
  void savingAnOpenedModelAgainKeepsItsTimeline() {
    TrainPage page;
    const int with = page.addModelRun(openSessionModel(withTimeline_), QStringLiteral("opened"));
    const int without = page.addModelRun(openSessionModel(withoutTimeline_), QStringLiteral("opened"));
    const QString copy = folder_.filePath("saved-again"), plainCopy = folder_.filePath("saved-again-plain");
    QVERIFY(page.saveModel(with, copy));
    QVERIFY(page.saveModel(without, plainCopy));
    QVERIFY(QTest::qWaitFor([&] { return !page.filesBusy(); }, kTimeoutMs));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    const fs::path original = fs::path(withTimeline_.toStdString()) / kTimelineFile;
    QCOMPARE(fileText(fs::path(copy.toStdString()) / kTimelineFile), fileText(original));
    QVERIFY(fs::exists(fs::path(plainCopy.toStdString()) / "config.json"));
    QVERIFY(!fs::exists(fs::path(plainCopy.toStdString()) / kTimelineFile));
  }

  // A damaged timeline.json: the model opens and the page shows it; the bar is a banner naming the file and what is
  // wrong, in the language of the moment.
  void aDamagedTimelineIsNamedOnThePage_data() {
    QTest::addColumn<QString>("damage");
    QTest::addColumn<QString>("english");  // what the English message says is wrong
    QTest::addColumn<QString>("chinese");
    QTest::newRow("truncated") << "truncated" << "JSON" << "JSON";
    QTest::newRow("not JSON") << "not JSON" << "JSON" << "JSON";
    QTest::newRow("maps of another shape") << "shape" << "expected" << "attention";
  }
  void aDamagedTimelineIsNamedOnThePage() {
    QFETCH(QString, damage);
    QFETCH(QString, english);
    QFETCH(QString, chinese);
    const fs::path dir = fs::path(folder_.filePath("damaged-" + damage).toStdString());
    fs::remove_all(dir);
    fs::copy(withTimeline_.toStdString(), dir, fs::copy_options::recursive);
    const fs::path file = dir / kTimelineFile;
    std::string text = fileText(file);
    if (damage == "truncated") text = text.substr(0, text.size() / 2);
    if (damage == "not JSON") text = "snapshots: many\n";
    if (damage == "shape") text.replace(text.find("\"query_start\":0"), 15, "\"query_start\":1");
    std::ofstream(file, std::ios::binary | std::ios::trunc) << text;

    AttentionPage page;
    QVERIFY2(opensOn(page, QString::fromStdString(dir.string())), qPrintable(page.errorText()));
    QVERIFY(al::test::attentionShown(page));
    QVERIFY(page.prediction().attention.size() > 0);
    TimelineBar* bar = page.timelineBar();
    QVERIFY(bar->isVisibleTo(&page));
    QCOMPARE(bar->snapshotCount(), 0);
    const QString message = bar->errorText();
    QVERIFY2(message.contains(QString::fromStdString(file.string())), qPrintable(message));
    QVERIFY2(message.contains(english), qPrintable(message));
    QVERIFY2(message.contains("training timeline"), qPrintable(message));

    QVERIFY(setLanguage("zh_CN", false));
    QCoreApplication::processEvents();  // the bar hears of the language
    const QString inChinese = bar->errorText();
    QVERIFY(setLanguage("en", false));
    QCoreApplication::processEvents();
    QVERIFY2(inChinese != message, qPrintable(inChinese));
    QVERIFY2(inChinese.contains(QString::fromStdString(file.string())), qPrintable(inChinese));
    QVERIFY2(inChinese.contains(chinese), qPrintable(inChinese));
    QVERIFY2(inChinese.contains(QStringLiteral("时间线")), qPrintable(inChinese));
    QCOMPARE(bar->errorText(), message);
  }

  // Export timeline: a frame per snapshot (the page's maps under the moment's step), each a PNG of one size that
  // differs from its neighbour where the stored maps differ; index.json names each frame's step and epoch; Cancel
  // stops after the frames written; a sheet has one panel per chosen moment, titled in the language of the interface.
  void theTimelineExportsFramesAndASheet() {
    AttentionPage page;
    page.resize(1280, 720);
    page.show();
    QVERIFY2(opensOn(page, withTimeline_), qPrintable(page.errorText()));
    page.setText(QString::fromStdString(kWatched));
    QVERIFY(al::test::attentionShown(page));
    QVERIFY(page.timelineExportButton()->isVisibleTo(&page));
    const int count = int(timeline_.snapshots.size());
    QTemporaryDir out;
    int told = 0;
    QCOMPARE(page.exportTimelineFrames(out.path(), [&](int, int total) { return ++told && total == count; }), count);
    QCOMPARE(told, count);
    QVERIFY(page.timelineBar()->atFinalModel());  // the bar went back where it was
    const QSize maps = page.figure()->size();

    QFile indexFile(out.filePath("index.json"));
    QVERIFY(indexFile.open(QIODevice::ReadOnly));
    const QJsonObject index = QJsonDocument::fromJson(indexFile.readAll()).object();
    QCOMPARE(index["sentence"].toString(), QString::fromStdString(kWatched));
    const QJsonArray frames = index["frames"].toArray();
    QCOMPARE(frames.size(), count);
    QImage previous;
    int differing = 0;
    for (int i = 0; i < count; ++i) {
      const QString name = QStringLiteral("frame-%1.png").arg(i + 1, 4, 10, QLatin1Char('0'));
      QCOMPARE(frames[i].toObject()["file"].toString(), name);
      QCOMPARE(frames[i].toObject()["step"].toInteger(), qint64(timeline_.snapshots[size_t(i)].step));
      QCOMPARE(frames[i].toObject()["epoch"].toInt(), timeline_.snapshots[size_t(i)].epoch);
      const QImage frame(out.filePath(name), "PNG");
      QVERIFY2(!frame.isNull(), qPrintable(name));
      QCOMPARE(frame.width(), 2 * maps.width());  // the maps at twice their pixels, as File › Export figure
      QVERIFY(frame.height() > 2 * maps.height());  // and the step's title above them
      if (i > 0) {
        QCOMPARE(frame.size(), previous.size());
        const double change = largestDifference(timeline_.snapshots[size_t(i)].probes[0].attention,
                                                timeline_.snapshots[size_t(i - 1)].probes[0].attention);
        // Below the title, the maps: another picture wherever the stored maps changed (the page drew each moment).
        const QRect mapsRect(0, frame.height() - 2 * maps.height(), frame.width(), 2 * maps.height());
        if (change > 0) {
          QVERIFY2(frame.copy(mapsRect) != previous.copy(mapsRect), qPrintable(name + " shows the maps of the frame before it"));
          ++differing;
        }
      }
      previous = frame;
    }
    QVERIFY(differing > 0);

    QTemporaryDir stopped;
    QCOMPARE(page.exportTimelineFrames(stopped.path(), [](int done, int) { return done < 2; }), 2);
    QVERIFY(QFileInfo::exists(stopped.filePath("frame-0002.png")));
    QVERIFY(!QFileInfo::exists(stopped.filePath("frame-0003.png")));

    const std::vector<int> chosen = page.sheetPositions(4);
    QCOMPARE(chosen.size(), size_t(4));
    QCOMPARE(chosen.front(), 0);
    QCOMPARE(chosen.back(), count);  // the kept model
    QVERIFY(page.exportTimelineSheet(out.filePath("sheet.png"), chosen));
    const QImage sheet(out.filePath("sheet.png"), "PNG");
    QVERIFY(sheet.width() >= 4 * 2 * maps.width() && sheet.width() < 5 * 2 * maps.width());
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
      QVERIFY(setLanguage(language, false));
      QCoreApplication::processEvents();
      const QString svg = out.filePath("sheet-" + language + ".svg");
      QVERIFY(page.exportTimelineSheet(svg, {0, chosen[1], count - 1}));
      QFile file(svg);
      QVERIFY(file.open(QIODevice::ReadOnly));
      const QString drawing = QString::fromUtf8(file.readAll());
      QCOMPARE(drawing.count(QStringLiteral("<image")), 3);  // a panel per moment
      const QString step = QString::number(timeline_.snapshots[size_t(chosen[1])].step);
      const QString title = language == "en" ? "Step " + step : QStringLiteral("第 %1 步").arg(step);
      // The drawing's text, without its markup (Qt writes a run of text per script: "第 ", "3", " 步") or spaces.
      QString words = drawing;
      words.remove(QRegularExpression(QStringLiteral("<[^>]*>|\\s")));
      QVERIFY2(words.contains(QString(title).remove(QLatin1Char(' '))), qPrintable(title));
    }
    QVERIFY(setLanguage("en", false));
  }

  // At a moment, the Fill page lists each blank's 5 best words of the watched sentence then, the Generate page the
  // 5 best next tokens after the watched prompt; at the kept model the pages show their own, the bar nothing more.
  void theFillAndGeneratePagesSayWhatAMomentPredicted() {
    ModelLibrary library;
    FillPage fill(&library);
    GeneratePage generate(&library);
    const SessionModel masked = recordedModel("masked-lm"), causal = recordedModel("causal-lm");
    library.add(masked);
    library.add(causal);
    struct Case {
      ModelPage* page;
      TimelineBar* bar;
      const TrainingTimeline& timeline;
    };
    for (const Case& c : {Case{&fill, fill.timelineBar(), *masked.timeline},
                          Case{&generate, generate.timelineBar(), *causal.timeline}}) {
      QVERIFY(c.page->currentSessionModel());
      QVERIFY(c.bar->isVisibleTo(c.page));
      QCOMPARE(c.bar->snapshotCount(), int(c.timeline.snapshots.size()));
      QVERIFY(c.bar->predictionText().isEmpty());  // the kept model: the page's own bars
      const size_t last = c.timeline.snapshots.size() - 1;
      for (size_t k : {size_t(0), last}) {
        c.bar->setPosition(int(k));
        const ModelPrediction& then = c.timeline.snapshots[k].probes[0].prediction;
        const std::vector<PredictedToken>& top = then.kind == PredictionKind::Fill ? then.blanks.at(0).top : then.next;
        QCOMPARE(int(then.kind), int(c.page == &fill ? PredictionKind::Fill : PredictionKind::NextToken));
        QVERIFY(top.size() >= 5);
        const QString line = c.bar->predictionText();
        QVERIFY2(line.contains(candidatesText(top, 5)), qPrintable(line));
        QVERIFY2(line.count(QStringLiteral(" %)")) == 5, qPrintable(line));  // the 5 best, no more
      }
      // The first weights and the last moment predicted otherwise: each line is its own moment's.
      c.bar->setPosition(0);
      const QString first = c.bar->predictionText();
      c.bar->setPosition(int(last));
      QVERIFY(first != c.bar->predictionText());
      c.bar->setPosition(c.bar->snapshotCount());
      QVERIFY(c.bar->predictionText().isEmpty());
    }
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
