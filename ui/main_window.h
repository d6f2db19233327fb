#pragma once
// The main window: a sidebar of pages (Train, Attention, Step through, Normalization, Chatbot), menus and a
// status bar. Pages are separate widgets; a new page slots in with addPage(). The window owns the session's model
// library: finished runs go into it, and the pages that show models observe it.
#include <QMainWindow>

class QListWidget;
class QStackedWidget;

namespace al::ui {

class ModelLibrary;
class TrainPage;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);

  // Adds a page to the sidebar; returns its index.
  int addPage(const QString& title, const QString& toolTip, QWidget* page);
  void showPage(int index);
  int pageCount() const;
  QWidget* page(int index) const;
  TrainPage* trainPage() const { return trainPage_; }
  ModelLibrary* library() const { return library_; }  // the models of this session

 private:
  void createMenus();
  QListWidget* sidebar_;
  QStackedWidget* pages_;
  TrainPage* trainPage_;
  ModelLibrary* library_;
};

}  // namespace al::ui
