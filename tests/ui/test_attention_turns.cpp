// The Attention page shows a new reading over several turns of the event loop, so that the window stays
// responsive for a long review: the maps one a turn, then the "Which head does this?" tab, then the "Rollout and
// saliency" tab, each in a turn of its own (each draws a map of its own), with the window's events handled in
// between. A timer of the window ticks between them; when it is all shown, every tab shows the new reading.
#include "core/inference/imdb_transformer_inference.h"

#include <QtTest>

#include "ui/pages/attention_heads_tab.h"
#include "ui/pages/attention_page.h"
#include "ui/pages/attention_rollout_tab.h"
#include "ui/widgets/heatmap_view.h"
#include "tests/attention_shown.h"
#include "tests/small_classifier.h"

using namespace al;
using namespace al::ui;

class TestAttentionTurns : public QObject {
  Q_OBJECT
 private slots:
  void theTabsTakeTheReadingInTurnsOfTheirOwn() {
    const char* text = "a wonderful film but a dull ending";  // 7 tokens
    ImdbTransformerModel m = test::smallClassifierOver(text);
    AttentionPage page;
    page.addModel(QStringLiteral("small"), std::make_shared<const ImdbTransformerModel>(std::move(m)));
    page.setText(QStringLiteral("a film"));  // 2 tokens: nothing on the page has the new reading's 7 rows
    QVERIFY(test::attentionShown(page));
    QCOMPARE(page.headsTab()->words().size(), 2);

    // What each tick of a window's timer saw: the last map drawn, the heads tab and the rollout tab filled.
    struct Seen {
      bool maps, heads, rollout;
    };
    std::vector<Seen> seen;
    QTimer tick;
    tick.setInterval(0);
    connect(&tick, &QTimer::timeout, [&] {
      const HeatmapView* last = page.heatmap(1, 2);  // layer 2's average, the last map
      seen.push_back({last && last->matrix().rows() == 7, page.headsTab()->words().size() == 7,
                      page.rolloutTab()->rolloutMap()->matrix().rows() == 7});
    });
    tick.start();
    page.setText(QString::fromUtf8(text));
    QVERIFY(test::attentionShown(page));
    tick.stop();

    QCOMPARE(page.headsTab()->words().size(), 7);
    QCOMPARE(page.rolloutTab()->rolloutMap()->matrix().rows(), 7);
    // A tick after the maps and before the heads tab, and one between the heads tab and the rollout tab.
    QVERIFY(std::any_of(seen.begin(), seen.end(), [](const Seen& s) { return s.maps && !s.heads && !s.rollout; }));
    QVERIFY(std::any_of(seen.begin(), seen.end(), [](const Seen& s) { return s.maps && s.heads && !s.rollout; }));
  }
};

QTEST_MAIN(TestAttentionTurns)
#include "test_attention_turns.moc"
