// The Step-through's picture of attention as lines (ui/teaching/attention_lines.h): every line's width is the
// model's weight from the selected token, per head; the softmax step animates row by row; Play has a speed; a
// press of Next during the animation finishes it before moving on.
#include "core/teaching/attention_steps.h"

#include <QtTest>

#include <QComboBox>
#include <QSettings>
#include <QTemporaryDir>

#include "ui/pages/stepper_page.h"
#include "ui/teaching/attention_lines.h"
#include "ui/teaching/step_view.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/matrix_view.h"
#include "tests/app_fixture.h"

using namespace al;
using namespace al::ui;

namespace {

int stepWithKey(const StepperPage& page, const std::string& key) {
  for (int i = 0; i < page.stepCount(); ++i)
    if (page.steps()[size_t(i)].key == key) return i;
  return -1;
}

// Every line of the selected query is kMaxLineWidth x scale x its weight in `weights`.
void checkWidths(const AttentionLines& lines, const Matrix& weights) {
  const double full = AttentionLines::kMaxLineWidth * Appearance::instance()->scale();
  QCOMPARE(lines.keyCount(), static_cast<int>(weights.cols()));
  for (int j = 0; j < lines.keyCount(); ++j)
    QVERIFY2(std::abs(lines.lineWidth(j) - full * weights(lines.selectedQuery(), j)) < 1e-4,
             qPrintable(QStringLiteral("key %1: %2").arg(j).arg(lines.lineWidth(j))));
}

}  // namespace

class TestAttentionLines : public QObject {
  Q_OBJECT
  al::test::AppFixture app_;

 private slots:
  void initTestCase() {
    QVERIFY(app_.setUp("test_attention_lines"));
  }

  void widthsAreTheModelsWeightsPerHeadAndToken() {
    StepperPage page;
    page.resize(1280, 720);
    page.show();
    StepView* view = page.stepView();
    view->setAnimated(false);
    page.showStep(stepWithKey(page, "projections"));
    QVERIFY(!view->linesShown());  // no attention weights on this step
    page.showStep(stepWithKey(page, "softmax"));
    QVERIFY(view->linesShown());
    AttentionLines* lines = view->lines();
    QCOMPARE(lines->queryCount(), 6);
    QCOMPARE(lines->progress(), 1.0);
    checkWidths(*lines, page.walk().weights[0]);
    // A click on "sat" (row 2) draws its lines, and outlines its row in the head's grid.
    QTest::mouseClick(lines, Qt::LeftButton, {}, lines->queryRect(2).center());
    QCOMPARE(lines->selectedQuery(), 2);
    checkWidths(*lines, page.walk().weights[0]);
    QCOMPARE(page.gridViews().front()->highlightedRows(), QList<int>{2});
    // The widest line goes to the key with the largest weight; a tiny weight draws a hairline or nothing.
    Index widest = 0;
    page.walk().weights[0].row(2).maxCoeff(&widest);
    for (int j = 0; j < lines->keyCount(); ++j) QVERIFY(lines->lineWidth(j) <= lines->lineWidth(int(widest)));
    view->showHead(1);
    QCOMPARE(lines->selectedQuery(), 2);
    checkWidths(*lines, page.walk().weights[1]);
    // Zoom: thicker lines, the same proportions.
    Appearance::instance()->setScale(2);
    checkWidths(*lines, page.walk().weights[1]);
    Appearance::instance()->resetZoom();
  }

  void theSoftmaxFillsInRowByRow() {
    StepperPage page;
    page.resize(1280, 720);
    page.show();
    page.setSpeed(4);
    QCOMPARE(page.speed(), 4.0);
    page.showStep(stepWithKey(page, "softmax"));
    StepView* view = page.stepView();
    QVERIFY(view->isAnimating());
    QVERIFY(view->lines()->progress() < 1.0 || view->lines()->selectedQuery() < 5);
    // The sweep reaches the last row, with the row being computed outlined in the grid ...
    QTRY_VERIFY_WITH_TIMEOUT(view->lines()->selectedQuery() == 5 || !view->isAnimating(), 3000);
    // ... and ends on the chosen token, every line at its weight.
    QTRY_VERIFY_WITH_TIMEOUT(!view->isAnimating(), 3000);
    QCOMPARE(view->lines()->progress(), 1.0);
    QCOMPARE(view->lines()->selectedQuery(), 0);
    QCOMPARE(page.gridViews().front()->highlightedRows(), QList<int>{0});
  }

  void nextFinishesTheAnimationBeforeMovingOn() {
    StepperPage page;
    page.setSpeed(0.5);  // slow: the animation is still running at the first press
    const int softmax = stepWithKey(page, "softmax");
    page.showStep(softmax - 1);
    page.nextStep();  // PageDown: to the softmax step, which starts filling in
    QCOMPARE(page.currentStep(), softmax);
    QVERIFY(page.stepView()->isAnimating());
    page.nextStep();  // the first press shows the whole softmax
    QCOMPARE(page.currentStep(), softmax);
    QVERIFY(!page.stepView()->isAnimating());
    QCOMPARE(page.stepView()->lines()->progress(), 1.0);
    page.nextStep();  // the second moves on
    QCOMPARE(page.currentStep(), softmax + 1);
    page.previousStep();  // PageUp
    QCOMPARE(page.currentStep(), softmax);
    QVERIFY(QMetaObject::invokeMethod(&page, "nextStep"));  // slots, for a presentation's keys
    QVERIFY(QMetaObject::invokeMethod(&page, "previousStep"));
  }

  void playSpeed() {
    StepperPage page;
    QCOMPARE(page.playInterval(), 2500);
    auto* box = page.findChild<QComboBox*>("speedBox");
    QVERIFY(box);
    box->setCurrentIndex(box->findData(2.0));
    QCOMPARE(page.speed(), 2.0);
    QCOMPARE(page.playInterval(), 1250);
    QCOMPARE(page.stepView()->speed(), 2.0);
    page.setSpeed(0.5);
    QCOMPARE(page.playInterval(), 5000);
  }

  void theChatbotsAnswerWordLooksAtTheSource() {
    StepperPage page;
    page.stepView()->setAnimated(false);
    page.setSentence("where did you buy that bike ?");
    page.setKind(StepperPage::Kind::Additive);
    page.showStep(stepWithKey(page, "softmax"));
    AttentionLines* lines = page.stepView()->lines();
    QVERIFY(page.stepView()->linesShown());
    QCOMPARE(lines->queryCount(), 1);  // the answer word
    QCOMPARE(lines->keyCount(), 9);    // every source token
    checkWidths(*lines, page.additiveWalk().weights.row(0));
  }
};

QTEST_MAIN(TestAttentionLines)
#include "test_attention_lines.moc"
