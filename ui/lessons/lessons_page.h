#pragma once
// The Lessons page, the first page a new user sees: the course, one lesson after another, each a short text, a
// "try this" and a question, and "Open in the app", which sets up the lesson's instrument (the main window does
// that, ui/lessons/lesson_instruments.h) with the text beside it. "Open a lesson file…" adds a teacher's own
// lessons (the format: ui/lessons/lesson_file.h); a file with a mistake is refused with its file and line.
#include <QWidget>

class QListWidget;
class QPushButton;
class QLabel;

namespace al::ui {

class ErrorBanner;
class LessonCourse;
class LessonView;

class LessonsPage : public QWidget {
  Q_OBJECT
 public:
  explicit LessonsPage(LessonCourse* course, QWidget* parent = nullptr);

  // Adds the lessons of a teacher's file; false (the banner says why: file, line, what was expected) when it
  // has a mistake.
  bool openLessonFile(const QString& path);
  QString errorText() const;
  QListWidget* lessonList() const { return list_; }
  QPushButton* prepareButton() const { return prepareButton_; }
  LessonView* view() const { return view_; }

 public slots:
  void openLessonFileDialog();

 signals:
  void openRequested();  // "Open in the app" for the current lesson
  void prepareRequested();  // "Prepare lessons…": train the lessons' models before the class

 private:
  void fillList();

  LessonCourse* course_;
  QLabel* intro_;
  ErrorBanner* banner_;
  QListWidget* list_;
  QPushButton* openFileButton_;
  QPushButton* prepareButton_;
  LessonView* view_;
};

}  // namespace al::ui
