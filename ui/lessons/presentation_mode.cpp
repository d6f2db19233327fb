// Core headers first (through the Step-through page): Qt's `emit` macro must not reach them.
#include "ui/pages/stepper_page.h"

#include "ui/lessons/presentation_mode.h"

#include <QApplication>
#include <QDockWidget>
#include <QFontInfo>
#include <QKeyEvent>
#include <QRegularExpression>
#include <QSettings>
#include <QStatusBar>

#include "ui/lessons/lesson_course.h"
#include "ui/lessons/lesson_instruments.h"
#include "ui/main_window.h"
#include "ui/pages/memory_page.h"
#include "ui/widgets/segment_memory_diagram.h"

namespace al::ui {

namespace {
constexpr char kFontScaleKey[] = "presentation/fontScale";

// Black on white, the selection a saturated dark blue: what reads from the back of a room on a washed-out
// projector.
QPalette highContrastPalette() {
  QPalette p;
  for (auto role : {QPalette::Window, QPalette::Base, QPalette::Button, QPalette::AlternateBase})
    p.setColor(role, Qt::white);
  for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::ToolTipText})
    p.setColor(role, Qt::black);
  p.setColor(QPalette::Highlight, QColor(0, 40, 140));
  p.setColor(QPalette::HighlightedText, Qt::white);
  p.setColor(QPalette::ToolTipBase, QColor(255, 255, 210));
  p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(90, 90, 90));
  p.setColor(QPalette::Disabled, QPalette::Text, QColor(90, 90, 90));
  p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(90, 90, 90));
  return p;
}
}  // namespace

PresentationMode::PresentationMode(MainWindow* window, LessonCourse* course, QDockWidget* lessonPanel)
    : QObject(window), window_(window), course_(course), lessonPanel_(lessonPanel) {}

PresentationMode::~PresentationMode() {
  if (presenting_) qApp->removeEventFilter(this);
}

double PresentationMode::fontScale() { return QSettings().value(kFontScaleKey, 1.6).toDouble(); }
void PresentationMode::setFontScale(double scale) { QSettings().setValue(kFontScaleKey, scale); }

QString PresentationMode::scaledStyleSheet(const QString& styleSheet, double basePointSize, double scale) {
  static const QRegularExpression size(QStringLiteral("font-size:\\s*([0-9.]+)(px|pt)"));
  QString scaled;
  qsizetype last = 0;
  for (const QRegularExpressionMatch& m : size.globalMatch(styleSheet)) {
    scaled += styleSheet.mid(last, m.capturedStart() - last);
    scaled += QStringLiteral("font-size: %1%2").arg(qRound(m.captured(1).toDouble() * scale)).arg(m.captured(2));
    last = m.capturedEnd();
  }
  scaled += styleSheet.mid(last);
  return QStringLiteral("QWidget { font-size: %1pt; }\n").arg(basePointSize * scale, 0, 'f', 1) + scaled;
}

void PresentationMode::setPresenting(bool presenting) {
  if (presenting == presenting_) return;
  presenting_ = presenting;
  if (presenting) {
    wasMaximized_ = window_->isMaximized();
    normalPalette_ = QApplication::palette();
    normalStyleSheet_ = qApp->styleSheet();
    const QFont font = QApplication::font();
    const double points = font.pointSizeF() > 0 ? font.pointSizeF() : QFontInfo(font).pointSizeF();
    QApplication::setPalette(highContrastPalette());
    qApp->setStyleSheet(scaledStyleSheet(normalStyleSheet_, points, fontScale()));
    qApp->installEventFilter(this);
    window_->showFullScreen();
    setChromeVisible(false);
    if (!lessonInstrument()) openCurrentLesson();
    lessonPanel_->show();
    // The text beside the instrument gets about a third of the screen: large type needs the room.
    window_->resizeDocks({lessonPanel_}, {window_->width() * 36 / 100}, Qt::Horizontal);
  } else {
    qApp->removeEventFilter(this);
    setChromeVisible(true);
    qApp->setStyleSheet(normalStyleSheet_);
    QApplication::setPalette(normalPalette_);
    if (wasMaximized_) window_->showMaximized();
    else window_->showNormal();
  }
  emit presentingChanged(presenting);
}

// The sidebar and the status bar give their room to the instrument while presenting; the menu stays (View ›
// Present leaves, as Esc does).
void PresentationMode::setChromeVisible(bool visible) {
  if (QWidget* sidebar = window_->findChild<QWidget*>(QStringLiteral("sidebar"))) sidebar->setVisible(visible);
  window_->statusBar()->setVisible(visible);
}

void PresentationMode::openCurrentLesson() {
  if (course_->count() == 0) return;
  openLessonInstrument(*window_, course_->current());
  lessonPanel_->show();
}

QWidget* PresentationMode::lessonInstrument() const {
  if (course_->count() == 0) return nullptr;
  QWidget* page = instrumentPage(*window_, course_->current().page);
  return page && page == window_->currentPage() ? page : nullptr;
}

int PresentationMode::instrumentStep(QWidget* page) const {
  if (auto* stepper = qobject_cast<StepperPage*>(page)) return stepper->currentStep();
  if (auto* memory = qobject_cast<MemoryPage*>(page)) return memory->diagram()->currentStep();
  return -1;
}

int PresentationMode::instrumentStepCount(QWidget* page) const {
  if (auto* stepper = qobject_cast<StepperPage*>(page)) return stepper->stepCount();
  if (auto* memory = qobject_cast<MemoryPage*>(page)) return memory->diagram()->stepCount();
  return 0;
}

void PresentationMode::next() {
  QWidget* page = lessonInstrument();
  if (!page) return openCurrentLesson();  // the first press brings the lesson's instrument up
  const int step = instrumentStep(page);
  if (step >= 0 && step + 1 < instrumentStepCount(page)) {
    if (auto* stepper = qobject_cast<StepperPage*>(page)) stepper->nextStep();
    if (auto* memory = qobject_cast<MemoryPage*>(page)) memory->nextStep();
  } else if (!course_->answerShown()) {
    course_->setAnswerShown(true);
  } else if (course_->currentIndex() + 1 < course_->count()) {
    course_->setCurrentIndex(course_->currentIndex() + 1);
    openCurrentLesson();
  }
}

void PresentationMode::previous() {
  QWidget* page = lessonInstrument();
  if (!page) return openCurrentLesson();
  if (course_->answerShown()) {
    course_->setAnswerShown(false);
  } else if (instrumentStep(page) > 0) {
    if (auto* stepper = qobject_cast<StepperPage*>(page)) stepper->previousStep();
    if (auto* memory = qobject_cast<MemoryPage*>(page)) memory->previousStep();
  } else if (course_->currentIndex() > 0) {
    course_->setCurrentIndex(course_->currentIndex() - 1);
    openCurrentLesson();
  }
}

bool PresentationMode::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() != QEvent::KeyPress && event->type() != QEvent::ShortcutOverride)
    return QObject::eventFilter(watched, event);
  const int key = static_cast<QKeyEvent*>(event)->key();
  if (key != Qt::Key_PageDown && key != Qt::Key_PageUp && key != Qt::Key_Escape)
    return QObject::eventFilter(watched, event);
  if (event->type() == QEvent::ShortcutOverride) {  // no widget's shortcut takes these keys while presenting
    event->accept();
    return false;
  }
  if (key == Qt::Key_PageDown) next();
  else if (key == Qt::Key_PageUp) previous();
  else setPresenting(false);
  return true;
}

}  // namespace al::ui
