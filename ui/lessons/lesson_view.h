#pragma once
// One lesson as a class reads it, in the interface's language: its title, text, "try this" and question, the
// answer behind a button. Shown on the Lessons page and in the panel beside the instrument; both follow the
// course (ui/lessons/lesson_course.h).
#include <QWidget>

class QLabel;
class QPushButton;
class QTextBrowser;

namespace al::ui {

class LessonCourse;

class LessonView : public QWidget {
  Q_OBJECT
 public:
  explicit LessonView(LessonCourse* course, QWidget* parent = nullptr);

  QString text() const;  // everything shown, as plain text
  QPushButton* openButton() const { return openButton_; }
  QPushButton* answerButton() const { return answerButton_; }
  QPushButton* previousButton() const { return previousButton_; }
  QPushButton* nextButton() const { return nextButton_; }
  void setNavigationVisible(bool visible);  // Previous / Next, for the panel beside an instrument

 signals:
  void openRequested();  // "Open in the app"
  void previousRequested();
  void nextRequested();

 private:
  void showLesson();

  LessonCourse* course_;
  QLabel* position_;
  QTextBrowser* browser_;
  QPushButton* openButton_;
  QPushButton* answerButton_;
  QPushButton* previousButton_;
  QPushButton* nextButton_;
};

}  // namespace al::ui
