// The Attention page switched to Chinese live (View › Language) while a model and a sentence are on it, in a
// window of 1280 x 720: the heatmaps' axis titles, the names of the maps in "Bars from" and "On the page" and the
// bars' title read in Chinese, the choices made stay, and every row of a 9-token sentence keeps its label.
#include "core/inference/imdb_transformer_inference.h"

#include <QtTest>

#include <QComboBox>
#include <QLabel>
#include <QRegularExpression>
#include <qcustomplot.h>

#include "tests/app_fixture.h"
#include "tests/attention_shown.h"
#include "ui/main_window.h"
#include "ui/pages/attention_page.h"
#include "ui/text/language.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/weight_bars.h"

using namespace al;
using namespace al::ui;

namespace {

const char* kNineTokens = "the movie was not good at all but fun";

// One layer of two heads: three maps in a row on the page, as a toy model gives.
std::shared_ptr<ImdbTransformerModel> makeModel() {
  auto m = std::make_shared<ImdbTransformerModel>();
  m->model = std::make_unique<TransformerClassifier>(TransformerConfig{
      .vocabSize = 20, .sequenceLength = 16, .embedDim = 8, .numHeads = 2, .keyDim = 4, .denseDim = 8,
      .numLayers = 1, .position = PositionKind::Learned, .dropout = 0});
  m->model->initialize(3);
  // "fun" unknown: labelled "fun→[UNK]", the longest label, as a toy model trained on the built-in reviews reads it.
  m->vocabulary = Vocabulary::build({tokenizeImdb("the movie was not good at all but")}, 20);
  return m;
}

bool hasLatinWords(const QString& text) { return text.contains(QRegularExpression(QStringLiteral("[A-Za-z]{3,}"))); }

// The rows of each map drawn on the page that have no label, as "title: n of T named".
QStringList unnamedRows(AttentionPage* page) {
  QStringList problems;
  for (int h = 0; h < 3; ++h) {
    HeatmapView* view = page->heatmap(0, h);
    if (!view) {
      problems << QStringLiteral("map %1 not drawn").arg(h);
      continue;
    }
    const QStringList shown = view->shownLabels(Qt::Vertical);
    if (shown != view->rowLabels())
      problems << QStringLiteral("%1: %2 of %3 rows named (%4 px labels)")
                      .arg(view->title())
                      .arg(shown.size())
                      .arg(view->rows())
                      .arg(view->labelPixelSize(Qt::Vertical));
  }
  return problems;
}

}  // namespace

class TestAttentionLanguage : public QObject {
  Q_OBJECT
  test::AppFixture app_;

 private slots:
  void initTestCase() { QVERIFY(app_.setUp("test_attention_language")); }

  void aLiveSwitchRenamesTheMapsAndKeepsEveryRowNamed() {
    QVERIFY(setLanguage("en", false));
    MainWindow window;
    window.resize(1280, 720);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.size(), QSize(1280, 720));
    auto* page = window.findChild<AttentionPage*>();
    window.showPage(page);
    page->addModel(QStringLiteral("model"), makeModel());
    page->setText(QString::fromLatin1(kNineTokens));
    QVERIFY(test::attentionShown(*page));
    QCOMPARE(page->heatmap(0, 0)->rows(), 9);
    auto* barsSource = page->findChild<QComboBox*>("barsSource");
    QVERIFY(barsSource);
    barsSource->setCurrentIndex(1);  // layer 1, head 2: a choice the switch must keep
    page->mapsShownBox()->setCurrentIndex(0);
    QCOMPARE(page->heatmap(0, 0)->rowTitle(), QString("query token (looks)"));
    // The maps settle over a few turns of the event loop (each layout may ask for another, with new ticks).
    QTRY_VERIFY2(unnamedRows(page).isEmpty(), qPrintable(unnamedRows(page).join("; ")));

    QVERIFY(setLanguage("zh_CN", false));
    QCoreApplication::processEvents();
    QCOMPARE(barsSource->currentIndex(), 1);
    QCOMPARE(page->mapsShownBox()->currentIndex(), 0);
    for (int h = 0; h < 3; ++h) {
      HeatmapView* view = page->heatmap(0, h);
      QVERIFY2(!hasLatinWords(view->rowTitle()) && !view->rowTitle().isEmpty(), qPrintable(view->rowTitle()));
      QVERIFY2(!hasLatinWords(view->columnTitle()) && !view->columnTitle().isEmpty(), qPrintable(view->columnTitle()));
      QVERIFY2(!hasLatinWords(view->title()), qPrintable(view->title()));
    }
    QCOMPARE(page->heatmap(0, 2)->rowTitle(), QStringLiteral("查询词元（发出关注）"));
    QCOMPARE(barsSource->count(), 3);
    QCOMPARE(barsSource->itemText(2), QStringLiteral("第 1 层，各头的平均"));
    QCOMPARE(page->mapsShownBox()->itemText(1), QStringLiteral("第 1 层，第 1 个头"));
    for (QComboBox* box : {barsSource, page->mapsShownBox()})
      for (int i = 0; i < box->count(); ++i) QVERIFY2(!hasLatinWords(box->itemText(i)), qPrintable(box->itemText(i)));
    // The bars' title names the token and, in Chinese, the map.
    const QString barsTitle = page->tokenBars()->title();
    QVERIFY2(barsTitle.contains(barsSource->itemText(1)), qPrintable(barsTitle));
    QVERIFY2(!barsTitle.contains(QLatin1String("looks")), qPrintable(barsTitle));
    QTRY_VERIFY2(unnamedRows(page).isEmpty(), qPrintable(unnamedRows(page).join("; ")));
    QVERIFY(setLanguage("en", false));
    QCoreApplication::processEvents();
    QCOMPARE(page->heatmap(0, 0)->rowTitle(), QString("query token (looks)"));
    QCOMPARE(barsSource->itemText(2), QString("layer 1, average of the heads"));
  }
};

QTEST_MAIN(TestAttentionLanguage)
#include "test_attention_language.moc"
