#pragma once
// Attention weights of every layer and head as a grid of heatmaps (one row of heatmaps per layer, the heads'
// average last), with the Attention page's click-a-token bar chart: a click on a heatmap row shows where that
// token looks, in that layer and head, as bars. Every heatmap and the bars save as picture or CSV (right click).
// Used by the Chatbot page for the encoder's self-attention, the decoder's masked self-attention and the
// cross-attention of an encoder-decoder Transformer.
#include <vector>

#include "core/tensor.h"

#include <QString>
#include <QStringList>
#include <QWidget>

class QGridLayout;

namespace al::ui {

class HeatmapView;
class WeightBars;

class AttentionGrid : public QWidget {
  Q_OBJECT
 public:
  explicit AttentionGrid(QWidget* parent = nullptr);

  void setAxisTitles(const QString& rows, const QString& columns);
  // [layer][head] matrices of rows x columns (queries x keys); the labels name them.
  void setAttention(const std::vector<std::vector<Matrix>>& attention, const QStringList& rowLabels,
                    const QStringList& columnLabels);
  // head == number of heads: the heads' average. Null when out of range.
  HeatmapView* heatmap(int layer, int head) const;
  int heatmapCount() const;
  // The bars of where query `row` looks in (layer, head); head == heads: the average. Outlines the row everywhere.
  void selectRow(int row, int layer = 0, int head = 0);
  int selectedRow() const { return selectedRow_; }
  WeightBars* bars() const { return bars_; }

 signals:
  void rowSelected(int row);

 private:
  Matrix matrixOf(int layer, int head) const;

  std::vector<std::vector<Matrix>> attention_;
  QStringList rowLabels_, columnLabels_;
  QString rowTitle_, columnTitle_;
  std::vector<std::vector<HeatmapView*>> heatmaps_;
  QGridLayout* grid_;
  WeightBars* bars_;
  int selectedRow_ = -1;
};

}  // namespace al::ui
