// Preparing the lessons (File › Prepare lessons…): every model the lessons train on the fly is trained before the
// class, in the background, and kept in the lessons folder; a lesson then opens its prepared model instead of
// training one; a second preparation skips what is up to date; Cancel keeps no half-written model. The
// preparation runs quick (one epoch a model) so that the suite takes seconds.
#include "ui/pages/attention_page.h"
#include "ui/pages/chatbot_page.h"
#include "ui/pages/fill_page.h"
#include "ui/lessons/lesson_preparation.h"

#include <QtTest>

#include <QDir>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>

#include "tests/app_fixture.h"
#include "tests/wait_budget.h"
#include "ui/lessons/lesson_course.h"
#include "ui/lessons/preparation_dialog.h"
#include "ui/main_window.h"
#include "ui/lessons/lessons_page.h"

using namespace al;
using namespace al::ui;

namespace {

int lessonIndex(const LessonCourse& course, const QString& id) {
  for (int i = 0; i < course.count(); ++i)
    if (course.lessons()[size_t(i)].id == id) return i;
  return -1;
}

// The folder's entries, hidden ones (a writer's staging directory) too.
QStringList entries(const QString& folder) {
  return QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot);
}

}  // namespace

class TestLessonPreparation : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY(app_.withDataHome());
    QVERIFY(app_.setUp("test_lesson_preparation"));
    setQuickLessonPreparation(true);
  }

  // The models are the toys of the built-in lessons: attention with learned and with no positions, lesson 8's
  // chatbot, lesson 10's masked-LM.
  void theLessonsNeedTheirToys() {
    QStringList folders;
    for (const LessonModel& model : lessonModelsNeeded(builtinLessons())) folders << model.folder;
    QCOMPARE(folders, (QStringList{"attention-learned", "attention-none", "chatbot-gru-builtin-translate-30",
                                   "fill-masked-lm"}));
  }

  // Cancel during the first model's training: it is not written, the others are not trained, nothing half
  // written stays in the lessons folder.
  void cancelKeepsNothingHalfWritten() {
    setQuickLessonPreparation(false);  // ten epochs: the first model still trains when Cancel is pressed
    QDir(preparedLessonsFolder()).removeRecursively();
    MainWindow window;
    PreparationDialog* dialog = prepareLessons(window);
    LessonPreparation* preparation = dialog->preparation();
    QVERIFY(preparation->isRunning());
    QSignalSpy finished(preparation, &LessonPreparation::finished);
    QTRY_VERIFY_WITH_TIMEOUT(preparation->epoch() >= 1, test::waitBudgetMs(60000));  // batches are training
    QVERIFY(dialog->cancelButton()->isEnabled());
    dialog->cancelButton()->click();
    QVERIFY(finished.wait(test::waitBudgetMs(60000)));
    QVERIFY(!preparation->isRunning());
    QCOMPARE(int(preparation->state(0)), int(LessonPreparation::State::Cancelled));
    for (int i = 1; i < int(preparation->models().size()); ++i)
      QCOMPARE(int(preparation->state(i)), int(LessonPreparation::State::Cancelled));
    QVERIFY2(entries(preparedLessonsFolder()).isEmpty(), qPrintable(entries(preparedLessonsFolder()).join(", ")));
    for (const LessonModel& model : preparation->models()) QVERIFY(!isPrepared(model));
    QVERIFY(dialog->statusLabel()->text().contains("0 of 4"));
    setQuickLessonPreparation(true);
  }

  // From the Lessons page's button: every model trains, with the overall progress, and is written; a lesson then
  // shows its prepared model at once and trains nothing; a second preparation trains nothing.
  void prepareThenTeach() {
    QDir(preparedLessonsFolder()).removeRecursively();
    MainWindow window;
    window.lessonsPage()->prepareButton()->click();
    auto* dialog = window.findChild<PreparationDialog*>();
    QVERIFY(dialog && dialog->isVisible());
    LessonPreparation* preparation = dialog->preparation();
    QSignalSpy finished(preparation, &LessonPreparation::finished);
    QList<double> overall;
    connect(preparation, &LessonPreparation::progressed, this, [&] { overall << preparation->overall(); });
    QVERIFY(finished.wait(test::waitBudgetMs(120000)));
    for (int i = 0; i < int(preparation->models().size()); ++i)
      QVERIFY2(preparation->state(i) == LessonPreparation::State::Ready, qPrintable(preparation->error(i)));
    QVERIFY(std::is_sorted(overall.begin(), overall.end()));
    QCOMPARE(dialog->overallBar()->value(), 1000);
    QCOMPARE(dialog->modelList()->count(), 4);
    for (const LessonModel& model : preparation->models()) {
      QVERIFY(QFileInfo::exists(QDir(preparedDirectory(model)).filePath("model.safetensors")));
      QVERIFY(isPrepared(model));
    }
    QVERIFY(!entries(preparedLessonsFolder()).join(' ').contains("staging"));

    // Lesson 3 (learned positions) and lesson 4 (none): their prepared toys, nothing trains.
    auto* attention = window.findChild<AttentionPage*>();
    for (const char* id : {"multi-head", "word-order"}) {
      window.course()->setCurrentIndex(lessonIndex(*window.course(), id));
      window.openLesson();
      QVERIFY(!attention->isTrainingToyModel());
      QVERIFY2(attention->currentModelName().contains("prepared"), qPrintable(attention->currentModelName()));
    }
    QCOMPARE(attention->modelCount(), 2);
    QCOMPARE(int(attention->currentModel()->model->config().position), int(PositionKind::None));
    // Lesson 8: the chatbot is there and answers; lesson 10: the masked-LM.
    window.course()->setCurrentIndex(lessonIndex(*window.course(), "bahdanau-chatbot"));
    window.openLesson();
    auto* chatbot = window.findChild<ChatbotPage*>();
    QVERIFY(!chatbot->isTrainingToyModel());
    QCOMPARE(chatbot->modelCount(), 1);
    window.course()->setCurrentIndex(lessonIndex(*window.course(), "bert"));
    window.openLesson();
    auto* fill = window.findChild<FillPage*>();
    QVERIFY(!fill->isTrainingToyModel());
    QCOMPARE(fill->modelCount(), 1);

    // Prepared again: every model is up to date, none trains.
    dialog->start();
    QVERIFY(!preparation->isRunning());
    for (int i = 0; i < int(preparation->models().size()); ++i)
      QCOMPARE(int(preparation->state(i)), int(LessonPreparation::State::UpToDate));
    QCOMPARE(preparation->toTrain(), 0);
  }

  // Without a prepared model a lesson trains its toy on the fly, as before.
  void withoutPreparationTheLessonTrains() {
    QDir(preparedLessonsFolder()).removeRecursively();
    MainWindow window;
    window.course()->setCurrentIndex(lessonIndex(*window.course(), "bert"));
    window.openLesson();
    auto* fill = window.findChild<FillPage*>();
    QVERIFY(fill->isTrainingToyModel());
    fill->cancelToyTraining();
    QTRY_VERIFY_WITH_TIMEOUT(!fill->isTrainingToyModel(), test::waitBudgetMs(60000));
  }

 private:
  test::AppFixture app_;
};

QTEST_MAIN(TestLessonPreparation)
#include "test_lesson_preparation.moc"
