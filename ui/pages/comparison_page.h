#pragma once
// The Compare page: the GRU chatbot with Bahdanau attention and the encoder-decoder Transformer, trained one after
// the other on the same data, the same split (the same seed) and the same number of epochs, side by side:
//
//   curves       both runs' training and validation loss and accuracy on one plot (ui/widgets/curve_plot.h)
//   table        one column per model: epochs, seconds per epoch, best validation loss, token accuracy and exact-match accuracy on the
//                test part (the share of answers that are exactly right)
//   alignment    each model's alignment for the same sentence: the GRU's additive attention and the
//                Transformer's last-layer cross-attention (averaged over its heads)
//
// Both runs go through one sequential run queue (ui/session/run_queue.h) on a worker thread, each measured for
// exact match there after its test; the page only draws. Each trained model joins the session's library ("Compare:
// GRU + Bahdanau attention", "Compare: Transformer"), so the Chatbot and Step-through pages can show it, and quitting
// offers to save it as it does every model trained on a page.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <array>
#include <functional>
#include <memory>
#include <vector>

#include "core/train/chatbot_task.h"

#include <QString>
#include <QWidget>
#include "ui/session/page_state.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace al::ui {

class CurvePlot;
class HeatmapView;
class ModelLibrary;
class RunQueue;

class ComparisonPage : public QWidget, public PageState {
  Q_OBJECT
 public:
  // What a session keeps of the page (ui/session/page_state.h; the keys are in ui/pages/page_states.cpp).
  QJsonObject saveState() const override;
  void restoreState(const QJsonObject& state) override;
  // library: the session's models, which each trained model joins; null: the page keeps its runs to itself.
  explicit ComparisonPage(ModelLibrary* library = nullptr, QWidget* parent = nullptr);
  ~ComparisonPage() override;

  // The two contestants, in the order they train.
  enum Side { Gru = 0, Transformer = 1 };

  // "builtin:translate", "builtin:translate-zh", "builtin", "builtin:zh", or a dialogs file
  void setData(const QString& data);
  void setPreset(const QString& preset);
  void setEpochs(int epochs);
  // Trains both, one after the other; finished() when both are done (or one failed).
  void start();
  void stop();
  bool isRunning() const;

  void setSentence(const QString& sentence);  // and shows both alignments when both models exist
  QString sentence() const;

  // --- Results, for tests ---
  bool hasModel(Side side) const { return runs_[side] != nullptr; }
  const ChatbotRun* run(Side side) const { return runs_[side].get(); }
  double exactMatch(Side side) const { return exactMatch_[side]; }
  double secondsPerEpoch(Side side) const;
  CurvePlot* curves() const { return curves_; }
  HeatmapView* alignment(Side side) const { return alignments_[side]; }
  QTableWidget* table() const { return table_; }
  QString errorText() const;

 public slots:
  void exportFigure();  // File > Export figure: the whole comparison

 signals:
  void finished();
  void statusMessage(const QString& message);

 private:
  void sideStarted(Side side);
  void sideFinished(Side side);
  void bothFinished();
  void updateTable();
  void showAlignments();
  // The status line, worded again when the language changes.
  void setStatus(std::function<QString()> text);

  ModelLibrary* library_;
  RunQueue* queue_;
  bool running_ = false;
  bool failed_ = false;
  std::array<std::unique_ptr<ChatbotRun>, 2> runs_;
  std::array<std::vector<EpochEvent>, 2> history_;
  std::array<double, 2> exactMatch_ = {0, 0};
  std::array<double, 2> testTokenAccuracy_ = {0, 0};

  QComboBox* dataBox_;
  QComboBox* presetBox_;
  QSpinBox* epochsBox_;
  QPushButton* startButton_;
  QLabel* status_;
  std::function<QString()> statusText_;
  QLabel* error_;
  CurvePlot* curves_;
  QTableWidget* table_;
  QLineEdit* sentenceEdit_;
  std::array<HeatmapView*, 2> alignments_;
};

}  // namespace al::ui
