#pragma once
// The course being taught: the lessons (the built-in ones, then those of files a teacher opened), which one is
// current and whether its answer is shown. The Lessons page and the lesson panel beside an instrument both show
// it; next() and previous() are what the clicker's PageDown and PageUp do to the lessons. The current lesson is
// remembered (QSettings "lessons/current") for the next start.
#include <QObject>
#include <QString>
#include <vector>

#include "ui/lessons/lesson_file.h"

namespace al::ui {

class LessonCourse : public QObject {
  Q_OBJECT
 public:
  explicit LessonCourse(QObject* parent = nullptr);  // with the built-in lessons
  // Why the built-in lessons could not be read (a broken build), empty when they were.
  QString builtinError() const { return builtinError_; }

  const std::vector<Lesson>& lessons() const { return lessons_; }
  int count() const { return static_cast<int>(lessons_.size()); }
  int currentIndex() const { return current_; }
  const Lesson& current() const { return lessons_[static_cast<size_t>(current_)]; }
  int builtinCount() const { return builtinCount_; }
  void setCurrentIndex(int index);  // hides the answer
  bool answerShown() const { return answerShown_; }
  void setAnswerShown(bool shown);

  // Reads a teacher's lesson file and adds its lessons after the others (a lesson with the id of one already
  // there replaces it); the first of them becomes current. Throws LessonFileError, adding nothing.
  void openFile(const QString& path);

 signals:
  void lessonsChanged();
  void currentChanged();  // another lesson, or its answer shown or hidden

 private:
  std::vector<Lesson> lessons_;
  int builtinCount_ = 0;
  QString builtinError_;
  int current_ = 0;
  bool answerShown_ = false;
};

}  // namespace al::ui
