// A lesson is a declared state of its instrument, the same however the class gets there: for each of the built-in
// lessons, opened directly in a new window and reached by PageDown from the lesson before (the whole course walked
// in one window, presented, as a lecturer does), the page, tab, sentence, settings and step are the lesson's, and
// the model shown can read the lesson's sentence (a model that reads every word of it as [UNK] shows nothing of it).
// The toys the lessons train are prepared first, one epoch each, so that nothing trains during the walk.
#include "core/inference/model_words.h"
#include "ui/pages/attention_page.h"
#include "ui/pages/chatbot_page.h"
#include "ui/pages/fill_page.h"
#include "ui/pages/stepper_page.h"
#include "ui/pages/train_page.h"
#include "ui/lessons/lesson_preparation.h"
#include "ui/session/session_file.h"

#include <QtTest>

#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTabWidget>

#include "tests/app_fixture.h"
#include "tests/wait_budget.h"
#include "ui/lessons/lesson_course.h"
#include "ui/lessons/lesson_file.h"
#include "ui/lessons/lesson_instruments.h"
#include "ui/lessons/presentation_mode.h"
#include "ui/main_window.h"
#include "ui/pages/memory_page.h"
#include "ui/pages/normalization_page.h"
#include "ui/widgets/segment_memory_diagram.h"

using namespace al;
using namespace al::ui;

