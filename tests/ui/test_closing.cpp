// Work that could be lost: File › Quit or closing the window while a run trains, or with finished runs that were
// never saved, asks first and offers to save; with nothing to lose it closes at once. And a run says on screen
// which data it trains on.
#include <QAction>
#include <QDir>
#include <QFileDialog>
#include <QApplication>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include "ui/main_window.h"
#include "ui/session/model_files.h"
#include "ui/session/model_library.h"
#include "ui/pages/train_page.h"
#include "ui/widgets/runs_list.h"
#include "tests/app_fixture.h"

using al::ui::MainWindow;
using al::ui::RunsList;
using al::ui::TrainPage;

namespace {

constexpr int kTimeoutMs = 180000;

QAction* quitAction(MainWindow& window) { return window.findChild<QAction*>("quit"); }

// Answers the next question box, as soon as it is shown, with the button of `role`, and records its text. The
// window asks with a modal box inside close(): when close() returns, a box that came has been answered (asked),
// and none came when asked is false. Watching ends with the Answer, so it never answers a later test's box.
class Answer {
 public:
  explicit Answer(QMessageBox::ButtonRole role) {
    watch_.setInterval(10);
    QObject::connect(&watch_, &QTimer::timeout, [this, role] {
      auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
      if (!box) return;
      watch_.stop();
      asked = true;
      text = box->text() + " " + box->informativeText();
      for (QAbstractButton* b : box->buttons())
        if (box->buttonRole(b) == role) return b->click();
    });
    watch_.start();
  }
  QString text;
  bool asked = false;

 private:
  QTimer watch_;
};

int startTiny(TrainPage& page, int epochs) {
  page.setDataSource("builtin");
  if (!QTest::qWaitFor([&] { return page.dataCardReady(); }, 60000)) qFatal("the data was not read");
  page.setPreset("tiny");
  page.setParameter("epochs", epochs);
  page.start();
  return page.currentRunId();
}

}  // namespace

