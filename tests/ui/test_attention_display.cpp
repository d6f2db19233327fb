// What the attention displays show a class, checked on the widgets: every row and column of a heatmap named and a
// clicked cell named by both tokens; a colour scale that shows the structure of nearly uniform attention (and the
// choice of three scales, the Word order tab's two maps on one); a one-token sentence drawn as a 1 x 1 map;
// unknown words marked where the model read [UNK]; figure exports that hold the figure only, as vectors.
#include "core/inference/imdb_transformer_inference.h"
#include "core/teaching/attention_steps.h"

#include <QtTest>

#include <QMenu>
#include <QApplication>

#include <QComboBox>
#include <QSpinBox>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QPdfWriter>
#include <QTemporaryDir>
#include <cmath>
#include <limits>
#include <qcustomplot.h>

#include "ui/widgets/export.h"
#include "ui/pages/attention_page.h"
#include "ui/pages/chatbot_page.h"
#include "ui/pages/stepper_page.h"
#include "ui/widgets/matrix_view.h"
#include "ui/widgets/palette.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/attention_thumbnails.h"
#include "ui/widgets/maximised_heatmap.h"
#include "ui/widgets/weight_scale.h"
#include "tests/attention_shown.h"

using namespace al;
using namespace al::ui;

namespace {

// The default sentence of the Attention page: 22 tokens.
const char* kReview = "This movie was not good at all. The acting was wooden and the story made no sense, "
                      "but the music was wonderful.";

QStringList tokenLabels(int count) {
  QStringList labels;
  for (int i = 0; i < count; ++i) labels << QString("word%1").arg(i + 1);
  return labels;
}

// Nearly uniform attention, as a trained IMDB model gives: every weight within 30 % of 1/T, rows summing to 1.
Matrix nearlyUniform(int T) {
  Matrix a(T, T);
  for (int i = 0; i < T; ++i) {
    for (int j = 0; j < T; ++j) a(i, j) = 1.0f + 0.3f * std::sin(1.7f * float(i * T + j));
    a.row(i) /= a.row(i).sum();
  }
  return a;
}

// The colour the plot shows at a cell's centre.
QColor drawnColour(HeatmapView& view, int row, int column) {
  view.plot()->replot(QCustomPlot::rpImmediateRefresh);
  const QImage image = view.plot()->toPixmap().toImage();
  return image.pixelColor(view.plot()->xAxis->coordToPixel(column), view.plot()->yAxis->coordToPixel(row));
}

void show(QWidget& widget, int width, int height) {
  widget.resize(width, height);
  widget.show();
  QVERIFY(QTest::qWaitForWindowExposed(&widget));
}

void settle(HeatmapView& view) {
  for (int i = 0; i < 3; ++i) {
    view.plot()->replot(QCustomPlot::rpImmediateRefresh);
    QCoreApplication::processEvents();
  }
}

// A heatmap of the Attention page's size showing nearly uniform attention over `count` named tokens; the names.
QStringList showNamedMap(HeatmapView& view, int count) {
  show(view, 340, 400);
  const QStringList labels = tokenLabels(count);
  view.setMatrix(nearlyUniform(count), labels, labels);
  settle(view);
  return labels;
}

QStringList ticks(QCPAxis* axis) {
  const auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(axis->ticker());
  return ticker ? QStringList(ticker->ticks().values()) : QStringList();
}

std::shared_ptr<ImdbTransformerModel> makeModel(int layers = 1) {
  auto m = std::make_shared<ImdbTransformerModel>();
  m->model = std::make_unique<TransformerClassifier>(TransformerConfig{
      .vocabSize = 60, .sequenceLength = 32, .embedDim = 16, .numHeads = 2, .keyDim = 8, .denseDim = 8,
      .numLayers = layers, .position = PositionKind::Learned, .dropout = 0});
  m->model->initialize(17);
  m->vocabulary = Vocabulary::build({tokenizeImdb(kReview)}, 60);
  return m;
}

}  // namespace

