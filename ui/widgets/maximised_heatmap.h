#pragma once
// One heatmap filling the screen, for the back of the room (the "one map" view): a copy of a HeatmapView (its
// numbers, labels, title, axis titles and colour range, logarithmic or not, following a new choice of colour scale)
// in a full-screen window of its own. Esc closes it, and the page is as it was. A click on a row there selects that
// row on the page too (the original heatmap's cellClicked); a click on a row label pins that query's weights as
// large bars under the map, Up and Down move the pin. Given the page's maps (a function from layer and head to a
// heatmap), Left and Right walk the heads and PageUp and PageDown the layers.
// Opened from a heatmap's right-click menu (Maximise) and from the Attention page's thumbnails.
#include <QMetaObject>
#include <QPointer>
#include <QWidget>
#include <functional>

namespace al::ui {

class HeatmapView;

class MaximisedHeatmap : public QWidget {
  Q_OBJECT
 public:
  using Maps = std::function<HeatmapView*(int layer, int head)>;  // null outside the grid
  // A new full-screen window showing `source`; it deletes itself when closed.
  static MaximisedHeatmap* open(HeatmapView* source);
  // The same, showing maps(layer, head), with the keyboard moving through the others.
  static MaximisedHeatmap* open(HeatmapView* source, Maps maps, int layer, int head);
  HeatmapView* view() const { return view_; }
  HeatmapView* source() const { return source_; }

 protected:
  void keyPressEvent(QKeyEvent* event) override;

 private:
  explicit MaximisedHeatmap(HeatmapView* source);
  void show(HeatmapView* source);  // copies it into view_
  HeatmapView* view_;
  QPointer<HeatmapView> source_;
  QMetaObject::Connection forward_, closing_;
  Maps maps_;
  int layer_ = 0, head_ = 0;
};

}  // namespace al::ui
