#pragma once
// The Chatbot page: ask the GRU encoder-decoder a question, read its answer, and see where it looked while
// writing every word: the alignment heatmap, answer words (rows) x question words (columns), each row the
// softmax of the additive attention at that step. The Step-through page walks through one such row.
//
// For an encoder-decoder Transformer the page shows, per layer and head, the encoder's self-attention, the
// decoder's masked self-attention (the upper triangle empty: no word sees a later one) and the cross-attention
// (answer words x question words), each with the Attention page's click-a-token bars (ui/widgets/attention_grid.h).
//
// Models: a chatbot trained on the Train page this session, a model directory, or a tiny one trained here in
// seconds on a built-in corpus (the dialogs, or English-Spanish sentences whose alignment crosses where the word
// orders differ).
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <functional>
#include <memory>
#include <vector>

#include "core/inference/chatbot_inference.h"
#include "core/inference/seq2seq_transformer_inference.h"
#include "core/inference/training_timeline.h"

#include <QFutureWatcher>
#include <QString>
#include "ui/pages/model_page.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTabWidget;

namespace al::ui {

class ErrorBanner;
class ModelBar;
class ModelFileJob;

class AttentionGrid;
class HeatmapView;
class TimelineBar;
class TimelineMoments;

class ChatbotPage : public ModelPage {
  Q_OBJECT
 public:
  // What a session keeps of the page (ui/session/page_state.h; the keys are in ui/pages/page_states.cpp).
  QJsonObject saveState() const override;
  void restoreState(const QJsonObject& state) override;
  // library: the session's models (null: a library of the page's own).
  explicit ChatbotPage(ModelLibrary* library = nullptr, QWidget* parent = nullptr);
  ~ChatbotPage() override;

  // --- Models (the box, opening and toy training: ModelPage) ---
  using ModelPage::addModel;
  // Adds a model to the session's library and shows it (the user chose it).
  void addModel(const QString& name, std::shared_ptr<const ChatbotModel> model);
  void addModel(const QString& name, std::shared_ptr<const Seq2SeqTransformerModel> model);
  // Trains a tiny chatbot ("gru" or "transformer") on "builtin" or "builtin:translate" on a worker thread; it
  // joins the library when done, named with the epoch it keeps: the one of the lowest validation loss, or the last
  // one when "keep the last epoch" is ticked.
  void trainToyModel(const QString& data, int epochs, const QString& architecture = QStringLiteral("gru"));
  std::shared_ptr<const ChatbotModel> currentModel() const;  // null when the current one is a Transformer
  std::shared_ptr<const Seq2SeqTransformerModel> currentTransformer() const;

  // --- Asking ---
  void ask(const QString& question);
  QString question() const;
  void setQuestion(const QString& question);  // types it without asking (a session restored before its models)
  bool hasReply() const { return hasReply_; }
  const ChatbotReply& reply() const { return reply_; }
  QString answerText() const;
  HeatmapView* alignmentView() const { return alignment_; }
  // The Transformer's attention sets (shown for a Transformer model only).
  bool hasTransformerReply() const { return hasTransformerReply_; }
  const Seq2SeqTransformerReply& transformerReply() const { return transformerReply_; }
  AttentionGrid* encoderAttention() const { return encoderGrid_; }
  AttentionGrid* decoderAttention() const { return decoderGrid_; }
  AttentionGrid* crossAttention() const { return crossGrid_; }

  // --- The timeline of a chatbot that recorded one while it trained (hidden otherwise) ---
  // Under the page. At a moment of training the page shows the answer the timeline stored for the question (when it
  // is one the run watched: another one gives way to the bar's) and that answer's alignment over the question; for
  // a Transformer its encoder's self-attention then too (the decoder's maps are not recorded: their tabs wait for
  // the kept model). The last position is the kept model, as asked live.
  TimelineBar* timelineBar() const { return timeline_; }
  // The moment shown (sessions): TimelineMoments::moment / setMoment, -1 at the kept model.
  TimelineMoments* timelineMoments() const { return moments_; }
  // The moment whose answer and alignment the page shows (an index into the timeline's snapshots), or -1.
  int shownMoment() const { return shownMoment_; }

 public slots:
  void exportFigure() override;  // File > Export figure: the tab in view (the alignment or an attention set)

 private:
  bool shows(const SessionModel& model) const override;
  PageWords pageWords() const override;
  QString openDialogTitle() const override;
  void modelChanged() override;
  void showModelInfo();  // the model's sizes and the epoch it keeps, beside the model
  void clearReply();  // no answer, alignment or attention of an earlier model or question
  QWidget* createTransformerTabs();
  void showReply(const std::vector<std::string>& sourceTokens, const std::vector<int>& sourceIds, bool truncated,
                 const std::string& answer);
  void showReply();  // the last reply: answer, the words the model read, the alignment (or a moment's of them)
  // The moment's stored answer and alignment of the question asked (and a Transformer's encoder maps) in place of
  // the kept model's; false when the timeline holds none of that question.
  bool showMoment(const QStringList& questionLabels);

  ChatbotReply reply_;
  bool hasReply_ = false;
  Seq2SeqTransformerReply transformerReply_;
  bool hasTransformerReply_ = false;

  QComboBox* toyDataBox_;
  QComboBox* toyArchitectureBox_;
  QSpinBox* toyEpochsBox_;
  QCheckBox* keepLastBox_;
  QLabel* modelInfo_;
  QLineEdit* questionEdit_;
  QLabel* answer_;
  QLabel* tokens_;
  HeatmapView* alignment_;
  QTabWidget* tabs_;  // the alignment, or the Transformer's three attention sets
  AttentionGrid* encoderGrid_;
  AttentionGrid* decoderGrid_;
  AttentionGrid* crossGrid_;
  TimelineMoments* moments_;
  TimelineBar* timeline_;
  QString askedQuestion_;  // the question of the reply in hand
  int shownMoment_ = -1;
};

}  // namespace al::ui