class TestAttentionDisplay : public QObject {
  Q_OBJECT
 private slots:
  void everyTokenLabelled();
  void longReviewKeepsEveryLabel();
  void clickedCellNamesBothTokens();
  void nearlyUniformAttentionShowsStructure();
  void threeColourScales();
  void wordOrderMapsShareOneScale();
  void oneTokenDrawsOneCell();
  void oneMapTakesTheWholeSpace();
  void unknownWordsMarked();
  void chatbotNamesUnknownWords();
  void figureExportHoldsTheFigureOnly();
  void stepThroughShowsTheTrainedLayersSettings();
  void unscaledScoresAreNotCalledScaled();
  void stepTablesRoundAsTheText();
  void maskedCellsDrawnAsMasked();
  void relativeScaleTicksReadable_data();
  void relativeScaleTicksReadable();
};

// Item 1: on the default 22-token sentence in a heatmap of the page's size, every row and column is named.
void TestAttentionDisplay::everyTokenLabelled() {
  HeatmapView view;
  const QStringList labels = showNamedMap(view, 22);
  QCOMPARE(ticks(view.plot()->xAxis), labels);
  QCOMPARE(ticks(view.plot()->yAxis), labels);
}

// A review too long for a label per cell opens zoomed so that every token in view is still named.
void TestAttentionDisplay::longReviewKeepsEveryLabel() {
  HeatmapView view;
  const QStringList labels = showNamedMap(view, 300);
  const QStringList x = ticks(view.plot()->xAxis);
  QVERIFY(x.size() >= 10);
  QCOMPARE(x, labels.mid(0, x.size()));  // consecutive, none skipped
  QVERIFY(view.plot()->xAxis->range().size() <= x.size() + 1);
  QVERIFY(view.plot()->xAxis->tickLabelFont().pixelSize() >= 8);
}

// A click on a cell names the query token and the key token under the map.
void TestAttentionDisplay::clickedCellNamesBothTokens() {
  HeatmapView view;
  const QStringList labels = showNamedMap(view, 12);
  const QPoint cell(view.plot()->xAxis->coordToPixel(7), view.plot()->yAxis->coordToPixel(3));
  QTest::mouseClick(view.plot(), Qt::LeftButton, {}, cell);
  auto* note = view.findChild<QLabel*>("heatmapCellNote");
  QVERIFY(note);
  QVERIFY2(note->text().contains("word4") && note->text().contains("word8"), qPrintable(note->text()));
}

// Item 2: nearly uniform attention is not one dark block. By default an equal share (1/T) is white, more is red,
// less is blue: the structure shows.
void TestAttentionDisplay::nearlyUniformAttentionShowsStructure() {
  HeatmapView view;
  show(view, 500, 500);
  Matrix a = nearlyUniform(10);
  a.row(0).setConstant(0.1f);               // an equal share everywhere
  a.row(1) << 0.13f, 0.07f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f, 0.1f;  // a little more, a little less
  view.setMatrix(a);
  settle(view);
  const QColor equal = drawnColour(view, 0, 0), more = drawnColour(view, 1, 0), less = drawnColour(view, 1, 1);
  QVERIFY2(equal.lightnessF() > 0.9, qPrintable(equal.name()));
  QVERIFY2(more.red() > more.blue() + 40, qPrintable(more.name()));
  QVERIFY2(less.blue() > less.red() + 40, qPrintable(less.name()));
  QVERIFY(std::abs(view.drawnValue(1, 0) - 0.13) < 1e-6);  // the weight itself is kept for the tooltip and the tests
}

