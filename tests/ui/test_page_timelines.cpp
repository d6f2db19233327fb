// The training timeline on the Chatbot, Memory and Step-through pages: for a model trained a few steps while a
// timeline watched its corpus's own sentence, each page shows the bar; at a moment it shows what the timeline stored
// for the watched sentence (the chatbot's answer and its alignment, a Transformer's encoder maps; the language
// model's maps over its memory and segment; on Step through, every layer's maps or the answer's alignment in place
// of the walk, under a note in the language of the interface), to 1e-6; the last position is the kept model's view,
// which equals the last moment recorded (one epoch: the model kept is the last one); a sentence the run did not
// watch gives way to the watched one; the moment shown is read and set for sessions.
// Core headers first (they must not see Qt's `emit`).
#include "core/catalogue/model_catalogue.h"
#include "core/inference/causal_lm_generation.h"
#include "core/inference/model_attention.h"
#include "core/inference/training_timeline.h"
#include "core/train/hyperparameters.h"
#include "core/train/timeline_recorder.h"

#include <QSignalSpy>
#include <qcustomplot.h>
#include <QStackedWidget>
#include <QJsonObject>
#include <QtTest>

#include <cmath>
#include <functional>

#include "tests/app_fixture.h"
#include "tests/recorded_model.h"
#include "tests/wait_budget.h"
#include "ui/pages/attention_page.h"
#include "ui/pages/chatbot_page.h"
#include "ui/pages/memory_attention_view.h"
#include "ui/pages/memory_page.h"
#include "ui/pages/stepper_page.h"
#include "ui/pages/timeline_moments.h"
#include "ui/session/model_library.h"
#include "ui/text/language.h"
#include "ui/widgets/attention_grid.h"
#include "ui/widgets/heatmap_view.h"
#include "ui/widgets/timeline_bar.h"

using namespace al;
using namespace al::ui;

namespace {

constexpr int kTimeoutMs = al::test::waitBudgetMs(120000);

double difference(const Matrix& a, const Matrix& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols() || a.size() == 0) return INFINITY;
  return double((a - b).cwiseAbs().maxCoeff());
}

double largestDifference(const std::vector<std::vector<Matrix>>& a, const std::vector<std::vector<Matrix>>& b) {
  if (a.size() != b.size() || a.empty()) return INFINITY;
  double largest = 0;
  for (size_t l = 0; l < a.size(); ++l) {
    if (a[l].size() != b[l].size()) return INFINITY;
    for (size_t h = 0; h < a[l].size(); ++h) largest = std::max(largest, difference(a[l][h], b[l][h]));
  }
  return largest;
}

using al::test::recordedModel;  // tests/recorded_model.h

// The moment whose stored matrices (by `of`) differ most from the last one's: a tiny model changes little late on.
template <class Of>
int mostDifferentMoment(const TrainingTimeline& timeline, Of of) {
  int best = 0;
  double largest = -1;
  const auto& last = of(timeline.snapshots.back().probes[0]);
  for (size_t k = 0; k + 1 < timeline.snapshots.size(); ++k)
    if (const double d = largestDifference(of(timeline.snapshots[k].probes[0]), last); std::isfinite(d) && d > largest) {
      largest = d;
      best = int(k);
    }
  return best;
}

}  // namespace

class TestPageTimelines : public QObject {
  Q_OBJECT
  al::test::AppFixture app_;

 private slots:
  void initTestCase() { QVERIFY(app_.setUp("test_page_timelines")); }

