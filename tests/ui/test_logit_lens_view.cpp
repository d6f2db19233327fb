// The logit lens on screen (ui/widgets/logit_lens_view.h): on the Fill page (a masked-LM, a BERT) and the Generate
// page (GPT-2) a "Logit lens" tab shows layers x positions, the bottom row the model's own prediction (the core's
// table, core/teaching/logit_lens.h), darker for a more probable token, the five best in each tooltip; it is
// computed only once in view; a model it cannot read is said. Heads switched off for the model are off in the lens.
#include "core/inference/pretrained_inference.h"
#include "core/models/head_switches.h"
#include "core/teaching/logit_lens.h"

#include <QTabWidget>
#include <QTableWidget>
#include <QtTest>
#include <QSignalSpy>

#include "ui/pages/fill_page.h"
#include "ui/pages/generate_page.h"
#include "ui/widgets/logit_lens_view.h"

using namespace al;
using namespace al::ui;

namespace {

constexpr int kTimeoutMs = 60000;

QString golden(const QString& name) { return QStringLiteral(ATTENTIONLAB_SOURCE_DIR "/tests/reference/golden/") + name; }

template <class Page>
bool opens(Page& page, const QString& dir) {
  page.openModelDirectory(dir);
  return QTest::qWaitFor([&] { return !page.isOpeningModel(); }, kTimeoutMs) && page.errorText().isEmpty();
}

// The table shows `lens`: a row per state, a column per token, each cell the best guess and its tooltip the k best.
void requireTableShows(const QTableWidget* table, const teaching::LogitLens& lens) {
  QCOMPARE(table->rowCount(), static_cast<int>(lens.guesses.size()));
  QCOMPARE(table->columnCount(), static_cast<int>(lens.tokens.size()));
  for (int l = 0; l < table->rowCount(); ++l)
    for (int t = 0; t < table->columnCount(); ++t) {
      const auto& cell = lens.guesses[static_cast<size_t>(l)][static_cast<size_t>(t)];
      QCOMPARE(table->item(l, t)->text().section(u'\n', 0, 0), QString::fromStdString(cell.front().text).trimmed());
      QCOMPARE(table->item(l, t)->toolTip().split(u'\n').size(), static_cast<qsizetype>(cell.size()));
    }
  QCOMPARE(table->horizontalHeaderItem(0)->text(), QString::fromStdString(lens.texts.front()).trimmed());
}

// Every cell's probabilities, as its tooltip shows them (three decimals), and as the core's lens gives them.
QStringList probabilities(const QTableWidget* table) {
  QStringList out;
  for (int l = 0; l < table->rowCount(); ++l)
    for (int t = 0; t < table->columnCount(); ++t)
      for (const QString& line : table->item(l, t)->toolTip().split(u'\n')) out << line.section(u'\t', 1);
  return out;
}

QStringList probabilities(const teaching::LogitLens& lens) {
  QStringList out;
  for (const auto& row : lens.guesses)
    for (const auto& cell : row)
      for (const teaching::LensGuess& g : cell) out << QString::number(static_cast<double>(g.probability), 'f', 3);
  return out;
}

// The lens shown once `page`'s tab is in view and nothing is computing.
template <class Page>
bool lensShown(Page& page) {
  page.tabs()->setCurrentWidget(page.logitLens());
  return QTest::qWaitFor([&] { return !page.logitLens()->isComputing(); }, kTimeoutMs) && page.logitLens()->hasLens();
}

}  // namespace

class TestLogitLensView : public QObject {
  Q_OBJECT
 private slots:
  void generatePageShowsGpt2sLensOnceInView() {
    GeneratePage page;
    page.resize(1000, 700);
    page.show();
    page.setPrompt(QStringLiteral("the cat sat on the"));
    QVERIFY(opens(page, golden("gpt2-tiny")));
    QVERIFY(QTest::qWaitFor([&] { return !page.isBusy(); }, kTimeoutMs));
    LogitLensView* view = page.logitLens();
    QVERIFY(!view->hasLens());  // its tab is not in view: nothing computed yet
    QSignalSpy shown(view, &LogitLensView::lensShown);
    page.tabs()->setCurrentWidget(view);
    QVERIFY(view->isComputing());  // on the worker: the window goes on meanwhile
    QVERIFY(shown.wait(kTimeoutMs));
    QCOMPARE(shown.count(), 1);
    QVERIFY(!view->isComputing());
    QVERIFY2(view->hasLens(), qPrintable(view->noteText()));
    const PretrainedGpt2 gpt = loadPretrainedGpt2(golden("gpt2-tiny").toStdString());
    const teaching::LogitLens lens = teaching::logitLens(gpt, "the cat sat on the", LogitLensView::kTop);
    requireTableShows(view->table(), lens);
    QCOMPARE(view->table()->verticalHeaderItem(0)->text(), QStringLiteral("embeddings"));
    // A causal model's cell is the token after its column's: the introduction says so, and nothing of a mask.
    QVERIFY2(view->introText().contains(QStringLiteral("next")) && !view->introText().contains(QStringLiteral("MASK")),
             qPrintable(view->introText()));
    // Shading: a more probable best guess is a darker cell.
    const auto& last = lens.guesses.back();
    const auto darkest = std::max_element(last.begin(), last.end(), [](const auto& a, const auto& b) {
      return a.front().probability < b.front().probability;
    }) - last.begin();
    const auto lightest = std::min_element(last.begin(), last.end(), [](const auto& a, const auto& b) {
      return a.front().probability < b.front().probability;
    }) - last.begin();
    const int row = view->table()->rowCount() - 1;
    QVERIFY(view->table()->item(row, static_cast<int>(darkest))->background().color().lightness() <
            view->table()->item(row, static_cast<int>(lightest))->background().color().lightness());
  }