// The three scales, from the menu of the Figure button beside the Attention page's tabs.
void TestAttentionDisplay::threeColourScales() {
  AttentionPage page;
  page.addModel("test", makeModel());
  page.setText(kReview);
  QVERIFY(test::attentionShown(page));
  auto* menu = page.findChild<QMenu*>("figureMenu");
  QVERIFY(menu);
  const auto choose = [menu](int scale) {  // the menu as it opens: the three scales first, the one in use checked
    emit menu->aboutToShow();
    QAction* action = menu->actions().at(scale);
    QVERIFY(action->isCheckable());
    action->trigger();
    emit menu->aboutToShow();
    QVERIFY(menu->actions().at(scale)->isChecked());
  };
  HeatmapView* map = page.heatmap(0, 0);
  const double largest = map->matrix().maxCoeff();
  choose(2);  // fixed 0 to 1
  QCOMPARE(map->rangeLower(), 0.0);
  QCOMPARE(map->rangeUpper(), 1.0);
  choose(1);  // 0 to the map's maximum
  QVERIFY(std::abs(map->rangeUpper() - largest) < 1e-6);
  choose(0);  // relative to an equal share: logarithmic, from the data's smallest to its largest share
  QVERIFY(map->rangeIsLogarithmic());
  const double T0 = map->columns();
  QVERIFY(map->rangeLower() < 1 && map->rangeUpper() > 1);
  QVERIFY(std::abs(map->rangeUpper() - std::max(1.25, largest * T0)) < 1e-4);
  const int T = map->columns();
  QVERIFY(std::abs(map->drawnCell(2, 3) - map->matrix()(2, 3) * T) < 1e-4);
}

// Both maps of the Word order tab use one colour range.
void TestAttentionDisplay::wordOrderMapsShareOneScale() {
  AttentionPage page;
  page.addModel("test", makeModel());
  page.setText(kReview);
  QVERIFY(test::attentionShown(page));
  page.shuffleWords();
  HeatmapView* a = page.originalOrderView();
  HeatmapView* b = page.shuffledOrderView();
  QCOMPARE(a->rangeLower(), b->rangeLower());
  QCOMPARE(a->rangeUpper(), b->rangeUpper());
}

// Item 3: a one-token sentence is a 1 x 1 map, drawn as one coloured cell.
void TestAttentionDisplay::oneTokenDrawsOneCell() {
  HeatmapView view;
  show(view, 300, 300);
  view.setColouring(HeatmapView::Colouring::Signed);
  Matrix one(1, 1);
  one(0, 0) = 0.8f;
  view.setMatrix(one, {"good"}, {"good"});
  settle(view);
  const QColor colour = drawnColour(view, 0, 0);
  QVERIFY2(colour.red() > colour.green() + 60, qPrintable(colour.name()));  // the diverging scale's red, not blank

  AttentionPage page;
  page.addModel("test", makeModel());
  page.setText("good");
  QVERIFY(test::attentionShown(page));
  QCOMPARE(page.heatmap(0, 0)->rows(), 1);
  QCOMPARE(page.heatmap(0, 0)->drawnValue(0, 0), 1.0);
}

