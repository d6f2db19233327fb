#pragma once
// The Step-through page: self-attention one operation at a time, on a sentence small enough to read every
// number. Steps go forward and back (or Play): embeddings (+ position); Q, K, V per head; scores Q·Kᵀ; ÷√K;
// mask; softmax by rows; weights × V; concatenate and project; residual and norm; feed-forward, residual and
// norm. Each step shows its matrices as labelled colour grids, the formula and a few sentences.
//
// The layer is a seeded toy of chosen width and heads, or the first layer of a trained model. The page observes the
// session's library: of each kind it walks, the model a page showed last (ModelLibrary::modelShown) is the one
// walked (the Attention page's encoder, the Chatbot page's chatbot, the Generate page's language model on its prompt,
// a BERT or GPT-2 from either). A "divide by √K" switch shows what an unscaled softmax does (row entropy, largest
// weight). For the chatbot, the same walk through additive attention: W1·s, W2·h, tanh, V, softmax, context.
// For the encoder-decoder Transformer, its decoder one generation step at a time (ui/teaching/decoder_controls.h);
// for a language model trained here (a GPT), the pass that predicts the next token, with Transformer-XL's memory
// when it has one (ui/teaching/lm_controls.h); for a pretrained BERT or GPT-2 folder, any layer with the model's own
// numbers: post-norm against pre-norm, GELU, and GPT-2's next token (ui/teaching/pretrained_controls.h).
//
// Every number comes from core/teaching/attention_steps.h; this page only shows it. The page holds the sentence,
// the list of steps and the Back / Play / Next buttons; each kind of attention has its own controls
// (ui/teaching/encoder_controls.h, additive_controls.h, decoder_controls.h, lm_controls.h, pretrained_controls.h)
// and one view shows a step
// (ui/teaching/step_view.h).
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <memory>
#include <optional>
#include <vector>

#include "core/inference/model_walk.h"
#include "core/teaching/attention_steps.h"
#include "core/teaching/decoder_steps.h"
#include "core/teaching/lm_steps.h"
#include "core/teaching/pretrained_steps.h"
#include "core/inference/training_timeline.h"

#include <QList>
#include <QStringList>
#include <QString>
#include <QWidget>

#include "ui/teaching/pretrained_controls.h"
#include "ui/session/page_state.h"

class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QStackedWidget;
class QTimer;

namespace al::ui {

class AdditiveControls;
class AttentionGrid;
class HeatmapView;
class TimelineBar;
class TimelineMoments;
class DecoderControls;
class EncoderControls;
class LanguageModelControls;
class MatrixView;
class ModelLibrary;
class StepView;
struct SessionModel;

class StepperPage : public QWidget, public PageState {
  Q_OBJECT
 public:
  // What a session keeps of the page (ui/session/page_state.h; the keys are in ui/pages/page_states.cpp).
  QJsonObject saveState() const override;
  void restoreState(const QJsonObject& state) override;
  // library: the session's models, followed as pages show them; null: models come only through the setters below.
  explicit StepperPage(ModelLibrary* library = nullptr, QWidget* parent = nullptr);
  ~StepperPage() override;

  // Which attention is walked through (core/inference/model_walk.h says which walk reads a model of each kind).
  using Kind = WalkKind;

  // The source texts' examples.
  static QStringList exampleSentences();

  // --- What a user sets ---
  void setSentence(const QString& text);
  QComboBox* sentenceBox() const { return sentenceBox_; }  // the texts' examples, then the model's
  QString sentence() const;
  void setToySettings(const teaching::ToyEncoderSettings& settings);  // and walk the toy layer
  teaching::ToyEncoderSettings toySettings() const;
  // The model a walk takes apart: the walk its kind names (modelWalkOf) reads it from now on. An encoder's first layer
  // (the Attention page's current model), a chatbot's additive attention or an encoder-decoder Transformer's decoder
  // (the Chatbot page's), a language model's next-token pass (the Generate page's), any layer of a BERT or GPT-2.
  // `seed`: the one an encoder was trained with, when known (shown in the greyed seed box); `prompts`: texts a
  // language model knows how to continue (offered in the sentence box). False for a model no walk reads.
  bool setModel(const QString& name, const AnyModel& model, std::optional<uint64_t> seed = {},
                const QStringList& prompts = {});
  // The walk `kind` reads no model any more: its toy again, or nothing to walk.
  void dropModel(Kind kind);
  void useTrainedModel(bool trained);  // false: the toy
  bool usesTrainedModel() const;
  void setMask(teaching::MaskKind mask);
  void setScaling(bool divideByRootK);

  void setKind(Kind kind);
  Kind kind() const;
  void useTrainedChatbot(bool trained);  // false: a seeded toy chatbot
  bool usesTrainedChatbot() const;
  void setAnswerWord(int index);         // 0-based word of the answer whose attention is shown
  DecoderControls* decoderControls() const { return decoderControls_; }
  LanguageModelControls* languageModelControls() const { return lmControls_; }
  PretrainedControls* pretrainedControls() const { return pretrainedControls_; }

  // --- Steps ---
  int stepCount() const { return static_cast<int>(steps_.size()); }
  int currentStep() const { return current_; }
  // Play's pace: 1 = a step every 2.5 s (and the softmax animation at 0.4 s a row); 2 = twice as fast.
  void setSpeed(double speed);
  double speed() const;
  int playInterval() const;  // milliseconds between two steps while playing
  StepView* stepView() const { return stepView_; }

