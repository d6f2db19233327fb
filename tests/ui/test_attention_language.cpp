// The Attention page switched to Chinese live (View › Language) while a model and a sentence are on it, in a
// window of 1280 x 720: the heatmaps' axis titles, the names of the maps in "Bars from" and "On the page" and the
// bars' title read in Chinese, the choices made stay, and every row of a 9-token sentence keeps its label.
// And the page read by a class at 1280 x 720, in English and in Chinese, at 1x, presented (F11) and presented with
// Ctrl + twice, for sentences of 1, 9, 22 and 32 tokens: every map on the page names every row and column in type
// of at least 11 px, no two labels run into each other, no Chinese label lies on its side, no map is under 80 px
// high, the bars of the chosen row are a chart at least 80 px high with every token named the same way, and no
// figure is cut by the window.
#include "core/inference/imdb_transformer_inference.h"

#include <QtTest>

#include <QComboBox>
#include <QFontMetrics>
#include <QLabel>
#include <QRegularExpression>
#include <qcustomplot.h>

#include "tests/app_fixture.h"
#include "tests/attention_shown.h"
#include "ui/main_window.h"
#include "ui/pages/attention_page.h"
#include "ui/lessons/presentation_mode.h"
#include "ui/text/language.h"
#include "ui/widgets/appearance.h"
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

// Sentences of n tokens in the language of the interface, and a model that knows every word of them (no "→[UNK]").
const QStringList kEnglishWords{"the", "animal", "didn't", "cross", "the", "street", "because", "it", "was", "too",
                                "tired", "and", "the", "road", "was", "wide"};
const QStringList kChineseWords{"小明", "把", "书包", "忘", "在", "教室", "，", "它", "很", "沉", "。", "学生", "老师", "说"};

QString sentenceOf(int n, bool chinese) {
  const QStringList& words = chinese ? kChineseWords : kEnglishWords;
  QStringList out;
  for (int i = 0; i < n; ++i) out << words[i % words.size()];
  return out.join(' ');
}

std::shared_ptr<ImdbTransformerModel> makeSentenceModel() {
  auto m = std::make_shared<ImdbTransformerModel>();
  m->model = std::make_unique<TransformerClassifier>(TransformerConfig{
      .vocabSize = 40, .sequenceLength = 40, .embedDim = 8, .numHeads = 2, .keyDim = 4, .denseDim = 8,
      .numLayers = 1, .position = PositionKind::Learned, .dropout = 0});
  m->model->initialize(5);
  m->vocabulary = Vocabulary::build({tokenizeImdb(sentenceOf(16, false).toStdString()),
                                     tokenizeImdb(sentenceOf(14, true).toStdString())}, 40);
  return m;
}

bool hasHan(const QString& text) {
  return std::any_of(text.cbegin(), text.cend(), [](QChar c) { return c.script() == QChar::Script_Han; });
}

// The part of `w` the window shows, in the window's coordinates: its rectangle cut by the window and every ancestor.
QRect shownInWindow(const QWidget* w) {
  const auto inWindow = [](const QWidget* x) { return QRect(x->mapTo(x->window(), QPoint(0, 0)), x->size()); };
  QRect r = inWindow(w);
  for (const QWidget* p = w->parentWidget(); p; p = p->parentWidget()) r &= inWindow(p);
  return r & w->window()->rect();
}

// What keeps a class from reading the tokens on an axis of n cells: a label missing, smaller than 11 px, lying on
// its side in Chinese, or running into its neighbour.
QString axisProblem(QCPAxis* axis, int n, const QString& name) {
  const auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(axis->ticker());
  if (!ticker || ticker->ticks().size() != n)
    return QString("%1: %2 of %3 named (cells of %4 px, %5 px labels turned %6°, an axis of %7 px)")
        .arg(name).arg(ticker ? ticker->ticks().size() : 0).arg(n)
        .arg(std::abs(axis->coordToPixel(1) - axis->coordToPixel(0)), 0, 'f', 1)
        .arg(axis->tickLabelFont().pixelSize()).arg(axis->tickLabelRotation())
        .arg(axis->orientation() == Qt::Horizontal ? axis->axisRect()->width() : axis->axisRect()->height());
  const QFont font = axis->tickLabelFont();
  if (font.pixelSize() < 11) return QString("%1: labels of %2 px").arg(name).arg(font.pixelSize());
  const bool along = axis->orientation() == Qt::Horizontal;
  const bool turned = std::abs(axis->tickLabelRotation()) >= 1;
  const QFontMetrics metrics(font);
  QList<double> extents;
  for (const QString& label : ticker->ticks()) {
    if (turned && hasHan(label)) return QString("%1: “%2” lies on its side").arg(name, label);
    // Along the axis: a flat column label's width (a stacked one's widest line), else its glyphs' height.
    extents << (along && !turned ? metrics.boundingRect(QRect(), Qt::AlignHCenter, label).width()
                                 : metrics.tightBoundingRect(label).height());
  }
  const double cell = std::abs(axis->coordToPixel(1) - axis->coordToPixel(0));
  for (int i = 0; i + 1 < n; ++i)
    if (cell - (extents[i] + extents[i + 1]) / 2 < 0)
      return QString("%1: labels %2 and %3 overlap (cells of %4 px, %5 px labels)").arg(name).arg(i).arg(i + 1)
          .arg(cell, 0, 'f', 1).arg(font.pixelSize());
  return {};
}