// Issue 28, item 1: at 1280 x 720 a two-layer model's six maps are too small for a room to read; "one map" gives
// the chosen map the space of all six (the thumbnails choose it), and "every map" brings them all back.
void TestAttentionDisplay::oneMapTakesTheWholeSpace() {
  AttentionPage page;
  page.addModel("test", makeModel(2));
  show(page, 1400, 900);
  // A short sentence, whose six maps can each name every token at this size (a long review, or less room, would be
  // shown one map at a time by itself: test_attention_language's legibility check).
  page.setText("the film was not good");
  QVERIFY(test::attentionShown(page));
  QVERIFY(!page.showsOneMap());
  const QSize small = page.heatmap(1, 1)->size();
  for (int l = 0; l < 2; ++l)
    for (int h = 0; h < 3; ++h) QVERIFY(page.heatmap(l, h)->isVisible());

  emit page.thumbnails()->opened(1, 1);  // every map: a thumbnail maximises; one map: it chooses
  QVERIFY(!page.showsOneMap());
  int maximised = 0;
  for (QWidget* w : QApplication::topLevelWidgets())
    if (auto* m = qobject_cast<MaximisedHeatmap*>(w)) {
      ++maximised;
      m->close();
    }
  QCOMPARE(maximised, 1);
  page.showOneMap(1, 2);  // layer 2's average
  QVERIFY(page.showsOneMap());
  emit page.thumbnails()->opened(1, 1);
  QCOMPARE(page.mapsShownBox()->currentText(), page.mapsShownBox()->itemText(1 + 3 + 1));
  QCoreApplication::processEvents();
  for (int l = 0; l < 2; ++l)
    for (int h = 0; h < 3; ++h) QCOMPARE(page.heatmap(l, h)->isVisible(), l == 1 && h == 1);
  const QSize large = page.heatmap(1, 1)->size();
  QVERIFY2(large.width() >= 2 * small.width() && large.height() >= small.height(),
           qPrintable(QString("%1x%2 from %3x%4").arg(large.width()).arg(large.height()).arg(small.width()).arg(small.height())));

  page.setText("good bad");  // a new reading keeps one map
  QVERIFY(test::attentionShown(page));
  QVERIFY(page.showsOneMap());
  int shown = 0;
  for (int l = 0; l < 2; ++l)
    for (int h = 0; h < 3; ++h) shown += page.heatmap(l, h)->isVisible();
  QCOMPARE(shown, 1);
  {
    AttentionPage next;  // the choice holds for the next session
    next.addModel("test", makeModel(2));
    next.setText(kReview);
    QVERIFY(test::attentionShown(next));
    QVERIFY(next.showsOneMap());
  }
  page.showEveryMap();
  for (int l = 0; l < 2; ++l)
    for (int h = 0; h < 3; ++h) QVERIFY(page.heatmap(l, h)->isVisible());
  AttentionPage after;
  after.addModel("test", makeModel(2));
  after.setText(kReview);
  QVERIFY(test::attentionShown(after));
  QVERIFY(!after.showsOneMap());
}

// Item 8: the model read [UNK] for a word it does not know: its heatmap labels say so, the token notes name it and
// the prediction says which words the model has never seen.
void TestAttentionDisplay::unknownWordsMarked() {
  AttentionPage page;
  page.addModel("test", makeModel());
  page.setText("the music was the bomb");
  QVERIFY(test::attentionShown(page));
  const QStringList labels = page.heatmap(0, 0)->rowLabels();
  QCOMPARE(labels.at(1), QString("music"));
  QCOMPARE(labels.at(4), QString("bomb→[UNK]"));
  QCOMPARE(page.heatmap(0, 0)->columnLabels().at(4), QString("bomb→[UNK]"));
  QVERIFY2(page.tokensText().contains("unknown: “bomb”"), qPrintable(page.tokensText()));
  QVERIFY2(page.predictionText().contains("“bomb”"), qPrintable(page.predictionText()));
}

// The chatbot's "word(s) unknown" line says which.
void TestAttentionDisplay::chatbotNamesUnknownWords() {
  ChatbotPage page;
  page.addModel("toy", std::make_shared<ChatbotModel>(teaching::toyChatbot("where did you buy that bike ?", 8, 5, 3)));
  page.ask("where did you buy that bomb ?");
  bool named = false;
  for (QLabel* label : page.findChildren<QLabel*>())
    named = named || (label->text().contains("unknown") && label->text().contains("“bomb”"));
  QVERIFY(named);
}

