#pragma once
// One heatmap filling the screen, for the back of the room: a copy of a HeatmapView (its numbers, labels, title,
// axis titles and colour range) in a full-screen window of its own. Esc closes it, and the page is as it was. A
// click on a row there selects that row on the page too (the original heatmap's cellClicked).
// Opened from a heatmap's right-click menu (Maximise) and from the Attention page's thumbnails.
#include <QWidget>

namespace al::ui {

class HeatmapView;

class MaximisedHeatmap : public QWidget {
  Q_OBJECT
 public:
  // A new full-screen window showing `source`; it deletes itself when closed.
  static MaximisedHeatmap* open(HeatmapView* source);
  HeatmapView* view() const { return view_; }

 protected:
  void keyPressEvent(QKeyEvent* event) override;

 private:
  explicit MaximisedHeatmap(HeatmapView* source);
  HeatmapView* view_;
};

}  // namespace al::ui
