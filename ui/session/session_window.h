#pragma once
// The window as a session file sees it (ui/session/session_file.h): its pages by the file's names, each page's own
// state (ui/session/page_state.h), the models the model pages opened, the Train page's runs and the lesson. The main
// window implements it; the session knows no page and no window class.
#include <QString>
#include <QStringList>

namespace al::ui {

class ModelLibrary;
class PageModels;
class PageState;

class SessionWindow {
 public:
  virtual ~SessionWindow() = default;

  virtual ModelLibrary* library() const = 0;  // the session's models (their switched-off heads)

  // The pages, by the names the file and --page use ("attention", "step", ..., "lessons").
  virtual QString currentPageName() const = 0;           // empty for a page without a name
  virtual void showPageNamed(const QString& name) = 0;   // nothing for a name no page has
  virtual QStringList statePageNames() const = 0;        // the pages that keep a state, in the order they restore
  virtual PageState* pageState(const QString& name) const = 0;  // null for a page that keeps none
  virtual QStringList modelPageNames() const = 0;        // the pages that open model directories
  virtual PageModels* pageModels(const QString& name) const = 0;  // null for a page that opens none

  // The Train page's runs: those saved in or opened from a directory, the names of those never saved, and the
  // directory a library model was saved in as a run (empty when none).
  virtual QStringList runDirectories() const = 0;
  virtual QStringList unsavedRunNames() const = 0;
  virtual void openRunDirectory(const QString& dir) = 0;
  virtual QString runDirectoryOfModel(int libraryId) const = 0;

  // The current lesson (empty without a course) and whether its panel is beside the page; restoring one makes it
  // current and opens it when it was open (nothing for an id the course does not have).
  virtual QString currentLessonId() const = 0;
  virtual bool lessonPanelOpen() const = 0;
  virtual void restoreLesson(const QString& id, bool open) = 0;
};

}  // namespace al::ui