// Item 15: File › Export figure on the Attention page writes the figure only: no text box, no buttons, no scroll
// bars; in SVG and PDF as vectors (a rectangle per heatmap cell, the tokens as text), in PNG at twice the pixels.
void TestAttentionDisplay::figureExportHoldsTheFigureOnly() {
  AttentionPage page;
  show(page, 1280, 720);
  page.addModel("test", makeModel());
  page.setText("the movie was good");
  QVERIFY(test::attentionShown(page));
  QTest::qWait(100);  // the new heatmaps are shown and laid out by the event loop, before a user can export
  QTemporaryDir dir;
  const QString svgPath = dir.filePath("figure.svg"), pdfPath = dir.filePath("figure.pdf"),
                pngPath = dir.filePath("figure.png");
  for (const QString& path : {svgPath, pdfPath, pngPath}) page.exportFigureTo(path);
  QFile file(svgPath);
  QVERIFY(file.open(QIODevice::ReadOnly));
  const QString svg = QString::fromUtf8(file.readAll());
  if (qEnvironmentVariableIsSet("KEEP_SVG")) QFile::copy(svgPath, qEnvironmentVariable("KEEP_SVG"));
  // No bitmap but the colour scales' gradient strips (10 pixels wide, one per map): the cells are rectangles.
  QCOMPARE(svg.count("<image"), 3);
  QCOMPARE(svg.count(QRegularExpression("<image[^>]* width=\"10\"")), 3);
  QVERIFY(!svg.contains("Show attention"));             // no button
  QVERIFY(!svg.contains("Type or paste"));              // no text box
  QVERIFY(svg.contains(">movie<"));                     // the tokens as text
  QVERIFY(svg.count("<rect") >= 3 * 16);                // three maps of 4 x 4 cells, each a rectangle
  QFile pdf(pdfPath);
  QVERIFY(pdf.open(QIODevice::ReadOnly));
  const QByteArray pdfBytes = pdf.readAll();
  QVERIFY(pdfBytes.startsWith("%PDF"));
  QVERIFY(pdfBytes.count("/Subtype /Image") <= 3);  // the three colour scales' strips, no map as a picture
  const QImage png(pngPath);
  QCOMPARE(png.size(), page.figure()->size() * 2);
}

static int stepIndex(const StepperPage& page, const std::string& key) {
  for (int i = 0; i < page.stepCount(); ++i)
    if (page.steps()[size_t(i)].key == key) return i;
  return -1;
}

// Item 7: walking the first layer of a trained model, the settings shown are that model's (D 16, H 2, K 8, F 8,
// learned position), not the toy's (D 8, K 4, sinusoidal); back on the toy, the toy's come back.
void TestAttentionDisplay::stepThroughShowsTheTrainedLayersSettings() {
  StepperPage page;
  page.setModel("Run 1", anyModelOf<ImdbTransformerModel>(makeModel()));
  page.useTrainedModel(true);
  QVERIFY(page.usesTrainedModel());
  auto* width = page.findChild<QSpinBox*>("widthBox");
  auto* key = page.findChild<QLabel*>("keyDimension");
  auto* feedForward = page.findChild<QSpinBox*>("feedForwardBox");
  auto* position = page.findChild<QComboBox*>("positionBox");
  QVERIFY(width && key && feedForward && position);
  QCOMPARE(width->value(), 16);
  QCOMPARE(key->text(), QString("8"));
  QCOMPARE(feedForward->value(), 8);
  QCOMPARE(position->currentData().toInt(), int(PositionKind::Learned));
  page.useTrainedModel(false);
  QCOMPARE(width->value(), 8);
  QCOMPARE(key->text(), QString("4"));
  QCOMPARE(position->currentData().toInt(), int(PositionKind::Sinusoidal));
}

// With the ÷√K switch off, the grids of that step are not called "scaled scores".
void TestAttentionDisplay::unscaledScoresAreNotCalledScaled() {
  StepperPage page;
  page.setScaling(false);
  page.showStep(stepIndex(page, "scale"));
  QVERIFY(!page.gridViews().isEmpty());
  for (MatrixView* view : page.gridViews()) QVERIFY2(!view->title().contains("scaled scores"), qPrintable(view->title()));
}

// The sidebar's sharpness, the softmax step's text and its sharpness tables round alike (3 decimals).
void TestAttentionDisplay::stepTablesRoundAsTheText() {
  StepperPage page;
  page.showStep(stepIndex(page, "softmax"));
  const auto& sharpness = page.walk().sharpness;
  const QString entropy = QString::number(sharpness.entropyScaled[0], 'f', 3);
  QVERIFY(page.sharpnessText().contains(entropy));
  QVERIFY(page.explanationText().contains(entropy));
  MatrixView* table = nullptr;
  for (MatrixView* view : page.gridViews())
    if (view->columns() == 4) table = view;
  QVERIFY(table);
  QCOMPARE(table->text(0, 0), QString::number(table->value(0, 0), 'f', 3));
}