class TestClosing : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY(app_.setUp("test_closing"));
    QApplication::setQuitOnLastWindowClosed(false);
  }

  void nothingToLoseClosesAtOnce() {
    MainWindow window;
    window.show();
    Answer answer(QMessageBox::RejectRole);
    QVERIFY(window.close());
    QVERIFY(!answer.asked);
  }

  void quitWhileTrainingAsksAndCanBeCancelled() {
    MainWindow window;
    window.show();
    TrainPage* page = window.trainPage();
    startTiny(*page, 500);
    QVERIFY(page->isTraining());
    QAction* quit = quitAction(window);
    QVERIFY(quit);
    Answer cancel(QMessageBox::RejectRole);
    quit->trigger();
    QVERIFY2(cancel.asked, "File › Quit during training did not ask");
    QVERIFY2(cancel.text.contains("training"), qPrintable(cancel.text));
    QVERIFY(window.isVisible());
    QVERIFY(page->isTraining());
    // Discarding stops the run and closes.
    Answer discard(QMessageBox::DestructiveRole);
    QVERIFY(!window.close() || !window.isVisible());
    QVERIFY(discard.asked);
    QVERIFY(QTest::qWaitFor([&] { return !page->isTraining(); }, kTimeoutMs));
    QVERIFY(!window.isVisible());
  }

  void unsavedFinishedRunsAreOfferedForSaving() {
    MainWindow window;
    window.show();
    TrainPage* page = window.trainPage();
    const int run = startTiny(*page, 1);
    QVERIFY(QTest::qWaitFor([&] { return !page->isTraining(); }, kTimeoutMs));
    {
      Answer answer(QMessageBox::RejectRole);
      QVERIFY(!window.close());
      QVERIFY2(answer.asked, "closing with an unsaved run did not ask");
      QVERIFY2(answer.text.contains(page->runs()->runName(run)), qPrintable(answer.text));
    }
    QVERIFY(window.isVisible());
    // Once saved, nothing is lost: it closes without asking.
    QTemporaryDir dir;
    QVERIFY(page->saveModel(run, dir.filePath("saved")));
    QVERIFY(QTest::qWaitFor([&] { return !page->filesBusy(); }, kTimeoutMs));
    Answer answer(QMessageBox::RejectRole);
    QVERIFY(window.close());
    QVERIFY(!answer.asked);
  }

  // Quit › Save: it offers the runs it listed (not the run selected, a race's model here), on the Train page, and
  // saves every one of them into the folder chosen; then it quits, with nothing lost.
  void savingOnQuitSavesTheListedRuns() {
    MainWindow window;
    window.show();
    TrainPage* page = window.trainPage();
    const int run = startTiny(*page, 1);
    QVERIFY(QTest::qWaitFor([&] { return !page->isTraining(); }, kTimeoutMs));
    // A model of the race arrives after it and is selected in the runs list.
    al::ui::SessionModel raced;
    raced.name = "race 1 layer norm";
    raced.settings = page->trainingRun(run)->settings();
    raced.model = window.library()->models().back().model;
    const int racedId = page->addModelRun(raced, "raced");
    QCOMPARE(page->runs()->selectedRun(), racedId);
    window.showPage(2);  // another page
    QCOMPARE(page->unsavedRunNames(), QStringList{page->runs()->runName(run)});
    QTemporaryDir folder;
    QString dialogTitle;
    bool pageShown = false;
    QTimer chooseFolder;  // answers the folder dialog when it comes
    chooseFolder.setInterval(100);
    connect(&chooseFolder, &QTimer::timeout, [&] {
      auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
      if (!dialog) return;
      chooseFolder.stop();
      dialogTitle = dialog->windowTitle() + " " + dialog->selectedFiles().join(" ");
      pageShown = window.currentPage() == page;
      // The folder itself, with nothing typed or selected in it: selecting it by name in its parent raced with
      // the dialog's listing of that parent, and the runs then went to the parent.
      dialog->setDirectory(folder.path());
      static_cast<QDialog*>(dialog)->accept();
    });
    chooseFolder.start();
    Answer answer(QMessageBox::AcceptRole);  // Save
    window.close();
    QVERIFY2(answer.asked, "closing with an unsaved run did not ask");
    QVERIFY(QTest::qWaitFor([&] { return !dialogTitle.isEmpty(); }, 10000));
    QVERIFY2(pageShown, "the runs are saved from the Train page");
    QVERIFY2(dialogTitle.contains(page->runs()->runName(run)), qPrintable(dialogTitle));
    QVERIFY2(!dialogTitle.contains("race"), qPrintable(dialogTitle));
    QVERIFY(QTest::qWaitFor([&] { return page->unsavedRunNames().isEmpty() && !page->filesBusy(); }, kTimeoutMs));
    const QString runDir = folder.filePath(page->runs()->runName(run).toLower().replace(' ', '-'));
    QVERIFY2(QFileInfo::exists(runDir + "/training.json"), qPrintable(page->statusText()));
    QVERIFY(page->statusText().contains(runDir));
    QVERIFY(QTest::qWaitFor([&] { return !window.isVisible(); }, 10000));  // then it quits
    QVERIFY2(page->errorText().isEmpty(), qPrintable(page->errorText()));
  }

  // A model trained on a page of its own (a toy model of the Attention, Chatbot or Fill page) joins the library
  // without a directory: quitting asks about it too, and Save writes it into the folder chosen, then quits.
  void aToyModelOfAPageIsOfferedForSavingOnQuit() {
    MainWindow window;
    window.show();
    al::ui::SessionModel toy = al::ui::openSessionModel(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/imdb/learned-layer");
    toy.name = "toy, learned position";
    toy.status = "toy";
    toy.directory.clear();
    window.library()->add(toy);
    {
      Answer answer(QMessageBox::RejectRole);
      QVERIFY(!window.close());
      QVERIFY2(answer.asked, "closing with an unsaved toy model did not ask");
      QVERIFY2(answer.text.contains(toy.name), qPrintable(answer.text));
    }
    QTemporaryDir folder;
    QTimer chooseFolder;
    chooseFolder.setInterval(100);
    bool chosen = false;
    connect(&chooseFolder, &QTimer::timeout, [&] {
      auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
      if (!dialog) return;
      chooseFolder.stop();
      chosen = true;
      dialog->setDirectory(folder.path());
      static_cast<QDialog*>(dialog)->accept();
    });
    chooseFolder.start();
    Answer answer(QMessageBox::AcceptRole);  // Save
    window.close();
    QVERIFY(answer.asked);
    QVERIFY(QTest::qWaitFor([&] { return chosen; }, 10000));
    const QString saved = folder.filePath("toy-learned-position");
    QVERIFY(QTest::qWaitFor([&] { return !window.isVisible(); }, kTimeoutMs));  // saved, then it quits
    QVERIFY2(QFileInfo::exists(saved + "/config.json"), qPrintable(saved));
    const al::ui::SessionModel reopened = al::ui::openSessionModel(saved);
    QCOMPARE(reopened.model.task, toy.model.task);
  }

  // The runs list names the data a run trains on, also when the data came from the last session.
  void aRunSaysWhichDataItUses() {
    MainWindow window;
    TrainPage* page = window.trainPage();
    const int run = startTiny(*page, 1);
    QVERIFY(QTest::qWaitFor([&] { return !page->isTraining(); }, kTimeoutMs));
    const QString settings = page->runs()->text(run, RunsList::SettingsColumn);
    QVERIFY2(settings.contains("built-in", Qt::CaseInsensitive), qPrintable(settings));
  }

 private:
  al::test::AppFixture app_;
};

QTEST_MAIN(TestClosing)
#include "test_closing.moc"
