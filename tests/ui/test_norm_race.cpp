// The layer-norm-versus-batch-norm race driven as a user would: built-in data, the tiny preset, Start, and
// what the tab shows afterwards; Stop, unreadable data, and the finished runs joining the Train page.
// Core headers first (they must not see Qt's `emit`).
#include "core/train/imdb_run.h"

#include <QComboBox>
#include <QDir>
#include <QFileInfo>
#include <QPushButton>
#include <QSignalSpy>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <set>

#include "ui/widgets/curve_plot.h"
#include "ui/main_window.h"
#include "ui/pages/norm_race.h"
#include "ui/pages/normalization_page.h"
#include "ui/session/run_factory.h"
#include "ui/widgets/runs_list.h"
#include "ui/session/model_library.h"
#include "ui/pages/train_page.h"
#include "tests/wait_budget.h"

using al::ui::CurvePlot;
using al::ui::NormRace;
using Side = al::ui::NormRace::Side;

namespace {

constexpr int kRaceTimeoutMs = al::test::waitBudgetMs(300000);  // generous: the machine may be busy

QPushButton* button(NormRace& race, const char* name) {
  auto* b = race.findChild<QPushButton*>(name);
  if (!b) qFatal("no button %s", name);
  return b;
}

// Sets up a built-in, tiny race of `epochs` epochs and clicks Start.
void startRace(NormRace& race, int epochs) {
  race.setDataSource("builtin");
  race.setPreset("tiny");
  race.setEpochs(epochs);
  QTest::mouseClick(button(race, "raceStart"), Qt::LeftButton);
}

bool waitForEnd(NormRace& race, QSignalSpy& finished) {
  return QTest::qWaitFor([&] { return finished.count() > 0; }, kRaceTimeoutMs) && !race.isRacing();
}

// Every leaf of a settings object, by its JSON pointer ("/model/norm").
nlohmann::json leaves(const nlohmann::json& settings) { return settings.flatten(); }

}  // namespace

class TestNormRace : public QObject {
  Q_OBJECT
 private slots:
  void raceProducesTwoFullRuns();
  void bothRunsStartFromTheSameWeights();
  void stopEndsBothWithoutVerdict();
  void unreadableDataFailsWithItsName();
  void presetSetsTheBudget();
  void batchNormCanCountPadding();
  void finishedRunsJoinTheTrainPage();
};

