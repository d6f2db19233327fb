#pragma once
// Attention as lines (the picture of BertViz's head view): the query tokens in a column on the left, the key tokens
// in a column on the right, and from the selected query a line to every key whose width is its attention weight
// (a weight of 1 draws the widest line, kMaxLineWidth times the app's scale; 0 draws none). Click a token on the left
// to select it. setProgress(p) draws every line at p times its width: the softmax filling in, for an animation.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include "core/tensor.h"

#include <QStringList>
#include <QWidget>

namespace al::ui {

class AttentionLines : public QWidget {
  Q_OBJECT
 public:
  static constexpr double kMaxLineWidth = 14;  // pixels at scale 1, for a weight of 1

  explicit AttentionLines(QWidget* parent = nullptr);

  // weights: queries x keys, every row a softmax (sums to 1). Labels name the rows and the columns.
  void setAttention(const Matrix& weights, const QStringList& queries, const QStringList& keys);
  void selectQuery(int row);  // clamped to the rows
  int selectedQuery() const { return selected_; }
  void setProgress(double progress);  // 0 .. 1
  double progress() const { return progress_; }

  int queryCount() const { return static_cast<int>(weights_.rows()); }
  int keyCount() const { return static_cast<int>(weights_.cols()); }
  const Matrix& weights() const { return weights_; }
  // The width the line from the selected query to `key` is drawn with, in pixels.
  double lineWidth(int key) const;
  // Where a token's label sits (for tests and clicks): the left column's row, the right column's key.
  QRect queryRect(int row) const;
  QRect keyRect(int key) const;
  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

 signals:
  void querySelected(int row);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;

 private:
  int rowHeight() const;
  int labelWidth() const;
  double rowCentre(int index, int count) const;

  Matrix weights_;
  QStringList queries_, keys_;
  int selected_ = 0;
  double progress_ = 1;
};

}  // namespace al::ui
