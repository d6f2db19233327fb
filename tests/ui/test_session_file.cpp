// A whole session as one file (File › Save session…, Open session…, Recent sessions): saved in one window and
// opened in a fresh one, it gives the same page, lesson, typed sentences, opened models and saved runs; a missing
// directory is named and the rest restored; a damaged file changes nothing and says why. A model's heads switched
// off come back with it, and the moment of its training timeline a page showed.
#include "core/inference/training_timeline.h"
#include "core/train/imdb_run.h"
#include "core/train/timeline_recorder.h"
#include "ui/pages/attention_page.h"
#include "ui/pages/chatbot_page.h"
#include "ui/pages/comparison_page.h"
#include "ui/pages/fill_page.h"
#include "ui/pages/generate_page.h"
#include "ui/pages/memory_page.h"
#include "ui/pages/normalization_page.h"
#include "ui/pages/stepper_page.h"
#include "ui/pages/train_page.h"
#include "ui/session/model_files.h"
#include "tests/seeded_causal_lm.h"

#include <QtTest>

#include <filesystem>

#include <QDir>
#include <QJsonArray>
#include <QDockWidget>
#include <QMenu>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QTemporaryDir>

#include "tests/app_fixture.h"
#include "tests/attention_shown.h"
#include "tests/wait_budget.h"
#include "ui/lessons/lesson_course.h"
#include "ui/main_window.h"
#include "ui/session/page_state.h"
#include "ui/teaching/lm_controls.h"
#include "ui/teaching/step_view.h"
#include "ui/session/session_file.h"
#include "ui/widgets/runs_list.h"
#include "ui/widgets/timeline_bar.h"

using namespace al;
using namespace al::ui;

namespace {

// A tiny IMDB Transformer trained one epoch and saved as a model directory.
void writeTinyModel(const QString& dir) {
  ImdbRunSettings settings = imdbPreset("tiny");
  settings.training.epochs = 1;
  settings.threads = 1;
  const std::unique_ptr<TrainingRun> run(ImdbRun::prepare(settings));
  const TrainingResult result = run->train(nullptr, nullptr);
  SessionModel model = snapshotOfRun(*run, QStringLiteral("tiny"), QStringLiteral("finished"));
  model.record = io::TrainingRecord{run->settings(), result.bestEpoch, {}};
  saveSessionModel(model, dir);
}

// The same, with a training timeline of one sentence, a snapshot every 2 steps (timeline.json).
void writeTinyModelWithTimeline(const QString& dir) {
  ImdbRunSettings settings = imdbPreset("tiny");
  settings.training.epochs = 1;
  settings.threads = 1;
  const std::unique_ptr<TrainingRun> run(ImdbRun::prepare(settings));
  TimelineRecorder recorder(*run, {.probes = {"this movie was not good at all"}, .every = 2});
  run->train(&recorder, nullptr);
  run->save(dir.toStdString());
  writeTrainingTimeline(std::filesystem::path(dir.toStdString()) / kTimelineFile, recorder.finish());
}

int lessonIndex(const LessonCourse& course, const QString& id) {
  for (int i = 0; i < course.count(); ++i)
    if (course.lessons()[size_t(i)].id == id) return i;
  return -1;
}

template <class Page>
Page* page(MainWindow& window) { return window.findChild<Page*>(); }

// A seeded language model of two layers and two heads, for the Step-through page's layer and head.
AnyModel twoLayerLm() {
  return anyModelOf<CausalLmModel>(test::seededCharacterLm(test::smallCharacterLmConfig(CausalPosition::Learned, 0), 5));
}

// Every page's state, by the session's page names.
QMap<QString, QJsonObject> pageStatesOf(MainWindow& window) {
  QMap<QString, QJsonObject> states;
  for (const QString& name : window.statePageNames()) states[name] = window.pageState(name)->saveState();
  return states;
}

// Triggers the action; a modal dialog it opens (a file dialog) is closed unanswered. True when one opened.
bool triggerClosingDialogs(QAction* action) {
  bool asked = false;
  QTimer closer;
  closer.setInterval(20);
  QObject::connect(&closer, &QTimer::timeout, [&asked] {
    if (QWidget* dialog = QApplication::activeModalWidget()) {
      asked = true;
      dialog->close();
    }
  });
  closer.start();
  action->trigger();
  return asked;
}

}  // namespace

