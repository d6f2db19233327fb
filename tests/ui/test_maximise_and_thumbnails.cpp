// A heatmap maximised to the full screen is the same picture (numbers, labels, colour range) and Esc brings the
// page back; the Attention page's thumbnails are one per layer x head, drawn in the heatmaps' colours from the
// model's weights, and a click opens the heatmap of that layer and head.
#include "core/inference/imdb_transformer_inference.h"

#include <QtTest>

#include <QMenu>

#include <QApplication>
#include <QSettings>
#include <QTemporaryDir>

#include "ui/pages/attention_page.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/attention_thumbnails.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/maximised_heatmap.h"
#include "ui/widgets/weight_scale.h"
#include "tests/app_fixture.h"
#include "tests/attention_shown.h"

using namespace al;
using namespace al::ui;

namespace {

const char* kReview = "a good movie not bad at all";

// Three layers of three heads: every (layer, head) pair is told apart by its position in the grid.
std::shared_ptr<ImdbTransformerModel> threeByThreeModel() {
  auto m = std::make_shared<ImdbTransformerModel>();
  m->model = std::make_unique<TransformerClassifier>(TransformerConfig{
      .vocabSize = 30, .sequenceLength = 16, .embedDim = 9, .numHeads = 3, .keyDim = 3, .denseDim = 6,
      .numLayers = 3, .position = PositionKind::Learned, .dropout = 0});
  m->model->initialize(5);
  m->vocabulary = Vocabulary::build({tokenizeImdb(kReview)}, 30);
  return m;
}

MaximisedHeatmap* openWindow() {
  for (QWidget* w : QApplication::topLevelWidgets())
    if (auto* m = qobject_cast<MaximisedHeatmap*>(w); m && m->isVisible()) return m;
  return nullptr;
}

}  // namespace

class TestMaximiseAndThumbnails : public QObject {
  Q_OBJECT
  al::test::AppFixture app_;

 private slots:
  void initTestCase() {
    QVERIFY(app_.setUp("test_maximise_and_thumbnails"));
  }

  void maximiseAndRestore() {
    HeatmapView source(QStringLiteral("Layer 1, head 2"));
    Matrix m(2, 3);
    m << -1.f, 0.f, 2.f, 0.5f, 1.f, -2.f;
    source.setColouring(HeatmapView::Colouring::Signed);
    source.setMatrix(m, {"a", "b"}, {"x", "y", "z"});
    source.setAxisTitles("query", "key");
    source.show();
    QPointer<MaximisedHeatmap> big = MaximisedHeatmap::open(&source);
    QVERIFY(big->isFullScreen());
    QCOMPARE(big->view()->title(), source.title());
    QCOMPARE(big->view()->rowLabels(), source.rowLabels());
    QCOMPARE(big->view()->columnLabels(), source.columnLabels());
    QCOMPARE(big->view()->rangeLower(), source.rangeLower());
    QCOMPARE(big->view()->rangeUpper(), source.rangeUpper());
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 3; ++j) QCOMPARE(big->view()->drawnValue(i, j), source.drawnValue(i, j));
    QVERIFY(big->width() >= source.width());
    // A row clicked there is a row clicked on the page.
    QSignalSpy clicked(&source, &HeatmapView::cellClicked);
    emit big->view()->cellClicked(1, 2);
    QCOMPARE(clicked.size(), 1);
    QTest::keyClick(big, Qt::Key_Escape);
    QTRY_VERIFY(big.isNull());  // closed and gone; the page's heatmap is untouched
    QVERIFY(source.isVisible());
    QCOMPARE(source.rows(), 2);
  }

  void thumbnailsAreEveryLayerAndHead() {
    AttentionPage page;
    auto model = threeByThreeModel();
    page.addModel("three by three", model);
    page.setText(kReview);
    QVERIFY(test::attentionShown(page));
    QVERIFY(page.hasPrediction());
    AttentionThumbnails* thumbnails = page.thumbnails();
    QCOMPARE(thumbnails->layerCount(), 3);
    QCOMPARE(thumbnails->headCount(), 3);
    QCOMPARE(thumbnails->thumbnailCount(), 9);
    // The colours are the model's weights in the heatmaps' colours: each cell as its heatmap on the page draws it.
    const ImdbPrediction expected = predictText(*model->model, model->vocabulary, kReview);
    for (int l = 0; l < 3; ++l)
      for (int h = 0; h < 3; ++h) {
        Index i = 0, j = 0;
        expected.attention[size_t(l)][size_t(h)].maxCoeff(&i, &j);
        HeatmapView* map = page.heatmap(l, h);
        const WeightRange range{map->rangeLower(), map->rangeUpper(), map->rangeIsLogarithmic()};
        for (auto [row, column] : {std::pair{int(i), int(j)}, std::pair{0, 1}})
          QCOMPARE(thumbnails->cellColour(l, h, row, column),
                   weightColour(map->drawnCell(row, column), range, WeightScaleSetting::instance().scale()));
      }
    // A right click is for the switch menu only: no map opens over the page it acts on.
    QTest::mouseClick(thumbnails, Qt::RightButton, {}, thumbnails->thumbnailRect(2, 1).center());
    QVERIFY(!openWindow());
    for (QWidget* w : QApplication::topLevelWidgets())
      if (qobject_cast<QMenu*>(w)) w->close();
    // A click on layer 3, head 2 opens that heatmap.
    QTest::mouseClick(thumbnails, Qt::LeftButton, {}, thumbnails->thumbnailRect(2, 1).center());
    MaximisedHeatmap* big = openWindow();
    QVERIFY(big);
    QCOMPARE(big->view()->title(), page.heatmap(2, 1)->title());
    QCOMPARE(big->view()->title(), QStringLiteral("Layer 3, head 2"));
    for (int i = 0; i < big->view()->rows(); ++i)
      for (int j = 0; j < big->view()->columns(); ++j)
        QVERIFY(std::abs(big->view()->drawnValue(i, j) - expected.attention[2][1](i, j)) < 1e-6);
    big->close();
    // The zoom makes the thumbnails larger.
    const int side = thumbnails->thumbnailRect(0, 0).width();
    Appearance::instance()->setScale(2);
    QCOMPARE(thumbnails->thumbnailRect(0, 0).width(), 2 * side);
    Appearance::instance()->resetZoom();
  }
};

QTEST_MAIN(TestMaximiseAndThumbnails)
#include "test_maximise_and_thumbnails.moc"