void TestNormRace::raceProducesTwoFullRuns() {
  NormRace race;
  QSignalSpy finished(&race, &NormRace::raceFinished);
  constexpr int kEpochs = 3;
  startRace(race, kEpochs);
  QVERIFY(race.isRacing());
  QVERIFY(!button(race, "raceStart")->isEnabled());
  QVERIFY(button(race, "raceStop")->isEnabled());
  // While both train, the one ahead waits for the other: watch the gap between them at every redraw.
  int widestGap = 0;
  QVERIFY(QTest::qWaitFor(
      [&] {
        widestGap = std::max(widestGap, std::abs(race.batchesSeen(Side::Layer) - race.batchesSeen(Side::Batch)));
        return finished.count() > 0;
      },
      kRaceTimeoutMs));
  QVERIFY(!race.isRacing());
  QCOMPARE(finished.count(), 1);
  QCOMPARE(race.state(), NormRace::State::Finished);
  QVERIFY2(race.errorText().isEmpty(), qPrintable(race.errorText()));
  QVERIFY(button(race, "raceStart")->isEnabled());

  for (Side side : NormRace::kSides) {
    const auto& history = race.history(side);
    QCOMPARE(static_cast<int>(history.size()), kEpochs);
    for (int i = 0; i < kEpochs; ++i) {
      QCOMPARE(history[i].epoch, i + 1);
      QVERIFY(std::isfinite(history[i].loss) && history[i].loss > 0);
      QVERIFY(history[i].accuracy >= 0 && history[i].accuracy <= 1);
      QVERIFY(std::isfinite(history[i].valLoss));
      QVERIFY(history[i].valAccuracy >= 0 && history[i].valAccuracy <= 1);
    }
    // Every batch and every epoch is drawn, under the run's own curves.
    const int id = static_cast<int>(side);
    QVERIFY(race.curves()->hasRun(id));
    QVERIFY(race.batchesSeen(side) > 0);
    QCOMPARE(race.curves()->pointCount(id, CurvePlot::Curve::Batch, CurvePlot::Metric::Loss), race.batchesSeen(side));
    QCOMPARE(race.curves()->pointCount(id, CurvePlot::Curve::Training, CurvePlot::Metric::Accuracy), kEpochs);
    QCOMPARE(race.curves()->pointCount(id, CurvePlot::Curve::Validation, CurvePlot::Metric::Loss), kEpochs);
    QCOMPARE(race.curves()->pointValue(id, CurvePlot::Curve::Validation, CurvePlot::Metric::Accuracy, kEpochs - 1),
             history.back().valAccuracy);
    QVERIFY(race.testAccuracy(side) >= 0 && race.testAccuracy(side) <= 1);
    QVERIFY(race.testSamples(side) > 0);
  }
  // Same data and split: the same number of batches and of test reviews.
  QCOMPARE(race.batchesSeen(Side::Layer), race.batchesSeen(Side::Batch));
  // In step: never more than a quarter of an epoch apart (without pacing, one ran two epochs ahead).
  const int batchesPerEpoch = race.batchesSeen(Side::Layer) / kEpochs;
  QVERIFY2(widestGap <= batchesPerEpoch / 4, qPrintable(QString("gap %1 of %2").arg(widestGap).arg(batchesPerEpoch)));
  QVERIFY(race.maxLead() < batchesPerEpoch / 4);
  QCOMPARE(race.testSamples(Side::Layer), race.testSamples(Side::Batch));
  // Learning happened: after three epochs on the built-in reviews both do better than a coin (0.5).
  QVERIFY(race.testAccuracy(Side::Layer) > 0.6);
  QVERIFY(race.testAccuracy(Side::Batch) > 0.6);

  // The two runs differ in their normalization and in nothing else; one thread each.
  const nlohmann::json layer = leaves(race.settings(Side::Layer));
  const nlohmann::json batch = leaves(race.settings(Side::Batch));
  QVERIFY(!layer.empty());
  std::set<std::string> differing;
  for (const auto& [key, value] : layer.items())
    if (!batch.contains(key) || batch.at(key) != value) differing.insert(key);
  QCOMPARE(layer.size(), batch.size());
  QCOMPARE(differing.size(), size_t{1});
  const std::string normKey = *differing.begin();
  QVERIFY2(QString::fromStdString(normKey).endsWith("/norm"), normKey.c_str());
  QCOMPARE(layer.at(normKey).get<std::string>(), std::string("layer"));
  QCOMPARE(batch.at(normKey).get<std::string>(), std::string("batch"));
  QCOMPARE(layer.at("/threads").get<int>(), 1);
  QCOMPARE(layer.at("/epochs").get<int>(), kEpochs);
  QCOMPARE(layer.at("/seed").get<int>(), race.seed());

  // The verdict names the winner when the gap is larger than chance (two standard errors), a draw otherwise.
  const double a = race.testAccuracy(Side::Layer), b = race.testAccuracy(Side::Batch);
  const double n = static_cast<double>(race.testSamples(Side::Layer));
  const double standardError = std::sqrt(a * (1 - a) / n + b * (1 - b) / n);
  const QString summary = race.summaryText();
  if (std::abs(a - b) <= 2 * standardError)
    QVERIFY2(summary.contains("draw"), qPrintable(summary));
  else
    QVERIFY2(summary.contains(a > b ? "Layer norm won" : "Batch norm won"), qPrintable(summary));
  QVERIFY2(summary.contains("claim"), qPrintable(summary));

  // Both runs are handed out as they finished (no file), with their whole history and settings.
  for (Side side : NormRace::kSides) {
    const auto* run = dynamic_cast<const al::ImdbRun*>(race.finishedRun(side));
    QVERIFY(run);
    QCOMPARE(static_cast<int>(run->history().size()), kEpochs);
    QCOMPARE(run->history().back().valAccuracy, race.history(side).back().valAccuracy);
    QCOMPARE(run->settings(), race.settings(side));
    QVERIFY2(race.runName(side).contains(race.name(side)), qPrintable(race.runName(side)));
  }
}

