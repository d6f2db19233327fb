#pragma once
// The Generate page: a GPT writes on, one token at a time: a pretrained GPT-2 or a language model trained here.
//
//   model bar     the session library's models that generate (GPT-2 folders, causal-lm directories and runs)
//   prompt        the text the model continues; Next token appends one token, Generate a run of N (Stop ends it),
//                 Reset goes back to the prompt
//   next token    the 10 most probable next tokens as bars, after temperature, top-k and top-p (the token that
//                 Next token would append is marked). Moving a setting redraws the bars from the logits kept
//                 from the last forward pass: the model does not run again
//   text          the prompt, then each generated token in alternating colours, decoded from the ids together (a
//                 byte-level piece may hold part of a character)
//   attention     how the newest token weighs every token so far (itself included): one layer, one head or the
//                 heads' average, as bars
//   logit lens    a tab beside the bars: what each layer would predict at every position of the text so far
//                 (ui/widgets/logit_lens_view.h)
//
// The forward passes run on a worker thread through the model's reader (core/inference/text_writer.h): a GPT-2's
// key/value cache (prefill the prompt, then one step a token: the numbers of re-running the whole sequence), or a
// causal-lm's window of its last S tokens (with Transformer-XL's memory: each token read once, after the memory and
// its segment so far, core/inference/causal_lm_stream.h). The page keeps the reader and forgets it when the prompt
// or the model changes. Heads switched off on the Attention page (a GPT-2 both pages show) are off here too, said in
// a note at the top; switching them changes the model, so the page reads its prompt again and writes as many tokens
// as it showed: what the model now writes from the same prompt.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <cstdint>
#include <memory>
#include <vector>

#include "core/inference/text_writer.h"

#include <QFutureWatcher>
#include <QString>

#include "ui/pages/model_page.h"

class QLabel;
class QLineEdit;
class QPushButton;
class QTabWidget;
class QTextBrowser;

namespace al::ui {

class GenerateControls;
class LogitLensView;
class TimelineBar;
class TimelineMoments;
class WeightBars;

class GeneratePage : public ModelPage {
  Q_OBJECT
 public:
  // What a session keeps of the page (ui/session/page_state.h; the keys are in ui/pages/page_states.cpp).
  QJsonObject saveState() const override;
  void restoreState(const QJsonObject& state) override;
  explicit GeneratePage(ModelLibrary* library = nullptr, QWidget* parent = nullptr);
  ~GeneratePage() override;  // waits for a forward pass in flight

  std::shared_ptr<const TextWriter> currentModel() const;

  // --- Generating ---
  void setPrompt(const QString& prompt);  // and reads it (Reset)
  QString prompt() const;
  void reset();                           // forgets the generated tokens and reads the prompt again
  void nextToken();                       // appends one token
  void generate();                        // appends a run of tokens() tokens
  void stop();                            // the run ends after the forward pass in flight
  bool isBusy() const;                    // a forward pass in flight or a run going on

  // --- What the page shows ---
  const std::vector<int64_t>& ids() const { return ids_; }  // the prompt's, then the generated tokens
  int promptLength() const { return promptLength_; }
  std::vector<int64_t> generatedIds() const;
  QString generatedText() const;     // the whole text (prompt and continuation), as plain text
  QString messageText() const;       // why nothing happens (no prompt, too long, the model's end)
  WeightBars* candidateBars() const { return candidates_; }
  WeightBars* attentionBars() const { return attention_; }
  GenerateControls* controls() const { return controls_; }
  QWidget* figure() const { return figure_; }  // what File › Export figure saves
  QTabWidget* tabs() const { return tabs_; }     // Next token, Logit lens
  LogitLensView* logitLens() const { return lens_; }
  // Under the figure, for a language model that recorded a training timeline: at a moment of training, the 5 best
  // next tokens after the watched prompt then; choosing a prompt in the bar puts it here.
  TimelineBar* timelineBar() const { return timeline_; }
  // The moment shown (sessions): TimelineMoments::moment / setMoment, -1 at the kept model.
  TimelineMoments* timelineMoments() const { return moments_; }
  int64_t chosenId() const { return chosen_; }  // what Next token appends; -1 without logits

  // Test hooks: forward passes started so far, and the tokens the reader holds (a GPT-2: its key/value cache).
  int modelCalls() const { return modelCalls_; }
  long cacheLength() const;

 public slots:
  void exportFigure() override;  // File › Export figure: the page's figure (text and bars)

 signals:
  void generationFinished();  // a forward pass came back and nothing more is asked for

 private:
  struct Pass {
    NextTokenPass step;
    std::exception_ptr error;
  };

  bool shows(const SessionModel& model) const override;
  QString refusal(const SessionModel& model) const override;
  QString openDialogTitle() const override;
  QString noModelNote() const;
  QString arrivalMessage(const QString& name) const override;
  void modelChanged() override;
  QString modelInfoText() const;  // the model bar's line about the model shown, in the language of now
  void headSwitchesChanged() override;  // the prompt again, and as many tokens written as were shown
  QStringList shownTexts() const override { return {prompt()}; }  // the Step-through page walks the prompt
  void restart(int tokens);       // forgets the generated tokens, reads the prompt and appends `tokens` tokens
  QWidget* createPromptRow();
  QWidget* createFigure();

  void start(int tokens);         // reads the prompt when it has not been read, then appends `tokens` tokens
  void advance();                 // appends one token of the run and starts its step, or ends the run
  void run(std::vector<int64_t> ids);  // one forward pass on the worker thread: reads ids after what was read
  void passFinished();
  void showNote(const QString& message);
  void refusePrompt(const QString& why);  // forgets the previous prompt's tokens and says why
  void updateCandidates();        // the bars from the kept logits and the settings
  void updateAttention();
  void updateText();
  void updateButtons();
  QString tokenText(int64_t id) const;

  // The state of the sequence. The reader belongs to the worker while a pass is in flight.
  std::shared_ptr<TextWriter::Reader> reader_;
  std::vector<int64_t> ids_;
  int promptLength_ = 0;
  bool read_ = false;              // the cache holds ids_ and logits_ are the next token's
  RowVector logits_;               // 1 x V
  std::vector<std::vector<RowVector>> rows_;  // [layer][head], 1 x tokens seen: the newest token's attention
  size_t firstSeen_ = 0;                      // the first of ids_ the newest token saw (a sliding window's start)
  int64_t chosen_ = -1;
  int remaining_ = 0;              // tokens still to append in this run
  unsigned epoch_ = 0;             // a pass started before the sequence was forgotten is dropped
  unsigned passEpoch_ = 0;
  int modelCalls_ = 0;
  bool inFlight_ = false;          // a pass runs (until its result is taken, not only until the thread ends)
  QFutureWatcher<Pass> pass_;

  QLineEdit* promptEdit_;
  QPushButton* nextButton_;
  QPushButton* generateButton_;
  QPushButton* stopButton_;
  QPushButton* resetButton_;
  QLabel* message_;
  QTextBrowser* text_;
  GenerateControls* controls_;
  WeightBars* candidates_;
  WeightBars* attention_;
  QTabWidget* tabs_;
  LogitLensView* lens_;
  QWidget* figure_;
  TimelineBar* timeline_;
  TimelineMoments* moments_;
};

}  // namespace al::ui
