#pragma once
// A widget that only groups others (a figure's views side by side, a panel's column of rows) takes no margins of
// its own: its place in the page already has them, and a second set would indent it from its neighbours.

class QWidget;

namespace al::ui {

// Lays `widget` out with a new Layout (QHBoxLayout, QVBoxLayout) without margins, and returns the layout.
template <class Layout>
Layout* bareLayout(QWidget* widget) {
  auto* layout = new Layout(widget);
  layout->setContentsMargins(0, 0, 0, 0);
  return layout;
}

}  // namespace al::ui
