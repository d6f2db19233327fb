// A heatmap read by a class: every row and column of a sentence up to 32 tokens in view without scrolling, cells
// of at least 12 px and labels of at least 11 px that do not run into each other, in the one-map view at
// 1280 x 720 (1x here; ctest runs this suite again at QT_SCALE_FACTOR 1.5, a 1920 x 1080 screen), in presentation
// mode and at zoom 150 %; the same for the whole-map export. Labels grow with zoom; a clicked row label pins that
// query's weights as bars, which stay a readable chart (80 px and more, every token named in 11 px) under a map of
// 32 tokens that keeps every row named; the one-map view walks layers and heads with the keyboard. And the colour
// scales follow the data: relative ranges clamped to it, ticks that read as plain numbers and never overlap, the same
// scale maximised as on the page, thumbnails of near-uniform attention not dark, a one-token map a visible square
// cell, not white on white nor a strip.
#include <QtTest>

#include <QApplication>
#include <QFile>
#include <QFontMetrics>
#include <QImage>
#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>
#include <qcustomplot.h>

#include "ui/text/language.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/attention_thumbnails.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/maximised_heatmap.h"
#include "ui/widgets/weight_bars.h"
#include "ui/widgets/weight_scale.h"
#include "tests/app_fixture.h"

using namespace al;
using namespace al::ui;

