// The Attention page's "Which head does this?" tab and its words view, on the tiny random BERT of the reference
// folder: the best head the tab names is the one a direct computation from readAttention finds, and the words view
// of a sentence with ## pieces has fewer rows and columns than the pieces, its rows still summing to 1.
#include "core/inference/pretrained_inference.h"

#include <QtTest>

#include <QComboBox>
#include <QTabWidget>
#include <cmath>

#include "ui/pages/attention_heads_tab.h"
#include "ui/pages/attention_page.h"
#include "ui/widgets/heatmap_view.h"
#include "tests/attention_shown.h"

using namespace al;
using namespace al::ui;

namespace {

// "cats" is read as cat ##s and "played" as play ##ed: [CLS] the cat ##s play ##ed in the house [SEP].
const char* kSentence = "the cats played in the house";

bool openBert(AttentionPage& page) {
  page.openModelDirectory(QStringLiteral(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/bert-tiny"));
  if (!QTest::qWaitFor([&] { return !page.isOpeningModel(); }, test::waitBudgetMs(60000))) return false;
  if (!page.errorText().isEmpty()) return false;
  page.setText(QString::fromUtf8(kSentence));
  return test::attentionShown(page);
}

}  // namespace

class TestAttentionHeads : public QObject {
  Q_OBJECT
 private slots:
  void theBestHeadIsTheDirectComputations() {
    AttentionPage page;
    QVERIFY(openBert(page));
    AttentionHeadsTab* tab = page.headsTab();
    // Words: [CLS] the cats played in the house [SEP]. Query "house" (6), first "cats" (2), second "played" (3).
    const QStringList words = tab->words();
    QCOMPARE(words.size(), 8);
    QCOMPARE(words[2], QStringLiteral("cats"));
    QCOMPARE(words[3], QStringLiteral("played"));
    tab->choose(6, 2, 3);

    const AnyModel& model = page.currentSessionModel()->model;
    const PretrainedAttention read = readAttention(*model.as<PretrainedBert>(), kSentence);
    QCOMPARE(read.tokens.size(), size_t(10));
    // Pieces: house is 8; cats are 2 and 3; played 4 and 5. A candidate's pieces are summed.
    double best = -2;
    size_t bestLayer = 0, bestHead = 0;
    for (size_t l = 0; l < read.attention.size(); ++l)
      for (size_t h = 0; h < read.attention[l].size(); ++h) {
        const Matrix& a = read.attention[l][h];
        const double difference = double(a(8, 2)) + a(8, 3) - a(8, 4) - a(8, 5);
        QVERIFY(std::abs(tab->table()->drawnValue(int(l), int(h)) - difference) < 1e-5);
        if (difference > best) std::tie(best, bestLayer, bestHead) = std::tuple(difference, l, h);
      }
    QCOMPARE(tab->ranking().ranked.front().layer, bestLayer);
    QCOMPARE(tab->ranking().ranked.front().head, bestHead);
    QVERIFY(std::abs(tab->ranking().ranked.front().difference - best) < 1e-5);
    if (best > 0)
      QVERIFY2(tab->verdict().contains(QStringLiteral("head %1.%2").arg(bestLayer + 1).arg(bestHead + 1)),
               qPrintable(tab->verdict()));
    QVERIFY(tab->verdict().contains(QStringLiteral("random weights")));
    // The best head's map is shown beside the table; a click on another cell shows that one.
    QVERIFY(tab->headMap()->matrix().isApprox(read.attention[bestLayer][bestHead]));
    tab->table()->clickCell(0, 0);
    QVERIFY(tab->headMap()->matrix().isApprox(read.attention[0][0]));
  }

  void theWordsViewGroupsPieces() {
    AttentionPage page;
    QVERIFY(openBert(page));
    QVERIFY(page.canShowWords());
    const int pieces = page.heatmap(0, 0)->columns();
    QCOMPARE(pieces, 10);
    page.setShowWords(true);
    QVERIFY(test::attentionShown(page));
    QVERIFY(page.showsWords());
    HeatmapView* map = page.heatmap(0, 0);
    QVERIFY(map);
    QCOMPARE(map->columns(), 8);  // cat ##s and play ##ed are one word each
    QCOMPARE(map->columnLabels()[2], QStringLiteral("cats"));
    for (int r = 0; r < map->rows(); ++r) {
      double sum = 0;
      for (int c = 0; c < map->columns(); ++c) sum += map->drawnValue(r, c);
      QVERIFY2(std::abs(sum - 1) < 1e-5, qPrintable(QString::number(sum)));
    }
    page.setShowWords(false);
    QVERIFY(test::attentionShown(page));
    QCOMPARE(page.heatmap(0, 0)->columns(), 10);
  }
};

QTEST_MAIN(TestAttentionHeads)
#include "test_attention_heads.moc"