  // The GRU chatbot and the encoder-decoder Transformer: the answer then and its alignment over the question.
  void theChatbotPageShowsTheAnswerOfAMoment_data() {
    QTest::addColumn<QString>("task");
    QTest::newRow("GRU") << "seq2seq-attention";
    QTest::newRow("Transformer") << "seq2seq-transformer";
  }
  void theChatbotPageShowsTheAnswerOfAMoment() {
    QFETCH(QString, task);
    ModelLibrary library;
    ChatbotPage page(&library);
    page.resize(1280, 720);
    page.show();
    const SessionModel model = recordedModel(task.toStdString());
    const TrainingTimeline& timeline = *model.timeline;
    QVERIFY(timeline.snapshots.size() >= 3);
    library.add(model);
    QVERIFY(page.currentSessionModel());
    TimelineBar* bar = page.timelineBar();
    QVERIFY(bar->isVisibleTo(&page));
    QCOMPARE(bar->snapshotCount(), int(timeline.snapshots.size()));
    const bool transformer = task == "seq2seq-transformer";
    QCOMPARE(bar->distancePlot()->isVisibleTo(&page), transformer);  // a GRU has no heads to plot

    const QString watched = QString::fromStdString(timeline.probes[0].text);
    page.ask(watched);
    QVERIFY(page.hasReply() || page.hasTransformerReply());
    QCOMPARE(page.shownMoment(), -1);
    const Matrix kept = page.alignmentView()->matrix();
    const QString keptAnswer = page.answerText();

    // A moment: the stored answer and alignment, not the kept model's.
    const int k = mostDifferentMoment(timeline, [](const ProbeReading& r) {
      return std::vector<std::vector<Matrix>>{{r.prediction.alignment}};
    });
    const ModelPrediction& then = timeline.snapshots[size_t(k)].probes[0].prediction;
    QCOMPARE(int(then.kind), int(PredictionKind::Answer));
    bar->setPosition(k);
    QCOMPARE(page.shownMoment(), k);
    QVERIFY(difference(page.alignmentView()->matrix(), then.alignment) <= 1e-6);
    QCOMPARE(page.alignmentView()->rowLabels().size(), qsizetype(then.answerTokens.size()));
    QVERIFY2(page.answerText().contains(QString::fromStdString(then.answer)), qPrintable(page.answerText()));
    QVERIFY2(page.answerText().contains(QString::number(timeline.snapshots[size_t(k)].step)), qPrintable(page.answerText()));
    if (transformer) {
      QVERIFY(largestDifference({{page.encoderAttention()->heatmap(0, 0)->matrix()}},
                                {{timeline.snapshots[size_t(k)].probes[0].attention[0][0]}}) <= 1e-6);
      QVERIFY(!page.findChild<QTabWidget*>()->isTabEnabled(3));  // the cross-attention is not recorded
    }

    // The last position: the kept model again, which is the last moment recorded.
    bar->setPosition(bar->snapshotCount());
    QCOMPARE(page.shownMoment(), -1);
    QCOMPARE(page.answerText(), keptAnswer);
    QVERIFY(difference(page.alignmentView()->matrix(), kept) == 0);
    QVERIFY(difference(kept, timeline.snapshots.back().probes[0].prediction.alignment) <= 1e-6);
    if (transformer) QVERIFY(page.findChild<QTabWidget*>()->isTabEnabled(3));

    // Another question gives way to the watched one at a moment.
    page.ask(QStringLiteral("where is the station"));
    bar->setPosition(0);
    QCOMPARE(page.question(), watched);
    QCOMPARE(page.shownMoment(), 0);
    QVERIFY(difference(page.alignmentView()->matrix(), timeline.snapshots[0].probes[0].prediction.alignment) <= 1e-6);

    // Sessions read and set the moment.
    QCOMPARE(page.timelineMoments()->moment(), 0);
    page.timelineMoments()->setMoment(k);
    QCOMPARE(bar->position(), k);
    page.timelineMoments()->setMoment(-1);
    QVERIFY(bar->atFinalModel());
    QCOMPARE(page.timelineMoments()->moment(), -1);

    // A session keeps the moment (the page's state, ui/pages/page_states.cpp): a page opened again goes there when
    // the model arrives.
    bar->setPosition(k);
    const QJsonObject state = page.saveState();
    QCOMPARE(state.value("moment").toInt(-1), k);
    ModelLibrary again;
    ChatbotPage restored(&again);
    restored.restoreState(state);
    again.add(model);
    QCOMPARE(restored.timelineBar()->position(), k);
    QCOMPARE(restored.shownMoment(), k);
  }

