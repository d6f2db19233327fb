#pragma once
// The Fill-in-the-blank page: BERT's pre-training task, live.
//
//   model bar     the masked-LM models of the session's model library (finished Train-page runs, opened model
//                 directories, a toy model trained here in seconds on the built-in reviews)
//   Fill          type a sentence with [MASK] where a word should be guessed, or click a word to hide it (a
//                 click on a blank brings the word back). For the chosen blank: its best candidates with their
//                 probabilities, and where the blank's position looked: one row of the encoder's attention,
//                 over the words on BOTH sides (an encoder has no causal mask)
//   Masking       "show me the masking" (ui/pages/masking_view.h): how training hides 15 % of the tokens
//   Pre-training  "does pre-training help?" (ui/pages/pretraining_comparison.h): few-label fine-tuning of the
//                 IMDB classifier from this masked-LM versus from scratch
//   Next sentence BERT's other pre-training task (ui/pages/next_sentence_view.h), for a BERT with that head
//   Logit lens    what each layer would predict for the typed sentence (ui/widgets/logit_lens_view.h)
//
// The numbers come from the core (fillMasks of core/inference/masked_lm_inference.h); this page only draws them.
// Heads switched off on the Attention page (a BERT both pages show) are off here too, said in a note at the top.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <map>
#include <memory>
#include <vector>

#include "core/inference/masked_lm_inference.h"
#include "core/inference/pretrained_inference.h"
#include "core/inference/training_timeline.h"

#include <QString>

#include "ui/pages/model_page.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTabWidget;

namespace al::ui {

class ModelBar;

class LogitLensView;
class MaskingView;
class NextSentenceView;
class PretrainingComparison;
class TimelineBar;
class TimelineMoments;
class TokenStrip;
class ModelLibrary;
class WeightBars;

class FillPage : public ModelPage {
  Q_OBJECT
 public:
  // What a session keeps of the page (ui/session/page_state.h; the keys are in ui/pages/page_states.cpp).
  QJsonObject saveState() const override;
  void restoreState(const QJsonObject& state) override;
  // Shows the library's masked-LM models and adds the ones opened or trained here to it (null: a library of the
  // page's own). The library outlives the page (the main window owns both).
  explicit FillPage(ModelLibrary* library = nullptr, QWidget* parent = nullptr);
  ~FillPage() override;

  // --- Models (the box, opening and toy training: ModelPage) ---
  // The app's masked-LM shown (null for none, or for a pretrained BERT: currentBert()).
  std::shared_ptr<const MaskedLmModel> currentModel() const;
  std::shared_ptr<const PretrainedBert> currentBert() const;
  // Trains a toy model (the masked language model's tiny preset, built-in reviews) on a worker thread; it joins the library.
  void trainToyModel();

  // --- Fill ---
  void setText(const QString& text);  // and fills its blanks
  QString text() const;
  void fill();                        // again, for the current text and model
  void toggleToken(int token);        // hides the token's word, or brings a blank's word back
  bool hasResult() const { return hasResult_; }
  const FillResult& result() const { return result_; }
  void selectBlank(int blank);        // which blank the bars show (index into result().predictions)
  int selectedBlank() const;
  WeightBars* candidateBars() const { return candidates_; }
  WeightBars* attentionBars() const { return attention_; }
  QString tokensText() const;         // the token strip, as plain text
  QString messageText() const;        // the error or the notes (unknown words, a cut-off tail)
  MaskingView* maskingView() const { return masking_; }
  PretrainingComparison* comparison() const { return comparison_; }
  NextSentenceView* nextSentenceView() const { return nextSentence_; }
  LogitLensView* logitLens() const { return lens_; }
  QTabWidget* tabs() const { return tabs_; }  // Fill, Masking, Pre-training, Next sentence, Logit lens
  // Under the bars, for a model that recorded a training timeline: at a moment of training, each blank's 5 best
  // words of the watched sentence then; choosing a sentence in the bar fills it here.
  TimelineBar* timelineBar() const { return timeline_; }
  // The moment shown (sessions): TimelineMoments::moment / setMoment, -1 at the kept model.
  TimelineMoments* timelineMoments() const { return moments_; }

 public slots:
  void exportFigure() override;  // File › Export figure: the tab in view

 private:
  bool shows(const SessionModel& model) const override;
  PageWords pageWords() const override;
  QString openDialogTitle() const override;
  void modelChanged() override;
  QString modelInfoText() const;  // the model bar's line about the model shown, in the language of now
  void headSwitchesChanged() override { fill(); }  // the candidates without the heads now off
  void createModelBar();
  QWidget* createFillTab();
  void showResult();
  void showNote(const QString& message);  // below the sentence, in red: why nothing is filled
  void fillWithBert(const PretrainedBert& bert, const std::string& text);
  void toggleBertToken(size_t token);
  void updateBars();
  void updateNextSentenceTab();  // on for a BERT with the head, else off with the reason as its tooltip

  FillResult result_;
  int maskId_ = 0;     // the current model's blank: the app's masked-LM's [MASK] (line 2), or BERT's
  int unknownId_ = 0;  // and its [UNK]
  // A BERT's tokens come from its own tokenizer: where each is in the sentence (bytes), and which it added.
  std::vector<pretrained::Offset> offsets_;
  std::vector<bool> added_;
  std::string filledText_;  // the sentence the offsets are in
  bool hasResult_ = false;
  std::map<int, QString> hiddenWords_;  // token index -> the word a click hid (a second click brings it back)

  QTabWidget* tabs_;
  QLabel* modelInfo_;
  QLineEdit* textEdit_;
  TokenStrip* tokens_;
  QLabel* message_;
  QComboBox* blankBox_;
  QComboBox* layerBox_;
  WeightBars* candidates_;
  WeightBars* attention_;
  MaskingView* masking_;
  PretrainingComparison* comparison_;
  NextSentenceView* nextSentence_;
  LogitLensView* lens_;
  TimelineBar* timeline_;
  TimelineMoments* moments_;
};

}  // namespace al::ui