namespace {

QStringList sentence(int n) {
  static const QStringList words{"小明", "把", "书包", "忘", "在", "教室", "，", "它", "很", "沉", "。",
                                 "the",  "animal", "didn't", "cross", "street", "because", "it", "was", "tired",
                                 "学生", "老师"};
  QStringList out;
  for (int i = 0; i < n; ++i) out << words[i % words.size()];
  return out;
}

// Rows that sum to 1, with one clear favourite per row.
Matrix attentionOf(int n) {
  Matrix m(n, n);
  for (int i = 0; i < n; ++i) {
    for (int j = 0; j < n; ++j) m(i, j) = 1.0f + float((i * 7 + j * 3) % 5) * 0.1f + (j == (i + 1) % n ? 3.0f : 0.0f);
    m.row(i) /= m.row(i).sum();
  }
  return m;
}

void settle(QWidget* window) {
  for (int k = 0; k < 4; ++k) {
    QCoreApplication::processEvents();
    for (HeatmapView* view : window->findChildren<HeatmapView*>()) view->plot()->replot(QCustomPlot::rpImmediateRefresh);
  }
  if (auto* view = qobject_cast<HeatmapView*>(window)) view->plot()->replot(QCustomPlot::rpImmediateRefresh);
}

double cellPixels(const QCPAxis* axis) {
  return std::abs(axis->coordToPixel(1) - axis->coordToPixel(0));
}

// Every row and column inside the view and named, cells >= 12 px, labels >= 11 px not overlapping.
QString legibilityProblem(HeatmapView* view, QWidget* window, int n) {
  QCustomPlot* plot = view->plot();
  if (!plot->isVisible()) return "the plot is hidden";
  const QRect plotInWindow(plot->mapTo(window, QPoint(0, 0)), plot->size());
  if (!window->rect().contains(plotInWindow)) return "the plot is outside the window";
  for (QCPAxis* axis : {plot->xAxis, plot->yAxis}) {
    const bool x = axis == plot->xAxis;
    const QString name = x ? "columns" : "rows";
    if (axis->range().lower > -0.5 + 1e-6 || axis->range().upper < n - 0.5 - 1e-6)
      return QString("%1 %2..%3 of %4 in view").arg(name).arg(axis->range().lower).arg(axis->range().upper).arg(n);
    const double cell = cellPixels(axis);
    if (cell < 12) return QString("%1: cells of %2 px").arg(name).arg(cell);
    const QFont font = axis->tickLabelFont();
    if (font.pixelSize() < 11) return QString("%1: labels of %2 px").arg(name).arg(font.pixelSize());
    const auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(axis->ticker());
    if (!ticker || ticker->ticks().size() != n)
      return QString("%1: %2 of %3 named").arg(name).arg(ticker ? ticker->ticks().size() : 0).arg(n);
    const QFontMetrics metrics(font);
    const bool flat = !x || std::abs(axis->tickLabelRotation()) < 1;
    // Each label's extent along its axis: a flat column label's width, else its glyphs' height (the ink, not the
    // font's line, which for a CJK font is about 1.3 times its ideographs' ink).
    QList<double> extents;
    for (const QString& label : ticker->ticks())
      extents << (x && flat ? metrics.boundingRect(QRect(), Qt::AlignHCenter, label).width() : metrics.tightBoundingRect(label).height());
    for (int i = 0; i + 1 < n; ++i) {
      const double gap = cell - (extents[i] + extents[i + 1]) / 2;
      if (gap < 0) return QString("%1: labels %2 and %3 overlap by %4 px").arg(name).arg(i).arg(i + 1).arg(-gap);
    }
    // The labels lie inside the plot.
    const double first = axis->coordToPixel(0), last = axis->coordToPixel(n - 1);
    const double lo = std::min(first, last) - extents.front() / 2, hi = std::max(first, last) + extents.back() / 2;
    if (lo < 0 || hi > (x ? plot->width() : plot->height())) return QString("%1: labels run off the plot").arg(name);
  }
  return {};
}


// A bar chart of one row of weights read by a class: a plot at least 80 px high, every token named under its bar in
// labels of at least 11 px that do not run into each other.
QString barsProblem(WeightBars* bars, int n) {
  if (!bars || !bars->isVisible()) return "the bars are hidden";
  QCustomPlot* plot = bars->plot();
  if (plot->axisRect()->height() < 80) return QString("the bars are %1 px high").arg(plot->axisRect()->height());
  QCPAxis* axis = plot->xAxis;
  const QFont font = axis->tickLabelFont();
  if (font.pixelSize() < 11) return QString("bar labels of %1 px").arg(font.pixelSize());
  const auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(axis->ticker());
  if (!ticker || ticker->ticks().size() != n)
    return QString("%1 of %2 bars named").arg(ticker ? ticker->ticks().size() : 0).arg(n);
  const QFontMetrics metrics(font);
  const bool flat = std::abs(axis->tickLabelRotation()) < 1;
  const double cell = std::abs(axis->coordToPixel(1) - axis->coordToPixel(0));
  QList<double> extents;
  for (const QString& label : ticker->ticks())
    extents << (flat ? metrics.horizontalAdvance(label) : metrics.tightBoundingRect(label).height());
  for (int i = 0; i + 1 < n; ++i)
    if (cell - (extents[i] + extents[i + 1]) / 2 < 0) return QString("bar labels %1 and %2 overlap").arg(i).arg(i + 1);
  return {};
}

// The colour bar's ticks: plain numbers a class knows ("4", "1/4", "0.8", "10⁴"), none running into the next.
QString colourBarProblem(HeatmapView* view) {
  QCPAxis* axis = nullptr;
  for (QCPLayoutElement* element : view->plot()->plotLayout()->elements(true))
    if (auto* scale = qobject_cast<QCPColorScale*>(element)) axis = scale->axis();
  if (!axis) return "no colour bar";
  const auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(axis->ticker());
  if (!ticker) return {};  // a linear scale: QCustomPlot's own decimal ticks
  static const QRegularExpression plain(QStringLiteral("^(1/)?([0-9]+(\\.[0-9]+)?|10[⁰¹²³⁴⁵⁶⁷⁸⁹]+)$"));
  const QFontMetrics metrics(axis->tickLabelFont());
  const bool upright = axis->orientation() == Qt::Vertical;
  double previous = -1e9;
  QString previousText;
  for (auto it = ticker->ticks().cbegin(); it != ticker->ticks().cend(); ++it) {
    if (!plain.match(it.value()).hasMatch()) return QString("the tick “%1” is not a plain number").arg(it.value());
    const double at = axis->coordToPixel(it.key());
    const double extent = upright ? metrics.tightBoundingRect(it.value()).height() : metrics.horizontalAdvance(it.value());
    const double previousExtent = upright ? metrics.tightBoundingRect(previousText).height() : metrics.horizontalAdvance(previousText);
    if (!previousText.isEmpty() && std::abs(at - previous) < (extent + previousExtent) / 2 + 2)
      return QString("the ticks “%1” and “%2” overlap").arg(previousText, it.value());
    previous = at;
    previousText = it.value();
  }
  return {};
}

}  // namespace

class TestHeatmapLegibility : public QObject {
  Q_OBJECT
  al::test::AppFixture app_;

