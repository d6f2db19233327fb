// Core headers first (through the Step-through page): Qt's `emit` macro must not reach them.
#include "ui/pages/stepper_page.h"

#include "ui/lessons/presentation_mode.h"

#include <QApplication>
#include <QDockWidget>
#include <QKeyEvent>
#include <QSettings>
#include <QStatusBar>

#include "ui/lessons/lesson_course.h"
#include "ui/lessons/lesson_instruments.h"
#include "ui/lessons/lesson_window.h"
#include "ui/pages/memory_page.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/segment_memory_diagram.h"

namespace al::ui {

namespace {
constexpr char kFontScaleKey[] = "presentation/fontScale";
constexpr int kTextShare = 28;  // per cent of the width for the lesson's text

}  // namespace

PresentationMode::PresentationMode(LessonWindow* window, LessonCourse* course, QDockWidget* lessonPanel)
    : QObject(window), window_(window), course_(course), lessonPanel_(lessonPanel) {}

PresentationMode::~PresentationMode() {
  if (presenting_) qApp->removeEventFilter(this);
}

double PresentationMode::fontScale() {
  return QSettings().value(kFontScaleKey, Appearance::kPresentationScale).toDouble();
}
void PresentationMode::setFontScale(double scale) { QSettings().setValue(kFontScaleKey, scale); }

void PresentationMode::setPresenting(bool presenting) {
  if (presenting == presenting_) return;
  presenting_ = presenting;
  if (presenting) {
    wasMaximized_ = window_->isMaximized();
    lessonPanelWasShown_ = !lessonPanel_->isHidden();
    // The high-contrast theme at the presentation's scale, for as long as it lasts; leaving brings the user's own
    // theme and zoom back (nothing of this is remembered).
    Appearance::instance()->beginTemporary(Appearance::Theme::HighContrast, fontScale());
    qApp->installEventFilter(this);
    window_->showFullScreen();
    setChromeVisible(false);
    // The page in view is what is presented: a lesson opened beside its instrument keeps its text, a page shown on
    // its own stays alone (PageDown brings the current lesson up).
    if (lessonPanel_->isVisible()) fitLessonPanel();
  } else {
    qApp->removeEventFilter(this);
    setChromeVisible(true);
    Appearance::instance()->endTemporary();
    // The lesson panel as it was: a lesson the presentation opened leaves no text squeezing the page.
    lessonPanel_->setVisible(lessonPanelWasShown_);
    if (wasMaximized_) window_->showMaximized();
    else window_->showNormal();
  }
  emit presentingChanged(presenting);
}

// The sidebar, the status bar and a page's column of settings give their room to the instrument while
// presenting; the menu stays (View › Present leaves, as Esc does).
void PresentationMode::setChromeVisible(bool visible) {
  if (QWidget* sidebar = window_->findChild<QWidget*>(QStringLiteral("sidebar"))) sidebar->setVisible(visible);
  window_->statusBar()->setVisible(visible);
  if (visible) {
    for (const QPointer<QWidget>& widget : hiddenSettings_)
      if (widget) widget->show();
    hiddenSettings_.clear();
    return;
  }
  for (QWidget* widget : window_->findChildren<QWidget*>())
    if (widget->property(kHiddenWhilePresenting).toBool() && !widget->isHidden()) {
      widget->hide();
      hiddenSettings_ << widget;
    }
}

void PresentationMode::openCurrentLesson() {
  if (course_->count() == 0) return;
  openLessonInstrument(*window_, course_->current());
  const bool wasShown = lessonPanel_->isVisible();
  lessonPanel_->show();
  if (presenting_ && !wasShown) fitLessonPanel();
}

// The text beside the instrument gets under a third of the screen (its lines wrap, it scrolls): the figures a class
// reads from the back of the room need the rest.
void PresentationMode::fitLessonPanel() {
  window_->resizeDocks({lessonPanel_}, {window_->width() * kTextShare / 100}, Qt::Horizontal);
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
