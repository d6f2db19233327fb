#pragma once
// A row of widgets that wraps: left to right while they fit, the rest on the next lines, each line as high as its
// tallest widget. Its width is never more than its widest widget needs, so a row of many controls (a model bar's
// toy options in presentation type) takes more lines instead of making the page scroll sideways.
#include <QLayout>
#include <QList>

namespace al::ui {

class FlowLayout : public QLayout {
 public:
  explicit FlowLayout(QWidget* parent = nullptr);
  ~FlowLayout() override;

  void insertWidget(int index, QWidget* widget);  // index -1: at the end

  void addItem(QLayoutItem* item) override;
  int count() const override { return static_cast<int>(items_.size()); }
  QLayoutItem* itemAt(int index) const override { return items_.value(index); }
  QLayoutItem* takeAt(int index) override;
  Qt::Orientations expandingDirections() const override { return {}; }
  bool hasHeightForWidth() const override { return true; }
  int heightForWidth(int width) const override;
  QSize minimumSize() const override;
  QSize sizeHint() const override;  // everything on one line
  void setGeometry(const QRect& rect) override;

 private:
  int place(const QRect& rect, bool move) const;  // the height the lines take in rect's width

  QList<QLayoutItem*> items_;
};

}  // namespace al::ui
