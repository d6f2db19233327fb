#pragma once
// The Step-through page's controls for a Transformer encoder layer: which layer (a seeded toy of chosen width
// and heads, or the first layer of a trained model) and how its attention runs (mask, padding tokens, the
// "divide by √K" switch, with the softmax sharpness it changes). walk() asks the core for the walk
// (core/teaching/attention_steps.h); the page shows its steps like any other.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <memory>
#include <optional>

#include "core/inference/any_model.h"
#include "core/teaching/attention_steps.h"

#include <QString>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QLabel;
class QRadioButton;
class QSpinBox;

namespace al::ui {

class EncoderControls : public QWidget {
  Q_OBJECT
 public:
  explicit EncoderControls(QWidget* parent = nullptr);

  void setToySettings(const teaching::ToyEncoderSettings& settings);  // and choose the toy; emits nothing
  teaching::ToyEncoderSettings toySettings() const;
  // The model whose first layer can be walked through. True when the walk shown uses it and must be redone.
  // `seed`: the one it was trained with, when known (the greyed seed box shows it).
  bool setTrainedModel(const QString& name, const AnyModel& model,
                       std::optional<uint64_t> seed = {});
  // The trained model's name said again (a new language), the model kept.
  void renameTrainedModel(const QString& name);
  void useTrainedModel(bool trained);  // false: the toy
  bool usesTrainedModel() const;
  void setMask(teaching::MaskKind mask);
  void setScaling(bool divideByRootK);

  // The walk of the chosen layer over `sentence`; shows its softmax sharpness. Throws InputError for text the
  // layer cannot read.
  teaching::EncoderWalk walk(const QString& sentence);
  const teaching::EncoderLayerWalkthrough* walkthrough() const { return walkthrough_.get(); }
  QString sharpnessText() const;  // plain text

 signals:
  void changed();  // a setting changed: walk again

 private:
  QGroupBox* createLayerGroup();
  QGroupBox* createAttentionGroup();
  QSpinBox* spinBox(int lo, int hi, int value);
  void updateKeyDimension();
  void showLayerSettings();
  void showSharpness(const teaching::SoftmaxSharpness& s);
  void showPositionTexts();  // "learned (random)" for the toy, "learned (trained)" for a trained model

  std::unique_ptr<teaching::EncoderLayerWalkthrough> walkthrough_;
  QString trainedName_;
  std::shared_ptr<const ImdbTransformerModel> trainedModel_;
  std::optional<uint64_t> trainedSeed_;
  std::optional<teaching::ToyEncoderSettings> savedToy_;  // while the boxes show the trained model's settings

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
};

}  // namespace al::ui
