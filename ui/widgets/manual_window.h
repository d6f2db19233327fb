#pragma once
// Help › Manual (F1): the short manual, in the app's language, in a window beside the main one. The text is
// resources/manual/manual_<language>.html (English when there is none for the language); it follows a change of
// language while open.
#include <QWidget>

class QTextBrowser;

namespace al::ui {

class ManualWindow : public QWidget {
  Q_OBJECT
 public:
  explicit ManualWindow(QWidget* parent = nullptr);

  // The manual's HTML for a language code ("en", "zh_CN"); English for any other.
  static QString manualText(const QString& language);
  QTextBrowser* browser() const { return browser_; }

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void load();
  QTextBrowser* browser_;
};

}  // namespace al::ui
