// Heads switched off on the Attention page are the model's: the Fill-in-the-blank page (a BERT both pages show) and
// the Generate page (a GPT-2) read it without them, say so in a note at their top, and read it again as every
// head was once they are back on (the note's button switches them on, on every page). The Generate page keeps its
// prompt and writes as many tokens again, now without the heads.
#include "core/inference/pretrained_inference.h"

#include <QtTest>

#include <QPushButton>

#include "tests/app_fixture.h"
#include "tests/attention_shown.h"
#include "ui/pages/attention_page.h"
#include "ui/pages/fill_page.h"
#include "ui/pages/generate_page.h"
#include "ui/session/model_library.h"
#include "ui/widgets/generate_controls.h"
#include "ui/widgets/switched_heads_note.h"
#include "ui/widgets/weight_bars.h"

using namespace al;
using namespace al::ui;

namespace {

constexpr int kTimeoutMs = 60000;

QString golden(const QString& name) { return QStringLiteral(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/") + name; }

bool opens(ModelPage& page, const QString& dir) {
  page.openModelDirectory(dir);
  return QTest::qWaitFor([&] { return !page.isOpeningModel(); }, kTimeoutMs) && page.errorText().isEmpty();
}

// A page beside the Attention page, both observing one library; open puts a golden pretrained model on the page,
// and it arrives on both (true once the Attention page has read it).
template <class Page>
struct BesideAttention {
  ModelLibrary library;
  AttentionPage attention{&library};
  Page page{&library};
  bool open(const QString& model) { return opens(page, golden(model)) && test::attentionShown(attention); }
};

bool idle(GeneratePage& page) { return QTest::qWaitFor([&] { return !page.isBusy(); }, kTimeoutMs); }

// The first blank's candidates: their words and probabilities, best first.
std::vector<std::pair<std::string, float>> candidates(const FillPage& page) {
  std::vector<std::pair<std::string, float>> out;
  if (!page.hasResult() || page.result().predictions.empty()) return out;
  for (const auto& c : page.result().predictions[0].top) out.emplace_back(c.token, c.probability);
  return out;
}

// The id GPT-2 would write next after `ids`, read in one forward pass with `switches`.
int64_t greedyNext(const PretrainedGpt2& gpt, const std::vector<int64_t>& ids, const HeadSwitches& switches) {
  pretrained::Gpt2Options options;
  options.headSwitches = &switches;
  const Matrix logits = gpt.model->forward(ids, options).logits;  // T x V
  Index best = 0;
  logits.row(logits.rows() - 1).maxCoeff(&best);
  return best;
}

}  // namespace

class TestSwitchedHeadsPages : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { QVERIFY(app_.setUp("test_switched_heads_pages")); }

  void fillFollowsTheAttentionPagesSwitches() {
    BesideAttention<FillPage> pages;
    auto& [library, attention, fill] = pages;
    fill.setText(QStringLiteral("the acting was [MASK] but the plot was dull"));
    QVERIFY(pages.open("bert-tiny"));
    QCOMPARE(attention.currentModelName(), fill.currentModelName());  // the model arrived on both pages
    const auto allOn = candidates(fill);
    QVERIFY(!allOn.empty());
    QVERIFY(fill.switchedHeadsNote()->text().isEmpty());

    attention.setHeadSwitchedOff(1, 0, true);
    QVERIFY(test::attentionShown(attention));
    const auto withoutHead = candidates(fill);
    QCOMPARE(withoutHead.size(), allOn.size());
    QVERIFY(withoutHead != allOn);
    // The core's candidates for that switch.
    HeadSwitches off;
    off.switchOff(1, 0);
    const BertFill expected = fillBert(*fill.currentBert(), fill.text().toStdString(), int(allOn.size()), &off);
    QCOMPARE(withoutHead.front().second, expected.predictions[0].top.front().probability);
    QVERIFY2(fill.switchedHeadsNote()->text().contains("L2 H1"), qPrintable(fill.switchedHeadsNote()->text()));

    attention.setHeadSwitchedOff(1, 0, false);
    QVERIFY(candidates(fill) == allOn);  // exactly, as before
    QVERIFY(fill.switchedHeadsNote()->text().isEmpty());

    // The note's button switches every head on, on the Attention page too.
    attention.setHeadSwitchedOff(0, 1, true);
    QVERIFY(test::attentionShown(attention));
    QVERIFY(candidates(fill) != allOn);
    fill.switchedHeadsNote()->allOnButton()->click();
    QVERIFY(test::attentionShown(attention));
    QVERIFY(candidates(fill) == allOn);
    QVERIFY(attention.headSwitches().empty());
  }

  void generateFollowsTheAttentionPagesSwitches() {
    BesideAttention<GeneratePage> pages;
    auto& [library, attention, generate] = pages;
    generate.setPrompt(QStringLiteral("the cat sat on the"));
    QVERIFY(pages.open("gpt2-tiny"));
    QVERIFY(idle(generate));
    generate.controls()->setTokensPerRun(6);
    const std::vector<int64_t> prompt = generate.ids();
    const RowVector allOnBars = generate.candidateBars()->weights();
    generate.generate();
    QVERIFY(idle(generate));
    const std::vector<int64_t> allOn = generate.generatedIds();
    QCOMPARE(allOn.size(), size_t{6});

    // Switching a head keeps the prompt and writes as many tokens again, each the core's greedy choice without the
    // head, the text so far read again.
    attention.setHeadSwitchedOff(0, 0, true);
    QVERIFY(test::attentionShown(attention));
    QVERIFY(idle(generate));
    QCOMPARE(generate.prompt(), QStringLiteral("the cat sat on the"));
    QCOMPARE(std::vector<int64_t>(generate.ids().begin(), generate.ids().begin() + generate.promptLength()), prompt);
    QCOMPARE(generate.generatedIds().size(), size_t{6});
    QVERIFY2(generate.switchedHeadsNote()->text().contains("L1 H1"), qPrintable(generate.switchedHeadsNote()->text()));
    const auto gpt = generate.currentSessionModel()->as<PretrainedGpt2>();
    std::vector<int64_t> ids = prompt;
    for (const int64_t id : generate.generatedIds()) {
      QCOMPARE(id, greedyNext(*gpt, ids, attention.headSwitches()));
      ids.push_back(id);
    }
    QVERIFY(generate.generatedIds() != allOn);  // the head changes what the model writes

    // Reset still goes back to the prompt alone, its bars without the head.
    generate.reset();
    QVERIFY(idle(generate));
    QCOMPARE(generate.ids(), prompt);
    QVERIFY(!generate.candidateBars()->weights().isApprox(allOnBars));

    // Every head on: the page writes what it wrote with every head (one token shown, one written again).
    generate.nextToken();
    QVERIFY(idle(generate));
    attention.switchEveryHeadOn();
    QVERIFY(test::attentionShown(attention));
    QVERIFY(idle(generate));
    QCOMPARE(generate.generatedIds(), std::vector<int64_t>(allOn.begin(), allOn.begin() + 1));
    generate.generate();
    QVERIFY(idle(generate));
    const std::vector<int64_t> written = generate.generatedIds();
    QCOMPARE(std::vector<int64_t>(written.begin(), written.begin() + 6), allOn);
    QVERIFY(generate.switchedHeadsNote()->text().isEmpty());
  }

 private:
  test::AppFixture app_;
};

QTEST_MAIN(TestSwitchedHeadsPages)
#include "test_switched_heads_pages.moc"
