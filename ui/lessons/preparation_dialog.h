#pragma once
// File › Prepare lessons… (and the Lessons page's button, and attentionlab --prepare-lessons): the dialog that
// trains every model the lessons need before the class (ui/lessons/lesson_preparation.h) and shows it: each model
// with what became of it, the one in training with its epoch, the whole preparation's progress, and Cancel. It
// stays with the window: closed, it keeps preparing, and the menu shows it again.
#include <QDialog>

class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;

namespace al::ui {

class LessonPreparation;
class LessonWindow;

class PreparationDialog : public QDialog {
  Q_OBJECT
 public:
  explicit PreparationDialog(LessonWindow& window);

  void start();  // prepares the course's lessons (again: the ones prepared are skipped)
  LessonPreparation* preparation() const { return preparation_; }
  QListWidget* modelList() const { return list_; }
  QProgressBar* overallBar() const { return overall_; }
  QLabel* statusLabel() const { return status_; }
  QPushButton* cancelButton() const { return cancel_; }

 private:
  void showProgress();
  void showState(int index);

  LessonWindow& window_;
  LessonPreparation* preparation_;
  QLabel* intro_;
  QListWidget* list_;
  QLabel* status_;
  QProgressBar* overall_;
  QPushButton* again_;
  QPushButton* cancel_;
};

// Shows the window's preparation dialog (made when first asked for) and starts preparing unless it is already.
PreparationDialog* prepareLessons(LessonWindow& window);

}  // namespace al::ui
