#pragma once
// The main window: a sidebar of pages (Train, Attention, Step through, Normalization, Chatbot), menus and a
// status bar. Pages are separate widgets; a new page slots in with addPage(). The window owns the session's model
// library: finished runs go into it, and the pages that show models observe it.
#include <QMainWindow>
#include <utility>
#include <vector>

class QAction;
class QActionGroup;
class QListWidget;
class QMenu;
class QStackedWidget;

namespace al::ui {

class ModelLibrary;
class TrainPage;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);

  // Adds a page to the sidebar; returns its index. title and toolTip are the English texts, marked with
  // QT_TR_NOOP in MainWindow's context: the sidebar translates them, again when the language changes.
  int addPage(const char* title, const char* toolTip, QWidget* page);
  void showPage(int index);
  int pageCount() const;
  QWidget* page(int index) const;
  TrainPage* trainPage() const { return trainPage_; }
  ModelLibrary* library() const { return library_; }  // the models of this session

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void createMenus();
  void createLanguageMenu();
  void retranslateUi();
  std::vector<std::pair<const char*, const char*>> pageTexts_;  // each page's title and tool tip, untranslated
  QMenu* fileMenu_ = nullptr;
  QMenu* viewMenu_ = nullptr;
  QMenu* languageMenu_ = nullptr;
  QMenu* trainingMenu_ = nullptr;
  QMenu* helpMenu_ = nullptr;
  QAction* openDataAction_ = nullptr;
  QAction* openModelAction_ = nullptr;
  QAction* saveModelAction_ = nullptr;
  QAction* exportAction_ = nullptr;
  QAction* quitAction_ = nullptr;
  QAction* aboutAction_ = nullptr;
  QActionGroup* languages_ = nullptr;
  QListWidget* sidebar_;
  QStackedWidget* pages_;
  TrainPage* trainPage_;
  ModelLibrary* library_;
};

}  // namespace al::ui
