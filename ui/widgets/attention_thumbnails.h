#pragma once
// Every layer and head at a glance (the picture of BertViz's model view): a grid of small heatmaps, one row per
// layer, one column per head, in the heatmaps' colour scale (weight_scale.h), each with its own data's range. A click on one
// emits opened(layer, head); the Attention page then shows that heatmap full screen. A right-click offers to switch the
// head off or on again (switchRequested), and what a switched-off head gives, zeros or its mean output
// (replacementRequested); a head switched off is drawn crossed out.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <vector>

#include "core/tensor.h"

#include <QImage>
#include <QRect>

class QMenu;

#include "ui/widgets/weight_scale.h"
#include <QWidget>

namespace al::ui {

class AttentionThumbnails : public QWidget {
  Q_OBJECT
 public:
  explicit AttentionThumbnails(QWidget* parent = nullptr);

  // [layer][head] matrices (queries x keys).
  void setAttention(const std::vector<std::vector<Matrix>>& attention);
  int layerCount() const { return static_cast<int>(attention_.size()); }
  int headCount() const { return attention_.empty() ? 0 : static_cast<int>(attention_.front().size()); }
  int thumbnailCount() const { return layerCount() * headCount(); }
  QRect thumbnailRect(int layer, int head) const;
  // The colour drawn for cell (row, column) of one thumbnail.
  QColor cellColour(int layer, int head, int row, int column) const;
  QSize sizeHint() const override;

  // [layer][head], true: the head is switched off (drawn crossed out).
  void setSwitchedOff(std::vector<std::vector<bool>> off);
  bool isSwitchedOff(int layer, int head) const;
  // What the menu shows as chosen for switched-off heads: their mean output (means) or zeros. The mean is offered
  // only when `meansOffered` (the app's classifier, whose heads' means can be computed).
  void setReplacement(bool means, bool meansOffered);
  // What a right-click on a thumbnail offers: switch this head off (or on again), every head on, and zeros or the
  // mean for the heads that are off. The caller owns it.
  QMenu* createMenu(int layer, int head);

 signals:
  void opened(int layer, int head);
  void switchRequested(int layer, int head, bool off);
  void layerSwitchRequested(int layer, bool off);  // every head of the layer
  void allOnRequested();
  void replacementRequested(bool means);

 protected:
  void paintEvent(QPaintEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void contextMenuEvent(QContextMenuEvent* event) override;

 private:
  int side() const;  // a thumbnail's side in pixels
  int labelWidth() const;
  void drawPictures();


  std::vector<std::vector<Matrix>> attention_;
  std::vector<std::vector<Matrix>> scaled_;  // as coloured: × the allowed keys for the relative scale
  std::vector<std::vector<WeightRange>> ranges_;
  std::vector<std::vector<WeightScale>> scales_;
  // [layer][head]: what paintEvent draws, a pixel per cell; a map with more cells than its thumbnail has pixels is
  // sampled at the pixels' centres, as drawing it scaled without smoothing would (a 600 x 600 map costs no more).
  std::vector<std::vector<QImage>> pictures_;
  std::vector<std::vector<bool>> off_;  // [layer][head]: switched off
  bool means_ = false, meansOffered_ = false;
};

}  // namespace al::ui
