#pragma once
// The mouse wheel scrolls a form; it changes a value only in the field the user chose. Without this, scrolling
// the Train page's long form over a spin box or a drop-down list changes a hyper-parameter unnoticed (the wheel
// passing over "dropout" turned 0.10 into 0.00).
//
// installWheelGuard() filters the whole application: a wheel event over a spin box or a combo box that does not
// have the keyboard focus is passed on to the widgets behind it (the scroll area scrolls), and such editors take
// the focus from a click or Tab only, never from the wheel. Once focused (clicked or tabbed into), the wheel
// steps the value as usual.
class QApplication;

namespace al::ui {

void installWheelGuard(QApplication& app);  // once per application; later calls do nothing

}  // namespace al::ui