 private slots:
  void initTestCase() {
    QVERIFY(app_.setUp("test_heatmap_legibility"));
  }
  void init() {
    Appearance::instance()->setScale(1.0);
    WeightScaleSetting::instance().setScale(WeightScale::RelativeToUniform);
  }

  void oneMapAt1280x720_data() {
    QTest::addColumn<int>("tokens");
    QTest::addColumn<double>("scale");
    for (int n : {1, 9, 22, 32})
      for (double scale : {1.0, Appearance::kPresentationScale, 1.5})
        QTest::addRow("%d tokens, scale %.1f", n, scale) << n << scale;
  }
  // The one-map view fills 1280 x 720 (logical pixels: 1920 x 1080 at QT_SCALE_FACTOR 1.5) with one head.
  void oneMapAt1280x720() {
    QFETCH(int, tokens);
    QFETCH(double, scale);
    Appearance::instance()->setScale(scale);
    HeatmapView source(QStringLiteral("Layer 1, head 1"));
    source.setAxisTitles("query token (looks)", "key token (is looked at)");
    source.setMatrix(attentionOf(tokens), sentence(tokens), sentence(tokens));
    source.resize(300, 190);
    QPointer<MaximisedHeatmap> big = MaximisedHeatmap::open(&source);
    big->showNormal();
    big->setGeometry(0, 0, 1280, 720);
    settle(big);
    const QString problem = legibilityProblem(big->view(), big, tokens);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    big->close();
  }

  void labelsGrowWithZoom() {
    HeatmapView view;
    view.setMatrix(attentionOf(9), sentence(9), sentence(9));
    view.resize(900, 700);
    view.show();
    settle(&view);
    const int normal = view.labelPixelSize(Qt::Vertical);
    Appearance::instance()->setScale(Appearance::kPresentationScale);
    settle(&view);
    QVERIFY2(view.labelPixelSize(Qt::Vertical) >= normal * 1.4,
             qPrintable(QString("%1 px at 1x, %2 px in presentation").arg(normal).arg(view.labelPixelSize(Qt::Vertical))));
  }

  // Column labels that stood upright and then lie flat (the map got wider) give their height back to the rows: the
  // map is as tall as one drawn at that width from the start. The colour bar's margin once kept the upright
  // labels' height, a blank band under every map that had been narrow while it was laid out.
  void flatLabelsGiveTheirHeightBack() {
    const QStringList words{"extraordinary", "performances", "throughout", "unbelievably", "magnificent", "cinematography"};
    Matrix m = Matrix::Constant(6, 6, 1.0f / 6);
    HeatmapView once;
    once.setMatrix(m, words, words);
    once.resize(330, 420);
    once.show();
    settle(&once);
    QCOMPARE(once.plot()->xAxis->tickLabelRotation(), 90.0);  // upright: the words do not fit 40 px columns
    once.resize(1100, 420);
    settle(&once);
    QCOMPARE(once.plot()->xAxis->tickLabelRotation(), 0.0);
    HeatmapView fresh;
    fresh.setMatrix(m, words, words);
    fresh.resize(1100, 420);
    fresh.show();
    settle(&fresh);
    QCOMPARE(once.plot()->axisRect()->height(), fresh.plot()->axisRect()->height());
  }

  // Chinese row labels in rows of about 15 px are at least 11 px on a Chinese desktop, whose default font is Noto
  // Sans CJK: a label's ink must fit its row, not its font's line, which for that font is about 1.45 times its
  // pixel size (the rule that fitted the line gave 10 px), and no label's ink is taller than its row.
  void chineseRowLabelsFillTheirRows() {
    Appearance::instance()->setScale(Appearance::kPresentationScale);
    HeatmapView view;
    view.setMatrix(attentionOf(9), sentence(9), sentence(9));
    QFont cjk = view.plot()->yAxis->tickLabelFont();
    cjk.setFamily(QStringLiteral("Noto Sans CJK SC"));
    QCOMPARE(QFontInfo(cjk).family(), QStringLiteral("Noto Sans CJK SC"));  // fonts-noto-cjk, from scripts/setup
    view.plot()->yAxis->setTickLabelFont(cjk);
    view.resize(700, 250);
    view.show();
    settle(&view);
    const double cell = cellPixels(view.plot()->yAxis);
    const QFont font = view.plot()->yAxis->tickLabelFont();
    QCOMPARE(font.family(), cjk.family());
    QVERIFY2(cell >= 12 && cell <= 17, qPrintable(QString("rows of %1 px, not the case this test is about").arg(cell)));
    QVERIFY2(font.pixelSize() >= 11, qPrintable(QString("labels of %1 px in rows of %2 px").arg(font.pixelSize()).arg(cell)));
    const QFontMetrics metrics(font);
    for (const QString& word : sentence(9))
      QVERIFY2(metrics.tightBoundingRect(word).height() <= cell, qPrintable(word + " is taller than its row"));
  }

