// A Chinese class reads no English: with the interface switched live to 简体中文 (and once started in it), every
// page, every tab (and tab in a tab), the menus and the dialogs are walked with models on the pages (a run of the
// Train page, a classifier, a chatbot, a masked LM, a language model), and every text a person sees is collected:
// labels, buttons, group titles, progress bars, tab titles, combo-box items, list and tree items, table headers,
// placeholders, menu actions, plot titles, axis titles and legends. A run of Latin words not in
// tests/ui/latin_allowed_in_chinese.txt (names of models and products, formula symbols, presets, file names) fails
// the check, listed with where it is.
//
// Not collected: what the user typed or the model read (text boxes, editable sentence boxes, the tokens on a map's
// axes), and the lesson texts (resources/lessons, checked with the course). Not counted: the words of the sentences
// a page holds in its text boxes, where the page shows them again (a token's row or column, a list of tokens, a
// word quoted in a label): they are the sentence's words, not the interface's.
#include "core/inference/any_model.h"
#include "core/inference/causal_lm_inference.h"
#include "core/teaching/attention_steps.h"
#include "ui/main_window.h"
#include "ui/session/model_library.h"
#include "ui/session/run_factory.h"

#include <QtTest>

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QComboBox>
#include <QFile>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSet>
#include <QTabBar>
#include <QTabWidget>
#include <QTextDocument>
#include <QTreeWidget>
#include <functional>
#include <qcustomplot.h>

#include "tests/app_fixture.h"
#include "tests/seeded_causal_lm.h"
#include "tests/small_classifier.h"
#include "tests/tiny_masked_lm.h"
#include "tests/wait_budget.h"
#include "ui/lessons/lesson_view.h"
#include "ui/pages/train_page.h"
#include "ui/text/language.h"
#include "ui/widgets/about_dialog.h"
#include "ui/widgets/model_download_dialog.h"
#include "ui/widgets/vocabulary_dialog.h"

using namespace al;
using namespace al::ui;

namespace {

// The allowlist: words (lower case) and patterns taken out of a text first.
struct Allowed {
  QSet<QString> words;
  QList<QRegularExpression> patterns;
};

const Allowed& allowed() {
  static const Allowed list = [] {
    Allowed a;
    QFile file(QStringLiteral(ATTENTIONLAB_SOURCE_DIR "/tests/ui/latin_allowed_in_chinese.txt"));
    if (!file.open(QIODevice::ReadOnly)) qFatal("the allowlist cannot be read");
    for (const QString& raw : QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'))) {
      const QString line = raw.trimmed();
      if (line.isEmpty() || line.startsWith(QLatin1Char('#'))) continue;
      if (line.startsWith(QLatin1String("re: "))) a.patterns << QRegularExpression(line.mid(4));
      else a.words << line.toLower();
    }
    return a;
  }();
  return list;
}

bool allowedWord(const QString& word, const QSet<QString>& sentenceWords) {
  if (word.size() == 1) return true;  // a formula's symbol
  return allowed().words.contains(word.toLower()) || sentenceWords.contains(word.toLower());
}

}  // namespace

// The runs of Latin words in `shown` (plain text or HTML) a Chinese reader would take for English: a run holding a
// word of 3 or more letters that is not allowed, or 2 or more words not allowed ("s1 t1"). `sentenceWords` (lower
// case): the words of the sentences the page holds, shown again as the page reads them.
QStringList englishRuns(const QString& shown, const QSet<QString>& sentenceWords = {}) {
  QString text = shown;
  if (Qt::mightBeRichText(shown)) {
    QTextDocument html;
    html.setHtml(shown);
    text = html.toPlainText();
  }
  for (const QRegularExpression& pattern : allowed().patterns) text.remove(pattern);
  static const QRegularExpression run(QStringLiteral("[A-Za-z][A-Za-z0-9']*(?:[ ,/&+-]+[A-Za-z][A-Za-z0-9']*)*"));
  static const QRegularExpression word(QStringLiteral("[A-Za-z][A-Za-z0-9']*"));
  QStringList found;
  for (auto runs = run.globalMatch(text); runs.hasNext();) {
    const QString r = runs.next().captured();
    int notAllowed = 0;
    bool longWord = false;
    for (auto words = word.globalMatch(r); words.hasNext();) {
      const QString w = words.next().captured();
      if (allowedWord(w, sentenceWords)) continue;
      ++notAllowed;
      int letters = 0;
      for (QChar c : w) letters += c.isLetter();
      longWord = longWord || letters >= 3;
    }
    if (longWord || notAllowed >= 2) found << r;
  }
  return found;
}