namespace {

const QStringList kAttentionTabs{"heatmaps", "word-order", "position", "head-roles"};

// Waits for what the lesson set going: a toy being read or trained, a sentence being read, a question answered.
bool settle(QWidget* page) {
  bool ok = true;
  if (auto* attention = qobject_cast<AttentionPage*>(page))
    ok = QTest::qWaitFor([&] {
      return !attention->isTrainingToyModel() && !attention->isOpeningModel() && !attention->isComputingAttention();
    }, test::waitBudgetMs(120000));
  if (auto* fill = qobject_cast<FillPage*>(page))
    ok = QTest::qWaitFor([&] { return !fill->isTrainingToyModel() && !fill->isOpeningModel(); }, test::waitBudgetMs(120000));
  if (auto* chatbot = qobject_cast<ChatbotPage*>(page))
    ok = QTest::qWaitFor([&] { return chatbot->hasReply(); }, test::waitBudgetMs(120000));
  QTest::qWait(20);
  return ok;
}

// How many words of text the model of the Attention page's classifier knows; -1 for a model that is not one (a
// pretrained model reads any text in its own pieces).
int knownWords(const SessionModel& model, const QString& text) {
  const auto classifier = model.as<ImdbTransformerModel>();
  if (!classifier) return -1;
  int known = 0;
  for (const WordLookup& word : lookUpWords(modelWords(classifier), text.toStdString())) known += word.known;
  return known;
}

// What of the instrument differs from what the lesson declares.
QStringList differences(MainWindow& window, const Lesson& lesson) {
  QStringList found;
  QWidget* page = instrumentPage(window, lesson.page);
  if (window.currentPage() != page) return {QStringLiteral("another page is shown than “%1”").arg(lesson.page)};
  auto expect = [&](const QString& what, const QVariant& shown, const QVariant& declared) {
    if (shown != declared)
      found << QStringLiteral("%1 is “%2”, the lesson says “%3”").arg(what, shown.toString(), declared.toString());
  };
  const QString sentence = lesson.setting(QStringLiteral("sentence"));
  if (auto* attention = qobject_cast<AttentionPage*>(page)) {
    const QString tab = lesson.setting(QStringLiteral("tab"));
    expect(QStringLiteral("the tab"), attention->tabs()->currentIndex(), std::max(0, int(kAttentionTabs.indexOf(tab))));
    if (!sentence.isEmpty()) expect(QStringLiteral("the sentence"), attention->text(), sentence);
    const QString toy = lesson.setting(QStringLiteral("toy-model"));
    const auto classifier = attention->currentModel();
    if (!toy.isEmpty()) {
      const PositionKind wanted = toy == QLatin1String("learned") ? PositionKind::Learned
                                  : toy == QLatin1String("none")  ? PositionKind::None
                                                                  : PositionKind::Sinusoidal;
      if (!classifier || classifier->model->config().position != wanted)
        found << QStringLiteral("the model shown is not the toy with position “%1”").arg(toy);
    }
    if (const SessionModel* shown = attention->currentSessionModel(); shown && knownWords(*shown, attention->text()) == 0)
      found << QStringLiteral("the model shown (“%1”) reads none of the words of “%2”").arg(shown->name, attention->text());
  }
  if (auto* stepper = qobject_cast<StepperPage*>(page)) {
    const QString kind = lesson.setting(QStringLiteral("kind"));
    const StepperPage::Kind wanted = kind == QLatin1String("additive") ? StepperPage::Kind::Additive
                                     : kind == QLatin1String("decoder") ? StepperPage::Kind::Decoder
                                                                        : StepperPage::Kind::SelfAttention;
    expect(QStringLiteral("the kind of attention"), int(stepper->kind()), int(wanted));
    if (!sentence.isEmpty()) expect(QStringLiteral("the sentence"), stepper->sentence(), sentence);
    if (const QString width = lesson.setting(QStringLiteral("width")); !width.isEmpty())
      expect(QStringLiteral("the width"), int(stepper->toySettings().width), width.toInt());
    if (const QString heads = lesson.setting(QStringLiteral("heads")); !heads.isEmpty())
      expect(QStringLiteral("the heads"), int(stepper->toySettings().heads), heads.toInt());
    if (const QString step = lesson.setting(QStringLiteral("step")); !step.isEmpty())
      expect(QStringLiteral("the step"), stepper->currentStep() + 1, std::min(step.toInt(), stepper->stepCount()));
    expect(QStringLiteral("the walk's model"), stepper->usesTrainedModel(), false);
  }
  if (auto* normalization = qobject_cast<NormalizationPage*>(page)) {
    const QString tab = lesson.setting(QStringLiteral("tab"));
    if (!tab.isEmpty())
      expect(QStringLiteral("the tab"), normalization->tabs()->currentIndex(),
             int(QStringList({"samples", "sequences", "race"}).indexOf(tab)));
  }
  if (auto* train = qobject_cast<TrainPage*>(page)) {
    if (const QString data = lesson.setting(QStringLiteral("data")); !data.isEmpty())
      expect(QStringLiteral("the data"), train->dataSource(), data);
    if (const QString preset = lesson.setting(QStringLiteral("preset")); !preset.isEmpty())
      expect(QStringLiteral("the preset"), train->preset(), preset);
    if (const QString task = lesson.setting(QStringLiteral("task")); !task.isEmpty())
      expect(QStringLiteral("the task"), taskInfo(train->task()).contractName, task);
    if (const QString watch = lesson.setting(QStringLiteral("watch")); !watch.isEmpty())
      expect(QStringLiteral("the watched sentences"), train->watchSentences().join(QLatin1Char('|')), watch);
  }
  if (auto* chatbot = qobject_cast<ChatbotPage*>(page)) {
    if (chatbot->modelCount() == 0) found << QStringLiteral("the chatbot has no model");
    if (const QString question = lesson.setting(QStringLiteral("question")); !question.isEmpty())
      expect(QStringLiteral("the question"), chatbot->question(), question);
  }
  if (auto* fill = qobject_cast<FillPage*>(page)) {
    if (lesson.setting(QStringLiteral("toy-model")) == QLatin1String("yes") && fill->modelCount() == 0)
      found << QStringLiteral("the page has no masked language model");
    if (const QString text = lesson.setting(QStringLiteral("text")); !text.isEmpty())
      expect(QStringLiteral("the text"), fill->text(), text);
  }
  if (auto* memory = qobject_cast<MemoryPage*>(page)) {
    const SegmentMemoryDiagram* diagram = memory->diagram();
    expect(QStringLiteral("the tab"), memory->tabs()->currentIndex(), 0);
    if (const QString v = lesson.setting(QStringLiteral("segment")); !v.isEmpty())
      expect(QStringLiteral("the segment"), diagram->segmentLength(), v.toInt());
    if (const QString v = lesson.setting(QStringLiteral("memory")); !v.isEmpty())
      expect(QStringLiteral("the memory"), diagram->memoryLength(), v.toInt());
    if (const QString v = lesson.setting(QStringLiteral("layers")); !v.isEmpty())
      expect(QStringLiteral("the layers"), diagram->layers(), v.toInt());
    if (const QString v = lesson.setting(QStringLiteral("step")); !v.isEmpty())
      expect(QStringLiteral("the step"), diagram->currentStep() + 1, v.toInt());
  }
  return found;
}

}  // namespace

