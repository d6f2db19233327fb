#include "ui/lessons/lesson_course.h"

#include <QSettings>
#include <algorithm>

namespace al::ui {

namespace {
constexpr char kCurrentKey[] = "lessons/current";
}

LessonCourse::LessonCourse(QObject* parent) : QObject(parent) {
  try {
    lessons_ = builtinLessons();
  } catch (const LessonFileError& error) {
    builtinError_ = error.fullText();
  }
  builtinCount_ = count();
  const QString remembered = QSettings().value(kCurrentKey).toString();
  for (int i = 0; i < count(); ++i)
    if (lessons_[static_cast<size_t>(i)].id == remembered) current_ = i;
}

void LessonCourse::setCurrentIndex(int index) {
  if (lessons_.empty()) return;
  index = std::clamp(index, 0, count() - 1);
  if (index == current_ && !answerShown_) return;
  current_ = index;
  answerShown_ = false;
  QSettings().setValue(kCurrentKey, current().id);
  emit currentChanged();
}

void LessonCourse::setAnswerShown(bool shown) {
  if (shown == answerShown_) return;
  answerShown_ = shown;
  emit currentChanged();
}

void LessonCourse::openFile(const QString& path) {
  std::vector<Lesson> added = readLessonFile(path);  // throws before anything changes
  int first = -1;
  for (Lesson& lesson : added) {
    auto same = std::find_if(lessons_.begin(), lessons_.end(), [&](const Lesson& l) { return l.id == lesson.id; });
    if (same == lessons_.end()) same = lessons_.insert(lessons_.end(), std::move(lesson));
    else *same = std::move(lesson);
    if (first < 0) first = static_cast<int>(same - lessons_.begin());
  }
  emit lessonsChanged();
  current_ = -1;  // a change, even when the index stays
  setCurrentIndex(first);
}

}  // namespace al::ui