  void theMemoryPageShowsTheMapsOfAMoment() {
    ModelLibrary library;
    MemoryPage page(&library);
    page.resize(1280, 720);
    page.show();
    const SessionModel model = recordedModel("causal-lm");
    const TrainingTimeline& timeline = *model.timeline;
    library.add(model);
    QVERIFY(page.currentSessionModel());
    TimelineBar* bar = page.timelineBar();
    QVERIFY(bar->isVisibleTo(&page));
    const QString watched = QString::fromStdString(timeline.probes[0].text);
    page.setText(watched);
    // An action after which the page reads its text on the worker: done when the reading is on the page.
    auto readsAfter = [&](const std::function<void()>& action) {
      QSignalSpy finished(&page, &MemoryPage::readingFinished);
      action();
      return QTest::qWaitFor([&] { return finished.count() > 0 && !page.isReading(); }, kTimeoutMs);
    };
    auto read = [&] { return QTest::qWaitFor([&] { return !page.isReading() && page.attentionView()->hasReading(); }, kTimeoutMs); };
    QVERIFY(read());
    const CausalLmAttention live = readAttention(*model.as<CausalLmModel>(), watched.toStdString());
    QVERIFY(largestDifference(page.attentionView()->reading().attention, live.attention) <= 1e-6);
    QVERIFY(largestDifference(live.attention, timeline.snapshots.back().probes[0].attention) <= 1e-6);

    const int k = mostDifferentMoment(timeline, [](const ProbeReading& r) { return r.attention; });
    const ProbeReading& then = timeline.snapshots[size_t(k)].probes[0];
    page.attentionView()->setQuery(0);
    bar->setPosition(k);
    QVERIFY(read());
    QCOMPARE(page.shownMoment(), k);
    QVERIFY(largestDifference(page.attentionView()->reading().attention, then.attention) <= 1e-6);
    QVERIFY(largestDifference(page.attentionView()->reading().attention, live.attention) > 1e-5);
    QCOMPARE(page.attentionView()->query(), 0);  // the query chosen stays while scrubbing
    QVERIFY2(page.modelCaptionText().contains(QString::number(timeline.snapshots[size_t(k)].step)),
             qPrintable(page.modelCaptionText()));
    QVERIFY(!bar->predictionText().isEmpty());  // the next token then

    bar->setPosition(bar->snapshotCount());
    QVERIFY(read());
    QCOMPARE(page.shownMoment(), -1);
    QVERIFY(largestDifference(page.attentionView()->reading().attention, live.attention) <= 1e-6);

    QVERIFY(readsAfter([&] { page.setText(QStringLiteral("a text the run did not watch")); }));
    QCOMPARE(page.shownMoment(), -1);
    QVERIFY(readsAfter([&] { bar->setPosition(1); }));
    QCOMPARE(page.text(), watched);
    QCOMPARE(page.shownMoment(), 1);
    QVERIFY(largestDifference(page.attentionView()->reading().attention, timeline.snapshots[1].probes[0].attention) <= 1e-6);
    QCOMPARE(page.timelineMoments()->moment(), 1);
  }