  // A small map on a page shows the whole sentence, scaled down, never a scrolled window of its rows.
  void smallMapShowsEveryRow() {
    HeatmapView view;
    view.setMatrix(attentionOf(22), sentence(22), sentence(22));
    view.resize(320, 260);
    view.show();
    settle(&view);
    QCOMPARE(view.plot()->yAxis->range().lower, -0.5);
    QCOMPARE(view.plot()->yAxis->range().upper, 21.5);
    QCOMPARE(view.plot()->xAxis->range().upper, 21.5);
    QVERIFY(view.cellNote().isEmpty());  // no "drag to move"
  }

  // A map too small for its axis titles leaves them out instead of cutting them ("query token (lo"); a large one and
  // the export keep them whole.
  void titlesThatDoNotFitAreLeftOut() {
    const QString kLongRowTitle = "query token: the word that looks at the others";
    HeatmapView view;
    view.setAxisTitles(kLongRowTitle, "key token (is looked at)");
    view.setMatrix(attentionOf(9), sentence(9), sentence(9));
    view.resize(260, 240);
    view.show();
    settle(&view);
    QCPAxis* rows = view.plot()->yAxis;
    QVERIFY2(QFontMetrics(rows->labelFont()).horizontalAdvance(kLongRowTitle) > view.plot()->axisRect()->height(),
             qPrintable(QString("the map is not small enough for this test: %1 x %2, cells %3 px high")
                            .arg(view.width()).arg(view.height()).arg(view.plot()->axisRect()->height())));
    QCOMPARE(rows->label(), QString());
    QCOMPARE(view.rowTitle(), QString(kLongRowTitle));
    for (QCPAxis* axis : {view.plot()->xAxis, view.plot()->yAxis}) {
      const int room = axis == rows ? view.plot()->axisRect()->height() : view.plot()->axisRect()->width();
      QVERIFY(QFontMetrics(axis->labelFont()).horizontalAdvance(axis->label()) <= room);
    }
    view.resize(900, 800);
    settle(&view);
    QCOMPARE(rows->label(), QString(kLongRowTitle));
    QCOMPARE(view.plot()->xAxis->label(), QString("key token (is looked at)"));
  }

  // A click on a row label pins that query: its weights as large bars beside the map.
  void pinARow() {
    HeatmapView source;
    source.setMatrix(attentionOf(9), sentence(9), sentence(9));
    source.show();
    QPointer<MaximisedHeatmap> big = MaximisedHeatmap::open(&source);
    big->showNormal();
    big->setGeometry(0, 0, 1280, 720);
    settle(big);
    HeatmapView* view = big->view();
    QCOMPARE(view->pinnedRow(), -1);
    const QPoint label(view->plot()->axisRect()->left() - 8, view->cellCentre(7, 0).y());
    QTest::mouseClick(view->plot(), Qt::LeftButton, {}, label);
    QCOMPARE(view->pinnedRow(), 7);
    WeightBars* bars = view->pinnedBars();
    QVERIFY(bars && bars->isVisible());
    QCOMPARE(bars->labels(), sentence(9));
    for (int j = 0; j < 9; ++j) QCOMPARE(bars->weights()(j), attentionOf(9)(7, j));
    QVERIFY(bars->height() >= 150);
    QVERIFY(bars->plot()->xAxis->tickLabelFont().pixelSize() >= 16);
    big->close();
  }