  // --- What the page shows, for tests ---
  bool hasWalk() const { return walk_.has_value(); }
  const teaching::EncoderWalk& walk() const { return *walk_; }
  bool hasAdditiveWalk() const { return additiveWalk_.has_value(); }
  const teaching::AdditiveWalk& additiveWalk() const { return *additiveWalk_; }
  bool hasDecoderWalk() const { return decoderWalk_.has_value(); }
  const teaching::DecoderWalk& decoderWalk() const { return *decoderWalk_; }
  bool hasLanguageModelWalk() const { return lmWalk_.has_value(); }
  const teaching::LanguageModelWalk& languageModelWalk() const { return *lmWalk_; }
  bool hasPretrainedWalk() const { return pretrainedWalk_.has_value(); }
  const teaching::PretrainedWalk& pretrainedWalk() const { return *pretrainedWalk_; }
  const teaching::EncoderLayerWalkthrough* walkthrough() const;
  bool isPlaying() const;
  const std::vector<teaching::AttentionStep>& steps() const { return steps_; }
  QList<MatrixView*> gridViews() const;
  QString stepTitle() const;
  QString formulaText() const;
  QString explanationText() const;
  QString sharpnessText() const;
  QString errorText() const;

  // --- The timeline of the walked model, when it recorded one while it trained (hidden otherwise) ---
  // Under the step. The walk takes the weights of the model the run kept apart; a timeline keeps no weights, only
  // what the model showed at each moment. So at a moment of training the step gives way to what the timeline stored
  // for the sentence (when it is one the run watched: another one gives way to the bar's): every layer's attention
  // maps, and a chatbot's answer aligned over the question, under a note that says so; the bar says what the model
  // predicted then. The last position is the kept model: the walk again.
  TimelineBar* timelineBar() const { return timeline_; }
  // The moment shown (sessions): TimelineMoments::moment / setMoment, -1 at the kept model.
  TimelineMoments* timelineMoments() const { return moments_; }
  // The moment whose maps the page shows in place of the walk (an index into the timeline's snapshots), or -1.
  int shownMoment() const { return shownMoment_; }
  AttentionGrid* momentMaps() const { return momentMaps_; }            // the moment's self-attention maps
  HeatmapView* momentAlignment() const { return momentAlignment_; }    // a chatbot's answer over its question then
  QString momentNoteText() const;

 public slots:
  // Steps forward and back (PageDown / PageUp, a presentation clicker): an animation still running is finished
  // first, so that one press never skips what the class has not seen.
  void showStep(int index);
  void nextStep();
  void previousStep();
  void setPlaying(bool playing);
  void exportFigure();   // File > Export figure: the current step as a picture
  void exportNumbers();  // every grid of the current step in one CSV file

 signals:
  void statusMessage(const QString& message);

 private:
  QWidget* createControls();
  QWidget* createStepButtons();
  void rebuild();  // a setting changed: walk again, stay on the same step
  void walkModel(Kind kind, const QString& name, const AnyModel& model, std::optional<uint64_t> seed,
                 const QStringList& prompts);
  void setModelExamples(Kind kind, const QStringList& examples);
  void offerExamples();
  void showCurrentStep();
  // The library's side (stepper_page_library.cpp): a model a page shows now, and one the library drops.
  void walkShownModel(const SessionModel& shown, const QStringList& texts);
  void forgetModel(int libraryId);
  // The timeline of the model the walk shown reads (none for a toy), on the bar; a moment of it in place of the step.
  QWidget* createMomentView();
  void followTimeline();
  void showMoment();

  std::optional<teaching::EncoderWalk> walk_;
  std::optional<teaching::AdditiveWalk> additiveWalk_;
  std::optional<teaching::DecoderWalk> decoderWalk_;
  std::optional<teaching::LanguageModelWalk> lmWalk_;
  std::optional<teaching::PretrainedWalk> pretrainedWalk_;
  std::vector<teaching::AttentionStep> steps_;
  int current_ = 0;
  // The library ids of the models walked, by Kind (0: none, or one set through setModel).
  int walkedIds_[kWalkKinds] = {};

  QComboBox* kindBox_;
  QComboBox* sentenceBox_;
  QStringList modelExamples_[kWalkKinds];  // by Kind: sentences the walked model knows every word of
  EncoderControls* encoderControls_;
  AdditiveControls* additiveControls_;
  DecoderControls* decoderControls_;
  LanguageModelControls* lmControls_;
  PretrainedControls* pretrainedControls_;
  QListWidget* stepList_;
  QPushButton* backButton_;
  QPushButton* playButton_;
  QPushButton* nextButton_;
  QComboBox* speedBox_;
  QTimer* playTimer_;
  StepView* stepView_;
  ModelLibrary* library_;
  QStackedWidget* stepOrMoment_ = nullptr;
  QWidget* momentView_ = nullptr;
  QLabel* momentNote_ = nullptr;
  AttentionGrid* momentMaps_ = nullptr;
  HeatmapView* momentAlignment_ = nullptr;
  TimelineMoments* moments_ = nullptr;  // null until the page is built (its controls may walk before)
  TimelineBar* timeline_ = nullptr;
  std::shared_ptr<const void> followed_[2];  // the timeline on the bar and its read error: followed again on a change
  int shownMoment_ = -1;
};

}  // namespace al::ui
