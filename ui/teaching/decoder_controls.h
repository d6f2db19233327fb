#pragma once
// The Step-through page's controls for the Transformer decoder: which model (the Chatbot page's encoder-decoder
// Transformer), which generation step (Next token moves one token on) and which decoder layer. walk() asks the
// core for the walk (core/teaching/decoder_steps.h); the page shows its steps like any other.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <memory>

#include "core/inference/any_model.h"
#include "core/teaching/decoder_steps.h"

#include <QGroupBox>
#include <QString>

class QLabel;
class QPushButton;
class QSpinBox;

namespace al::ui {

class DecoderControls : public QGroupBox {
  Q_OBJECT
 public:
  explicit DecoderControls(QWidget* parent = nullptr);

  void setModel(const QString& name, const AnyModel& model);
  std::shared_ptr<const Seq2SeqTransformerModel> model() const { return model_; }
  // The walk of the current generation step and layer for `question`; updates the answer shown here.
  // Throws InputError without a model and for text that is not UTF-8.
  teaching::DecoderWalk walk(const QString& question);

  int generationStep() const;  // 0-based: the pass that chooses answer token n
  void setGenerationStep(int step);
  void setLayer(int layer);    // 0-based

 public slots:
  void nextToken();

 signals:
  void changed();  // a setting changed: walk again

 private:
  std::shared_ptr<const Seq2SeqTransformerModel> model_;
  QLabel* modelName_;
  QSpinBox* stepBox_;
  QSpinBox* layerBox_;
  QPushButton* nextTokenButton_;
  QLabel* answer_;
};

}  // namespace al::ui
