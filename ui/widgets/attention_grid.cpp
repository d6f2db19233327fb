// Core headers first: they must not see Qt's `emit` macro.
#include "core/teaching/attention_steps.h"  // headAverage

#include "ui/widgets/attention_grid.h"

#include <QGridLayout>
#include <QVBoxLayout>

#include "ui/widgets/bare_layout.h"
#include "ui/widgets/heatmap_view.h"

namespace al::ui {

AttentionGrid::AttentionGrid(QWidget* parent) : QWidget(parent) {
  auto* layout = bareLayout<QVBoxLayout>(this);  // the heatmaps, and under them the bars of the clicked token
  auto* host = new QWidget;
  grid_ = bareLayout<QGridLayout>(host);
  layout->addWidget(host, 3);
  bars_ = new WeightBars;
  bars_->setMinimumHeight(220);
  layout->addWidget(bars_, 1);
}

void AttentionGrid::setAxisTitles(const QString& rows, const QString& columns) {
  rowTitle_ = rows;
  columnTitle_ = columns;
  for (auto& row : heatmaps_)
    for (HeatmapView* view : row) view->setAxisTitles(rows, columns);
}

void AttentionGrid::setAttention(const std::vector<std::vector<Matrix>>& attention, const QStringList& rowLabels,
                                 const QStringList& columnLabels) {
  attention_ = attention;
  rowLabels_ = rowLabels;
  columnLabels_ = columnLabels;
  const size_t layers = attention.size(), heads = layers ? attention[0].size() : 0;
  if (heatmaps_.size() != layers || (layers > 0 && heatmaps_[0].size() != heads + 1)) {
    for (auto& row : heatmaps_)
      for (HeatmapView* view : row) delete view;
    heatmaps_.assign(layers, {});
    for (size_t l = 0; l < layers; ++l)
      for (size_t h = 0; h <= heads; ++h) {
        auto* view = new HeatmapView;
        view->setMinimumSize(250, 280);
        view->setAxisTitles(rowTitle_, columnTitle_);
        connect(view, &HeatmapView::cellClicked, this,
                [this, l, h](int row, int) { selectRow(row, static_cast<int>(l), static_cast<int>(h)); });
        grid_->addWidget(view, static_cast<int>(l), static_cast<int>(h));
        heatmaps_[l].push_back(view);
      }
  }
  for (size_t l = 0; l < layers; ++l)
    for (size_t h = 0; h <= heads; ++h) {
      HeatmapView* view = heatmaps_[l][h];
      view->setTitle(h == heads ? tr("Layer %1, average of %2 heads").arg(l + 1).arg(heads)
                                : tr("Layer %1, head %2").arg(l + 1).arg(h + 1));
      view->setMatrix(matrixOf(static_cast<int>(l), static_cast<int>(h)), rowLabels, columnLabels);
    }
  const int last = static_cast<int>(layers) - 1;
  selectRow(std::clamp(selectedRow_, 0, std::max(0, static_cast<int>(rowLabels.size()) - 1)), std::max(0, last),
            static_cast<int>(heads));
}

Matrix AttentionGrid::matrixOf(int layer, int head) const {
  const std::vector<Matrix>& heads = attention_[static_cast<size_t>(layer)];
  return head == static_cast<int>(heads.size()) ? teaching::headAverage(heads) : heads[static_cast<size_t>(head)];
}

HeatmapView* AttentionGrid::heatmap(int layer, int head) const {
  if (layer < 0 || layer >= static_cast<int>(heatmaps_.size())) return nullptr;
  if (head < 0 || head >= static_cast<int>(heatmaps_[size_t(layer)].size())) return nullptr;
  return heatmaps_[size_t(layer)][size_t(head)];
}

int AttentionGrid::heatmapCount() const {
  int count = 0;
  for (const auto& row : heatmaps_) count += static_cast<int>(row.size());
  return count;
}

void AttentionGrid::selectRow(int row, int layer, int head) {
  if (attention_.empty() || !heatmap(layer, head) || row < 0 || row >= heatmap(layer, head)->rows()) return;
  selectedRow_ = row;
  for (auto& views : heatmaps_)
    for (HeatmapView* view : views) view->highlightRow(row);
  const Matrix weights = matrixOf(layer, head);  // rows x columns
  const int heads = static_cast<int>(attention_[0].size());
  const QString where = head == heads ? tr("layer %1, average of the heads").arg(layer + 1)
                                      : tr("layer %1, head %2").arg(layer + 1).arg(head + 1);
  bars_->setWeights(weights.row(row), columnLabels_, tr("Where “%1” looks (%2)").arg(rowLabels_.value(row), where));
  emit rowSelected(row);
}

}  // namespace al::ui