class TestLessonStates : public QObject {
  Q_OBJECT
  test::AppFixture app_;

 private slots:
  void initTestCase() {
    QVERIFY(app_.withDataHome());
    QVERIFY(app_.setUp("test_lesson_states"));
    setQuickLessonPreparation(true);
    LessonPreparation preparation;
    QSignalSpy finished(&preparation, &LessonPreparation::finished);
    preparation.start(builtinLessons());
    QVERIFY(!preparation.isRunning() || finished.wait(test::waitBudgetMs(240000)));
    for (int i = 0; i < int(preparation.models().size()); ++i)
      QVERIFY2(preparation.state(i) == LessonPreparation::State::Ready ||
                   preparation.state(i) == LessonPreparation::State::UpToDate,
               qPrintable(preparation.error(i)));
  }

  void openedDirectly_data() {
    QTest::addColumn<int>("lesson");
    const std::vector<Lesson> lessons = builtinLessons();
    for (size_t i = 0; i < lessons.size(); ++i) QTest::addRow("%d %s", int(i + 1), qPrintable(lessons[i].id)) << int(i);
  }
  void openedDirectly() {
    QFETCH(int, lesson);
    MainWindow window;
    window.show();
    window.course()->setCurrentIndex(lesson);
    window.openLesson();
    QVERIFY(settle(window.currentPage()));
    const QStringList found = differences(window, window.course()->current());
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QStringLiteral("; "))));
  }

  // The course from its first lesson to its last with PageDown, presented: each lesson's state on arrival.
  void reachedByPageDown() {
    MainWindow window;
    window.show();
    window.course()->setCurrentIndex(0);
    window.openLesson();
    window.presentation()->setPresenting(true);
    QVERIFY(settle(window.currentPage()));
    QStringList found;
    for (int lesson = 0;; ++lesson) {
      QCOMPARE(window.course()->currentIndex(), lesson);
      for (const QString& d : differences(window, window.course()->current()))
        found << QStringLiteral("lesson %1 (%2): %3").arg(lesson + 1).arg(window.course()->current().id, d);
      if (lesson + 1 == window.course()->count()) break;
      for (int press = 0; press < 100 && window.course()->currentIndex() == lesson; ++press) {
        window.presentation()->next();  // what PageDown does, wherever the focus is
        QCoreApplication::processEvents();
      }
      QVERIFY(settle(window.currentPage()));
    }
    window.presentation()->setPresenting(false);
    for (const QString& line : found) qWarning().noquote() << line;
    QVERIFY2(found.isEmpty(), qPrintable(QStringLiteral("%1 difference(s), listed above").arg(found.size())));
  }

  // Saved while a lesson is open and its page was changed afterwards, a session opened in a new window shows the
  // lesson's declared state again: for every lesson of the Train page (13 declares a sentence to watch).
  void restoredFromASession_data() {
    QTest::addColumn<int>("lesson");
    const std::vector<Lesson> lessons = builtinLessons();
    for (size_t i = 0; i < lessons.size(); ++i)
      if (lessons[i].page == QLatin1String("train")) QTest::addRow("%d %s", int(i + 1), qPrintable(lessons[i].id)) << int(i);
  }
  void restoredFromASession() {
    QFETCH(int, lesson);
    QTemporaryDir folder;
    const QString path = folder.filePath(QStringLiteral("lesson.alsession"));
    {
      MainWindow window;
      window.show();
      window.course()->setCurrentIndex(lesson);
      window.openLesson();
      QVERIFY(settle(window.currentPage()));
      window.trainPage()->setWatchSentences({QStringLiteral("something else")});
      window.trainPage()->setPreset(QStringLiteral("tiny"));
      QVERIFY(!differences(window, window.course()->current()).isEmpty() ||
              window.course()->current().setting(QStringLiteral("watch")).isEmpty());
      const QString error = saveSessionFile(window, path);
      QVERIFY2(error.isEmpty(), qPrintable(error));
    }
    MainWindow window;
    window.show();
    const SessionRestore restored = openSessionFile(window, path);
    QVERIFY2(restored.error.isEmpty(), qPrintable(restored.error));
    QVERIFY(settle(window.currentPage()));
    QCOMPARE(window.course()->currentIndex(), lesson);
    const QStringList found = differences(window, window.course()->current());
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QStringLiteral("; "))));
  }
};

QTEST_MAIN(TestLessonStates)
#include "test_lesson_states.moc"