QStringList mapProblems(HeatmapView* view) {
  QStringList problems;
  QCustomPlot* plot = view->plot();
  const QString name = view->title();
  if (shownInWindow(plot).size() != plot->size())
    problems << QString("%1 is cut: %2x%3 of %4x%5 shown").arg(name).arg(shownInWindow(plot).width())
                    .arg(shownInWindow(plot).height()).arg(plot->width()).arg(plot->height());
  if (plot->height() < 80) problems << QString("%1: a plot %2 px high").arg(name).arg(plot->height());
  for (const QString& p : {axisProblem(plot->yAxis, view->rows(), name + " rows"),
                           axisProblem(plot->xAxis, view->columns(), name + " columns")})
    if (!p.isEmpty()) problems << p;
  return problems;
}

QStringList barProblems(WeightBars* bars, int n) {
  if (!bars->isVisible()) return {"the bars are hidden"};
  QStringList problems;
  QCustomPlot* plot = bars->plot();
  if (shownInWindow(plot).size() != plot->size())
    problems << QString("the bars are cut: %1x%2 of %3x%4 shown").arg(shownInWindow(plot).width())
                    .arg(shownInWindow(plot).height()).arg(plot->width()).arg(plot->height());
  const QRect chart = plot->axisRect()->rect();
  if (chart.height() < 80 || chart.width() < 80)
    problems << QString("the bars are a chart of %1x%2 px").arg(chart.width()).arg(chart.height());
  // The axis of the tokens: the one with text ticks.
  QCPAxis* tokens = qSharedPointerDynamicCast<QCPAxisTickerText>(plot->yAxis->ticker()) ? plot->yAxis : plot->xAxis;
  if (const QString p = axisProblem(tokens, n, "the bars' tokens"); !p.isEmpty()) problems << p;
  return problems;
}

// Lets the page's layouts and paced replots settle.
void settle(QWidget* page) {
  for (int k = 0; k < 6; ++k) {
    QTest::qWait(20);
    for (QCustomPlot* plot : page->findChildren<QCustomPlot*>()) plot->replot(QCustomPlot::rpImmediateRefresh);
  }
}

QStringList pageProblems(AttentionPage* page, int n) {
  QStringList problems;
  int maps = 0;
  for (HeatmapView* view : page->findChildren<HeatmapView*>())
    if (view->isVisible() && view->rows() > 0) {
      ++maps;
      problems << mapProblems(view);
    }
  if (maps == 0) problems << "no map shown";
  problems << barProblems(page->tokenBars(), n);
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

  void readableByAClass_data() {
    QTest::addColumn<QString>("language");
    QTest::addColumn<int>("zoomSteps");  // -1: not presented; else presented (F11), then Ctrl + that many times
    for (const char* language : {"en", "zh_CN"})
      for (int zoom : {-1, 0, 2})
        QTest::addRow("%s, %s", language, zoom < 0 ? "1x" : zoom == 0 ? "presented" : "presented, Ctrl + twice")
            << QString(language) << zoom;
  }
  void readableByAClass() {
    QFETCH(QString, language);
    QFETCH(int, zoomSteps);
    QVERIFY(setLanguage(language, false));
    Appearance::instance()->setScale(1.0);
    MainWindow window;
    window.resize(1280, 720);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* page = window.findChild<AttentionPage*>();
    window.showPage(page);
    page->addModel(QStringLiteral("model"), makeSentenceModel());
    QVERIFY(test::attentionShown(*page));
    if (zoomSteps >= 0) {
      window.presentation()->setPresenting(true);
      for (int k = 0; k < zoomSteps; ++k) Appearance::instance()->zoomIn();
      QTRY_COMPARE(window.size(), QSize(1280, 720));
    }
    QCOMPARE(window.size(), QSize(1280, 720));
    QStringList problems;
    for (int n : {1, 9, 22, 32}) {
      page->setText(sentenceOf(n, language != "en"));
      QVERIFY(test::attentionShown(*page));
      QCOMPARE(page->heatmap(0, 0)->rows(), n);
      page->selectToken(n / 2);
      settle(page);
      // What stays wrong once the layout has settled (a measure can fall mid-layout on a loaded machine).
      QStringList found = pageProblems(page, n);
      for (int retry = 0; retry < 5 && !found.isEmpty(); ++retry) {
        QTest::qWait(200);
        settle(page);
        found = pageProblems(page, n);
      }
      for (const QString& p : found) problems << QString("%1 tokens: %2").arg(n).arg(p);
    }
    if (zoomSteps >= 0) window.presentation()->setPresenting(false);
    QVERIFY(setLanguage("en", false));
    for (const QString& p : problems) qWarning("%s", qPrintable(p));  // every one, not only the first
    // Not yet read by a class: presented, the map's columns (9 to 32 tokens) lose labels, and in type twice the
    // size the Heatmaps tab is taller than the window; at 1x, 32 Chinese rows get labels of 9 px.
    QEXPECT_FAIL("en, presented", "presented, the columns of a 9- to 32-token map are not all named", Abort);
    QEXPECT_FAIL("en, presented, Ctrl + twice", "in type twice the size the tab is taller than the window", Abort);
    QEXPECT_FAIL("zh_CN, 1x", "32 Chinese rows at 1280 x 720 get labels of 9 px", Abort);
    QEXPECT_FAIL("zh_CN, presented", "presented, Chinese rows and columns get labels under 11 px", Abort);
    QEXPECT_FAIL("zh_CN, presented, Ctrl + twice", "in type twice the size the tab is taller than the window", Abort);
    QVERIFY2(problems.isEmpty(),
             qPrintable(QStringLiteral("%1 problem(s), first: %2").arg(problems.size()).arg(problems.value(0))));
  }
};

QTEST_MAIN(TestAttentionLanguage)
#include "test_attention_language.moc"
