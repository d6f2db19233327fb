#pragma once
// Presentation mode (F11, View › Present): the page in view full screen without the sidebar, fonts and lines larger
// (a scale, 1.6x unless set otherwise: QSettings "presentation/fontScale"; Ctrl 0 comes back to it), the
// high-contrast theme (both through ui/widgets/appearance.h, for the presentation only), and the lesson's text
// beside the instrument when a lesson was opened (a page shown on its own is presented alone). A clicker sends
// PageDown and PageUp: next() and previous() move one step of the lesson:
//
//   PageDown   the current lesson's instrument when another page is in view; the instrument's next step
//              (Step-through, Memory) until its last, then the answer, then the next lesson with its instrument
//   PageUp     the same way back: hide the answer, the previous step, the previous lesson
//   Esc        leaves, with the lesson panel shown or hidden as it was
//
// While presenting, those three keys belong to the presentation wherever the focus is. A page's column of
// settings that the lesson has set (a widget with the property kHiddenWhilePresenting true: the Step-through
// page's) gives its width to the figures, and comes back when the presentation ends.
#include <QList>
#include <QObject>
#include <QPointer>
#include <QWidget>

#include "ui/widgets/hidden_while_presenting.h"

class QDockWidget;

namespace al::ui {

class LessonCourse;
class LessonWindow;

class PresentationMode : public QObject {
  Q_OBJECT
 public:
  static constexpr const char* kHiddenWhilePresenting = ui::kHiddenWhilePresenting;  // the pages' marking

  PresentationMode(LessonWindow* window, LessonCourse* course, QDockWidget* lessonPanel);
  ~PresentationMode() override;

  bool isPresenting() const { return presenting_; }
  static double fontScale();  // the setting, 1.6 by default
  static void setFontScale(double scale);

  // Sets up the current lesson's instrument (the main window's "Open in the app").
  void openCurrentLesson();

 public slots:
  void setPresenting(bool presenting);
  void next();
  void previous();

 signals:
  void presentingChanged(bool presenting);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  void setChromeVisible(bool visible);
  void fitLessonPanel();
  QWidget* lessonInstrument() const;  // the current lesson's page, when it is the one shown
  int instrumentStep(QWidget* page) const;  // -1: the page has no steps
  int instrumentStepCount(QWidget* page) const;

  LessonWindow* window_;
  LessonCourse* course_;
  QDockWidget* lessonPanel_;
  bool presenting_ = false;
  bool wasMaximized_ = false;
  bool lessonPanelWasShown_ = false;
  QList<QPointer<QWidget>> hiddenSettings_;  // what setChromeVisible(false) hid, to show again
};

}  // namespace al::ui
