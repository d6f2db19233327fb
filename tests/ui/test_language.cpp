// The interface language: the system locale picks it at start, View › Language switches it live (every widget
// re-sets its texts on QEvent::LanguageChange) and the choice is remembered.
#include "ui/main_window.h"  // first: it brings core headers, which must not see Qt's `emit`

#include <QAction>
#include <QLabel>
#include <QApplication>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

#include "core/inference/imdb_transformer_inference.h"
#include "ui/export.h"
#include "ui/pages/attention_page.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/text/language.h"
#include "ui/pages/stepper_page.h"
#include "ui/pages/train_page.h"

namespace {

// The menu bar's menu whose title contains the text, or nullptr.
QMenu* menuTitled(QMenuBar* bar, const QString& text) {
  for (QAction* action : bar->actions())
    if (action->menu() && action->menu()->title().contains(text)) return action->menu();
  return nullptr;
}

// The action of a menu (and its submenus) whose text contains the text, or nullptr.
QAction* actionNamed(QMenu* menu, const QString& text) {
  for (QAction* action : menu->actions()) {
    if (action->text().contains(text)) return action;
    if (action->menu())
      if (QAction* inner = actionNamed(action->menu(), text)) return inner;
  }
  return nullptr;
}

QString sidebarText(al::ui::MainWindow& window, int row) {
  return window.findChild<QListWidget*>("sidebar")->item(row)->text();
}

}  // namespace

class TestLanguage : public QObject {
  Q_OBJECT

  QTemporaryDir settingsDir_;