  // The one map walks the heads (left, right) and the layers (PageUp, PageDown) of the page's maps.
  void oneMapKeyboard() {
    HeatmapView a("Layer 1, head 1"), b("Layer 1, head 2"), c("Layer 2, head 1"), d("Layer 2, head 2");
    HeatmapView* grid[2][2] = {{&a, &b}, {&c, &d}};
    for (int l = 0; l < 2; ++l)
      for (int h = 0; h < 2; ++h) grid[l][h]->setMatrix(attentionOf(3 + l * 2 + h), sentence(3 + l * 2 + h), sentence(3 + l * 2 + h));
    QPointer<MaximisedHeatmap> big = MaximisedHeatmap::open(
        &a, [&](int l, int h) { return l >= 0 && l < 2 && h >= 0 && h < 2 ? grid[l][h] : nullptr; }, 0, 0);
    QCOMPARE(big->view()->title(), a.title());
    QTest::keyClick(big, Qt::Key_Right);
    QCOMPARE(big->view()->title(), b.title());
    QCOMPARE(big->view()->rows(), 4);
    QTest::keyClick(big, Qt::Key_PageDown);
    QCOMPARE(big->view()->title(), d.title());
    QCOMPARE(big->view()->rows(), 6);
    QTest::keyClick(big, Qt::Key_Right);  // no third head: stays
    QCOMPARE(big->view()->title(), d.title());
    QTest::keyClick(big, Qt::Key_Left);
    QCOMPARE(big->view()->title(), c.title());
    big->close();
  }


  // A pinned row of a long sentence in the one-map view, at 1280 x 720 and presented: the map keeps every row
  // named, and the bars under it stay a readable chart (once 5 px of bars under labels of 20 px).
  void pinnedRowOfALongSentence_data() {
    QTest::addColumn<int>("tokens");
    QTest::addColumn<double>("scale");
    for (int n : {9, 22, 32})
      for (double scale : {1.0, Appearance::kPresentationScale})
        QTest::addRow("%d tokens, scale %.1f", n, scale) << n << scale;
  }
  void pinnedRowOfALongSentence() {
    QFETCH(int, tokens);
    QFETCH(double, scale);
    Appearance::instance()->setScale(scale);
    HeatmapView source(QStringLiteral("Layer 1, head 1"));
    source.setMatrix(attentionOf(tokens), sentence(tokens), sentence(tokens));
    source.resize(300, 190);
    QPointer<MaximisedHeatmap> big = MaximisedHeatmap::open(&source);
    big->showNormal();
    big->setGeometry(0, 0, 1280, 720);
    settle(big);
    big->view()->pinRow(tokens / 2);
    settle(big);
    for (int k = 0; k < 3; ++k) {
      QTest::qWait(20);
      big->view()->pinnedBars()->plot()->replot(QCustomPlot::rpImmediateRefresh);
      settle(big);
    }
    const QString map = legibilityProblem(big->view(), big, tokens);
    QVERIFY2(map.isEmpty(), qPrintable("the map: " + map));
    const QString bars = barsProblem(big->view()->pinnedBars(), tokens);
    QVERIFY2(bars.isEmpty(), qPrintable("the bars: " + bars));
    big->close();
  }

  // A one-token map on a page is a cell a class sees, not a strip: at least 80 px high and about square.
  void oneTokenIsNotAStrip_data() {
    QTest::addColumn<QSize>("size");
    QTest::addColumn<double>("scale");
    for (QSize size : {QSize(300, 190), QSize(420, 320), QSize(1280, 720)})
      for (double scale : {1.0, Appearance::kPresentationScale})
        QTest::addRow("%dx%d, scale %.1f", size.width(), size.height(), scale) << size << scale;
  }
  void oneTokenIsNotAStrip() {
    QFETCH(QSize, size);
    QFETCH(double, scale);
    Appearance::instance()->setScale(scale);
    HeatmapView view(QStringLiteral("Layer 1, head 1"));
    view.setAxisTitles("query token (looks)", "key token (is looked at)");
    view.setMatrix(Matrix::Constant(1, 1, 1.0f), {"好"}, {"好"});
    view.resize(size);
    view.show();
    settle(&view);
    const QRect cell = view.plot()->axisRect()->rect();
    QVERIFY2(view.plot()->height() >= 80, qPrintable(QString("the plot is %1 px high").arg(view.plot()->height())));
    QVERIFY2(cell.height() >= 40 && cell.width() >= 40 && cell.height() * 2 >= cell.width() && cell.width() * 2 >= cell.height(),
             qPrintable(QString("the one cell is %1 x %2 px").arg(cell.width()).arg(cell.height())));
  }

