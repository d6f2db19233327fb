#include "ui/lessons/lesson_view.h"

#include <QGridLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "ui/lessons/lesson_course.h"
#include "ui/text/language.h"
#include "ui/widgets/bare_layout.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace {

// A character that Chinese text runs together with its neighbours, without spaces: ideographs and CJK or
// full-width punctuation (and the curly quotes and ellipsis Chinese text uses).
bool isWide(QChar c) {
  const char16_t u = c.unicode();
  return (u >= 0x2E80 && u <= 0x9FFF) || (u >= 0xF900 && u <= 0xFAFF) || (u >= 0xFF00 && u <= 0xFFEF) ||
         u == 0x201C || u == 0x201D || u == 0x2018 || u == 0x2019 || u == 0x2026;
}

// Markdown turns the line break inside a paragraph into a space, which is right between English words and wrong
// inside a Chinese sentence. Joins a line to the next (dropping a list item's continuation indent) when the
// characters on both sides of the break, emphasis markers aside, are wide. Lists and headings stay as written.
QString joinWrappedWideLines(const QString& markdown) {
  QString out;
  out.reserve(markdown.size());
  const qsizetype n = markdown.size();
  for (qsizetype i = 0; i < n; ++i) {
    const QChar c = markdown[i];
    if (c != QLatin1Char('\n')) {
      out += c;
      continue;
    }
    qsizetype before = out.size() - 1;
    while (before >= 0 && out[before] == QLatin1Char('*')) --before;
    qsizetype after = i + 1;
    while (after < n && markdown[after] == QLatin1Char(' ')) ++after;
    qsizetype word = after;
    while (word < n && markdown[word] == QLatin1Char('*')) ++word;
    const bool join = before >= 0 && word < n && isWide(out[before]) && isWide(markdown[word]);
    if (join) {
      i = after - 1;  // the next line's first character, its indent dropped
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

LessonView::LessonView(LessonCourse* course, QWidget* parent)
    : QWidget(parent), course_(course), position_(new QLabel), browser_(new QTextBrowser),
      openButton_(new QPushButton), answerButton_(new QPushButton), previousButton_(new QPushButton),
      nextButton_(new QPushButton) {
  auto* layout = bareLayout<QVBoxLayout>(this);
  position_->setObjectName("lessonPosition");
  layout->addWidget(position_);
  browser_->setObjectName("lessonText");
  browser_->setOpenExternalLinks(true);
  layout->addWidget(browser_, 1);
  // The answer and "Open in the app" above, Previous and Next below: two short rows keep the panel beside an
  // instrument narrow, even in a presentation's large type.
  auto* buttons = new QGridLayout;
  buttons->addWidget(answerButton_, 0, 0);
  buttons->addWidget(openButton_, 0, 1);
  buttons->addWidget(previousButton_, 1, 0);
  buttons->addWidget(nextButton_, 1, 1);
  layout->addLayout(buttons);
  openButton_->setObjectName("openLesson");
  openButton_->setDefault(true);
  previousButton_->setIcon(QIcon(QStringLiteral(":/icons/back.svg")));
  nextButton_->setIcon(QIcon(QStringLiteral(":/icons/forward.svg")));
  setNavigationVisible(false);

  connect(openButton_, &QPushButton::clicked, this, &LessonView::openRequested);
  connect(previousButton_, &QPushButton::clicked, this, &LessonView::previousRequested);
  connect(nextButton_, &QPushButton::clicked, this, &LessonView::nextRequested);
  connect(answerButton_, &QPushButton::clicked, course_, [this] { course_->setAnswerShown(!course_->answerShown()); });
  connect(course_, &LessonCourse::currentChanged, this, &LessonView::showLesson);
  connect(course_, &LessonCourse::lessonsChanged, this, &LessonView::showLesson);
  setTranslatedTexts(this, [this] {
    openButton_->setText(tr("Open in the app"));
    openButton_->setToolTip(tr("Set up this lesson's instrument with the lesson's settings"));
    previousButton_->setText(tr("Previous lesson"));
    nextButton_->setText(tr("Next lesson"));
    showLesson();  // the lesson's own texts follow the language too
  });
}

void LessonView::setNavigationVisible(bool visible) {
  previousButton_->setVisible(visible);
  nextButton_->setVisible(visible);
}

QString LessonView::text() const { return browser_->toPlainText(); }

void LessonView::showLesson() {
  if (course_->count() == 0) return;
  const LessonTexts& t = course_->current().textsIn(currentLanguage());
  position_->setText(tr("Lesson %1 of %2").arg(course_->currentIndex() + 1).arg(course_->count()));
  QString markdown = QStringLiteral("## %1\n\n%2\n\n#### %3\n\n%4\n\n#### %5\n\n%6\n\n")
                         .arg(t.title, t.text, tr("Try this"), t.tryThis, tr("Question"), t.question);
  if (course_->answerShown()) markdown += QStringLiteral("#### %1\n\n%2\n").arg(tr("Answer"), t.answer);
  browser_->setMarkdown(joinWrappedWideLines(markdown));
  QScrollBar* bar = browser_->verticalScrollBar();
  bar->setValue(course_->answerShown() ? bar->maximum() : 0);  // the answer in view when it is revealed
  answerButton_->setText(course_->answerShown() ? tr("Hide the answer") : tr("Show the answer"));
  previousButton_->setEnabled(course_->currentIndex() > 0);
  nextButton_->setEnabled(course_->currentIndex() + 1 < course_->count());
}

}  // namespace al::ui
