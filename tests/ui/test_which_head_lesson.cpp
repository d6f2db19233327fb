// Lesson 12, "Which head does this?": it opens the Attention page's Head roles tab on the texts' sentence, and the
// numbers the class reads are measured on the model open there, never written in the lesson. On the tiny random
// BERT of the reference folder the tab's summary is the core's head_finder result for 它 on 书包 against 教室; with
// no model, or a classifier of reviews, the tab says which pretrained model to open, and nothing is trained.
#include "core/inference/pretrained_inference.h"
#include "core/teaching/head_finder.h"

#include <QtTest>

#include <QLabel>
#include <QTabWidget>
#include <cmath>

#include "ui/lessons/lesson_course.h"
#include "ui/main_window.h"
#include "ui/pages/attention_heads_tab.h"
#include "ui/pages/attention_page.h"
#include "tests/app_fixture.h"
#include "tests/attention_shown.h"
#include "tests/small_classifier.h"

using namespace al;
using namespace al::ui;

namespace {

const char* kSentence = "小明把书包忘在教室，它很沉。";

int lessonIndex(const LessonCourse& course, const QString& id) {
  for (int i = 0; i < course.count(); ++i)
    if (course.lessons()[size_t(i)].id == id) return i;
  return -1;
}

bool openLesson(MainWindow& window, const QString& id) {
  const int index = lessonIndex(*window.course(), id);
  if (index < 0) return false;
  window.course()->setCurrentIndex(index);
  window.openLesson();
  return true;
}

}  // namespace

class TestWhichHeadLesson : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QVERIFY(app_.withDataHome());  // no lesson model prepared before
    QVERIFY(app_.setUp("test_which_head_lesson"));
  }

  void theSummaryIsMeasuredOnTheOpenedBert() {
    MainWindow window;
    auto* page = window.findChild<AttentionPage*>();
    QVERIFY(page);
    page->openModelDirectory(QStringLiteral(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/bert-tiny"));
    QVERIFY(QTest::qWaitFor([&] { return !page->isOpeningModel(); }, test::waitBudgetMs(60000)));
    QVERIFY2(page->errorText().isEmpty(), qPrintable(page->errorText()));
    QVERIFY(openLesson(window, "which-head"));
    QVERIFY(test::attentionShown(*page));
    QCOMPARE(window.currentPage(), page);
    QCOMPARE(page->text(), QString::fromUtf8(kSentence));
    AttentionHeadsTab* tab = page->headsTab();
    QCOMPARE(page->tabs()->currentWidget(), tab);

    // The same sentence read by the core directly. The tiny model knows no Chinese: every character is a piece of
    // its own ([UNK]), [CLS] 小 明 把 书 包 忘 在 教 室 ， 它 很 沉 。 [SEP]; 书包 is pieces 4 and 5, 教室 8 and 9, 它 11.
    const PretrainedAttention read = readAttention(*page->currentSessionModel()->model.as<PretrainedBert>(), kSentence);
    QCOMPARE(read.tokens.size(), size_t(16));
    const teaching::HeadRanking expected = teaching::rankHeads(read.attention, {11}, {4, 5}, {8, 9});
    QCOMPARE(tab->ranking().ranked.size(), expected.ranked.size());
    QCOMPARE(tab->ranking().preferA, expected.preferA);
    QCOMPARE(tab->ranking().ranked.front().layer, expected.ranked.front().layer);
    QCOMPARE(tab->ranking().ranked.front().head, expected.ranked.front().head);
    QVERIFY(std::abs(tab->ranking().ranked.front().difference - expected.ranked.front().difference) < 1e-5);
    // The summary under the choices says so: how many heads prefer 书包, and the best one by how much.
    auto* verdict = tab->findChild<QLabel*>("headVerdict");
    QVERIFY(verdict);
    const QString summary = verdict->text();
    QVERIFY2(summary.contains(QStringLiteral("%1 of %2 heads prefer 书包")
                                  .arg(expected.preferA).arg(expected.ranked.size())),
             qPrintable(summary));
    const teaching::HeadPreference& best = expected.ranked.front();
    if (best.difference > 0)
      QVERIFY2(summary.contains(QStringLiteral("head %1.%2 puts %3 more of the weight of “它” on “书包” than on “教室”")
                                    .arg(best.layer + 1).arg(best.head + 1).arg(best.difference, 0, 'f', 3)),
               qPrintable(summary));
    // A pretrained model's reading needs no advice about what to open.
    QVERIFY(tab->advice().isEmpty());
    QVERIFY(tab->findChild<QLabel*>("headAdvice")->isHidden());
  }

  void withoutAModelTheTabSaysWhatToOpen() {
    MainWindow window;
    auto* page = window.findChild<AttentionPage*>();
    QVERIFY(page);
    QCOMPARE(page->modelCount(), 0);
    QVERIFY(openLesson(window, "which-head"));
    QCOMPARE(window.currentPage(), page);
    QCOMPARE(page->tabs()->currentWidget(), page->headsTab());
    QVERIFY(!page->isTrainingToyModel());  // the lesson trains nothing: its numbers are a pretrained model's
    QCOMPARE(page->modelCount(), 0);
    auto* advice = page->headsTab()->findChild<QLabel*>("headAdvice");
    QVERIFY(advice);
    QVERIFY(!advice->isHidden());
    QVERIFY2(advice->text().contains("bert-base-chinese"), qPrintable(advice->text()));
    QVERIFY2(advice->text().contains("Download a pretrained model"), qPrintable(advice->text()));
  }

  // A classifier of reviews is measured too, but the tab says its numbers are not the texts' claim.
  void aClassifierOfReviewsIsToldToOpenAPretrainedModel() {
    MainWindow window;
    auto* page = window.findChild<AttentionPage*>();
    QVERIFY(page);
    page->addModel(QStringLiteral("classifier"), std::make_shared<const ImdbTransformerModel>(
                                                     test::smallClassifierOver(kSentence)));
    QVERIFY(openLesson(window, "which-head"));
    QVERIFY(test::attentionShown(*page));
    AttentionHeadsTab* tab = page->headsTab();
    QVERIFY(!tab->ranking().ranked.empty());
    QVERIFY2(tab->advice().contains("classifies reviews"), qPrintable(tab->advice()));
    QVERIFY2(tab->advice().contains("bert-base-chinese"), qPrintable(tab->advice()));
    QVERIFY(!tab->findChild<QLabel*>("headAdvice")->isHidden());
  }

 private:
  test::AppFixture app_;
};

QTEST_MAIN(TestWhichHeadLesson)
#include "test_which_head_lesson.moc"
