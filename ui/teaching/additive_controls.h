#pragma once
// The Step-through page's controls for the chatbot's additive (Bahdanau) attention: which chatbot (a seeded
// untrained toy of chosen sizes, or the Chatbot page's model) and which answer word's attention to take apart.
// walk() asks the core for the walk (core/teaching/attention_steps.h); the page shows its steps like any other.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <memory>

#include "core/inference/any_model.h"
#include "core/teaching/attention_steps.h"

#include <QGroupBox>
#include <QString>

class QLabel;
class QRadioButton;
class QSpinBox;

namespace al::ui {

class AdditiveControls : public QGroupBox {
  Q_OBJECT
 public:
  explicit AdditiveControls(QWidget* parent = nullptr);

  // The chatbot whose attention can be walked through. True when the walk shown uses it and must be redone.
  bool setModel(const QString& name, const AnyModel& model);
  void useTrained(bool trained);  // false: a seeded toy chatbot
  bool usesTrained() const;
  void setAnswerWord(int index);  // 0-based; emits changed when it changes

  // The walk of the chosen answer word's attention for `question`; shows the answer with that word underlined.
  teaching::AdditiveWalk walk(const QString& question);

 signals:
  void changed();  // a setting changed: walk again

 private:
  QSpinBox* spinBox(int lo, int hi, int value);

  std::shared_ptr<const ChatbotModel> toyChatbot_;  // rebuilt when the question or its sizes change
  QString toyChatbotKey_;
  QString name_;
  std::shared_ptr<const ChatbotModel> model_;

  QRadioButton* toyButton_;
  QRadioButton* trainedButton_;
  QSpinBox* unitsBox_;
  QSpinBox* attentionUnitsBox_;
  QSpinBox* seedBox_;
  QSpinBox* answerWordBox_;
  QLabel* answer_;
};

}  // namespace al::ui