namespace {

// The words (lower case) of what the user typed or the model read under root: the text in its text boxes and
// editable sentence boxes (the sentence chosen, not the others offered), shown or not (a tab not shown yet holds
// its sentence too).
QSet<QString> sentenceWords(QWidget* root) {
  static const QRegularExpression word(QStringLiteral("[A-Za-z][A-Za-z0-9']*"));
  QStringList sentences;
  for (QLineEdit* edit : root->findChildren<QLineEdit*>()) sentences << edit->text();  // an editable box's too
  for (QPlainTextEdit* edit : root->findChildren<QPlainTextEdit*>()) sentences << edit->toPlainText();
  QSet<QString> words;
  for (const QString& sentence : sentences)
    for (auto found = word.globalMatch(sentence); found.hasNext();) words << found.next().captured().toLower();
  return words;
}

QString withoutMnemonic(QString text) {
  text.remove(QRegularExpression(QStringLiteral("&(?=\\S)")));
  return text.section(QLatin1Char('\t'), 0, 0);
}

bool isUsersText(const QWidget* w) {
  if (qobject_cast<const QLineEdit*>(w) || qobject_cast<const QPlainTextEdit*>(w)) return true;
  // The sentences a training run watched (the timeline's box): text the model read, in the data's language.
  if (w->objectName() == QLatin1String("timelineSentence")) return true;
  for (const QWidget* p = w; p; p = p->parentWidget())
    if (qobject_cast<const LessonView*>(p)) return true;  // the lesson's text: checked with the course
  return false;
}

// Every text of a visible widget under root, each "Class: text".
QStringList visibleTexts(QWidget* root) {
  QStringList texts;
  auto add = [&](const char* what, const QString& text) {
    if (!text.trimmed().isEmpty()) texts << QStringLiteral("%1: %2").arg(QLatin1String(what), text);
  };
  QList<QWidget*> widgets = root->findChildren<QWidget*>();
  widgets.prepend(root);
  for (QWidget* w : widgets) {
    if (!w->isVisible() || isUsersText(w)) continue;
    if (auto* label = qobject_cast<QLabel*>(w)) add("label", label->text());
    if (auto* button = qobject_cast<QAbstractButton*>(w)) add("button", button->text());
    if (auto* group = qobject_cast<QGroupBox*>(w)) add("group", group->title());
    if (auto* bar = qobject_cast<QProgressBar*>(w); bar && bar->isTextVisible()) add("progress", bar->text());
    if (auto* bar = qobject_cast<QTabBar*>(w))
      for (int i = 0; i < bar->count(); ++i) add("tab", bar->tabText(i));
    if (auto* box = qobject_cast<QComboBox*>(w); box && !box->isEditable())
      for (int i = 0; i < box->count(); ++i) add("item", box->itemText(i));
    if (auto* edit = qobject_cast<QLineEdit*>(w)) add("placeholder", edit->placeholderText());
    if (auto* edit = qobject_cast<QPlainTextEdit*>(w)) add("placeholder", edit->placeholderText());
    if (auto* list = qobject_cast<QListWidget*>(w))
      for (int i = 0; i < list->count(); ++i) add("list item", list->item(i)->text());
    if (auto* tree = qobject_cast<QTreeWidget*>(w)) {
      for (int c = 0; c < tree->columnCount(); ++c) add("column", tree->headerItem()->text(c));
      for (QTreeWidgetItemIterator it(tree); *it; ++it)
        for (int c = 0; c < tree->columnCount(); ++c) add("list item", (*it)->text(c));
    }
    if (auto* view = qobject_cast<QAbstractItemView*>(w); view && view->model() &&
                                                          !qobject_cast<QListWidget*>(w) && !qobject_cast<QTreeWidget*>(w)) {
      const QAbstractItemModel* model = view->model();
      for (int c = 0; c < model->columnCount(); ++c) add("column", model->headerData(c, Qt::Horizontal).toString());
      for (int r = 0; r < model->rowCount(); ++r) add("row", model->headerData(r, Qt::Vertical).toString());
    }
    if (auto* plot = qobject_cast<QCustomPlot*>(w)) {
      for (int i = 0; i < plot->plotLayout()->elementCount(); ++i)
        if (auto* title = qobject_cast<QCPTextElement*>(plot->plotLayout()->elementAt(i))) add("plot title", title->text());
      for (QCPAxisRect* rect : plot->axisRects())
        for (QCPAxis* axis : rect->axes()) add("axis title", axis->label());
      for (int i = 0; i < plot->plottableCount(); ++i)
        if (plot->plottable(i)->name().size() && plot->legend && plot->legend->visible()) add("legend", plot->plottable(i)->name());
    }
  }
  return texts;
}

void menuTexts(QMenu* menu, const QString& path, QStringList& out) {
  for (QAction* action : menu->actions()) {
    if (action->isSeparator() || !action->isVisible()) continue;
    const QString text = withoutMnemonic(action->text());
    out << QStringLiteral("menu %1 › %2").arg(path, text);
    if (action->menu()) menuTexts(action->menu(), path + QStringLiteral(" › ") + text, out);
  }
}

QString sidebarText(MainWindow& window, int row) {
  return window.findChild<QListWidget*>(QStringLiteral("sidebar"))->item(row)->text();
}

// The English found on one root and every tab inside it (tabs in tabs too), as "where › text [runs]".
// `sentence`: the words of the sentences the page holds (sentenceWords).
void walk(QWidget* root, const QString& where, const QSet<QString>& sentence, QSet<QTabWidget*>& walked,
          QStringList& english) {
  for (const QString& text : visibleTexts(root)) {
    const QStringList runs = englishRuns(text.section(QStringLiteral(": "), 1), sentence);
    if (!runs.isEmpty())
      english << QStringLiteral("%1 › %2 [%3]").arg(where, text.left(160), runs.join(QStringLiteral(" | ")));
  }
  for (QTabWidget* tabs : root->findChildren<QTabWidget*>()) {
    if (walked.contains(tabs) || !tabs->isVisible()) continue;
    walked.insert(tabs);
    const int was = tabs->currentIndex();
    for (int t = 0; t < tabs->count(); ++t) {
      if (!tabs->isTabEnabled(t)) continue;
      tabs->setCurrentIndex(t);
      QTest::qWait(30);
      walk(tabs->widget(t), where + QStringLiteral(" › ") + tabs->tabText(t), sentence, walked, english);
    }
    tabs->setCurrentIndex(was);
  }
}

// Every page, the menus and the dialogs of the window, in the language now installed.
QStringList englishInWindow(MainWindow& window) {
  QStringList english;
  for (int p = 0; p < window.pageCount(); ++p) {
    window.showPage(p);
    QTest::qWait(50);
    QSet<QTabWidget*> walked;
    walk(window.page(p), sidebarText(window, p), sentenceWords(window.page(p)), walked, english);
  }
  // The Train page's form, data card and runs for every task it trains (the chatbot's form differs from the
  // classifier's).
  TrainPage* train = window.trainPage();
  window.showPage(train);
  const TaskKind was = train->task();
  for (const TaskInfo& task : trainingTasks()) {
    train->setTask(task.kind);
    if (!QTest::qWaitFor([&] { return train->dataCardReady(); }, test::waitBudgetMs(60000)))
      english << QStringLiteral("Train › %1: the data card never became ready, so it was not walked").arg(task.contractName);
    QSet<QTabWidget*> walked;
    walk(train, QStringLiteral("Train › ") + task.contractName, sentenceWords(train), walked, english);
  }
  train->setTask(was);
  QStringList menus;
  for (QAction* action : window.menuBar()->actions())
    if (action->menu()) {
      const QString title = withoutMnemonic(action->text());
      menus << QStringLiteral("menu: ") + title;
      menuTexts(action->menu(), title, menus);
    }
  for (const QString& text : menus)
    if (const QStringList runs = englishRuns(text.section(QStringLiteral(": "), 1).section(QStringLiteral(" › "), -1));
        !runs.isEmpty())
      english << QStringLiteral("%1 [%2]").arg(text, runs.join(QStringLiteral(" | ")));
  AboutDialog about(&window);
  ModelDownloadDialog download(&window);
  for (QDialog* dialog : std::initializer_list<QDialog*>{&about, &download}) {
    dialog->show();
    QTest::qWait(30);
    QSet<QTabWidget*> walked;
    walk(dialog, QStringLiteral("dialog “%1”").arg(dialog->windowTitle()), sentenceWords(dialog), walked, english);
    for (const QString& runs : englishRuns(dialog->windowTitle()))
      english << QStringLiteral("dialog title “%1” [%2]").arg(dialog->windowTitle(), runs);
    dialog->hide();
  }
  // View › Vocabulary: the words of the newest model of the session.
  window.showVocabulary();
  QTest::qWait(50);
  for (VocabularyDialog* dialog : window.findChildren<VocabularyDialog*>()) {
    if (!dialog->isVisible()) continue;
    QSet<QTabWidget*> walked;
    walk(dialog, QStringLiteral("dialog “%1”").arg(dialog->windowTitle()), sentenceWords(dialog), walked, english);
    dialog->close();
  }
  english.removeDuplicates();
  return english;
}

// The models a class has on its pages: a run of the Train page (tiny, one epoch), a classifier for the Attention
// page, a chatbot, a masked language model and a language model with a memory.
bool addModels(MainWindow& window) {
  TrainPage* train = window.trainPage();
  if (!QTest::qWaitFor([&] { return train->dataCardReady(); }, test::waitBudgetMs(60000))) return false;
  train->setPreset(QStringLiteral("tiny"));
  train->setParameter(QStringLiteral("epochs"), 1);
  train->start();
  if (!QTest::qWaitFor([&] { return !train->isTraining(); }, test::waitBudgetMs(180000))) return false;
  ModelLibrary* library = window.library();
  library->add(sessionModel(QStringLiteral("分类器"), anyModelOf(std::make_shared<const ImdbTransformerModel>(
                                                        test::smallClassifierOver("the acting was good"))),
                            QStringLiteral("opened")));
  library->add(sessionModel(QStringLiteral("聊天"),
                            anyModelOf(std::make_shared<const ChatbotModel>(
                                teaching::toyChatbot("where did you buy that bike ?", 8, 5, 3))),
                            QStringLiteral("opened")));
  library->add(sessionModel(QStringLiteral("掩码"), anyModelOf(test::tinyTrainedMaskedLm()), QStringLiteral("opened")));
  std::shared_ptr<const CausalLmModel> lm =
      test::seededCharacterLm(test::smallCharacterLmConfig(CausalPosition::Relative, 8), 5);
  library->add(sessionModel(QStringLiteral("语言模型"), anyModelOf(lm), QStringLiteral("opened")));
  QTest::qWait(300);
  return true;
}

}  // namespace

