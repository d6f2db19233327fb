#pragma once
// A page's error banner: what went wrong and what to do, at the top of the page, until the user hides it or the
// next action succeeds. The page keeps working below it. Styled by the style sheet (#errorBanner, #error).
#include <QFrame>

class QLabel;

namespace al::ui {

class ErrorBanner : public QFrame {
  Q_OBJECT
 public:
  explicit ErrorBanner(QWidget* parent = nullptr);

  void showError(const QString& message);  // an empty message hides the banner
  void hideError();
  QString text() const;  // the message shown, empty when hidden

 signals:
  void shown(const QString& message);  // for the status bar

 private:
  QLabel* label_;
};

}  // namespace al::ui
