#pragma once
// A wrapped label that shows at most a few lines of its text, the last one ending in "…" when there is more, and
// the whole text in its tooltip. A model's description beside its name stays two lines high on a narrow page (the
// Chatbot page presented at 1280 x 720 gave it five lines, and the page scrolled) instead of taking the height a
// class needs for the figures. text() is still the whole text.
#include <QLabel>

namespace al::ui {

class ClampedLabel : public QLabel {
  Q_OBJECT
 public:
  explicit ClampedLabel(int maxLines, QWidget* parent = nullptr);

  bool hasHeightForWidth() const override { return true; }
  int heightForWidth(int width) const override;
  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;
  // Whether the text needs more lines than the label shows at its width.
  bool isClamped() const;

 protected:
  void paintEvent(QPaintEvent* event) override;
  bool event(QEvent* event) override;

 private:
  // The lines shown at `width`: at most maxLines_, the last elided when the text needs more.
  QStringList shownLines(int width, bool* clamped = nullptr) const;
  int maxLines_;
};

}  // namespace al::ui
