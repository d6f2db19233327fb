// Help › About AttentionLab: the version, the licence of every library the app is built on, and the folders of
// its data and settings.
#include "ui/main_window.h"  // first: it brings core headers, which must not see Qt's `emit`

#include <QAction>
#include <QApplication>
#include <QMenuBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include "ui/widgets/about_dialog.h"
#include "tests/app_fixture.h"

class TestAboutDialog : public QObject {
  Q_OBJECT

  al::test::AppFixture app_;

 private slots:
  void initTestCase() {
    QVERIFY(app_.withDataHome());
    QVERIFY(app_.setUp("test_about_dialog"));
  }

  void namesVersionLicencesAndFolders() {
    const al::ui::AboutDialog about;
    const QString text = about.text();
    QVERIFY2(text.contains(QStringLiteral("AttentionLab " ATTENTIONLAB_VERSION)), qPrintable(text));
    const QStringList licences{"Qt 6</td><td>LGPL-3.0",         "QCustomPlot</td><td>GPL-3.0",
                               "Eigen</td><td>MPL-2.0",         "oneTBB</td><td>Apache-2.0",
                               "nlohmann/json</td><td>MIT",     "CLI11</td><td>BSD-3-Clause",
                               "libarchive</td><td>BSD-2-Clause", "ICU</td><td>ICU licence"};
    for (const QString& licence : licences) QVERIFY2(text.contains(licence), qPrintable(licence));
    const QString data = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    QVERIFY(data.startsWith(app_.dataHome()));
    QVERIFY2(text.contains(data), qPrintable(text));
    QVERIFY2(text.contains(QSettings().fileName()), qPrintable(text));
  }

  void theHelpMenuOpensIt() {
    al::ui::MainWindow window;
    QAction* action = nullptr;
    for (QAction* menu : window.menuBar()->actions())
      if (menu->menu())
        for (QAction* a : menu->menu()->actions())
          if (a->text() == QStringLiteral("&About AttentionLab")) action = a;
    QVERIFY(action);
    QString shown;
    QTimer closer;  // the dialog is modal: read and close it from inside its event loop
    connect(&closer, &QTimer::timeout, this, [&] {
      auto* about = qobject_cast<al::ui::AboutDialog*>(QApplication::activeModalWidget());
      if (!about) return;
      shown = about->text();
      closer.stop();
      about->reject();
    });
    closer.start(20);
    action->trigger();
    QVERIFY2(shown.contains("QCustomPlot"), qPrintable(shown));
  }
};

QTEST_MAIN(TestAboutDialog)
#include "test_about_dialog.moc"
