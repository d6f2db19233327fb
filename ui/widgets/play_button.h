#pragma once
// The Play / Pause button of the pages that walk through steps (Step through, Memory): one look for both.

class QPushButton;

namespace al::ui {

// Shows `button` as Pause while playing and as Play otherwise (text, icon, checked), without emitting toggled.
void showPlayState(QPushButton* button, bool playing);

}  // namespace al::ui
