#pragma once
// The window a lesson drives, as the lessons see it (ui/lessons/lesson_instruments.h, presentation_mode.h,
// preparation_dialog.h): a main window with pages, the Train page and the course. The main window (ui/main_window.h)
// is one; the lessons do not include it, for it holds them.
#include <QMainWindow>

namespace al::ui {

class LessonCourse;
class TrainPage;

class LessonWindow : public QMainWindow {
 public:
  using QMainWindow::QMainWindow;

  virtual QWidget* currentPage() const = 0;
  virtual void showPage(QWidget* page) = 0;  // a page of the window
  virtual TrainPage* trainPage() const = 0;
  virtual LessonCourse* course() const = 0;
};

}  // namespace al::ui
