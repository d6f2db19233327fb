// The pretrained models already on this computer, beside Open model…: a Hugging Face cache (HF_HUB_CACHE) holding
// a snapshot of the tiny GPT-2 lists it on the Generate page, and choosing it opens it into the session library;
// a page that shows only BERT does not offer it; an empty cache says which folder it looked in.
#include <QAction>
#include <QDir>
#include <QFile>
#include <QMenu>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include "ui/pages/chatbot_page.h"
#include "ui/pages/fill_page.h"
#include "ui/pages/generate_page.h"
#include "ui/widgets/cached_models_button.h"

using namespace al::ui;

namespace {

constexpr int kTimeoutMs = 60000;

QString golden(const QString& name) { return QStringLiteral(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/") + name; }

// root/models--org--tiny-gpt2/snapshots/0123abcd/: the golden folder's files, as the hub's cache lays them out.
bool makeCacheWithTinyGpt2(const QString& root) {
  const QString snapshot = root + "/models--org--tiny-gpt2/snapshots/0123abcd";
  if (!QDir().mkpath(snapshot)) return false;
  const QDir source(golden("gpt2-tiny"));
  for (const QString& file : source.entryList(QDir::Files))
    if (!QFile::copy(source.filePath(file), snapshot + "/" + file)) return false;
  return true;
}

CachedModelsButton* buttonOf(QWidget& page) { return page.findChild<CachedModelsButton*>("cachedModelsButton"); }

// The menu's entry whose text contains text (null: none).
QAction* entryWith(CachedModelsButton& button, const QString& text) {
  button.refresh();
  for (QAction* action : button.menu()->actions())
    if (action->text().contains(text)) return action;
  return nullptr;
}

QString menuText(CachedModelsButton& button) {
  QStringList lines;
  for (QAction* action : button.menu()->actions()) lines << action->text();
  return lines.join('\n');
}

}  // namespace

class TestCachedModels : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }  // the app's downloads folder: a test one
  void cleanup() { qunsetenv("HF_HUB_CACHE"); }

  void aCachedGpt2IsListedAndOpensIntoTheLibrary() {
    QTemporaryDir cache;
    QVERIFY(makeCacheWithTinyGpt2(cache.path()));
    qputenv("HF_HUB_CACHE", cache.path().toLocal8Bit());
    GeneratePage page;
    CachedModelsButton* button = buttonOf(page);
    QVERIFY(button);
    QVERIFY(!button->isHidden());
    QAction* entry = entryWith(*button, "org/tiny-gpt2");
    QVERIFY2(entry, qPrintable(menuText(*button)));
    QVERIFY(entry->isEnabled());
    QVERIFY2(entry->text().contains("GPT-2"), qPrintable(entry->text()));
    QVERIFY(entry->data().toString().endsWith(QDir::toNativeSeparators("snapshots/0123abcd")));

    const size_t before = page.library()->models().size();
    entry->trigger();
    QVERIFY(QTest::qWaitFor([&] { return !page.isOpeningModel(); }, kTimeoutMs));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    QCOMPARE(page.library()->models().size(), before + 1);
    QCOMPARE(page.currentModelName(), QString("org/tiny-gpt2"));
  }

  void aPageOffersOnlyTheTypesItShows() {
    QTemporaryDir cache;
    QVERIFY(makeCacheWithTinyGpt2(cache.path()));
    qputenv("HF_HUB_CACHE", cache.path().toLocal8Bit());
    FillPage fill;  // BERT only: the GPT-2 in the cache is not offered
    QVERIFY(buttonOf(fill));
    QVERIFY(!buttonOf(fill)->isHidden());
    QVERIFY(!entryWith(*buttonOf(fill), "org/tiny-gpt2"));
    ChatbotPage chatbot;  // no pretrained model at all: no button
    QVERIFY(buttonOf(chatbot));
    QVERIFY(buttonOf(chatbot)->isHidden());
  }

  void anEmptyCacheSaysWhereItLookedAndHowToFillIt() {
    QTemporaryDir cache;
    qputenv("HF_HUB_CACHE", cache.path().toLocal8Bit());
    GeneratePage page;
    CachedModelsButton* button = buttonOf(page);
    QVERIFY(button);
    QAction* note = entryWith(*button, QDir::toNativeSeparators(cache.path()));
    QVERIFY2(note, qPrintable(menuText(*button)));
    QVERIFY(!note->isEnabled());  // a message, not something to click
    QVERIFY2(menuText(*button).contains("attentionlab-cli download model gpt2"), qPrintable(menuText(*button)));
  }
};

QTEST_MAIN(TestCachedModels)
#include "test_cached_models.moc"
