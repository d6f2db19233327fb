// Every page's state as a session keeps it (ui/session/page_state.h): the page's own keys, read back the same way.
//
//   page           keys
//   attention      sentence, tab, moment
//   step           sentence, kind, layer (a language model's or a pretrained model's), head, step (0-based)
//   fill           sentence, tab, layer (the bars' layer), moment
//   generate       sentence (the prompt), tab, moment
//   chatbot        sentence (the question), tab
//   memory         sentence, tab, layer, head (-1: the heads' average)
//   normalization  tab
//   compare        sentence
//   train          moment
//
// "moment" is the training timeline's moment a page shows (from 0), left out at the kept model. It and a layer
// that the page's model does not have yet wait for the first model shown there (once): a session opens its models
// on worker threads, after it has set the pages.
//
// Core headers come first (through the pages' headers): a core header must never see Qt's `emit` macro.
#include "ui/pages/attention_page.h"
#include "ui/pages/chatbot_page.h"
#include "ui/pages/comparison_page.h"
#include "ui/pages/fill_page.h"
#include "ui/pages/generate_page.h"
#include "ui/pages/memory_page.h"
#include "ui/pages/normalization_page.h"
#include "ui/pages/stepper_page.h"
#include "ui/pages/train_page.h"

#include <algorithm>
#include <functional>
#include <memory>

#include <QComboBox>
#include <QJsonObject>
#include <QTabWidget>

#include "ui/teaching/lm_controls.h"
#include "ui/teaching/pretrained_controls.h"
#include "ui/teaching/step_view.h"
#include "ui/widgets/timeline_bar.h"