class TestSessionFile : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY(app_.setUp("test_session_file"));
    QVERIFY(dir_.isValid());
    writeTinyModel(dir_.filePath("imdb"));
    writeTinyModel(dir_.filePath("run"));
  }

  void saveThenOpenInAFreshWindow() {
    const QString path = dir_.filePath("class.alsession");
    QStringList notIncluded;
    {
      MainWindow window;
      window.course()->setCurrentIndex(lessonIndex(*window.course(), "queries-keys-values"));  // a Step lesson
      window.openLesson();
      page<AttentionPage>(window)->openModelDirectory(dir_.filePath("imdb"));
      QTRY_COMPARE_WITH_TIMEOUT(page<AttentionPage>(window)->modelCount(), 1, test::waitBudgetMs(30000));
      window.trainPage()->openModel(dir_.filePath("run"));
      QTRY_VERIFY_WITH_TIMEOUT(!window.trainPage()->filesBusy(), test::waitBudgetMs(30000));
      page<AttentionPage>(window)->setText("the acting was good");
      page<StepperPage>(window)->setSentence("a b c");
      page<ChatbotPage>(window)->setQuestion("how are you");
      page<ComparisonPage>(window)->setSentence("the red car");
      page<FillPage>(window)->setText("the [MASK] was dull");
      page<GeneratePage>(window)->setPrompt("once upon");
      page<StepperPage>(window)->showStep(2);
      window.showPage(page<FillPage>(window));
      QCOMPARE(saveSessionFile(window, path, &notIncluded), QString());
    }
    QVERIFY(notIncluded.isEmpty());
    QCOMPARE(recentSessions(), QStringList{QFileInfo(path).absoluteFilePath()});

    MainWindow window;
    const SessionRestore restore = openSessionFile(window, path);
    QCOMPARE(restore.error, QString());
    QVERIFY(restore.missing.isEmpty());
    QCOMPARE(window.currentPage(), page<FillPage>(window));
    QCOMPARE(window.course()->current().id, QStringLiteral("queries-keys-values"));
    QVERIFY(!window.lessonPanel()->isHidden());
    QCOMPARE(page<AttentionPage>(window)->text(), QStringLiteral("the acting was good"));
    QCOMPARE(page<StepperPage>(window)->sentence(), QStringLiteral("a b c"));
    QCOMPARE(page<StepperPage>(window)->currentStep(), 2);
    QCOMPARE(page<ChatbotPage>(window)->question(), QStringLiteral("how are you"));
    QCOMPARE(page<ComparisonPage>(window)->sentence(), QStringLiteral("the red car"));
    QCOMPARE(page<FillPage>(window)->text(), QStringLiteral("the [MASK] was dull"));
    QCOMPARE(page<GeneratePage>(window)->prompt(), QStringLiteral("once upon"));
    // The opened model on the Attention page, the saved run on the Train page (which the library shares).
    QTRY_VERIFY_WITH_TIMEOUT(!window.trainPage()->filesBusy() && !page<AttentionPage>(window)->isOpeningModel(),
                             test::waitBudgetMs(30000));
    QCOMPARE(window.trainPage()->runDirectories(), QStringList{dir_.filePath("run")});
    QStringList shown;
    for (int i = 0; i < page<AttentionPage>(window)->modelCount(); ++i)
      shown << page<AttentionPage>(window)->modelAt(i)->directory;
    QVERIFY2(shown.contains(dir_.filePath("imdb")), qPrintable(shown.join(", ")));
    QCOMPARE(page<AttentionPage>(window)->currentSessionModel()->directory, dir_.filePath("imdb"));
  }

  // Heads switched off on the Attention page are saved with their model's directory and back, with the prediction
  // they give, once that model arrives in a fresh window.
  void switchedOffHeadsComeBack() {
    const QString path = dir_.filePath("heads.alsession");
    float withHeadOff = 0, allOn = 0;
    {
      MainWindow window;
      AttentionPage* attention = page<AttentionPage>(window);
      attention->setText("the acting was good but the plot was dull");
      attention->openModelDirectory(dir_.filePath("imdb"));
      QTRY_COMPARE_WITH_TIMEOUT(attention->modelCount(), 1, test::waitBudgetMs(30000));
      QVERIFY(test::attentionShown(*attention));
      allOn = attention->prediction().probability;
      attention->setHeadSwitchedOff(0, 1, true);  // the tiny model has one layer of two heads
      QVERIFY(test::attentionShown(*attention));
      withHeadOff = attention->prediction().probability;
      QVERIFY(withHeadOff != allOn);
      QCOMPARE(saveSessionFile(window, path), QString());
      QCOMPARE(sessionOf(window).value("heads_off").toObject().value(dir_.filePath("imdb")).toString(),
               QStringLiteral("0.1"));
    }
    MainWindow window;
    QCOMPARE(openSessionFile(window, path).error, QString());
    AttentionPage* attention = page<AttentionPage>(window);
    QTRY_VERIFY_WITH_TIMEOUT(attention->modelCount() == 1 && !attention->isOpeningModel(), test::waitBudgetMs(30000));
    QVERIFY(test::attentionShown(*attention));
    QCOMPARE(QString::fromStdString(toString(attention->headSwitches())), QStringLiteral("0.1"));
    QVERIFY(attention->hasPrediction());
    QCOMPARE(attention->prediction().probability, withHeadOff);
  }

  // The Attention page at a moment of its model's training timeline: the session keeps the moment, and a fresh
  // window goes there once the model arrives. At the kept model, the file says nothing of it.
  void theTimelineMomentComesBack() {
    const QString dir = dir_.filePath("watched"), path = dir_.filePath("moment.alsession");
    writeTinyModelWithTimeline(dir);
    {
      MainWindow window;
      AttentionPage* attention = page<AttentionPage>(window);
      attention->openModelDirectory(dir);
      QTRY_VERIFY_WITH_TIMEOUT(attention->modelCount() == 1 && !attention->isOpeningModel(), test::waitBudgetMs(30000));
      QVERIFY(attention->timelineBar()->snapshotCount() > 3);
      QVERIFY(!sessionOf(window).value("timeline").toObject().contains("attention"));
      attention->timelineBar()->setPosition(3);
      QCOMPARE(sessionOf(window).value("timeline").toObject().value("attention").toInt(-1), 3);
      QCOMPARE(saveSessionFile(window, path), QString());
    }
    MainWindow window;
    QCOMPARE(openSessionFile(window, path).error, QString());
    AttentionPage* attention = page<AttentionPage>(window);
    QTRY_VERIFY_WITH_TIMEOUT(attention->modelCount() == 1 && !attention->isOpeningModel(), test::waitBudgetMs(30000));
    QCOMPARE(attention->timelineBar()->position(), 3);
    QVERIFY(test::attentionShown(*attention));
    QCOMPARE(attention->shownMoment(), 3);
  }

  // Every page keeps its own state through the session (ui/session/page_state.h): a distinct sentence, tab, layer,
  // head, step and timeline moment on each page, saved, then opened in a fresh window, give the same states. The
  // Step-through page's layer waits for its language model, which arrives after the session is restored.
  void everyPageKeepsItsState() {
    const QString path = dir_.filePath("pages.alsession"), timelineRun = dir_.filePath("timeline-run");
    writeTinyModelWithTimeline(timelineRun);
    QMap<QString, QJsonObject> saved;
    {
      MainWindow window;
      window.trainPage()->openModel(timelineRun);
      QTRY_VERIFY_WITH_TIMEOUT(!window.trainPage()->filesBusy(), test::waitBudgetMs(30000));
      auto* trainBar = window.trainPage()->findChild<TimelineBar*>();
      QVERIFY(trainBar);
      QTRY_VERIFY_WITH_TIMEOUT(trainBar->snapshotCount() > 3, test::waitBudgetMs(30000));
      trainBar->setPosition(2);

      AttentionPage* attention = page<AttentionPage>(window);
      attention->setText("the film was long");
      attention->tabs()->setCurrentIndex(1);
      StepperPage* stepper = page<StepperPage>(window);
      stepper->setKind(StepperPage::Kind::LanguageModel);
      QVERIFY(stepper->setModel("seeded", twoLayerLm(), {}, {QStringLiteral("a cat")}));
      QCOMPARE(stepper->languageModelControls()->layerCount(), 2);
      QCOMPARE(stepper->languageModelControls()->layer(), 1);  // a language model starts at its last layer
      stepper->setSentence("the cat sat");
      stepper->languageModelControls()->setLayer(0);
      QVERIFY(stepper->stepCount() > 3);
      stepper->showStep(3);
      stepper->stepView()->showHead(1);
      page<FillPage>(window)->setText("a [MASK] day");
      page<FillPage>(window)->tabs()->setCurrentIndex(1);
      page<GeneratePage>(window)->setPrompt("there was once");
      page<GeneratePage>(window)->tabs()->setCurrentIndex(1);
      page<ChatbotPage>(window)->setQuestion("where are you");
      page<ComparisonPage>(window)->setSentence("the blue sky");
      page<MemoryPage>(window)->setText("a long story");
      page<MemoryPage>(window)->tabs()->setCurrentIndex(1);
      page<NormalizationPage>(window)->tabs()->setCurrentIndex(2);
      window.showPage(page<MemoryPage>(window));

      saved = pageStatesOf(window);
      for (const char* name : {"attention", "step", "fill", "generate", "chatbot", "memory", "normalization",
                               "compare", "train"})
        QVERIFY2(saved.contains(QString::fromLatin1(name)), name);
      QCOMPARE(saved["step"].value("layer").toInt(-1), 0);
      QCOMPARE(saved["step"].value("head").toInt(-1), 1);
      QCOMPARE(saved["step"].value("step").toInt(-1), 3);
      QCOMPARE(saved["attention"].value("tab").toInt(-1), 1);
      QCOMPARE(saved["normalization"].value("tab").toInt(-1), 2);
      QCOMPARE(saved["train"].value("moment").toInt(-1), 2);
      QCOMPARE(saved["memory"].value("sentence").toString(), QStringLiteral("a long story"));

      // File › Save model asks where to save the Train page's run, and the session stays on its page.
      auto* saveModel = window.findChild<QAction*>("saveModelAction");
      QVERIFY(saveModel);
      QVERIFY(triggerClosingDialogs(saveModel));
      QCOMPARE(window.currentPage(), page<MemoryPage>(window));
      QCOMPARE(saveSessionFile(window, path), QString());
    }

    MainWindow window;
    QCOMPARE(openSessionFile(window, path).error, QString());
    QCOMPARE(window.currentPage(), page<MemoryPage>(window));
    QCOMPARE(window.currentPageName(), QStringLiteral("memory"));
    // The language model arrives after the session (as one opened on the Generate page would).
    StepperPage* stepper = page<StepperPage>(window);
    QVERIFY(stepper->setModel("seeded", twoLayerLm(), {}, {QStringLiteral("a cat")}));
    QTRY_VERIFY_WITH_TIMEOUT(!window.trainPage()->filesBusy(), test::waitBudgetMs(30000));
    QCOMPARE(stepper->languageModelControls()->layer(), 0);
    for (const QString& name : saved.keys())
      QTRY_COMPARE_WITH_TIMEOUT(window.pageState(name)->saveState(), saved[name], test::waitBudgetMs(30000));
  }

  // File › Save model without a run to save says so in the status bar, on the page the session is on.
  void saveModelKeepsThePage() {
    MainWindow window;
    window.showPage(page<AttentionPage>(window));
    auto* saveModel = window.findChild<QAction*>("saveModelAction");
    QVERIFY(saveModel);
    QVERIFY(!triggerClosingDialogs(saveModel));
    QCOMPARE(window.currentPage(), page<AttentionPage>(window));
    QVERIFY(!window.statusBar()->currentMessage().isEmpty());
  }

  // A session written before pages kept their own state (no "pages", no "kind") still opens: what it has is set.
  void anOlderSessionStillOpens() {
    const QString path = dir_.filePath("old.alsession");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(R"({"format": "attentionlab-session", "version": 1, "page": "step", "step": 1,
                   "sentences": {"step": "a b c", "fill": "old [MASK] text"}, "timeline": {}})");
    file.close();
    MainWindow window;
    const QJsonObject before = window.pageState("attention")->saveState();
    QCOMPARE(openSessionFile(window, path).error, QString());
    QCOMPARE(window.currentPage(), page<StepperPage>(window));
    QCOMPARE(page<StepperPage>(window)->sentence(), QStringLiteral("a b c"));
    QCOMPARE(page<StepperPage>(window)->currentStep(), 1);
    QCOMPARE(page<FillPage>(window)->text(), QStringLiteral("old [MASK] text"));
    QCOMPARE(window.pageState("attention")->saveState(), before);
  }

  // A run trained here and never saved has no directory: saving names it as left out, and the file lists no run.
  void unsavedRunsAreNamed() {
    MainWindow window;
    TrainPage* train = window.trainPage();
    train->setDataSource("builtin");
    QTRY_VERIFY_WITH_TIMEOUT(train->dataCardReady(), test::waitBudgetMs(60000));
    train->setPreset("tiny");
    train->setParameter("epochs", 1);
    train->start();
    const int run = train->currentRunId();
    QTRY_VERIFY_WITH_TIMEOUT(!train->isTraining(), test::waitBudgetMs(60000));
    QStringList notIncluded;
    const QJsonObject session = sessionOf(window, &notIncluded);
    QCOMPARE(notIncluded, QStringList{train->runs()->runName(run)});
    QVERIFY(session.value("runs").toArray().isEmpty());
  }

  // A directory gone since the session was saved is named on opening, and the rest is restored.
  void missingDirectoriesAreNamed() {
    const QString path = dir_.filePath("missing.alsession");
    QTemporaryDir gone;
    writeTinyModel(gone.filePath("imdb"));
    {
      MainWindow window;
      window.trainPage()->openModel(gone.filePath("imdb"));
      QTRY_VERIFY_WITH_TIMEOUT(!window.trainPage()->filesBusy(), test::waitBudgetMs(30000));
      page<FillPage>(window)->setText("kept");
      QCOMPARE(saveSessionFile(window, path), QString());
    }
    QVERIFY(QDir(gone.path()).removeRecursively());
    MainWindow window;
    const SessionRestore restore = openSessionFile(window, path);
    QCOMPARE(restore.error, QString());
    QCOMPARE(restore.missing, QStringList{gone.filePath("imdb")});
    QCOMPARE(page<FillPage>(window)->text(), QStringLiteral("kept"));
    QVERIFY(window.trainPage()->runDirectories().isEmpty());
  }

  // Not JSON, JSON of something else, no file: a message naming the file, and the window as it was.
  void damagedFilesChangeNothing() {
    for (const QByteArray& bytes : {QByteArray("{\"format\": \"attentionlab-session\", \"page\": "),
                                    QByteArray("[1, 2, 3]"), QByteArray("{\"page\": \"fill\"}")}) {
      const QString path = dir_.filePath("damaged.alsession");
      QFile file(path);
      QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
      file.write(bytes);
      file.close();
      MainWindow window;
      QWidget* before = window.currentPage();
      const SessionRestore restore = openSessionFile(window, path);
      QVERIFY2(restore.error.contains(path) && restore.error.contains("not an AttentionLab session"),
               qPrintable(restore.error));
      QCOMPARE(window.currentPage(), before);
    }
    MainWindow window;
    QVERIFY(openSessionFile(window, dir_.filePath("nowhere.alsession")).error.contains("nowhere.alsession"));
  }

  // File › Recent sessions lists the last five, newest first.
  void recentSessionsKeepTheLastFive() {
    MainWindow window;
    for (int i = 0; i < 7; ++i) QCOMPARE(saveSessionFile(window, dir_.filePath(QString("s%1.alsession").arg(i))), QString());
    QCOMPARE(recentSessions().size(), 5);
    QCOMPARE(recentSessions().front(), dir_.filePath("s6.alsession"));
    auto* menu = window.findChild<QMenu*>("recentSessionsMenu");
    QVERIFY(menu);
    emit menu->aboutToShow();
    QCOMPARE(menu->actions().size(), 5);
    QCOMPARE(menu->actions().front()->text(), QDir::toNativeSeparators(dir_.filePath("s6.alsession")));
  }

 private:
  test::AppFixture app_;
  QTemporaryDir dir_;
};

QTEST_MAIN(TestSessionFile)
#include "test_session_file.moc"