  void fillPageShowsTheLensOfTheTypedSentence() {
    FillPage page;
    page.resize(1000, 700);
    page.show();
    QVERIFY(opens(page, golden("masked-lm/learned-layer")));
    page.setText(QStringLiteral("the acting was [MASK] but the plot was dull"));
    page.tabs()->setCurrentWidget(page.logitLens());
    QVERIFY(QTest::qWaitFor([&] { return !page.logitLens()->isComputing(); }, kTimeoutMs));
    QVERIFY2(page.logitLens()->hasLens(), qPrintable(page.logitLens()->noteText()));
    requireTableShows(page.logitLens()->table(),
                      teaching::logitLens(*page.currentModel(), "the acting was [MASK] but the plot was dull",
                                          LogitLensView::kTop));
    // A masked model's cell is its own position's token: the introduction speaks of the [MASK], not of a next token.
    const QString intro = page.logitLens()->introText();
    QVERIFY2(intro.contains(QStringLiteral("[MASK]")) && !intro.contains(QStringLiteral("next")), qPrintable(intro));
    page.setText(QString());  // no sentence: an empty table and why
    QVERIFY(!page.logitLens()->hasLens());
    QCOMPARE(page.logitLens()->table()->rowCount(), 0);
    QVERIFY(!page.logitLens()->noteText().isEmpty());
  }

  // With a head switched off, the Fill page's lens is the core's with that head off, not the one with every head on.
  void fillPagesLensFollowsTheSwitchedHeads() {
    FillPage page;
    page.resize(1000, 700);
    page.show();
    QVERIFY(opens(page, golden("masked-lm/learned-layer")));
    const std::string text = "the acting was [MASK] but the plot was dull";
    page.setText(QString::fromStdString(text));
    HeadSwitches off;
    off.switchOff(0, 1);
    page.setHeadSwitches(off);
    QVERIFY2(lensShown(page), qPrintable(page.logitLens()->noteText()));
    const QStringList shown = probabilities(page.logitLens()->table());
    QCOMPARE(shown, probabilities(teaching::logitLens(*page.currentModel(), text, LogitLensView::kTop, &off)));
    QVERIFY(shown != probabilities(teaching::logitLens(*page.currentModel(), text, LogitLensView::kTop)));
    page.setHeadSwitches({});  // every head on again: the lens with every head
    QVERIFY(lensShown(page));
    QCOMPARE(probabilities(page.logitLens()->table()),
             probabilities(teaching::logitLens(*page.currentModel(), text, LogitLensView::kTop)));
  }

  // The same on the Generate page: GPT-2's lens of the text so far, with layer 1's head 0 off.
  void generatePagesLensFollowsTheSwitchedHeads() {
    GeneratePage page;
    page.resize(1000, 700);
    page.show();
    page.setPrompt(QStringLiteral("the cat sat on the"));
    QVERIFY(opens(page, golden("gpt2-tiny")));
    HeadSwitches off;
    off.switchOff(1, 0);
    page.setHeadSwitches(off);
    QVERIFY(QTest::qWaitFor([&] { return !page.isBusy(); }, kTimeoutMs));
    QVERIFY2(lensShown(page), qPrintable(page.logitLens()->noteText()));
    const auto gpt = page.currentSessionModel()->template as<PretrainedGpt2>();
    const QStringList shown = probabilities(page.logitLens()->table());
    QCOMPARE(shown, probabilities(teaching::logitLens(*gpt, "the cat sat on the", LogitLensView::kTop, &off)));
    QVERIFY(shown != probabilities(teaching::logitLens(*gpt, "the cat sat on the", LogitLensView::kTop)));
  }

  void aBertWithoutItsMaskedLmHeadIsSaid() {
    LogitLensView view;
    view.show();
    view.setSource(AnyModel{}, QStringLiteral("the cat"));
    QVERIFY(!view.hasLens());
    QVERIFY(!view.noteText().isEmpty());
    QVERIFY(!LogitLensView::canRead(AnyModel{}));
    const PretrainedBert bert = loadPretrainedBert(golden("bert-tiny").toStdString());
    QCOMPARE(LogitLensView::canRead(anyModel("bert", bert)), bert.model->hasMaskedLmHead());
  }

  // A sentence set while the lens of the one before is on the worker: only the newer one's lens reaches the table.
  void aNewerSentenceOvertakesTheLensInFlight() {
    LogitLensView view;
    view.show();
    const PretrainedGpt2 gpt = loadPretrainedGpt2(golden("gpt2-tiny").toStdString());
    const AnyModel model = anyModel("gpt2", gpt);
    QSignalSpy shown(&view, &LogitLensView::lensShown);
    view.setSource(model, QStringLiteral("the cat sat on the"));
    QVERIFY(view.isComputing());
    view.setSource(model, QStringLiteral("the cat"));
    QVERIFY(shown.wait(kTimeoutMs));
    QVERIFY(QTest::qWaitFor([&] { return !view.isComputing(); }, kTimeoutMs));
    QCOMPARE(shown.count(), 1);
    requireTableShows(view.table(), teaching::logitLens(gpt, "the cat", LogitLensView::kTop));
  }
};

QTEST_MAIN(TestLogitLensView)
#include "test_logit_lens_view.moc"
