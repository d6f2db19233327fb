// The main window as a session file sees it (ui/session/session_window.h): the pages by the names the file, the
// lessons and --page use, the Train page's runs and the lesson.
// Core headers first (through the pages): Qt's `emit` macro must not reach them.
#include "ui/pages/model_page.h"
#include "ui/pages/train_page.h"

#include "ui/main_window.h"

#include <QDockWidget>

#include "ui/lessons/lesson_course.h"
#include "ui/lessons/lesson_instruments.h"
#include "ui/session/page_state.h"

namespace al::ui {

namespace {

// The pages that open model directories, as the session file names them.
const QStringList kModelPageNames{QStringLiteral("attention"), QStringLiteral("chatbot"), QStringLiteral("fill"),
                                  QStringLiteral("generate")};

}  // namespace

// The page's name as the file (and --page) says it, empty for a page without one.
QString MainWindow::currentPageName() const {
  QStringList names = instrumentNames();
  names << QStringLiteral("lessons");
  auto& window = const_cast<MainWindow&>(*this);
  for (const QString& name : names)
    if (instrumentPage(window, name) == currentPage()) return name;
  return {};
}

void MainWindow::showPageNamed(const QString& name) {
  if (QWidget* page = instrumentPage(*this, name)) showPage(page);
}

QStringList MainWindow::statePageNames() const {
  QStringList names;
  for (const QString& name : instrumentNames())
    if (pageState(name)) names << name;
  return names;
}

PageState* MainWindow::pageState(const QString& name) const {
  return dynamic_cast<PageState*>(instrumentPage(const_cast<MainWindow&>(*this), name));
}

QStringList MainWindow::modelPageNames() const { return kModelPageNames; }

PageModels* MainWindow::pageModels(const QString& name) const {
  return dynamic_cast<PageModels*>(instrumentPage(const_cast<MainWindow&>(*this), name));
}

QStringList MainWindow::runDirectories() const { return trainPage_->runDirectories(); }
QStringList MainWindow::unsavedRunNames() const { return trainPage_->unsavedRunNames(); }
void MainWindow::openRunDirectory(const QString& dir) { trainPage_->openModel(dir); }
QString MainWindow::runDirectoryOfModel(int libraryId) const { return trainPage_->directoryOfModel(libraryId); }

QString MainWindow::currentLessonId() const { return course_->count() > 0 ? course_->current().id : QString(); }
bool MainWindow::lessonPanelOpen() const { return !lessonPanel_->isHidden(); }

void MainWindow::restoreLesson(const QString& id, bool open) {
  for (int i = 0; i < course_->count(); ++i)
    if (!id.isEmpty() && course_->lessons()[static_cast<size_t>(i)].id == id) {
      course_->setCurrentIndex(i);
      if (open) openLesson();
    }
}

}  // namespace al::ui
