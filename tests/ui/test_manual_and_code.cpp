// Help › Manual (F1) opens the manual in the app's language and follows a change of language; the manual names
// every page of the sidebar as the sidebar does, in both languages. Every step of the Step-through page has its
// Keras and PyTorch lines (resources/teaching/step_code.json), and the Code button shows the step's own.
#include "ui/main_window.h"  // first: it brings core headers, which must not see Qt's `emit`

#include <QtTest>

#include <QAction>
#include <QListWidget>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QTextBrowser>

#include "ui/pages/stepper_page.h"
#include "ui/teaching/step_code.h"
#include "ui/teaching/step_view.h"
#include "ui/text/language.h"
#include "ui/widgets/manual_window.h"

using namespace al;
using namespace al::ui;

namespace {

QStringList sidebarTitles(const MainWindow& window) {
  QStringList titles;
  auto* sidebar = window.findChild<QListWidget*>("sidebar");
  for (int i = 0; sidebar && i < sidebar->count(); ++i) titles << sidebar->item(i)->text();
  return titles;
}

}  // namespace

class TestManualAndCode : public QObject {
  Q_OBJECT
  QTemporaryDir settingsDir_;

 private slots:
  void initTestCase() {
    QCoreApplication::setOrganizationName("AttentionLabTest");
    QCoreApplication::setApplicationName("test_manual_and_code");
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir_.path());
    setLanguage(QStringLiteral("en"), false);
  }

  void bothLanguagesNameEveryPage() {
    for (const QString& language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
      setLanguage(language, false);
      MainWindow window;
      const QString manual = ManualWindow::manualText(language);
      QVERIFY(manual.size() > 1500);
      const QStringList titles = sidebarTitles(window);
      QVERIFY(titles.size() >= 7);
      for (const QString& title : titles)
        QVERIFY2(manual.contains(QStringLiteral("<b>%1</b>").arg(title)), qPrintable(language + ": " + title));
    }
    QVERIFY(ManualWindow::manualText("zh_CN").contains(QStringLiteral("使用手册")));
    QCOMPARE(ManualWindow::manualText("xx"), ManualWindow::manualText("en"));  // no manual: English
    setLanguage(QStringLiteral("en"), false);
  }

  void f1OpensItAndItFollowsTheLanguage() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QVERIFY(!window.manual());
    QTest::keyClick(&window, Qt::Key_F1);
    QVERIFY(window.manual());
    QVERIFY(window.manual()->isVisible());
    QVERIFY(window.manual()->browser()->toPlainText().contains(QStringLiteral("AttentionLab manual")));
    setLanguage(QStringLiteral("zh_CN"), false);
    QTRY_VERIFY(window.manual()->browser()->toPlainText().contains(QStringLiteral("使用手册")));
    setLanguage(QStringLiteral("en"), false);
    QTRY_VERIFY(window.manual()->browser()->toPlainText().contains(QStringLiteral("AttentionLab manual")));
  }

  void everyStepHasItsCode() {
    StepperPage page;
    for (StepperPage::Kind kind : {StepperPage::Kind::SelfAttention, StepperPage::Kind::Additive}) {
      page.setKind(kind);
      QVERIFY(page.stepCount() > 5);
      for (const teaching::AttentionStep& step : page.steps()) {
        const StepCode code = stepCode(step);
        QVERIFY2(!code.keras.isEmpty() && !code.pytorch.isEmpty(), step.key.c_str());
      }
    }
    // The variant's lines come before the key's: the additive softmax is the tutorial's, a causal mask is tril.
    QVERIFY(stepCode("softmax", "additive").pytorch.contains("F.softmax(attn_energies"));
    QVERIFY(stepCode("softmax", "").pytorch.contains("torch.softmax(scores"));
    QVERIFY(stepCode("mask", "causal").pytorch.contains("tril"));
    QVERIFY(stepCode("mask", "none").pytorch.contains("masked_fill"));
    QVERIFY(stepCode("no such step").isEmpty());
  }

  void theCodeButtonShowsTheStepsLines() {
    StepperPage page;
    page.setKind(StepperPage::Kind::SelfAttention);
    StepView* view = page.stepView();
    auto* button = view->findChild<QPushButton*>("codeButton");
    QVERIFY(button);
    QVERIFY(!view->codeShown());
    button->click();
    QVERIFY(view->codeShown());
    for (int i = 0; i < page.stepCount(); ++i) {
      page.showStep(i);
      const StepCode code = stepCode(page.steps()[size_t(i)]);
      QCOMPARE(view->kerasCode(), code.keras);
      QCOMPARE(view->pytorchCode(), code.pytorch);
    }
    page.showStep(0);
    QVERIFY(view->kerasCode().contains("position_embeddings"));
    QVERIFY(view->codeShown());  // stays on from step to step
  }
};

QTEST_MAIN(TestManualAndCode)
#include "test_manual_and_code.moc"
