// The mouse wheel scrolls the Train page's form; it changes a hyper-parameter only in the field the user chose
// (ui/widgets/wheel_guard.h). Scrolling over "dropout" once turned 0.10 into 0.00 unnoticed.
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSettings>
#include <QTemporaryDir>
#include <QWheelEvent>
#include <QtTest>

#include "ui/main_window.h"
#include "ui/pages/train_page.h"
#include "tests/app_fixture.h"

using al::ui::MainWindow;
using al::ui::TrainPage;

namespace {

// One notch of the wheel, down, over the middle of the widget (delivered as QApplication delivers a real one:
// through the event filters, then to the parents if nobody accepts it).
void turnWheelOver(QWidget* widget) {
  const QPointF centre(widget->width() / 2.0, widget->height() / 2.0);
  QWheelEvent wheel(centre, widget->mapToGlobal(centre), QPoint(), QPoint(0, -120), Qt::NoButton, Qt::NoModifier,
                    Qt::NoScrollPhase, false);
  QApplication::sendEvent(widget, &wheel);
}

}  // namespace

class TestWheelGuard : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QVERIFY(app_.setUp("test_wheel_guard"));
  }

  void theWheelChangesOnlyTheFocusedField() {
    MainWindow window;
    window.resize(1280, 720);
    window.show();
    window.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    auto* page = window.findChild<TrainPage*>();
    QVERIFY(page);
    auto* dropout = page->findChild<QDoubleSpinBox*>("dropout");
    auto* preset = page->findChild<QComboBox*>("preset");
    QVERIFY(dropout && preset);
    window.findChild<QWidget*>("sidebar")->setFocus();  // the keyboard is elsewhere, as while scrolling the form

    const double before = dropout->value();
    QVERIFY(!dropout->hasFocus());
    turnWheelOver(dropout);
    QCOMPARE(dropout->value(), before);
    QVERIFY(!dropout->hasFocus());  // the wheel did not give it the focus either
    QCOMPARE(dropout->focusPolicy(), Qt::StrongFocus);

    const int row = preset->currentIndex();
    turnWheelOver(preset);  // (a new preset would rebuild the form's editors)
    QCOMPARE(preset->currentIndex(), row);
    dropout = page->findChild<QDoubleSpinBox*>("dropout");
    QVERIFY(dropout);

    dropout->setFocus();  // chosen with a click or Tab: now the wheel steps it
    QVERIFY(dropout->hasFocus());
    turnWheelOver(dropout);
    QVERIFY2(dropout->value() < before, qPrintable(QString::number(dropout->value())));
  }

 private:
  al::test::AppFixture app_;
};

QTEST_MAIN(TestWheelGuard)
#include "test_wheel_guard.moc"
