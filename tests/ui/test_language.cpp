// The interface language: the system locale picks it at start, View › Language switches it live (every widget
// re-sets its texts on QEvent::LanguageChange) and the choice is remembered.
#include "ui/main_window.h"  // first: it brings core headers, which must not see Qt's `emit`

#include <QAbstractButton>
#include <QAction>
#include <QFile>
#include <QComboBox>
#include <QGroupBox>
#include <QLabel>
#include <QApplication>
#include <QRegularExpression>
#include <QSet>
#include <QTabBar>
#include <QTabWidget>
#include <QTextDocument>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>
#include <functional>

#include "core/error.h"
#include "core/inference/imdb_transformer_inference.h"
#include "tests/app_fixture.h"
#include "tests/seeded_transformer.h"
#include "ui/widgets/export.h"
#include "ui/pages/attention_page.h"
#include "ui/pages/chatbot_page.h"
#include "ui/pages/comparison_page.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/text/error_texts.h"
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

// The words of a text a reader would take for English: runs of 3 or more ASCII letters, except names that stay
// as they are in Chinese (of models, architectures, libraries, presets, tokenizers, optimizers, sampling's top-k
// and top-p, the command line's tasks; the glossary keeps Softmax, Dropout and logit, as Chinese texts on machine
// learning write them), file names, formulas, units and
// example phrases quoted in a Chinese sentence.
QStringList englishWords(const QString& shown) {
  static const QSet<QString> names{"imdb", "gru", "bert", "transformer", "transformers", "keras", "pytorch",
                                   "softmax", "layernorm", "batchnorm", "mask", "unk", "pad", "cls", "sep",
                                   "relu", "gelu", "adam", "sgd", "rmsprop", "cpu", "gpu", "onnx", "cli", "qkv",
                                   "dropout", "attentionlab", "ctrl", "shift", "alt", "esc", "tab", "sin", "cos",
                                   "tiny", "classroom", "book", "ascii", "auto", "utf", "json", "csv", "tsv", "gpt",
                                   "logit", "hugging", "face"};
  QTextDocument html;
  html.setHtml(shown);
  QString text = Qt::mightBeRichText(shown) ? html.toPlainText() : shown;
  text.remove(QRegularExpression(QStringLiteral("\\S+\\.(txt|tsv|csv|json|gz|zip|png|svg|pdf|md|html|safetensors)\\b")));
  text.remove(QRegularExpression(QStringLiteral("https?://\\S+")));
  text.remove(QRegularExpression(QStringLiteral("builtin:\\S+")));  // a data source as the command line writes it
  // Names with a dash or an underscore: tasks and tokenizers as the command line writes them (masked-lm, icu_words).
  text.remove(QRegularExpression(QStringLiteral("\\b(masked-lm|imdb-transformer|imdb-bigram|seq2seq-\\w+|icu_words)\\b")));
  text.remove(QRegularExpression(QStringLiteral("\\b[Tt]op-[kp]\\b")));  // sampling's filters, as the literature writes them
  text.remove(QRegularExpression(QStringLiteral("“[ -~]*”")));  // an English example quoted in a Chinese sentence
  QStringList found;
  QRegularExpressionMatchIterator words = QRegularExpression(QStringLiteral("[A-Za-z]{3,}")).globalMatch(text);
  while (words.hasNext()) {
    const QString word = words.next().captured();
    if (!names.contains(word.toLower())) found << word;
  }
  return found;
}

// Every text the person sees on the widget's visible children: labels, buttons, group titles, tab titles and the
// items of combo boxes (but the example sentences of a sentence box), each as "Class: text".
QStringList visibleTexts(QWidget* root) {
  QStringList texts;
  for (QWidget* w : root->findChildren<QWidget*>()) {
    if (!w->isVisible()) continue;
    if (auto* label = qobject_cast<QLabel*>(w)) texts << QStringLiteral("label: ") + label->text();
    else if (auto* button = qobject_cast<QAbstractButton*>(w)) texts << QStringLiteral("button: ") + button->text();
    else if (auto* group = qobject_cast<QGroupBox*>(w)) texts << QStringLiteral("group: ") + group->title();
    if (auto* bar = qobject_cast<QTabBar*>(w))
      for (int i = 0; i < bar->count(); ++i) texts << QStringLiteral("tab: ") + bar->tabText(i);
    if (auto* box = qobject_cast<QComboBox*>(w); box && box->objectName() != QLatin1String("sentenceBox"))
      for (int i = 0; i < box->count(); ++i) texts << QStringLiteral("item: ") + box->itemText(i);
  }
  return texts;
}

}  // namespace

class TestLanguage : public QObject {
  Q_OBJECT

  al::test::AppFixture app_;

