#pragma once
// A trained Transformer-XL model's real attention over [memory ; segment], drawn on the text itself.
//
// The text flows in lines, a cell a token. The last segment's tokens are underlined in blue, the memory's (the
// tokens before the segment whose cached hidden states the segment reads) in hatched grey; earlier tokens are out
// of the model's sight and grey. One query of the segment is outlined: every key it reads is shaded by its weight
// (the darkest is its largest weight), and the five heaviest keys get an arc from the query, as thick and as dark
// as their weight. Keys after the query are masked (weight 0). Click a token of the segment to make it the query.
//
// Weights: one layer, one head or the heads' average (1 x C over the C = M' + T keys, memory first).
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <vector>

#include "core/tensor.h"

#include <QStringList>
#include <QWidget>

namespace al::ui {

class MemoryAttentionView : public QWidget {
  Q_OBJECT
 public:
  // What the model read: every token of the text, where its last segment starts, how many memory rows that
  // segment read, and its attention [layer][head] of T x (M'+T) (core/inference/causal_lm_generation.h).
  struct Reading {
    QStringList tokens;
    int segmentStart = 0;
    int memoryRows = 0;
    std::vector<std::vector<Matrix>> attention;
  };

  explicit MemoryAttentionView(QWidget* parent = nullptr);

  void setReading(Reading reading);  // the query becomes the text's last token
  void clear();
  bool hasReading() const { return !reading_.attention.empty(); }
  const Reading& reading() const { return reading_; }
  void setLayer(int layer);
  void setHead(int head);        // -1: the heads' average
  void setQuery(int row);        // a row of the segment, 0 .. T-1
  int query() const { return query_; }
  int queryPosition() const { return reading_.segmentStart + query_; }  // in the text
  int firstKeyPosition() const { return reading_.segmentStart - reading_.memoryRows; }

  RowVector weights() const;     // 1 x (M'+T): the query's weights over [memory ; segment]
  double memoryShare() const;    // the share of them on the memory's keys

  bool hasHeightForWidth() const override { return true; }
  int heightForWidth(int width) const override;
  QSize sizeHint() const override { return {900, heightForWidth(900)}; }
  QSize minimumSizeHint() const override { return {360, 120}; }

 signals:
  void queryChanged();

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;

 private:
  QString shown(int position) const;           // a token as drawn: a space as a middle dot, a line break as ⏎
  std::vector<QRect> cells(int width) const;   // one per token, the lines wrapped at `width`
  int lineHeight() const;
  void paintCell(QPainter& painter, const QRect& cell, int position, float shade) const;
  void paintArcs(QPainter& painter, const std::vector<QRect>& cells, const RowVector& w) const;

  Reading reading_;
  int layer_ = 0;
  int head_ = -1;
  int query_ = 0;
};

}  // namespace al::ui
