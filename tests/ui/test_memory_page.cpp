// The Memory page's Trained model tab: a language model with Transformer-XL's memory, opened on the page, reads the
// text segment after segment, and the page shows that model's own attention over [memory ; segment] (the core's
// readAttention), for the layer, head and query chosen, with the share of the weight on the memory in its caption.
#include "core/inference/causal_lm_generation.h"
#include "core/train/causal_lm_run.h"

#include <QFile>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/core/causal_lm_checks.h"
#include "ui/pages/memory_page.h"
#include "ui/pages/memory_attention_view.h"
#include "ui/widgets/segment_memory_diagram.h"

using namespace al;
using namespace al::ui;

namespace {

constexpr int kTimeoutMs = 60000;

// A tiny relative model of two layers with a memory of 8 over segments of 8, trained for two epochs on a repeated
// text.
QString trainMemoryModel(const QTemporaryDir& dir) {
  CausalLmRunSettings settings = causalLmPreset("tiny");
  settings.data = test::writeRepeatedText(dir, "tara left the key in box 4817. later tara came back for box 4817.", 40);
  settings.model.sequenceLength = 8;
  settings.model.position = CausalPosition::Relative;
  settings.model.memoryLength = 8;
  settings.model.numLayers = 2;
  settings.training.epochs = 2;
  settings.threads = 1;
  return test::trainedLmDirectory(settings, dir);
}

// Row `row` of layer `layer`'s attention, one head or the heads' average (-1).
RowVector rowOf(const CausalLmAttention& a, size_t layer, int head, Index row) {
  const std::vector<Matrix>& heads = a.attention[layer];
  if (head >= 0) return heads[static_cast<size_t>(head)].row(row);
  RowVector mean = RowVector::Zero(heads.front().cols());
  for (const Matrix& h : heads) mean += h.row(row);
  return mean / static_cast<float>(heads.size());
}

}  // namespace

class TestMemoryPage : public QObject {
  Q_OBJECT
 private slots:
  // The caption's "the top layer can draw on up to N words" follows the diagram's keys down every layer: L x M + S
  // only when the memory M is a multiple of the segment S.
  void topLayerReachFollowsTheDiagramsKeys() {
    MemoryPage page;
    auto reach = [&](int segment, int memory, int layers) {
      page.setSegmentLength(segment);
      page.setMemoryLength(memory);
      page.setLayers(layers);
      return topLayerReach(*page.diagram());
    };
    page.setRecurrence(true);
    QCOMPARE(reach(4, 4, 3), 16);  // lesson 11: 3 x 4 + 4
    QCOMPARE(reach(4, 8, 4), 36);  // 4 x 8 + 4
    QCOMPARE(reach(8, 2, 4), 34);  // each layer reaches back to the start of the segment before, then 2 more
    QVERIFY2(page.captionText().contains(QStringLiteral("up to 34 words")), qPrintable(page.captionText()));
    QCOMPARE(reach(3, 4, 2), 13);  // 2 + (4 + 2) + 4 + 1, not 2 x 4 + 3 = 11
    page.setRecurrence(false);
    QCOMPARE(reach(8, 2, 4), 8);
  }

  void showsTheTrainedModelsAttention() {
    QTemporaryDir dir;
    const QString modelDir = trainMemoryModel(dir);
    MemoryPage page;
    QVERIFY(!page.attentionView()->hasReading());  // no model: the diagram alone
    page.setText(QStringLiteral("tara left the key in box 4817. later tara came back for box 4"));  // 61 characters
    page.openModelDirectory(modelDir);
    QVERIFY(QTest::qWaitFor([&] { return !page.isOpeningModel() && page.attentionView()->hasReading() &&
                                         !page.isReading(); }, kTimeoutMs));
    QVERIFY2(page.errorText().isEmpty(), qPrintable(page.errorText()));
    QCOMPARE(page.tabs()->currentIndex(), 1);  // the Trained model tab comes forward with a model

    const CausalLmAttention expected =
        readAttention(loadCausalLm(modelDir.toStdString()), "tara left the key in box 4817. later tara came back for box 4");
    const MemoryAttentionView& view = *page.attentionView();
    QCOMPARE(view.reading().segmentStart, 56);  // segments of 8: the last one is characters 56 .. 60
    QCOMPARE(view.reading().memoryRows, 8);
    QCOMPARE(view.query(), 4);                  // the last character
    const Index last = expected.attention.front().front().rows() - 1;
    const RowVector shown = view.weights();     // the last layer, the heads' average
    QCOMPARE(shown.size(), Index{8 + 5});
    QVERIFY((shown - rowOf(expected, expected.attention.size() - 1, -1, last)).cwiseAbs().maxCoeff() < 1e-6f);
    const double share = static_cast<double>(shown.head(8).sum());
    QVERIFY(std::abs(view.memoryShare() - share) < 1e-6);
    QVERIFY2(page.modelCaptionText().contains(QString::number(100 * share, 'f', 1)), qPrintable(page.modelCaptionText()));

    page.setLayer(0);
    page.setHead(1);
    page.attentionView()->setQuery(2);
    QVERIFY((page.attentionView()->weights() - rowOf(expected, 0, 1, 2)).cwiseAbs().maxCoeff() < 1e-6f);
    QVERIFY2(page.modelCaptionText().contains(QStringLiteral("head 2")), qPrintable(page.modelCaptionText()));
  }
};

QTEST_MAIN(TestMemoryPage)
#include "test_memory_page.moc"