 private slots:
  void initTestCase() {
    QVERIFY(app_.setUp("test_language"));
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

  // Switched to Chinese live, every page and every tab of a page reads in Chinese: no label, button, group, tab or
  // list item is left in English (names such as IMDB, GRU or BERT aside).
  void everyPageAndTabReadsInChineseAfterASwitch() {
    QVERIFY(al::ui::setLanguage("en", false));
    al::ui::MainWindow window;
    window.resize(1280, 720);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(al::ui::setLanguage("zh_CN", false));
    QTRY_COMPARE(sidebarText(window, 0), QStringLiteral("课程"));
    QStringList english;
    for (int p = 0; p < window.pageCount(); ++p) {
      window.showPage(p);
      QWidget* page = window.page(p);
      QCoreApplication::processEvents();
      // Every tab of the page in turn (and of tabs inside tabs: the walk repeats until no new tab shows).
      QSet<QTabWidget*> walked;
      std::function<void(QWidget*)> walk = [&](QWidget* root) {
        const QStringList texts = visibleTexts(root);
        for (const QString& text : texts) {
          const QStringList words = englishWords(text.section(QStringLiteral(": "), 1));
          if (!words.isEmpty())
            english << QStringLiteral("%1 › %2 › %3 [%4]").arg(sidebarText(window, p), root->objectName(), text,
                                                                words.join(QLatin1Char(' ')));
        }
        for (QTabWidget* tabs : root->findChildren<QTabWidget*>()) {
          if (walked.contains(tabs) || !tabs->isVisible()) continue;
          walked.insert(tabs);
          const int was = tabs->currentIndex();
          for (int t = 0; t < tabs->count(); ++t) {
            tabs->setCurrentIndex(t);
            QCoreApplication::processEvents();
            walk(tabs->widget(t));
          }
          tabs->setCurrentIndex(was);
        }
      };
      walk(page);
    }
    english.removeDuplicates();
    QVERIFY(al::ui::setLanguage("en", false));
    for (const QString& line : english) qWarning().noquote() << line.left(300);
    QVERIFY2(english.isEmpty(), qPrintable(QStringLiteral("%1 texts in English, listed above").arg(english.size())));
  }

  // The Chinese corpora can be chosen wherever data is: the Train page (reviews for the IMDB tasks, dialogs and
  // the Chinese → English translation for the chatbot), the Chatbot page's toy, Compare and the normalization race,
  // each under a Chinese title once the language is Chinese.
  void theChineseCorporaAreInEveryDataList() {
    QVERIFY(al::ui::setLanguage("en", false));
    al::ui::MainWindow window;
    auto sources = [](QWidget* page) {
      QMap<QString, QString> found;  // source -> title
      for (QComboBox* box : page->findChildren<QComboBox*>())
        for (int i = 0; i < box->count(); ++i)
          if (box->itemData(i).toString().startsWith(QLatin1String("builtin")))
            found[box->itemData(i).toString()] = box->itemText(i);
      return found;
    };
    auto pageOfSidebar = [&](const QString& title) -> QWidget* {
      for (int p = 0; p < window.pageCount(); ++p)
        if (sidebarText(window, p) == title) return window.page(p);
      return nullptr;
    };
    QVERIFY(al::ui::setLanguage("zh_CN", false));
    QTRY_COMPARE(sidebarText(window, 0), QStringLiteral("课程"));
    auto check = [&](QWidget* page, const QStringList& wanted) {
      QVERIFY(page);
      const QMap<QString, QString> found = sources(page);
      for (const QString& source : wanted) {
        QVERIFY2(found.contains(source), qPrintable(QStringLiteral("%1 lacks %2").arg(page->metaObject()->className(), source)));
        QVERIFY2(englishWords(found[source]).isEmpty(), qPrintable(found[source]));
      }
    };
    window.trainPage()->setTask(al::ui::TaskKind::ImdbTransformer);
    check(window.trainPage(), {"builtin", "builtin:zh"});
    window.trainPage()->setTask(al::ui::TaskKind::Chatbot);
    check(window.trainPage(), {"builtin", "builtin:translate", "builtin:zh", "builtin:translate-zh"});
    window.trainPage()->setTask(al::ui::TaskKind::ImdbTransformer);
    check(pageOfSidebar(QStringLiteral("聊天机器人")), {"builtin", "builtin:translate", "builtin:zh", "builtin:translate-zh"});
    check(pageOfSidebar(QStringLiteral("归一化")), {"builtin", "builtin:zh"});
    QWidget* compare = window.findChild<al::ui::ComparisonPage*>();
    check(compare, {"builtin", "builtin:translate", "builtin:zh", "builtin:translate-zh"});
    QVERIFY(al::ui::setLanguage("en", false));
  }

  // A name the app made up says itself again after a live switch: a toy chatbot trained in English is listed in
  // Chinese in its page's model box and in the library; a name the user gave a run stays as typed.
  void madeUpModelNamesFollowTheLanguage() {
    QVERIFY(al::ui::setLanguage("en", false));
    al::ui::MainWindow window;
    auto* chatbot = window.findChild<al::ui::ChatbotPage*>();
    chatbot->trainToyModel(QStringLiteral("builtin:translate"), 1);
    QTRY_VERIFY_WITH_TIMEOUT(!chatbot->isTrainingToyModel(), 120000);
    QVERIFY2(chatbot->errorText().isEmpty(), qPrintable(chatbot->errorText()));
    const QString english = chatbot->currentModelName();
    QVERIFY2(!englishWords(english).isEmpty(), qPrintable(english));  // "tiny GRU, built-in translation, epoch 1 of 1"
    auto* box = chatbot->findChild<QComboBox*>(QStringLiteral("modelBox"));
    QVERIFY(box);
    QVERIFY(al::ui::setLanguage("zh_CN", false));
    QCoreApplication::processEvents();
    const QString chinese = chatbot->currentModelName();
    QVERIFY2(englishWords(chinese).isEmpty(), qPrintable(chinese));
    QCOMPARE(window.library()->models().back().name, chinese);
    QVERIFY(box->findText(chinese) >= 0);
    QVERIFY(al::ui::setLanguage("en", false));
    QCOMPARE(chatbot->currentModelName(), english);
  }

  // An empty question is answered by the app, in the interface's language, not by an error of the core.
  void anEmptyQuestionGetsAMessageOfTheApp() {
    QVERIFY(al::ui::setLanguage("zh_CN", false));
    al::ui::ChatbotPage page;
    page.addModel(QStringLiteral("seeded"), al::test::seededTransformer());
    page.ask(QStringLiteral("   "));
    QVERIFY(!page.errorText().isEmpty());
    QVERIFY2(englishWords(page.errorText()).isEmpty(), qPrintable(page.errorText()));
    QVERIFY(al::ui::setLanguage("en", false));
  }

  // The core's errors read in Chinese too (issue 29): a model folder whose weights were cut short, opened on the
  // Attention page, and a data file with a line that is not UTF-8, chosen on the Train page, each say in Chinese
  // what is wrong with which file.
  void coreErrorsReadInChinese() {
    QVERIFY(al::ui::setLanguage("zh_CN", false));
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString model = dir.filePath(QStringLiteral("坏模型"));
    {
      al::TransformerClassifier classifier({.vocabSize = 8, .sequenceLength = 8, .embedDim = 4, .numHeads = 1,
                                            .keyDim = 4, .denseDim = 4, .numLayers = 1});
      classifier.initialize(1);
      al::saveImdbTransformer(model.toStdString(), classifier, al::Vocabulary::build({{"good", "film"}}, 8), {});
    }
    QFile weights(model + "/model.safetensors");
    QVERIFY(weights.resize(weights.size() / 2));
    al::ui::AttentionPage attention;
    attention.openModelDirectory(model);
    QVERIFY(QTest::qWaitFor([&] { return !attention.isOpeningModel(); }, 60000));
    const QString modelError = attention.errorText();
    QVERIFY2(modelError.contains(QStringLiteral("坏模型")), qPrintable(modelError));  // the folder as it was given
    QVERIFY2(englishWords(modelError).isEmpty(), qPrintable(modelError));

    const QString tsv = dir.filePath(QStringLiteral("latin1.tsv"));
    QFile data(tsv);
    QVERIFY(data.open(QIODevice::WriteOnly) && data.write("1\tA fine film\n0\tcaf\xe9 was dull\n") > 0);
    data.close();
    al::ui::TrainPage train;
    QVERIFY(QTest::qWaitFor([&] { return train.dataCardReady(); }, 60000));
    train.setDataSource(tsv);
    QVERIFY(QTest::qWaitFor([&] { return !train.errorText().isEmpty(); }, 60000));
    const QString dataError = train.errorText();
    QVERIFY2(dataError.contains(QStringLiteral("latin1.tsv")) && dataError.contains(QStringLiteral("第 2 行")),
             qPrintable(dataError));
    QVERIFY2(englishWords(dataError).isEmpty(), qPrintable(dataError));

    // An error with no kind of its own: a Chinese lead, then the English detail.
    const QString other = al::ui::errorMessage(al::RunError("an internal check failed"));
    QVERIFY2(other.endsWith(QStringLiteral("an internal check failed")) && englishWords(other.left(3)).isEmpty(),
             qPrintable(other));
    // In English the core's own message, the one the command line prints.
    QVERIFY(al::ui::setLanguage("en", false));
    const al::InputError missing(al::ErrorKind::JsonMissingKey, {.file = "config.json", .name = "task"},
                                 "config.json: field \"task\" is missing");
    QCOMPARE(al::ui::errorMessage(missing), QString("config.json: field \"task\" is missing"));
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
