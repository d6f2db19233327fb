#pragma once
// A page marks the settings a lesson has set (a widget's column of them) with this dynamic property, true: presentation
// mode (ui/lessons/presentation_mode.h) hides them while it presents, so that the figures get the width, and shows
// them again when the presentation ends. The pages only mark; they need not know the presentation.

namespace al::ui {

inline constexpr char kHiddenWhilePresenting[] = "hiddenWhilePresenting";  // a dynamic property of a widget

}  // namespace al::ui
