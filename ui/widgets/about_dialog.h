#pragma once
// Help › About AttentionLab: the version, the licences of the libraries it is built on, and the folders where
// its data (the downloaded IMDB archive) and its settings live.
#include <QDialog>

namespace al::ui {

class AboutDialog : public QDialog {
  Q_OBJECT
 public:
  explicit AboutDialog(QWidget* parent = nullptr);
  QString text() const;  // what the dialog says, for tests

 private:
  QString text_;
};

}  // namespace al::ui