// The race's premise, checked on the runs it prepares: with the same seed, every tensor of the layer-norm model
// has a namesake in the batch-norm model with the same starting values (the normalizations draw no random
// numbers, so they do not shift the others); batch norm only adds its moving statistics.
void TestNormRace::bothRunsStartFromTheSameWeights() {
  al::ImdbRunSettings settings = al::imdbPreset("tiny");
  settings.threads = 1;
  settings.model.norm = al::NormKind::Layer;
  auto layer = al::ImdbRun::prepare(settings);
  settings.model.norm = al::NormKind::Batch;
  auto batch = al::ImdbRun::prepare(settings);
  const al::ParameterSet& lp = layer->model().parameters();
  const al::ParameterSet& bp = batch->model().parameters();
  for (const al::ParameterInfo& info : lp.tensors()) {
    const int slot = bp.find(info.name);
    QVERIFY2(slot >= 0, info.name.c_str());
    QVERIFY2(lp.value(lp.find(info.name)) == bp.value(slot), info.name.c_str());
  }
  QVERIFY(lp.tensors().size() >= 8);  // embeddings, attention, feed-forward, normalizations, classifier
  QVERIFY(bp.tensors().size() > lp.tensors().size());  // the moving mean and variance
  // Different seeds do give different weights: the equality above is not trivially true.
  settings.training.seed += 1;
  auto other = al::ImdbRun::prepare(settings);
  const int embedding = bp.find("embedding.token");
  QVERIFY(embedding >= 0);
  QVERIFY(!(other->model().parameters().value(embedding) == bp.value(embedding)));
}

void TestNormRace::stopEndsBothWithoutVerdict() {
  NormRace race;
  QSignalSpy finished(&race, &NormRace::raceFinished);
  startRace(race, 50);
  QVERIFY(QTest::qWaitFor([&] { return race.batchesSeen(Side::Layer) > 0 && race.batchesSeen(Side::Batch) > 0; },
                          kRaceTimeoutMs));
  QTest::mouseClick(button(race, "racePause"), Qt::LeftButton);
  QVERIFY(button(race, "racePause")->isChecked());
  QTest::mouseClick(button(race, "raceStop"), Qt::LeftButton);
  QVERIFY(waitForEnd(race, finished));
  QCOMPARE(race.state(), NormRace::State::Stopped);
  QVERIFY(race.history(Side::Layer).size() < 50);
  QVERIFY(race.history(Side::Batch).size() < 50);
  QVERIFY(!race.summaryText().contains("won"));
  QVERIFY(!race.summaryText().contains("draw"));
  QVERIFY(std::isnan(race.testAccuracy(Side::Layer)));
  QVERIFY(!race.finishedRun(Side::Layer));  // a stopped race hands out no runs
  QVERIFY(!race.finishedRun(Side::Batch));
  QVERIFY(button(race, "raceStart")->isEnabled());
  QVERIFY(!button(race, "racePause")->isChecked());

  // A new race starts from scratch: nothing of the stopped one is left in its histories or curves.
  finished.clear();
  startRace(race, 1);
  QVERIFY(waitForEnd(race, finished));
  QCOMPARE(race.state(), NormRace::State::Finished);
  for (Side side : NormRace::kSides) {
    QCOMPARE(race.history(side).size(), size_t{1});
    QCOMPARE(race.curves()->pointCount(static_cast<int>(side), CurvePlot::Curve::Training, CurvePlot::Metric::Loss), 1);
    QCOMPARE(race.curves()->pointCount(static_cast<int>(side), CurvePlot::Curve::Batch, CurvePlot::Metric::Loss),
             race.batchesSeen(side));
    QVERIFY(race.testAccuracy(side) >= 0);
  }
}

void TestNormRace::unreadableDataFailsWithItsName() {
  QTemporaryDir dir;
  const QString missing = dir.filePath("no-such-reviews.csv");
  NormRace race;
  QSignalSpy finished(&race, &NormRace::raceFinished);
  race.setDataSource(missing);
  QCOMPARE(race.findChild<QComboBox*>("raceData")->currentData().toString(), missing);
  race.setPreset("tiny");
  race.start();
  QVERIFY(waitForEnd(race, finished));
  QCOMPARE(race.state(), NormRace::State::Failed);
  QVERIFY2(race.errorText().contains("no-such-reviews.csv"), qPrintable(race.errorText()));
  QVERIFY(race.summaryText().contains("no-such-reviews.csv"));
  QVERIFY(race.history(Side::Layer).empty());
  QVERIFY(button(race, "raceStart")->isEnabled());
}