  // The colour bar of every map a class meets reads as numbers: 1 to 32 tokens, spread or near one-hot rows, on a
  // small map of a page and in the one-map view.
  void colourBarTicksReadAsNumbers_data() {
    QTest::addColumn<int>("tokens");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<bool>("peaked");
    for (int n : {1, 2, 9, 22, 32})
      for (QSize size : {QSize(300, 190), QSize(1280, 720)})
        for (bool peaked : {false, true})
          QTest::addRow("%d tokens, %dx%d%s", n, size.width(), size.height(), peaked ? ", peaked" : "") << n << size << peaked;
  }
  void colourBarTicksReadAsNumbers() {
    QFETCH(int, tokens);
    QFETCH(QSize, size);
    QFETCH(bool, peaked);
    Matrix m = attentionOf(tokens);
    if (peaked && tokens > 1)
      for (int i = 0; i < tokens; ++i) {
        m.row(i).setConstant(1e-4f);
        m(i, (i * 5) % tokens) = 1.0f;
        m.row(i) /= m.row(i).sum();
      }
    HeatmapView view(QStringLiteral("Layer 1, head 1"));
    view.setMatrix(m, sentence(tokens), sentence(tokens));
    view.resize(size);
    view.show();
    settle(&view);
    const QString problem = colourBarProblem(&view);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
  }

  // The colour bar's title is drawn in both languages, and no Chinese character of it lies on its side: QCustomPlot
  // turns a right-hand axis title a quarter turn, which reads down the page in English and lays Chinese on its back.
  void colourBarTitleUpright_data() {
    QTest::addColumn<QString>("language");
    QTest::newRow("English") << QStringLiteral("en");
    QTest::newRow("Chinese") << QStringLiteral("zh_CN");
  }
  void colourBarTitleUpright() {
    QFETCH(QString, language);
    QVERIFY(setLanguage(language, false));
    HeatmapView view(QStringLiteral("Layer 1, head 1"));
    view.setMatrix(attentionOf(9), sentence(9), sentence(9));
    view.resize(700, 500);
    view.show();
    settle(&view);
    const QString title = WeightScaleSetting::legendTitle(WeightScale::RelativeToUniform);
    QCPAxis* turned = nullptr;
    QCPTextElement* upright = nullptr;
    for (QCPLayoutElement* element : view.plot()->plotLayout()->elements(true)) {
      if (auto* scale = qobject_cast<QCPColorScale*>(element)) turned = scale->axis();
      if (auto* text = qobject_cast<QCPTextElement*>(element)) upright = text;
    }
    QVERIFY(turned);
    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    QVERIFY2(!turned->label().contains(han), qPrintable("turned on its side: " + turned->label()));
    const QString drawn = turned->label() + (upright ? upright->text() : QString());
    QCOMPARE(QString(drawn).remove(QRegularExpression(QStringLiteral("\\s"))), QString(title).remove(QRegularExpression(QStringLiteral("\\s"))));
    if (upright) {
      for (const QString& line : upright->text().split('\n'))
        QVERIFY2(!line.contains(han) || line.size() == 1, qPrintable("a line of the upright title: " + line));
      QVERIFY2(view.plot()->rect().contains(upright->outerRect()), "the upright title runs off the plot");
    }
    QVERIFY(setLanguage(QStringLiteral("en"), false));
  }

  // ------------------------------------------------------------------------------------------- exports
  void wholeMapExport_data() {
    QTest::addColumn<int>("tokens");
    for (int n : {1, 9, 22, 32}) QTest::addRow("%d tokens", n) << n;
  }
  void wholeMapExport() {
    QFETCH(int, tokens);
    HeatmapView view(QStringLiteral("Layer 1, head 1"));
    view.setAxisTitles("query token (looks)", "key token (is looked at)");
    view.setMatrix(attentionOf(tokens), sentence(tokens), sentence(tokens));
    view.resize(300, 190);  // a small map on the page: the export is the whole map all the same
    view.show();
    settle(&view);
    std::unique_ptr<HeatmapView> figure = view.exportFigure();
    settle(figure.get());
    const QString problem = legibilityProblem(figure.get(), figure.get(), tokens);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(figure->cellNote(), QString());  // no "drag to move" hint
    QCOMPARE(figure->plot()->yAxis->label(), QString("query token (looks)"));
    QCOMPARE(figure->plot()->xAxis->label(), QString("key token (is looked at)"));
    QCOMPARE(figure->rangeLower(), view.rangeLower());  // the page's colour scale
    QCOMPARE(figure->rangeUpper(), view.rangeUpper());

    QTemporaryDir dir;
    view.exportPicture(dir.filePath("map.png"));
    const QImage png(dir.filePath("map.png"));
    QCOMPARE(png.size(), figure->size() * 2);
    QCOMPARE(png.pixelColor(2, 2), QColor(Qt::white));  // no grey window background
    view.exportPicture(dir.filePath("map.svg"));
    QFile svg(dir.filePath("map.svg"));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    const QByteArray text = svg.readAll();
    // The cells as vectors, a shape each; the only bitmap is the colour bar's gradient.
    QVERIFY2(text.count("<image") <= 1, qPrintable(QString::number(text.count("<image"))));
    QVERIFY2(text.count("<rect") + text.count("<path") >= tokens * tokens,
             qPrintable(QString("%1 rects, %2 paths").arg(text.count("<rect")).arg(text.count("<path"))));
    QVERIFY(text.contains(sentence(tokens).last().toUtf8()));
  }

