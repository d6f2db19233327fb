#pragma once
// The Step-through page: self-attention one operation at a time, on a sentence small enough to read every
// number. Steps go forward and back (or Play): embeddings (+ position); Q, K, V per head; scores Q·Kᵀ; ÷√K;
// mask; softmax by rows; weights × V; concatenate and project; residual and norm; feed-forward, residual and
// norm. Each step shows its matrices as labelled colour grids, the formula and a few sentences.
//
// The layer is a seeded toy of chosen width and heads, or the first layer of a trained model (the Attention
// page's current model). A "divide by √K" switch shows what an unscaled softmax does (row entropy, largest
// weight). For the chatbot, the same walk through additive attention: W1·s, W2·h, tanh, V, softmax, context.
// For the encoder-decoder Transformer, its decoder one generation step at a time (ui/teaching/decoder_controls.h).
//
// Every number comes from core/teaching/attention_steps.h; this page only shows it.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <memory>
#include <optional>
#include <vector>

#include "core/inference/chatbot_inference.h"
#include "core/inference/imdb_transformer_inference.h"
#include "core/teaching/attention_steps.h"
#include "core/teaching/decoder_steps.h"

#include <QList>
#include <QString>
#include <QWidget>

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QGridLayout;
class QGroupBox;
class QLabel;
class QListWidget;
class QPushButton;
class QRadioButton;
class QSpinBox;
class QTimer;

namespace al::ui {

class DecoderControls;
class MatrixView;

class StepperPage : public QWidget {
  Q_OBJECT
 public:
  explicit StepperPage(QWidget* parent = nullptr);
  ~StepperPage() override;

  // Which attention is walked through.
  enum class Kind {
    SelfAttention,  // a Transformer encoder layer
    Additive,       // the chatbot decoder's additive (Bahdanau) attention
    Decoder,        // the encoder-decoder Transformer's decoder, one generation step at a time
  };

  // The source texts' examples.
  static QStringList exampleSentences();

  // --- What a user sets ---
  void setSentence(const QString& text);
  QString sentence() const;
  void setToySettings(const teaching::ToyEncoderSettings& settings);  // and walk the toy layer
  teaching::ToyEncoderSettings toySettings() const;
  // The model whose first layer can be walked through (the Attention page offers its current model).
  void setTrainedModel(const QString& name, std::shared_ptr<const ImdbTransformerModel> model);
  void useTrainedModel(bool trained);  // false: the toy
  bool usesTrainedModel() const;
  void setMask(teaching::MaskKind mask);
  void setScaling(bool divideByRootK);

  void setKind(Kind kind);
  Kind kind() const;
  // The chatbot whose attention can be walked through (the Chatbot page offers its current model).
  void setChatbotModel(const QString& name, std::shared_ptr<const ChatbotModel> model);
  void useTrainedChatbot(bool trained);  // false: a seeded toy chatbot
  bool usesTrainedChatbot() const;
  void setAnswerWord(int index);         // 0-based word of the answer whose attention is shown
  // The encoder-decoder Transformer whose decoder can be walked through (the Chatbot page's current one).
  void setTransformerModel(const QString& name, std::shared_ptr<const Seq2SeqTransformerModel> model);
  DecoderControls* decoderControls() const { return decoderControls_; }

  // --- Steps ---
  int stepCount() const { return static_cast<int>(steps_.size()); }
  int currentStep() const { return current_; }
  void showStep(int index);
  void nextStep();
  void previousStep();
  void setPlaying(bool playing);
  bool isPlaying() const;

  // --- What the page shows, for tests ---
  bool hasWalk() const { return walk_.has_value(); }
  const teaching::EncoderWalk& walk() const { return *walk_; }
  bool hasAdditiveWalk() const { return additiveWalk_.has_value(); }
  const teaching::AdditiveWalk& additiveWalk() const { return *additiveWalk_; }
  bool hasDecoderWalk() const { return decoderWalk_.has_value(); }
  const teaching::DecoderWalk& decoderWalk() const { return *decoderWalk_; }
  const teaching::EncoderLayerWalkthrough* walkthrough() const { return walkthrough_.get(); }
  const std::vector<teaching::AttentionStep>& steps() const { return steps_; }
  QList<MatrixView*> gridViews() const { return gridViews_; }
  QString stepTitle() const;
  QString formulaText() const;
  QString explanationText() const;
  QString sharpnessText() const;
  QString errorText() const;

 public slots:
  void exportFigure();   // File > Export figure: the current step as a picture
  void exportNumbers();  // every grid of the current step in one CSV file

 signals:
  void statusMessage(const QString& message);

 private:
  QWidget* createControls();
  QGroupBox* createChatbotControls();
  void walkSelfAttention();
  void walkAdditiveAttention();
  QWidget* createStepView();
  void rebuild();  // a setting changed: walk again, stay on the same step
  void showCurrentStep();
  void updateSharpness();
  void updateKeyDimension();

  std::unique_ptr<teaching::EncoderLayerWalkthrough> walkthrough_;
  std::optional<teaching::EncoderWalk> walk_;
  std::optional<teaching::AdditiveWalk> additiveWalk_;
  std::optional<teaching::DecoderWalk> decoderWalk_;
  std::shared_ptr<const ChatbotModel> toyChatbot_;  // rebuilt when the question or its sizes change
  QString toyChatbotKey_;
  QString chatbotName_;
  std::shared_ptr<const ChatbotModel> chatbotModel_;
  std::vector<teaching::AttentionStep> steps_;
  int current_ = 0;
  QString trainedName_;
  std::shared_ptr<const ImdbTransformerModel> trainedModel_;

  QComboBox* kindBox_;
  QComboBox* sentenceBox_;
  QGroupBox* layerGroup_;
  QGroupBox* attentionGroup_;
  QGroupBox* chatbotGroup_;
  DecoderControls* decoderControls_;
  QRadioButton* toyChatbotButton_;
  QRadioButton* trainedChatbotButton_;
  QSpinBox* unitsBox_;
  QSpinBox* attentionUnitsBox_;
  QSpinBox* chatbotSeedBox_;
  QSpinBox* answerWordBox_;
  QLabel* answer_;
  QRadioButton* toyButton_;
  QRadioButton* trainedButton_;
  QSpinBox* widthBox_;
  QSpinBox* headsBox_;
  QSpinBox* feedForwardBox_;
  QSpinBox* seedBox_;
  QComboBox* positionBox_;
  QLabel* keyDimension_;
  QComboBox* maskBox_;
  QSpinBox* paddingBox_;
  QCheckBox* scaleBox_;
  QLabel* sharpness_;
  QListWidget* stepList_;
  QPushButton* backButton_;
  QPushButton* playButton_;
  QPushButton* nextButton_;
  QTimer* playTimer_;
  QLabel* error_;

  QWidget* stepView_;
  QLabel* title_;
  QLabel* formula_;
  QLabel* explanation_;
  QWidget* gridHost_;
  QGridLayout* gridLayout_;
  QList<MatrixView*> gridViews_;
};

}  // namespace al::ui