// A masked score (−∞) is drawn grey, not as the colour scale's most negative colour.
void TestAttentionDisplay::maskedCellsDrawnAsMasked() {
  HeatmapView view;
  show(view, 300, 300);
  view.setColouring(HeatmapView::Colouring::Signed);
  Matrix scores(3, 3);
  scores << 1, -2, -std::numeric_limits<float>::infinity(), 0.5f, 2, -1, -1, 0, 1;
  view.setMatrix(scores);
  settle(view);
  const QColor masked = drawnColour(view, 0, 2), lowest = drawnColour(view, 0, 1);
  QCOMPARE(masked, palette::kMutedCell);
  QVERIFY(lowest.blue() > lowest.red() + 40);
  QVERIFY(view.toolTipFor(0, 2).contains("−∞"));
}


// The legend of the "relative to uniform" scale of a sharp alignment (a trained chatbot's weights run from about
// 1e-6 to 1): its tick labels stand apart, a label's height and a gap, and they span the range, not its middle.
void TestAttentionDisplay::relativeScaleTicksReadable_data() {
  QTest::addColumn<int>("height");
  QTest::addColumn<double>("smallest");
  QTest::newRow("chatbot page, sharp") << 400 << 1e-6;
  QTest::newRow("small map, sharp") << 240 << 1e-6;
  QTest::newRow("mild") << 400 << 0.05;
}

void TestAttentionDisplay::relativeScaleTicksReadable() {
  QFETCH(int, height);
  QFETCH(double, smallest);
  WeightScaleSetting::instance().setScale(WeightScale::RelativeToUniform);
  HeatmapView view;
  show(view, 700, height);
  const int T = 9;
  Matrix a(T, T);  // each row: one key takes nearly everything, the others from `smallest` up
  for (int i = 0; i < T; ++i) {
    for (int j = 0; j < T; ++j) a(i, j) = float(smallest * std::pow(3.0, (i + j) % T));
    a(i, i) = 1.0f;
    a.row(i) /= a.row(i).sum();
  }
  view.setMatrix(a, tokenLabels(T), tokenLabels(T));
  settle(view);
  QCPColorScale* scale = nullptr;
  for (QCPLayoutElement* element : view.plot()->plotLayout()->elements(true))
    if (auto* s = qobject_cast<QCPColorScale*>(element)) scale = s;
  QVERIFY(scale);
  QCPAxis* axis = scale->axis();
  const auto ticker = qSharedPointerDynamicCast<QCPAxisTickerText>(axis->ticker());
  QVERIFY(ticker);
  const QList<double> values = ticker->ticks().keys();
  QVERIFY2(values.size() >= 3, qPrintable(QStringLiteral("%1 tick(s)").arg(values.size())));
  QVERIFY(values.contains(1.0));  // an equal share is always named
  const double labelHeight = QFontMetrics(axis->tickLabelFont()).height();
  for (qsizetype k = 1; k < values.size(); ++k) {
    const double gap = std::abs(axis->coordToPixel(values[k]) - axis->coordToPixel(values[k - 1]));
    QVERIFY2(gap >= 1.2 * labelHeight, qPrintable(QStringLiteral("ticks %1 and %2 only %3 px apart, labels %4 px high")
                                                     .arg(ticker->ticks()[values[k - 1]], ticker->ticks()[values[k]])
                                                     .arg(gap).arg(labelHeight)));
  }
  // The ticks reach at least half-way (in the log) to both ends of the range.
  const QCPRange range = axis->range();
  QVERIFY2(values.first() <= std::sqrt(range.lower) && values.last() >= std::sqrt(range.upper),
           qPrintable(QStringLiteral("ticks %1 .. %2 in a range %3 .. %4")
                          .arg(values.first()).arg(values.last()).arg(range.lower).arg(range.upper)));
}

QTEST_MAIN(TestAttentionDisplay)
#include "test_attention_display.moc"
