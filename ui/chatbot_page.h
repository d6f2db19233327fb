#pragma once
// The Chatbot page: ask the GRU encoder-decoder a question, read its answer, and see where it looked while
// writing every word: the alignment heatmap, answer words (rows) x question words (columns), each row the
// softmax of the additive attention at that step. The Step-through page walks through one such row.
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

#include <QFutureWatcher>
#include <QString>
#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace al::ui {

class HeatmapView;

class ChatbotPage : public QWidget {
  Q_OBJECT
 public:
  explicit ChatbotPage(QWidget* parent = nullptr);
  ~ChatbotPage() override;

  // --- Models ---
  void addModel(const QString& name, std::shared_ptr<const ChatbotModel> model);  // and selects it
  bool openModelDirectory(const QString& dir);  // false: the error is shown
  // Trains a tiny chatbot on "builtin" or "builtin:translate" on a worker thread; added when done.
  void trainToyModel(const QString& data, int epochs);
  bool isTrainingToyModel() const;
  int modelCount() const { return static_cast<int>(models_.size()); }
  void selectModel(int index);
  std::shared_ptr<const ChatbotModel> currentModel() const;
  QString currentModelName() const;

  // --- Asking ---
  void ask(const QString& question);
  QString question() const;
  bool hasReply() const { return hasReply_; }
  const ChatbotReply& reply() const { return reply_; }
  QString answerText() const;
  HeatmapView* alignmentView() const { return alignment_; }
  QString errorText() const;

 public slots:
  void openModelDialog();
  void exportFigure();  // File > Export figure: the alignment heatmap

 signals:
  void currentModelChanged();
  void statusMessage(const QString& message);

 private:
  struct Entry {
    QString name;
    std::shared_ptr<const ChatbotModel> model;
  };
  struct Training {
    std::shared_ptr<const ChatbotModel> model;
    QString name, error;
  };
  void showError(const QString& message);
  void toyModelTrained();
  void showReply();  // the last reply: answer, the words the model read, the alignment

  std::vector<Entry> models_;
  ChatbotReply reply_;
  bool hasReply_ = false;
  QFutureWatcher<Training>* trainer_;
  bool trainingToy_ = false;  // from the button press until the model is on the page

  QComboBox* modelBox_;
  QComboBox* toyDataBox_;
  QSpinBox* toyEpochsBox_;
  QPushButton* toyButton_;
  QLabel* modelInfo_;
  QLabel* error_;
  QLineEdit* questionEdit_;
  QLabel* answer_;
  QLabel* tokens_;
  HeatmapView* alignment_;
};

}  // namespace al::ui