void TestNormRace::presetSetsTheBudget() {
  NormRace race;
  QCOMPARE(race.preset(), QString("tiny"));
  QCOMPARE(race.dataSource(), QString("builtin"));
  race.setPreset("classroom");
  QCOMPARE(race.preset(), QString("classroom"));
  QCOMPARE(race.epochs(), al::imdbPreset("classroom").training.epochs);
  race.setPreset("tiny");
  QCOMPARE(race.epochs(), al::imdbPreset("tiny").training.epochs);
  race.setEpochs(4);
  QCOMPARE(race.epochs(), 4);
  QCOMPARE(race.seed(), 1337);  // the CLI's default, so that a race can be repeated there
  race.setSeed(7);
  QCOMPARE(race.seed(), 7);
}

void TestNormRace::finishedRunsJoinTheTrainPage() {
  al::ui::MainWindow window;
  al::ui::NormalizationPage* page = nullptr;
  for (int i = 0; i < window.pageCount() && !page; ++i)
    page = qobject_cast<al::ui::NormalizationPage*>(window.page(i));
  QVERIFY(page && page->race());
  NormRace& race = *page->race();
  al::ui::RunsList* runs = window.trainPage()->runs();
  const int before = runs->runCount();
  QSignalSpy finished(&race, &NormRace::raceFinished);
  startRace(race, 1);
  QVERIFY(waitForEnd(race, finished));
  QCOMPARE(race.state(), NormRace::State::Finished);
  QCOMPARE(runs->runCount(), before + 2);
  QStringList names;
  for (int id : runs->runIds()) names << runs->runName(id);
  QVERIFY2(names.filter("layer norm").size() == 1, qPrintable(names.join(", ")));
  QVERIFY2(names.filter("batch norm").size() == 1, qPrintable(names.join(", ")));
  for (int id : runs->runIds()) {
    if (!runs->runName(id).contains("norm")) continue;
    QCOMPARE(window.trainPage()->history(id).size(), size_t{1});
    // The race's test accuracy fills the Train page's test column: "87.5 %" or the like, not the empty dash.
    const QString test = runs->text(id, al::ui::RunsList::TestColumn);
    QVERIFY2(test.contains(QRegularExpression("\\d")), qPrintable(test));
  }
  // Both are models of the session too, as snapshots: the Attention page can show them.
  QCOMPARE(window.library()->models().size(), size_t{2});
  for (const al::ui::SessionModel& model : window.library()->models()) {
    QCOMPARE(model.status, QString("raced"));
    QVERIFY(model.as<al::ImdbTransformerModel>());
    QCOMPARE(model.history.size(), size_t{1});
  }
}

// The Keras variant: the batch-norm run counts padding in its statistics; that is its only other difference.
void TestNormRace::batchNormCanCountPadding() {
  NormRace race;
  QCOMPARE(race.batchNormCountsPadding(), false);
  auto* box = race.findChild<QComboBox*>("raceBatchNormPadding");
  QVERIFY(box);
  QCOMPARE(box->count(), 2);
  box->setCurrentIndex(1);  // as a user picks "padding too (Keras)"
  QVERIFY(race.batchNormCountsPadding());
  QVERIFY2(race.name(Side::Batch) != race.name(Side::Layer) && race.name(Side::Batch).contains("padding"),
           qPrintable(race.name(Side::Batch)));
  QSignalSpy finished(&race, &NormRace::raceFinished);
  startRace(race, 1);
  QVERIFY(!box->isEnabled());
  QVERIFY(waitForEnd(race, finished));
  QCOMPARE(race.state(), NormRace::State::Finished);
  const nlohmann::json layer = leaves(race.settings(Side::Layer));
  const nlohmann::json batch = leaves(race.settings(Side::Batch));
  std::set<std::string> differing;
  for (const auto& [key, value] : layer.items())
    if (batch.at(key) != value) differing.insert(key);
  QVERIFY(differing == (std::set<std::string>{"/norm", "/batch_norm_padding"}));
  QCOMPARE(batch.at("/batch_norm_padding").get<std::string>(), std::string("include"));
  QCOMPARE(layer.at("/batch_norm_padding").get<std::string>(), std::string("exclude"));
  QVERIFY(race.testAccuracy(Side::Batch) >= 0 && race.testAccuracy(Side::Batch) <= 1);
  QVERIFY(box->isEnabled());
}

QTEST_MAIN(TestNormRace)
#include "test_norm_race.moc"