namespace al::ui {

namespace {

const QString kSentenceKey = QStringLiteral("sentence");
const QString kTabKey = QStringLiteral("tab");
const QString kLayerKey = QStringLiteral("layer");
const QString kHeadKey = QStringLiteral("head");
const QString kMomentKey = QStringLiteral("moment");
const QString kStepKey = QStringLiteral("step");
const QString kKindKey = QStringLiteral("kind");

// The whole number under key, or -1 when it is absent or not one.
int stateNumber(const QJsonObject& state, const QString& key) {
  const QJsonValue value = state.value(key);
  return value.isDouble() ? value.toInt(-1) : -1;
}

void keepTab(const QTabWidget* tabs, QJsonObject& state) { state[kTabKey] = tabs->currentIndex(); }

void restoreTab(QTabWidget* tabs, const QJsonObject& state) {
  if (const int tab = stateNumber(state, kTabKey); tab >= 0 && tab < tabs->count()) tabs->setCurrentIndex(tab);
}

// The bar's moment; a bar at its model's kept weights (or without a timeline) has none to keep.
void keepMoment(const TimelineBar* bar, QJsonObject& state) {
  if (bar && bar->snapshotCount() > 0 && !bar->atFinalModel()) state[kMomentKey] = bar->position();
}

// The moment waits for the first model shown on the page with a timeline (once).
void restoreMomentOnArrival(ModelPage* page, TimelineBar* bar, const QJsonObject& state) {
  const int moment = stateNumber(state, kMomentKey);
  if (moment < 0) return;
  auto waiting = std::make_shared<QMetaObject::Connection>();
  *waiting = QObject::connect(page, &ModelPage::currentModelChanged, bar, [bar, waiting, moment] {
    if (bar->snapshotCount() == 0) return;
    bar->setPosition(moment);
    QObject::disconnect(*waiting);
  });
}

// The moment of a bar that follows no page's model of its own (the Train page's runs list, the Step-through page's
// walk): now when the bar has a timeline, else when the first one arrives (once).
void restoreMomentWhenTimelineArrives(TimelineBar* bar, const QJsonObject& state) {
  const int moment = stateNumber(state, kMomentKey);
  if (!bar || moment < 0) return;
  if (bar->snapshotCount() > 0) return bar->setPosition(moment);
  auto waiting = std::make_shared<QMetaObject::Connection>();
  *waiting = QObject::connect(bar, &TimelineBar::timelineChanged, bar, [bar, waiting, moment] {
    if (bar->snapshotCount() == 0) return;
    QObject::disconnect(*waiting);
    bar->setPosition(moment);
  });
}

// A box's item now when the box has it, else when the page's next model gives it one (once).
void restoreIndexWhenItFits(ModelPage* page, QComboBox* box, int index) {
  if (index < 0) return;
  if (index < box->count()) return box->setCurrentIndex(index);
  auto waiting = std::make_shared<QMetaObject::Connection>();
  *waiting = QObject::connect(page, &ModelPage::currentModelChanged, box, [box, waiting, index] {
    if (index >= box->count()) return;
    box->setCurrentIndex(index);
    QObject::disconnect(*waiting);
  });
}

// A walk's layer now when the page walks a model that has it (`walked`), else when the next model it walks does
// (once; a model arriving sets its own layer first); then `then` (the step and head, which need the walk).
void restoreWalkLayer(WalkControls* controls, bool walked, int layer, std::function<void()> then) {
  if (!controls || layer < 0 || (walked && layer < controls->layerCount())) {
    if (controls && layer >= 0) controls->setLayer(layer);
    return then();
  }
  auto waiting = std::make_shared<QMetaObject::Connection>();
  *waiting = QObject::connect(controls, &WalkControls::changed, controls, [controls, waiting, layer, then] {
    if (layer >= controls->layerCount()) return;
    QObject::disconnect(*waiting);
    controls->setLayer(layer);  // the page walks that layer again
    then();
  });
}

}  // namespace

QJsonObject AttentionPage::saveState() const {
  QJsonObject state{{kSentenceKey, text()}};
  keepTab(tabs_, state);
  keepMoment(timeline_, state);
  return state;
}

void AttentionPage::restoreState(const QJsonObject& state) {
  restoreMomentOnArrival(this, timeline_, state);
  restoreTab(tabs_, state);
  if (state.contains(kSentenceKey)) setText(state.value(kSentenceKey).toString());
}

QJsonObject StepperPage::saveState() const {
  QJsonObject state{{kSentenceKey, sentence()}, {kKindKey, static_cast<int>(kind())}, {kStepKey, currentStep()},
                    {kHeadKey, stepView_->shownHead()}};
  if (kind() == Kind::LanguageModel) state[kLayerKey] = lmControls_->layer();
  else if (kind() == Kind::Pretrained) state[kLayerKey] = pretrainedControls_->layer();
  keepMoment(timeline_, state);
  return state;
}

void StepperPage::restoreState(const QJsonObject& state) {
  if (const int k = stateNumber(state, kKindKey); k >= 0 && k <= static_cast<int>(Kind::Pretrained))
    setKind(static_cast<Kind>(k));
  if (state.contains(kSentenceKey)) setSentence(state.value(kSentenceKey).toString());
  WalkControls* controls = kind() == Kind::LanguageModel ? static_cast<WalkControls*>(lmControls_)
                           : kind() == Kind::Pretrained  ? static_cast<WalkControls*>(pretrainedControls_)
                                                         : nullptr;
  restoreMomentWhenTimelineArrives(timeline_, state);
  const int step = stateNumber(state, kStepKey), head = stateNumber(state, kHeadKey);
  const bool walked = kind() == Kind::LanguageModel ? hasLanguageModelWalk() : hasPretrainedWalk();
  restoreWalkLayer(controls, walked, stateNumber(state, kLayerKey), [this, step, head] {
    if (step >= 0 && stepCount() > 0) showStep(std::clamp(step, 0, stepCount() - 1));
    if (head >= 0) stepView_->showHead(head);
  });
}

QJsonObject FillPage::saveState() const {
  QJsonObject state{{kSentenceKey, text()}, {kLayerKey, layerBox_->currentIndex()}};
  keepTab(tabs_, state);
  keepMoment(timeline_, state);
  return state;
}

void FillPage::restoreState(const QJsonObject& state) {
  restoreMomentOnArrival(this, timeline_, state);
  restoreTab(tabs_, state);
  restoreIndexWhenItFits(this, layerBox_, stateNumber(state, kLayerKey));
  if (state.contains(kSentenceKey)) setText(state.value(kSentenceKey).toString());
}

QJsonObject GeneratePage::saveState() const {
  QJsonObject state{{kSentenceKey, prompt()}};
  keepTab(tabs_, state);
  keepMoment(timeline_, state);
  return state;
}

void GeneratePage::restoreState(const QJsonObject& state) {
  restoreMomentOnArrival(this, timeline_, state);
  restoreTab(tabs_, state);
  if (state.contains(kSentenceKey)) setPrompt(state.value(kSentenceKey).toString());
}

QJsonObject ChatbotPage::saveState() const {
  QJsonObject state{{kSentenceKey, question()}};
  keepTab(tabs_, state);
  keepMoment(timeline_, state);
  return state;
}

void ChatbotPage::restoreState(const QJsonObject& state) {
  restoreMomentOnArrival(this, timeline_, state);
  restoreTab(tabs_, state);
  if (state.contains(kSentenceKey)) setQuestion(state.value(kSentenceKey).toString());
}

QJsonObject MemoryPage::saveState() const {
  QJsonObject state{{kSentenceKey, text()}, {kLayerKey, layerBox_->currentIndex()},
                    {kHeadKey, headBox_->currentIndex() - 1}};
  keepTab(tabs_, state);
  keepMoment(timeline_, state);
  return state;
}

void MemoryPage::restoreState(const QJsonObject& state) {
  restoreMomentOnArrival(this, timeline_, state);
  restoreTab(tabs_, state);
  if (state.contains(kSentenceKey)) setText(state.value(kSentenceKey).toString());
  restoreIndexWhenItFits(this, layerBox_, stateNumber(state, kLayerKey));
  if (state.value(kHeadKey).isDouble()) restoreIndexWhenItFits(this, headBox_, state.value(kHeadKey).toInt() + 1);
}

QJsonObject NormalizationPage::saveState() const {
  QJsonObject state;
  keepTab(tabs_, state);
  return state;
}

void NormalizationPage::restoreState(const QJsonObject& state) { restoreTab(tabs_, state); }

QJsonObject ComparisonPage::saveState() const { return {{kSentenceKey, sentence()}}; }

void ComparisonPage::restoreState(const QJsonObject& state) {
  if (state.contains(kSentenceKey)) setSentence(state.value(kSentenceKey).toString());
}

// The Train page's bar follows the run chosen in the runs list (ui/pages/run_timeline.h): its moment waits for the
// first run shown with a timeline.
QJsonObject TrainPage::saveState() const {
  QJsonObject state;
  if (const auto* bar = findChild<TimelineBar*>()) keepMoment(bar, state);
  return state;
}

void TrainPage::restoreState(const QJsonObject& state) { restoreMomentWhenTimelineArrives(findChild<TimelineBar*>(), state); }

}  // namespace al::ui
