#pragma once
// The main window: a sidebar of pages (Lessons, Train, Attention, Step through, Normalization, Chatbot, Compare,
// Fill in the blank, Memory), menus and a status bar. Pages are separate widgets; a new page slots in with addPage(). The window owns the session's model
// library: finished runs go into it, and the pages that show models observe it.
#include <QMainWindow>
#include <QSet>
#include <utility>
#include <vector>

#include "ui/lessons/lesson_window.h"
#include "ui/session/session_window.h"

class QAction;
class QActionGroup;
class QDockWidget;
class QListWidget;
class QMenu;
class QStackedWidget;

namespace al::ui {

class ManualWindow;
class LessonCourse;
class LessonsPage;
class ModelFileJob;
class ModelLibrary;
struct SessionModel;
class PresentationMode;
class TrainPage;

class MainWindow : public LessonWindow, public SessionWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);

  // Adds a page to the sidebar; returns its index. title and toolTip are the English texts, marked with
  // QT_TR_NOOP in MainWindow's context: the sidebar translates them, again when the language changes.
  int addPage(const char* title, const char* toolTip, QWidget* page);
  void showPage(int index);
  void showPage(QWidget* page) override;  // a page given to addPage
  int pageCount() const;
  QWidget* page(int index) const;
  QWidget* currentPage() const override;
  TrainPage* trainPage() const override { return trainPage_; }
  ModelLibrary* library() const override { return library_; }  // the models of this session
  ManualWindow* manual() const { return manual_; }     // null until Help › Manual (F1) opened it
  // The course (ui/lessons/): the Lessons page, the lesson panel beside an instrument, presentation mode (F11).
  LessonCourse* course() const override { return course_; }
  LessonsPage* lessonsPage() const { return lessonsPage_; }
  QDockWidget* lessonPanel() const { return lessonPanel_; }
  PresentationMode* presentation() const { return presentation_; }
  QAction* presentAction() const { return presentAction_; }
  void openLesson();  // sets up the current lesson's instrument, its text beside it
  void showVocabulary();  // View › Vocabulary: the current page's model, or the session's newest
  // Opens a saved model or a Hugging Face folder (attentionlab --model DIR) on the first page its kind's abilities
  // name: Attention (self-attention), Chatbot (ask), Fill in the blank, Generate; the Train page's curves for a
  // kind with none of them (the bigram classifier). The library then offers it to every other page that shows
  // it. Returns that page. A directory that holds no model opens on the Attention page, whose banner says why.
  QWidget* openModelOnItsPage(const QString& dir);

  // The window as a session file sees it (ui/session/session_window.h; ui/main_window_session.cpp).
  QString currentPageName() const override;
  void showPageNamed(const QString& name) override;
  QStringList statePageNames() const override;
  PageState* pageState(const QString& name) const override;
  QStringList modelPageNames() const override;
  PageModels* pageModels(const QString& name) const override;
  QStringList runDirectories() const override;
  QStringList unsavedRunNames() const override;
  void openRunDirectory(const QString& dir) override;
  QString runDirectoryOfModel(int libraryId) const override;
  QString currentLessonId() const override;
  bool lessonPanelOpen() const override;
  void restoreLesson(const QString& id, bool open) override;

 protected:
  void changeEvent(QEvent* event) override;
  // Closing (File › Quit too) while a run trains, or with runs never saved, asks first and offers to save.
  void closeEvent(QCloseEvent* event) override;

 private:
  void showStatusMessagesOf(QObject* speaker);  // its statusMessage signal, when it has one
  void createMenus();
  void createLanguageMenu(QMenu* viewMenu);
  void createLessons();      // before the other pages: the Lessons page comes first
  void createLessonMenus(QMenu* fileMenu, QAction* beforeAction, QMenu* viewMenu);
  void retranslateUi();
  bool mayClose();  // true: nothing would be lost, or the person chose to lose it
  std::vector<const SessionModel*> unsavedPageModels() const;
  void saveUnsavedRunsAndClose();
  ModelFileJob* pageFiles_ = nullptr;  // saves the page models on quit (made when first needed)
  QSet<int> savedOnQuit_;  // library ids of page models saved on quit: not asked about again
  std::vector<std::pair<const char*, const char*>> pageTexts_;  // each page's title and tool tip, untranslated
  ManualWindow* manual_ = nullptr;  // Help › Manual, made when first asked for
  QAction* presentAction_ = nullptr;
  QActionGroup* languages_ = nullptr;
  QListWidget* sidebar_;
  QStackedWidget* pages_;
  TrainPage* trainPage_;
  ModelLibrary* library_;
  LessonCourse* course_ = nullptr;
  LessonsPage* lessonsPage_ = nullptr;
  QDockWidget* lessonPanel_ = nullptr;
  bool lessonPanelSteppedAside_ = false;  // hidden while the Lessons page shows the same text
  PresentationMode* presentation_ = nullptr;
};

}  // namespace al::ui
