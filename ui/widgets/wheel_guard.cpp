#include "ui/widgets/wheel_guard.h"

#include <QAbstractSpinBox>
#include <QApplication>
#include <QComboBox>
#include <QEvent>

namespace al::ui {

namespace {

bool isValueEditor(const QObject* object) {
  return qobject_cast<const QAbstractSpinBox*>(object) || qobject_cast<const QComboBox*>(object);
}

class WheelGuard : public QObject {
 public:
  using QObject::QObject;

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override {
    if (event->type() == QEvent::Polish && isValueEditor(watched)) {
      // Qt's default for these editors is Qt::WheelFocus: the wheel would focus the field and then change it.
      auto* editor = static_cast<QWidget*>(watched);
      if (editor->focusPolicy() == Qt::WheelFocus) editor->setFocusPolicy(Qt::StrongFocus);
    } else if (event->type() == QEvent::Wheel && isValueEditor(watched)) {
      auto* editor = static_cast<QWidget*>(watched);
      // A spin box's line edit has the focus, and the spin box itself reports it through hasFocus().
      if (!editor->hasFocus()) {
        // Not accepted and filtered: QApplication hands the event to the parent widgets, so the page scrolls.
        event->ignore();
        return true;
      }
    }
    return false;
  }
};

}  // namespace

void installWheelGuard(QApplication& app) {
  static const char* const kProperty = "attentionlab_wheel_guard";
  if (app.property(kProperty).toBool()) return;
  app.installEventFilter(new WheelGuard(&app));
  app.setProperty(kProperty, true);
}

}  // namespace al::ui
