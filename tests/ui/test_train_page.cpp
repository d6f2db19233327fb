// The Train page driven as a user would: built-in data, a preset, Start, Pause, Stop, save and open, bad files.
// Core headers first (they must not see Qt's `emit`).
#include "core/data/imdb_sources.h"
#include "core/train/causal_lm_run.h"
#include "core/train/imdb_run.h"

#include <QAbstractItemModel>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFile>
#include <QLabel>
#include <QRegularExpression>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <cmath>

#include "ui/session/training_controller.h"
#include "ui/widgets/curve_plot.h"
#include "ui/widgets/live_curve_feed.h"
#include "ui/widgets/runs_list.h"
#include "ui/pages/train_page.h"
#include "ui/text/language.h"
#include "tests/app_fixture.h"
#include "tests/wait_budget.h"

using al::ui::CurvePlot;
using al::ui::RunsList;
using al::ui::TaskKind;
using al::ui::TrainPage;

namespace {

constexpr int kTrainTimeoutMs = al::test::waitBudgetMs(180000);  // generous: the machine may be busy

// Saving and opening run on a worker thread: these start one, wait until its result is on the page, and say
// whether it worked (false: there was nothing to save, or the banner shows why it failed).
bool saved(TrainPage& page, int run, const QString& dir) {
  return page.saveModel(run, dir) && QTest::qWaitFor([&] { return !page.filesBusy(); }, kTrainTimeoutMs) &&
         page.errorText().isEmpty();
}

bool opened(TrainPage& page, const QString& dir) {
  page.openModel(dir);
  return QTest::qWaitFor([&] { return !page.filesBusy(); }, kTrainTimeoutMs) &&
         page.errorText().isEmpty();
}

QPushButton* button(TrainPage& page, const char* name) {
  auto* b = page.findChild<QPushButton*>(name);
  if (!b) qFatal("no button %s", name);
  return b;
}

bool waitForDataCard(TrainPage& page) {
  return QTest::qWaitFor([&] { return page.dataCardReady(); }, al::test::waitBudgetMs(60000));
}

// Starts a run with the built-in data and `preset`, `epochs` epochs, by clicking Start.
int startRun(TrainPage& page, const QString& preset, int epochs) {
  page.setDataSource("builtin");
  if (!waitForDataCard(page)) qFatal("the built-in data was not read");
  page.setPreset(preset);
  page.setParameter("epochs", epochs);
  QTest::mouseClick(button(page, "start"), Qt::LeftButton);
  return page.currentRunId();
}

bool waitForEnd(TrainPage& page) { return QTest::qWaitFor([&] { return !page.isTraining(); }, kTrainTimeoutMs); }

}  // namespace