 private slots:
  void initTestCase() {
    QVERIFY(settingsDir_.isValid());
    QCoreApplication::setOrganizationName("AttentionLabTest");
    QCoreApplication::setApplicationName("test_language");
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, settingsDir_.path());
  }

  void theSystemLocaleChoosesAtStart() {
    QCOMPARE(al::ui::languageForLocale("zh_CN"), QString("zh_CN"));
    QCOMPARE(al::ui::languageForLocale("zh_TW"), QString("zh_CN"));  // the only Chinese there is
    QCOMPARE(al::ui::languageForLocale("de_DE"), QString("en"));
    QCOMPARE(al::ui::languageForLocale("C"), QString("en"));
    QSettings().remove("language");
    QCOMPARE(al::ui::startupLanguage(), al::ui::languageForLocale(QLocale::system().name()));
    QSettings().setValue("language", "zh_CN");
    QCOMPARE(al::ui::startupLanguage(), QString("zh_CN"));
    QSettings().setValue("language", "xx");  // a setting from elsewhere: ignored
    QCOMPARE(al::ui::startupLanguage(), al::ui::languageForLocale(QLocale::system().name()));
  }

  void anUnknownLanguageChangesNothing() {
    QVERIFY(al::ui::setLanguage("en", false));
    QVERIFY(!al::ui::setLanguage("xx", false));
    QCOMPARE(al::ui::currentLanguage(), QString("en"));
  }

  void theViewMenuSwitchesLiveAndRemembers() {
    QVERIFY(al::ui::setLanguage("en", false));
    QSettings().remove("language");
    al::ui::MainWindow window;
    QCOMPARE(sidebarText(window, 0), QString("Lessons"));
    QCOMPARE(sidebarText(window, 1), QString("Train"));
    QCOMPARE(sidebarText(window, 2), QString("Attention"));
    QMenu* view = menuTitled(window.menuBar(), "&View");
    QVERIFY(view);
    QVERIFY(menuTitled(window.menuBar(), "&File"));
    QVERIFY(actionNamed(view, "&Language"));

    // State that a language change must not touch: a typed sentence, an edited hyper-parameter.
    auto* stepper = window.findChild<al::ui::StepperPage*>();
    stepper->setSentence(QStringLiteral("小明把书包忘在教室，它很沉。"));
    window.trainPage()->setParameter("epochs", 7);
    auto* start = window.trainPage()->findChild<QPushButton*>("start");
    QVERIFY(start);
    QCOMPARE(start->text(), QString("Start"));
    auto* stop = window.trainPage()->findChild<QPushButton*>("stop");
    QCOMPARE(stop->text(), QString("Stop"));
    QVERIFY(!stop->toolTip().isEmpty());

    QAction* chinese = actionNamed(view, QStringLiteral("简体中文"));
    QVERIFY(chinese && !chinese->isChecked());
    chinese->trigger();
    QCOMPARE(al::ui::currentLanguage(), QString("zh_CN"));
    QCOMPARE(QSettings().value("language").toString(), QString("zh_CN"));
    QTRY_COMPARE(sidebarText(window, 0), QStringLiteral("课程"));  // Qt posts QEvent::LanguageChange
    QCOMPARE(sidebarText(window, 1), QStringLiteral("训练"));
    QCOMPARE(sidebarText(window, 2), QStringLiteral("注意力"));
    QCOMPARE(sidebarText(window, 3), QStringLiteral("逐步演示"));
    QCOMPARE(sidebarText(window, 4), QStringLiteral("归一化"));
    QCOMPARE(sidebarText(window, 5), QStringLiteral("聊天机器人"));
    QVERIFY(menuTitled(window.menuBar(), QStringLiteral("文件")));
    QVERIFY(menuTitled(window.menuBar(), QStringLiteral("视图")));
    QVERIFY(!menuTitled(window.menuBar(), "&File"));
    QVERIFY(actionNamed(view, QStringLiteral("语言")));
    QVERIFY(chinese->isChecked());
    // A button of a page, as the translation words it (whatever word the translator chose).
    const QString startInChinese = QCoreApplication::translate("al::ui::TrainingControls", "Start");
    QVERIFY(startInChinese != QString("Start"));
    QCOMPARE(start->text(), startInChinese);
    QVERIFY(!stop->text().isEmpty());
    QCOMPARE(stepper->sentence(), QStringLiteral("小明把书包忘在教室，它很沉。"));
    QCOMPARE(window.trainPage()->parameter("epochs").toInt(), 7);

    QAction* english = actionNamed(view, "English");  // always under its own name
    QVERIFY(english);
    english->trigger();
    QCOMPARE(QSettings().value("language").toString(), QString("en"));
    QTRY_COMPARE(sidebarText(window, 1), QString("Train"));
    QVERIFY(menuTitled(window.menuBar(), "&File"));
    QVERIFY(english->isChecked() && !chinese->isChecked());
    QCOMPARE(start->text(), QString("Start"));
    QCOMPARE(window.trainPage()->parameter("epochs").toInt(), 7);
  }

  // A model's options, shown in a sentence, are words of the interface's language: the Attention page's line about
  // its model says "learned position embedding, layer norm" in English and nothing of the raw option values in Chinese.
  void optionValuesAreWordsOfTheLanguage() {
    QVERIFY(al::ui::setLanguage("en", false));
    al::ui::AttentionPage page;
    auto model = std::make_shared<al::ImdbTransformerModel>();
    model->model = std::make_unique<al::TransformerClassifier>(al::TransformerConfig{
        .vocabSize = 20, .sequenceLength = 8, .embedDim = 8, .numHeads = 2, .keyDim = 4, .denseDim = 8,
        .numLayers = 1, .position = al::PositionKind::Learned, .norm = al::NormKind::Layer, .dropout = 0});
    model->model->initialize(3);
    model->vocabulary = al::Vocabulary::build({al::tokenizeImdb("a good movie not bad at all")}, 20);
    page.addModel(QStringLiteral("model"), model);
    auto* info = page.findChild<QLabel*>("modelInfo");
    QVERIFY(info);
    QVERIFY2(info->text().contains("learned") && info->text().contains("layer"), qPrintable(info->text()));

    QVERIFY(al::ui::setLanguage("zh_CN", false));
    QTRY_VERIFY2(info->text().contains(QStringLiteral("层归一化")), qPrintable(info->text()));
    for (const char* raw : {"learned", "layer", "position", "norm"})
      QVERIFY2(!info->text().contains(QLatin1String(raw)), qPrintable(info->text()));
    QVERIFY(al::ui::setLanguage("en", false));
    QTRY_VERIFY2(info->text().contains("learned"), qPrintable(info->text()));
  }

  // Chinese reaches every figure format: the heatmap's axes drawn in SVG as text, in PDF with a CJK font
  // embedded (its glyphs), in PNG as pixels.
  void chineseReachesExportedFigures() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    al::ui::HeatmapView view(QStringLiteral("注意力"));
    const QStringList words{QStringLiteral("小明"), QStringLiteral("书包"), QStringLiteral("教室")};
    al::Matrix weights(3, 3);
    weights << 0.2f, 0.5f, 0.3f, 0.1f, 0.8f, 0.1f, 0.3f, 0.3f, 0.4f;
    view.setMatrix(weights, words, words);
    view.resize(500, 400);
    for (const char* extension : {"svg", "pdf", "png"}) {
      const QString path = dir.filePath(QStringLiteral("figure.") + extension);
      al::ui::exportWidget(&view, path);
      QFile file(path);
      QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(path));
      const QByteArray bytes = file.readAll();
      QVERIFY2(bytes.size() > 1000, qPrintable(path));
      if (QLatin1String(extension) == QLatin1String("svg"))
        QVERIFY2(QString::fromUtf8(bytes).contains(QStringLiteral("书包")), "no Chinese text in the SVG");
      if (QLatin1String(extension) == QLatin1String("pdf"))
        QVERIFY2(bytes.contains("CJK"), "no CJK font embedded in the PDF");
    }
  }
};

QTEST_MAIN(TestLanguage)
#include "test_language.moc"