  // The walk needs weights a timeline does not keep: at a moment the maps recorded then take the step's place.
  void theStepperShowsTheMapsOfAMomentInPlaceOfTheWalk() {
    ModelLibrary library;
    AttentionPage attention(&library);
    StepperPage page(&library);
    page.resize(1280, 720);
    page.show();
    const SessionModel model = recordedModel("imdb-transformer");
    const TrainingTimeline& timeline = *model.timeline;
    library.add(model);
    QCOMPARE(attention.currentSessionModel()->id, library.models().front().id);  // shown there: walked here
    page.setKind(StepperPage::Kind::SelfAttention);
    page.useTrainedModel(true);
    QVERIFY(page.usesTrainedModel());
    TimelineBar* bar = page.timelineBar();
    QVERIFY(bar->isVisibleTo(&page));
    QCOMPARE(bar->snapshotCount(), int(timeline.snapshots.size()));
    const QString watched = QString::fromStdString(timeline.probes[0].text);
    page.setSentence(watched);
    QVERIFY(page.hasWalk());
    auto* stack = page.findChild<QStackedWidget*>("stepOrMoment");
    QVERIFY(stack);
    QCOMPARE(stack->currentIndex(), 0);  // the walk
    QCOMPARE(page.shownMoment(), -1);

    // The kept model's walk: its softmax weights are the last moment's first-layer maps.
    const std::vector<std::vector<Matrix>>& last = timeline.snapshots.back().probes[0].attention;
    const Index tokens = page.walk().realTokens;
    QCOMPARE(Index(last[0][0].rows()), tokens);
    for (size_t h = 0; h < last[0].size(); ++h)
      QVERIFY(difference(page.walk().weights[h].topLeftCorner(tokens, tokens), last[0][h]) <= 1e-5);

    const int k = mostDifferentMoment(timeline, [](const ProbeReading& r) { return r.attention; });
    bar->setPosition(k);
    QCOMPARE(page.shownMoment(), k);
    QCOMPARE(stack->currentIndex(), 1);
    const ProbeReading& then = timeline.snapshots[size_t(k)].probes[0];
    for (size_t l = 0; l < then.attention.size(); ++l)
      for (size_t h = 0; h < then.attention[l].size(); ++h)
        QVERIFY(difference(page.momentMaps()->heatmap(int(l), int(h))->matrix(), then.attention[l][h]) <= 1e-6);
    QVERIFY(page.momentMaps()->isVisibleTo(&page));
    QVERIFY(!page.momentAlignment()->isVisibleTo(&page));
    const QString english = page.momentNoteText();
    QVERIFY2(english.contains(QString::number(timeline.snapshots[size_t(k)].step)) && english.contains("weights"),
             qPrintable(english));
    QVERIFY(setLanguage("zh_CN", false));
    QCoreApplication::processEvents();
    const QString chinese = page.momentNoteText();
    QVERIFY(setLanguage("en", false));
    QCoreApplication::processEvents();
    QVERIFY2(chinese != english && chinese.contains(QStringLiteral("权重")), qPrintable(chinese));
    QCOMPARE(page.shownMoment(), k);  // a language change redraws the same moment

    bar->setPosition(bar->snapshotCount());
    QCOMPARE(page.shownMoment(), -1);
    QCOMPARE(stack->currentIndex(), 0);

    // Another sentence gives way to the watched one at a moment; sessions read and set it.
    page.setSentence(QStringLiteral("The cat sat on the mat"));
    page.timelineMoments()->setMoment(0);
    QCOMPARE(page.sentence(), watched);
    QCOMPARE(page.shownMoment(), 0);
    QCOMPARE(page.timelineMoments()->moment(), 0);

    // The toy has no timeline.
    page.useTrainedModel(false);
    QVERIFY(!bar->isVisibleTo(&page));
    QCOMPARE(page.shownMoment(), -1);
  }

  // The chatbot's additive walk: the answer's alignment then.
  void theStepperShowsAChatbotsAlignmentOfAMoment() {
    ModelLibrary library;
    ChatbotPage chatbot(&library);
    StepperPage page(&library);
    const SessionModel model = recordedModel("seq2seq-attention");
    const TrainingTimeline& timeline = *model.timeline;
    library.add(model);
    page.setKind(StepperPage::Kind::Additive);
    page.useTrainedChatbot(true);
    QVERIFY(page.usesTrainedChatbot());
    QVERIFY(page.timelineBar()->isVisibleTo(&page));
    page.setSentence(QString::fromStdString(timeline.probes[0].text));
    page.timelineBar()->setPosition(0);
    QCOMPARE(page.shownMoment(), 0);
    QVERIFY(!page.momentMaps()->isVisibleTo(&page));  // a GRU has no self-attention
    QVERIFY(difference(page.momentAlignment()->matrix(), timeline.snapshots[0].probes[0].prediction.alignment) <= 1e-6);
  }
};

QTEST_MAIN(TestPageTimelines)
#include "test_page_timelines.moc"
