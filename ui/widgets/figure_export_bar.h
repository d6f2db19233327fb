#pragma once
// The row under a figure that lets it leave the app: "Save picture…" (PNG, SVG or PDF) and "Save numbers…" (CSV).
// What each button writes is the page's business (a plot's own vector export, a grab of a whole tab, the numbers
// of every grid); the bar only offers the two buttons, right-aligned, the same on every page.
#include <functional>

#include <QWidget>

namespace al::ui {

class FigureExportBar : public QWidget {
  Q_OBJECT
 public:
  FigureExportBar(const QString& pictureToolTip, const QString& numbersToolTip, QWidget* parent = nullptr);

  void setToolTips(const QString& picture, const QString& numbers);  // again, after a language change
  std::function<void()> onPicture;  // called by "Save picture…"
  std::function<void()> onNumbers;  // called by "Save numbers…"
};

}  // namespace al::ui