class TestClassroomLanguage : public QObject {
  Q_OBJECT
  test::AppFixture app_;

 private slots:
  void initTestCase() {
    QVERIFY(app_.withDataHome());
    QVERIFY(app_.setUp("test_classroom_language"));
  }
  void cleanup() { QVERIFY(setLanguage(QStringLiteral("en"), false)); }

  // The check itself finds what it must: English runs, and nothing in Chinese with allowed names and symbols.
  void theCheckTellsEnglishFromNames() {
    QCOMPARE(englishRuns(QStringLiteral("词表 40 个词元，2 层")), QStringList());
    QCOMPARE(englishRuns(QStringLiteral("GPT 的 Softmax(QKᵀ/√d)，tiny 预设，model.safetensors")), QStringList());
    QCOMPARE(englishRuns(QStringLiteral("s1 t1")), QStringList{"s1 t1"});
    QCOMPARE(englishRuns(QStringLiteral("数据（builtin:zh）")), QStringList{"builtin"});
    QCOMPARE(englishRuns(QStringLiteral("“not good, bad”")), QStringList{"not good, bad"});
    QCOMPARE(englishRuns(QStringLiteral("<b>architecture</b>：GRU")), QStringList{"architecture"});
    // The words of the page's sentence, shown again, are the sentence's; any other English is still English.
    const QSet<QString> sentence{"this", "movie", "was", "not", "good"};
    QCOMPARE(englishRuns(QStringLiteral("“this”在关注哪里（第 1 层）"), sentence), QStringList());
    QCOMPARE(englishRuns(QStringLiteral("头 1.2 让“movie”放在“this”上的权重更多"), sentence), QStringList());
    QCOMPARE(englishRuns(QStringLiteral("“this”在关注哪里（layer 1）"), sentence), QStringList{"layer"});
    QCOMPARE(englishRuns(QStringLiteral("“this”在关注哪里"), {}), QStringList{"this"});
    QCOMPARE(englishRuns(QStringLiteral("this movie was great"), sentence), QStringList{"this movie was great"});
    // Paths, third-party names and licences, model ids and package names are names, not English.
    QCOMPARE(englishRuns(QStringLiteral("设置：/home/lin/.config/AttentionLab/AttentionLab.ini，数据：~/.local/share/AttentionLab")),
             QStringList());
    QCOMPARE(englishRuns(QStringLiteral("Eigen（MPL 2.0）、oneTBB（Apache 2.0）、libarchive（BSD 3-Clause）")), QStringList());
    QCOMPARE(englishRuns(QStringLiteral("bert-base-uncased  —  英文 BERT base；distilgpt2  —  DistilGPT-2")), QStringList());
    QCOMPARE(englishRuns(QStringLiteral("（或 $HF_ENDPOINT 指定的镜像），或输入 OWNER/NAME")), QStringList());
    QCOMPARE(englishRuns(QStringLiteral("唐诗宋词（Debian 的 fortunes-zh）")), QStringList());
    QCOMPARE(englishRuns(QStringLiteral("英文 BERT large，the owner")), (QStringList{"BERT large", "the owner"}));
  }

  void everyTextAfterALiveSwitch() {
    QVERIFY(setLanguage(QStringLiteral("en"), false));
    MainWindow window;
    window.resize(1280, 720);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(addModels(window));
    QVERIFY(setLanguage(QStringLiteral("zh_CN"), false));
    QTRY_COMPARE(sidebarText(window, 0), QStringLiteral("课程"));
    const QStringList english = englishInWindow(window);
    for (const QString& line : english) qWarning().noquote() << line;
    QVERIFY2(english.isEmpty(), qPrintable(QStringLiteral("%1 texts in English, listed above").arg(english.size())));
  }

  void everyTextWhenStartedInChinese() {
    QVERIFY(setLanguage(QStringLiteral("zh_CN"), false));
    MainWindow window;
    window.resize(1280, 720);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(sidebarText(window, 0), QStringLiteral("课程"));
    const QStringList english = englishInWindow(window);
    for (const QString& line : english) qWarning().noquote() << line;
    QVERIFY2(english.isEmpty(), qPrintable(QStringLiteral("%1 texts in English, listed above").arg(english.size())));
  }
};

QTEST_MAIN(TestClassroomLanguage)
#include "test_classroom_language.moc"