class TestTrainPage : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY(app_.setUp("test_train_page"));
    QVERIFY(workDir_.isValid());
  }

  void startsWithBuiltinDataAndItsCard() {
    TrainPage page;
    QCOMPARE(page.dataSource(), QString("builtin"));
    QVERIFY(waitForDataCard(page));
    // The card shows the core's description of the built-in training data, in words.
    const al::DataCard card = al::describe(al::loadImdbSource("builtin").train);
    QVERIFY(card.samples > 0);
    const QString text = page.dataCardText();
    QVERIFY2(text.contains(QLocale().toString(static_cast<qulonglong>(card.samples))), qPrintable(text));
    QVERIFY2(text.contains(card.ratio >= al::kSequenceModelRatio ? "above" : "below"), qPrintable(text));
    QVERIFY(text.contains("1,500") || text.contains("1500"));
    // Generated reviews are made so that word order decides: the card gives what was measured, not the advice.
    QVERIFY2(text.contains("word order decides") && text.contains(QLocale().toString(98.8, 'f', 1)), qPrintable(text));
    QVERIFY2(!text.contains("bag-of-bigrams model will probably"), qPrintable(text));
    // ... and which preset suits it: classroom, named for a class, is sized for the real archive.
    QVERIFY2(text.contains("<b>tiny</b> suits") && text.contains("classroom stops near 65 %"), qPrintable(text));
    QVERIFY2(!text.contains("icu_words"), qPrintable(text));  // English: the book's rules apply
    QVERIFY(button(page, "start")->isEnabled());
    QVERIFY(!button(page, "pause")->isEnabled());
    QVERIFY(!button(page, "stop")->isEnabled());
  }

  // Chinese reviews: the card says that "auto" reads them word by word with icu_words, as the run then does.
  void chineseDataPicksTheWordTokenizer() {
    TrainPage page;
    QVERIFY(waitForDataCard(page));
    page.setDataSource("builtin:zh");
    QVERIFY(waitForDataCard(page));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    const QString text = page.dataCardText();
    QVERIFY2(text.contains("icu_words") && text.contains("Chinese"), qPrintable(text));
    QVERIFY2(text.contains(QLocale().toString(99.4, 'f', 1)), qPrintable(text));
  }

  // The language model's long-range text takes its own preset (Transformer-XL with a memory, the run the README
  // measures); a preset chosen by hand then stays, and other data gives the default preset back.
  void longRangeDataTakesItsOwnPreset() {
    TrainPage page;
    page.setTask(TaskKind::LanguageModel);
    QVERIFY(waitForDataCard(page));
    QCOMPARE(page.preset(), QString("tiny"));
    page.setDataSource("long-range");
    QVERIFY(waitForDataCard(page));
    QCOMPARE(page.preset(), QString("long-range"));
    QCOMPARE(page.parameter("position").toString(), QString("relative"));
    QCOMPARE(page.parameter("memory_length").toInt(), al::causalLmPreset("long-range").model.memoryLength);
    QVERIFY(page.parameter("memory_length").toInt() > 0);
    page.setPreset("classroom");
    QCOMPARE(page.preset(), QString("classroom"));
    page.setDataSource("builtin");
    QVERIFY(waitForDataCard(page));
    QCOMPARE(page.preset(), QString("classroom"));  // chosen by hand
    page.setDataSource("long-range");
    QVERIFY(waitForDataCard(page));
    page.setDataSource("builtin");
    QVERIFY(waitForDataCard(page));
    QCOMPARE(page.preset(), QString("tiny"));
  }

  // The referent text is offered to a language model under a title of its own in each language, takes its own
  // preset, and its card says what it is made for, in English and in Chinese.
  void theReferentTextIsOfferedInBothLanguages() {
    TrainPage page;
    page.setTask(TaskKind::LanguageModel);
    QVERIFY(waitForDataCard(page));
    auto* box = page.findChild<QComboBox*>("data");
    QVERIFY(box);
    const int item = box->findData(QStringLiteral("referent-zh"));
    QVERIFY(item >= 0);
    QCOMPARE(box->itemText(item), QStringLiteral("Built-in Chinese sentences: what does 它 refer to? (offline)"));
    page.setDataSource("referent-zh");
    QVERIFY(waitForDataCard(page));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    QCOMPARE(page.preset(), QString("referent-zh"));
    QString card = page.dataCardText();
    QVERIFY2(card.contains(QLocale().toString(2048)) && card.contains("the noun 它 refers to"), qPrintable(card));
    QVERIFY(al::ui::setLanguage("zh_CN", false));
    QTRY_COMPARE(box->itemText(item), QStringLiteral("内置中文句子：“它”指的是什么？（离线）"));
    QTRY_VERIFY(page.dataCardText().contains(QStringLiteral("干扰项")));
    card = page.dataCardText();
    QVERIFY2(!card.contains("refers to") && card.contains(QStringLiteral("“它很”后面的词")), qPrintable(card));
    QVERIFY(al::ui::setLanguage("en", false));
    QTRY_VERIFY(page.dataCardText().contains("the noun 它 refers to"));
    page.setDataSource("builtin");  // the choice is remembered: the next tests start from the built-in data again
    QVERIFY(waitForDataCard(page));
  }

  void theBaselineAndTheChatbotTrainToo_data() {
    QTest::addColumn<int>("task");
    QTest::addColumn<QString>("data");
    QTest::addColumn<QString>("ownParameter");    // only this task has it
    QTest::addColumn<QString>("foreignParameter");  // only another task has it
    QTest::newRow("bag-of-bigrams") << static_cast<int>(TaskKind::Bigram) << "builtin" << "hidden_units" << "num_heads";
    QTest::newRow("chatbot") << static_cast<int>(TaskKind::Chatbot) << "builtin:translate" << "attention_units"
                             << "pooling";
    QTest::newRow("masked-lm") << static_cast<int>(TaskKind::MaskedLm) << "builtin" << "mask_rate" << "pooling";
    QTest::newRow("language model") << static_cast<int>(TaskKind::LanguageModel) << "builtin:zh" << "sequence_length"
                                    << "pooling";
  }

  void theBaselineAndTheChatbotTrainToo() {
    QFETCH(int, task);
    QFETCH(QString, data);
    QFETCH(QString, ownParameter);
    QFETCH(QString, foreignParameter);
    TrainPage page;
    auto* tasks = page.findChild<QComboBox*>("task");
    QVERIFY(tasks);
    tasks->setCurrentIndex(tasks->findData(task));  // as a user picks it
    QCOMPARE(static_cast<int>(page.task()), task);
    QVERIFY(page.findChild<QWidget*>(ownParameter));
    QVERIFY(!page.findChild<QWidget*>(foreignParameter));
    page.setDataSource(data);
    QVERIFY(waitForDataCard(page));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    page.setPreset("tiny");
    page.setParameter("epochs", 2);
    QTest::mouseClick(button(page, "start"), Qt::LeftButton);
    const int run = page.currentRunId();
    QVERIFY(waitForEnd(page));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    QCOMPARE(page.curves()->pointCount(run, CurvePlot::Curve::Training, CurvePlot::Metric::Loss), 2);
    QCOMPARE(page.curves()->pointCount(run, CurvePlot::Curve::Validation, CurvePlot::Metric::Accuracy), 2);
    QVERIFY(page.runs()->text(run, RunsList::StateColumn).contains("done"));

    const QString dir = workDir_.filePath(QString("model-%1").arg(task));
    QVERIFY2(saved(page, run, dir), qPrintable(page.errorText()));
    QVERIFY(opened(page, dir));
    const int opened = page.runs()->runIds().back();
    QCOMPARE(page.curves()->pointCount(opened, CurvePlot::Curve::Training, CurvePlot::Metric::Accuracy), 2);
    QVERIFY(std::abs(page.curves()->pointValue(opened, CurvePlot::Curve::Training, CurvePlot::Metric::Loss, 1) -
                     page.history(run)[1].loss) < 1e-6);
  }

  void everyHyperParameterIsEditableWithATooltip() {
    TrainPage page;
    page.setPreset("classroom");
    const al::ImdbRunSettings classroom = al::imdbPreset("classroom");
    QCOMPARE(page.parameter("embed_dim").toInt(), classroom.model.embedDim);
    QCOMPARE(page.parameter("epochs").toInt(), classroom.training.epochs);
    QCOMPARE(page.parameter("position").toString(), QString("learned"));
    for (const char* key : {"vocab_size", "sequence_length", "embed_dim", "num_heads", "key_dim", "dense_dim",
                            "num_layers", "position", "norm", "pooling", "dropout", "epochs", "batch_size",
                            "learning_rate", "optimizer", "validation_split", "seed", "threads"}) {
      auto* editor = page.findChild<QWidget*>(key);
      QVERIFY2(editor, key);
      QVERIFY2(!editor->toolTip().isEmpty(), key);
    }
    // Position and normalization are plain toggles.
    auto* none = page.findChild<QAbstractButton*>("position_none");
    auto* batch = page.findChild<QAbstractButton*>("norm_batch");
    QVERIFY(none && batch);
    none->click();
    batch->click();
    QCOMPARE(page.parameter("position").toString(), QString("none"));
    QCOMPARE(page.parameter("norm").toString(), QString("batch"));
    // Another preset brings its own values back.
    page.setPreset("tiny");
    QCOMPARE(page.parameter("embed_dim").toInt(), al::imdbPreset("tiny").model.embedDim);
    QCOMPARE(page.parameter("position").toString(), QString("learned"));
  }

  void trainsTinyToTheEndAndSavesAModelThatLoadsBack() {
    TrainPage page;
    page.resize(1280, 720);
    page.show();
    QSignalSpy finished(&page, &TrainPage::runFinished);
    const int epochs = 3;
    const int run = startRun(page, "tiny", epochs);
    QVERIFY(run > 0);
    QVERIFY(page.isTraining());
    QVERIFY(waitForEnd(page));
    QCOMPARE(finished.count(), 1);
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));

    // One point per epoch for each per-epoch curve of both metrics.
    for (auto curve : {CurvePlot::Curve::Training, CurvePlot::Curve::Validation})
      for (auto metric : {CurvePlot::Metric::Loss, CurvePlot::Metric::Accuracy})
        QCOMPARE(page.curves()->pointCount(run, curve, metric), epochs);
    // The batch curve: every batch of every epoch. 20% of the built-in training data is held out.
    const size_t trainSamples = al::loadImdbSource("builtin").train.size();
    const size_t held = static_cast<size_t>(std::floor(trainSamples * 0.2));
    const size_t batchesPerEpoch = (trainSamples - held + 31) / 32;
    QCOMPARE(page.curves()->pointCount(run, CurvePlot::Curve::Batch, CurvePlot::Metric::Loss),
             static_cast<int>(batchesPerEpoch * epochs));

    // The runs list has the run, with its best validation accuracy and how it ended.
    QCOMPARE(page.runs()->runCount(), 1);
    QVERIFY(page.runs()->isChecked(run));
    QVERIFY(page.runs()->text(run, RunsList::StateColumn).contains("done"));
    QVERIFY(page.runs()->text(run, RunsList::AccuracyColumn).contains("%"));
    QVERIFY(page.runs()->text(run, RunsList::TestColumn).contains("%"));  // measured on the test data
    const QString summary = page.runs()->text(run, RunsList::SettingsColumn);
    QVERIFY(summary.contains("tiny"));
    // The learning rate as a person writes it ("lr 0.003"), not as the float it is kept in (0.003000000026077032).
    QVERIFY2(QRegularExpression(QStringLiteral("· lr [0-9]+(\\.[0-9]{1,6})?(e-[0-9]+)?$")).match(summary).hasMatch(),
             qPrintable(summary));

    // Saved, the directory holds the same history, and opening it shows the same curves as a new run.
    const std::vector<al::EpochEvent> history = page.history(run);
    QCOMPARE(static_cast<int>(history.size()), epochs);
    const QString dir = workDir_.filePath("tiny-model");
    QVERIFY2(saved(page, run, dir), qPrintable(page.errorText()));
    const al::ImdbTransformerModel loaded = al::loadImdbTransformer(dir.toStdString());
    QCOMPARE(static_cast<int>(loaded.history.size()), epochs);
    for (int i = 0; i < epochs; ++i) {
      QCOMPARE(loaded.history[i].epoch, i + 1);
      QVERIFY(std::abs(loaded.history[i].loss - history[i].loss) < 1e-6);
      QVERIFY(std::abs(loaded.history[i].valAccuracy - history[i].valAccuracy) < 1e-6);
      QCOMPARE(page.curves()->pointValue(run, CurvePlot::Curve::Training, CurvePlot::Metric::Loss, i), history[i].loss);
    }
    // The test accuracy shown is that of the saved model on the built-in test reviews, counted here one by one.
    const al::LabeledDataset data = al::loadImdbSource("builtin");
    QVERIFY(!data.test.empty());
    int correct = 0;
    for (const al::LabeledText& review : data.test) {
      const float p = al::predictText(*loaded.model, loaded.vocabulary, review.text).probability;
      correct += (p > 0.5f) == (review.label > 0.5f);
    }
    const QString expected = QString::number(100.0 * correct / data.test.size(), 'f', 1) + " %";
    QCOMPARE(page.runs()->text(run, RunsList::TestColumn), expected);

    QVERIFY(opened(page, dir));
    QCOMPARE(page.runs()->runCount(), 2);
    const int opened = page.runs()->runIds().back();
    for (int i = 0; i < epochs; ++i) {
      QVERIFY(std::abs(page.curves()->pointValue(opened, CurvePlot::Curve::Validation, CurvePlot::Metric::Accuracy, i) -
                       history[i].valAccuracy) < 1e-6);
    }

    // Numbers and pictures of the figure.
    const auto rows = page.curves()->csvRows();
    QVERIFY(rows.size() >= static_cast<size_t>(2 * (epochs * 2) + batchesPerEpoch * epochs));
    for (const char* suffix : {"png", "svg", "pdf"}) {
      const QString picture = workDir_.filePath(QString("curves.") + suffix);
      page.curves()->savePicture(picture);
      QVERIFY2(QFileInfo(picture).size() > 1000, suffix);
    }
    // The SVG is a drawing (lines stay lines), not a picture of pixels.
    QFile svg(workDir_.filePath("curves.svg"));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    const QByteArray drawing = svg.readAll();
    QVERIFY(drawing.contains("<path") || drawing.contains("<polyline"));
    QVERIFY(!drawing.contains("<image"));
  }

  void pauseStopsBatchesAndStopLeavesAUsableModel() {
    TrainPage page;
    page.show();
    const int run = startRun(page, "tiny", 30);
    QVERIFY(QTest::qWaitFor([&] { return page.batchesSeen(run) >= 5; }, kTrainTimeoutMs));

    QTest::mouseClick(button(page, "pause"), Qt::LeftButton);
    QVERIFY(page.isPaused());
    // The batch in flight finishes and the worker waits at the pause; the next tick of the curves draws that batch.
    const auto* worker = page.findChild<al::ui::TrainingController*>();
    QVERIFY(worker);
    QVERIFY(QTest::qWaitFor([&] { return worker->pauseHolds(); }, kTrainTimeoutMs));
    QSignalSpy ticks(page.findChild<al::ui::LiveCurveFeed*>(), &al::ui::LiveCurveFeed::tick);
    QVERIFY(ticks.wait(al::test::waitBudgetMs(5000)));
    const int pausedAt = page.batchesSeen(run);
    // While paused, the page takes the worker's news tick after tick, and there is none.
    QVERIFY(QTest::qWaitFor([&] { return ticks.count() >= 3; }, al::test::waitBudgetMs(5000)));
    QVERIFY(worker->pauseHolds());
    QCOMPARE(page.batchesSeen(run), pausedAt);
    QVERIFY(page.runs()->text(run, RunsList::StateColumn).contains("paused"));

    QTest::mouseClick(button(page, "pause"), Qt::LeftButton);  // resume
    QVERIFY(!page.isPaused());
    QVERIFY(QTest::qWaitFor([&] { return page.batchesSeen(run) > pausedAt + 3; }, kTrainTimeoutMs));

    QTest::mouseClick(button(page, "stop"), Qt::LeftButton);
    QVERIFY(waitForEnd(page));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    QVERIFY(page.runs()->text(run, RunsList::StateColumn).contains("stopped"));
    QVERIFY(page.history(run).size() < 30);
    QVERIFY(page.runs()->text(run, RunsList::TestColumn).contains("%"));  // a stopped run is measured too

    const QString dir = workDir_.filePath("stopped-model");
    QVERIFY2(saved(page, run, dir), qPrintable(page.errorText()));
    const al::ImdbTransformerModel loaded = al::loadImdbTransformer(dir.toStdString());
    const al::ImdbPrediction p = al::predictText(*loaded.model, loaded.vocabulary, "a wonderful film, not boring");
    QVERIFY(p.probability >= 0 && p.probability <= 1);
    QVERIFY(std::isfinite(p.probability));
    QVERIFY(button(page, "start")->isEnabled());
  }

  void stopRightAfterStartEndsCleanly() {
    TrainPage page;
    QVERIFY(waitForDataCard(page));
    page.setPreset("tiny");
    // Stop while the data is still being prepared (or, on a fast machine, just before the first batch).
    QTest::mouseClick(button(page, "start"), Qt::LeftButton);
    QTest::mouseClick(button(page, "stop"), Qt::LeftButton);
    QVERIFY(waitForEnd(page));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    if (page.runs()->runCount() == 0) {
      QVERIFY(page.statusText().contains("Cancelled"));  // stopped while preparing: no empty row is left
    } else {
      QCOMPARE(page.runs()->runCount(), 1);
      QVERIFY(page.runs()->text(page.currentRunId(), RunsList::StateColumn).contains("stopped"));
    }
    // And the page trains normally afterwards.
    page.setParameter("epochs", 1);
    QTest::mouseClick(button(page, "start"), Qt::LeftButton);
    QVERIFY(waitForEnd(page));
    QVERIFY(page.runs()->text(page.currentRunId(), RunsList::StateColumn).contains("done"));
  }

  void keysStartPauseResumeAndStop() {
    TrainPage page;
    page.show();
    QApplication::setActiveWindow(&page);
    QVERIFY(QTest::qWaitForWindowActive(&page));
    QVERIFY(waitForDataCard(page));
    page.setPreset("tiny");
    page.setParameter("epochs", 30);

    QTest::keyClick(&page, Qt::Key_F5);
    QVERIFY(page.isTraining());
    const int run = page.currentRunId();
    QVERIFY(QTest::qWaitFor([&] { return page.batchesSeen(run) >= 3; }, kTrainTimeoutMs));
    QTest::keyClick(&page, Qt::Key_F6);
    QVERIFY(page.isPaused());
    QTest::keyClick(&page, Qt::Key_F6);
    QVERIFY(!page.isPaused());
    QTest::keyClick(&page, Qt::Key_F5, Qt::ShiftModifier);
    QVERIFY(waitForEnd(page));
    QVERIFY(page.runs()->text(run, RunsList::StateColumn).contains("stopped"));
  }

  void aDivergingRunShowsAnErrorAndLosesNoFinishedRun() {
    TrainPage page;
    const int good = startRun(page, "tiny", 1);
    QVERIFY(waitForEnd(page));
    QVERIFY(page.runs()->text(good, RunsList::StateColumn).contains("done"));

    // Plain gradient descent with a step this large drives the loss to NaN within the first epoch.
    page.setPreset("tiny");
    page.setParameter("epochs", 2);
    page.setParameter("optimizer", "sgd");
    page.setParameter("learning_rate", 10.0);
    QCOMPARE(page.parameter("learning_rate").toDouble(), 10.0);
    QTest::mouseClick(button(page, "start"), Qt::LeftButton);
    const int bad = page.currentRunId();
    QVERIFY(bad != good);
    QVERIFY(waitForEnd(page));
    QVERIFY2(page.errorText().contains("diverged"), qPrintable(page.errorText()));
    QVERIFY(page.runs()->text(bad, RunsList::StateColumn).contains("failed"));
    QVERIFY(!saved(page, bad, workDir_.filePath("diverged-model")));
    QVERIFY(!QFileInfo::exists(workDir_.filePath("diverged-model")));

    // The finished run is still there, with its curves, and can be saved; the page can train again.
    QCOMPARE(page.runs()->runCount(), 2);
    QCOMPARE(page.curves()->pointCount(good, CurvePlot::Curve::Training, CurvePlot::Metric::Loss), 1);
    QVERIFY(saved(page, good, workDir_.filePath("good-model")));
    QVERIFY(button(page, "start")->isEnabled());
  }

  void corruptDataShowsAnErrorAndKeepsWorking() {
    TrainPage page;
    QVERIFY(waitForDataCard(page));
    const QString archive = workDir_.filePath("broken.tar.gz");
    QFile file(archive);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("\x1f\x8b this is not really gzip data at all");  // the gzip magic, then nonsense
    file.close();
    page.setDataSource(archive);
    QVERIFY(QTest::qWaitFor([&] { return !page.errorText().isEmpty(); }, al::test::waitBudgetMs(60000)));
    QVERIFY2(page.errorText().contains("broken.tar.gz"), qPrintable(page.errorText()));
    // The unreadable source was not kept: the page is back on readable data and can train.
    QVERIFY(waitForDataCard(page));
    QCOMPARE(page.dataSource(), QString("builtin"));
    QVERIFY(button(page, "start")->isEnabled());

    const QString csv = workDir_.filePath("wrong-header.csv");
    QFile table(csv);
    QVERIFY(table.open(QIODevice::WriteOnly));
    table.write("text,label\nnice film,positive\n");
    table.close();
    page.setDataSource(csv);
    QVERIFY(QTest::qWaitFor([&] { return !page.errorText().isEmpty(); }, al::test::waitBudgetMs(60000)));
    QVERIFY2(page.errorText().contains("wrong-header.csv"), qPrintable(page.errorText()));
    QVERIFY(waitForDataCard(page));
    QCOMPARE(page.dataSource(), QString("builtin"));
  }

  void aChosenDataFileIsRememberedBetweenLaunches() {
    const QString csv = workDir_.filePath("six-reviews.csv");
    QFile table(csv);
    QVERIFY(table.open(QIODevice::WriteOnly));
    table.write("review,sentiment\n"
                "\"A fine, warm film\",positive\nDull and long,negative\nI loved it,positive\n"
                "Not worth a ticket,negative\nGreat acting,positive\nBoring plot,negative\n");
    table.close();
    {
      TrainPage page;
      QVERIFY(waitForDataCard(page));
      page.setDataSource(csv);
      QVERIFY(waitForDataCard(page));
      QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
      QCOMPARE(page.dataSource(), csv);
      QVERIFY2(page.dataCardText().contains("<b>6</b> training reviews"), qPrintable(page.dataCardText()));
      QVERIFY(page.dataCardText().contains("below"));  // 6 reviews of 3 words: far below 1500
      QVERIFY(page.dataCardText().contains("bag-of-bigrams model will probably"));  // real text: the book's advice
      QVERIFY(!page.dataCardText().contains("word order decides"));
    }
    TrainPage relaunched;  // a new page reads the settings again, as the next launch of the app does
    QCOMPARE(relaunched.dataSource(), csv);
    QVERIFY(waitForDataCard(relaunched));
    relaunched.setDataSource("builtin");  // the next tests start from the built-in data
    QVERIFY(waitForDataCard(relaunched));
  }

  void aModelOfAnotherTaskIsRefusedWithAMessage() {
    TrainPage page;
    QDir(workDir_.path()).mkpath("speech-model");
    QFile config(workDir_.filePath("speech-model/config.json"));
    QVERIFY(config.open(QIODevice::WriteOnly));
    config.write(R"({"format": "attentionlab-model", "version": 1, "task": "speech-recognition"})");
    config.close();
    QVERIFY(!opened(page, workDir_.filePath("speech-model")));
    QVERIFY2(page.errorText().contains("another task"), qPrintable(page.errorText()));
    QVERIFY(!opened(page, workDir_.filePath("no-such-model")));
    QVERIFY(!page.errorText().isEmpty());
    QCOMPARE(page.runs()->runCount(), 0);
  }

  // While a run trains, the progress says how fast and how long is left, and the curves are drawn as batches come
  // in. (How long the window waits meanwhile is measured by the stall benchmark, bench/gui_stall.cpp, on a quiet
  // machine: a time limit in a test fails on a busy one.)
  void theProgressShowsSpeedAndTimeLeftWhileTraining() {
    TrainPage page;
    page.resize(1280, 720);
    page.show();
    const int replotsBefore = page.curves()->replotCount();
    const int run = startRun(page, "classroom", 50);  // stopped once the progress has been read
    QVERIFY(QTest::qWaitFor([&] { return page.batchesSeen(run) > 0; }, kTrainTimeoutMs));
    const auto* speed = page.findChild<QLabel*>("speed");
    QVERIFY(speed);
    QVERIFY2(QTest::qWaitFor([&] { return speed->text().contains("samples/s") && speed->text().contains("left"); },
                             kTrainTimeoutMs),
             qPrintable(speed->text()));
    QVERIFY(QTest::qWaitFor([&] { return page.curves()->replotCount() > replotsBefore; }, kTrainTimeoutMs));
    QVERIFY2(page.isTraining(), "the classroom preset ended before the progress was read");
    page.stop();
    QVERIFY(waitForEnd(page));
  }

 private:
  al::test::AppFixture app_;
  QTemporaryDir workDir_;
};

QTEST_MAIN(TestTrainPage)
#include "test_train_page.moc"
