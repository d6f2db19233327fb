#pragma once
// A model directory being opened or saved: what and where, a busy bar, and Cancel (for an opening). Shown only
// while a ModelFileJob runs; the window stays responsive meanwhile.
#include <QWidget>

class QLabel;
class QPushButton;

namespace al::ui {

class ModelFileJob;

class FileJobBar : public QWidget {
  Q_OBJECT
 public:
  explicit FileJobBar(ModelFileJob* job, QWidget* parent = nullptr);

 private:
  void jobStarted();

  ModelFileJob* job_;
  QLabel* label_;
  QPushButton* cancel_;
};

}  // namespace al::ui
