#include "ui/lessons/lessons_page.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QVBoxLayout>

#include "ui/lessons/lesson_course.h"
#include "ui/lessons/lesson_view.h"
#include "ui/text/language.h"
#include "ui/widgets/bare_layout.h"
#include "ui/widgets/error_banner.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

LessonsPage::LessonsPage(LessonCourse* course, QWidget* parent)
    : QWidget(parent), course_(course), intro_(new QLabel), banner_(new ErrorBanner), list_(new QListWidget),
      openFileButton_(new QPushButton), prepareButton_(new QPushButton), view_(new LessonView(course)) {
  auto* layout = new QVBoxLayout(this);
  intro_->setWordWrap(true);
  intro_->setObjectName("explanation");
  layout->addWidget(intro_);
  layout->addWidget(banner_);
  auto* splitter = new QSplitter;
  auto* left = new QWidget;
  auto* leftLayout = bareLayout<QVBoxLayout>(left);
  list_->setObjectName("lessonList");
  list_->setWordWrap(true);
  leftLayout->addWidget(list_, 1);
  leftLayout->addWidget(openFileButton_);
  prepareButton_->setObjectName("prepareLessonsButton");
  leftLayout->addWidget(prepareButton_);
  splitter->addWidget(left);
  splitter->addWidget(view_);
  splitter->setStretchFactor(1, 1);
  splitter->setSizes({260, 100000});
  layout->addWidget(splitter, 1);

  if (!course_->builtinError().isEmpty()) banner_->showError(course_->builtinError());
  connect(list_, &QListWidget::currentRowChanged, course_, &LessonCourse::setCurrentIndex);
  connect(course_, &LessonCourse::currentChanged, this, [this] {
    const QSignalBlocker blocker(list_);
    list_->setCurrentRow(course_->currentIndex());
  });
  connect(course_, &LessonCourse::lessonsChanged, this, &LessonsPage::fillList);
  connect(openFileButton_, &QPushButton::clicked, this, &LessonsPage::openLessonFileDialog);
  connect(view_, &LessonView::openRequested, this, &LessonsPage::openRequested);
  connect(prepareButton_, &QPushButton::clicked, this, &LessonsPage::prepareRequested);
  setTranslatedTexts(this, [this] {
    intro_->setText(tr("Start here. Each lesson explains one idea of attention and Transformers in a few paragraphs, "
                       "then sets up the instrument that shows it: press “Open in the app”, try what the lesson "
                       "suggests, and answer its question. F11 presents a lesson to a class."));
    openFileButton_->setText(tr("Open a lesson file…"));
    openFileButton_->setToolTip(tr("Add the lessons of a file of your own (the format is in the README)"));
    prepareButton_->setText(tr("Prepare lessons…"));
    prepareButton_->setToolTip(tr("Before the class: train every model the lessons use, in the background, so "
                                  "that each lesson opens with its model trained"));
    fillList();
  });
}

void LessonsPage::fillList() {
  const QSignalBlocker blocker(list_);
  list_->clear();
  for (int i = 0; i < course_->count(); ++i) {
    const Lesson& lesson = course_->lessons()[static_cast<size_t>(i)];
    auto* item = new QListWidgetItem(QStringLiteral("%1. %2").arg(i + 1).arg(lesson.textsIn(currentLanguage()).title),
                                     list_);
    if (i >= course_->builtinCount()) item->setToolTip(lesson.file);
  }
  list_->setCurrentRow(course_->currentIndex());
}

bool LessonsPage::openLessonFile(const QString& path) {
  try {
    course_->openFile(path);
  } catch (const LessonFileError& error) {
    banner_->showError(tr("This lesson file was not opened. %1").arg(error.fullText()));
    return false;
  }
  banner_->hideError();
  return true;
}

QString LessonsPage::errorText() const { return banner_->text(); }

void LessonsPage::openLessonFileDialog() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open a lesson file"), QString(),
                                                    tr("Lessons (*.lesson *.txt);;All files (*)"));
  if (!path.isEmpty()) openLessonFile(path);
}

}  // namespace al::ui