  // ------------------------------------------------------------------------------------------- colour scales
  // A near one-hot row (coche → car) is strongly coloured: the relative range stops at the data, not at 10^9.
  void relativeRangeFollowsTheData() {
    Matrix m(3, 3);
    m << 1.0f - 2e-9f, 1e-9f, 1e-9f, 1e-9f, 1.0f - 2e-9f, 1e-9f, 0.2f, 0.3f, 0.5f;
    HeatmapView view;
    view.setMatrix(m);
    QVERIFY(view.rangeIsLogarithmic());
    QVERIFY2(view.rangeUpper() <= 3.0 + 1e-6, qPrintable(QString::number(view.rangeUpper())));
    QVERIFY2(view.rangeLower() >= 0.01 - 1e-9, qPrintable(QString::number(view.rangeLower())));
    const WeightRange range{view.rangeLower(), view.rangeUpper(), true};
    // The favourite is the scale's strongest colour, an equal share white.
    QCOMPARE(weightColour(view.drawnCell(0, 0), range, WeightScale::RelativeToUniform),
             Appearance::instance()->signedScale().high);
    QCOMPARE(weightColour(1.0, range, WeightScale::RelativeToUniform), Appearance::instance()->signedScale().middle);
  }

  // Maximised, a relative map keeps its logarithmic range: the same colours as on the page.
  void maximisedKeepsTheScale() {
    HeatmapView source;
    source.setMatrix(attentionOf(9), sentence(9), sentence(9));
    QVERIFY(source.rangeIsLogarithmic());
    QPointer<MaximisedHeatmap> big = MaximisedHeatmap::open(&source);
    QCOMPARE(big->view()->rangeIsLogarithmic(), source.rangeIsLogarithmic());
    QCOMPARE(big->view()->rangeLower(), source.rangeLower());
    QCOMPARE(big->view()->rangeUpper(), source.rangeUpper());
    WeightScaleSetting::instance().setScale(WeightScale::ZeroToMax);  // follows a new choice too
    QCOMPARE(big->view()->rangeIsLogarithmic(), false);
    QCOMPARE(big->view()->rangeUpper(), source.rangeUpper());
    big->close();
  }

  // Near-uniform attention in a thumbnail is pale, not a dark block.
  void thumbnailsOfUniformAttentionArePale() {
    Matrix m = Matrix::Constant(9, 9, 1.0f / 9);
    m(0, 0) += 0.001f;
    m(0, 1) -= 0.001f;
    AttentionThumbnails thumbnails;
    thumbnails.setAttention({{m}});
    for (int i = 0; i < 9; ++i)
      for (int j = 0; j < 9; ++j)
        QVERIFY2(thumbnails.cellColour(0, 0, i, j).lightnessF() > 0.8,
                 qPrintable(QString("cell %1,%2: %3").arg(i).arg(j).arg(thumbnails.cellColour(0, 0, i, j).name())));
  }

  // A one-token map has a visible cell: coloured, never white on white.
  void oneTokenIsVisible() {
    HeatmapView view;
    view.setMatrix(Matrix::Constant(1, 1, 1.0f), {"好"}, {"好"});
    view.resize(300, 260);
    view.show();
    settle(&view);
    const QImage picture = view.plot()->toPixmap().toImage();
    const QRect cell = view.plot()->axisRect()->rect();
    QVERIFY(picture.pixelColor(cell.center()) != picture.pixelColor(cell.center().x(), cell.top() - 4));
  }
};

QTEST_MAIN(TestHeatmapLegibility)
#include "test_heatmap_legibility.moc"
