#pragma once
// What the Step-through page's controls for a model that writes have in common (a language model trained here,
// ui/teaching/lm_controls.h; a pretrained BERT or GPT-2, ui/teaching/pretrained_controls.h): the model's name,
// the layer to take apart, a Next token button that appends the chosen token to the text, and a line saying what
// the model read. Each kind fills them from its own walk.
#include <QGroupBox>
#include <QString>

class QLabel;
class QPushButton;
class QSpinBox;

namespace al::ui {

class WalkControls : public QGroupBox {
  Q_OBJECT
 public:
  void setLayer(int layer);  // 0-based
  int layer() const;         // 0-based
  int layerCount() const;    // the model's layers (1 without a model)

 signals:
  void changed();                         // a setting changed: walk again
  void appendText(const QString& text);  // Next token: the chosen token's text, to add to the sentence

 protected:
  // `name`: the start of the widgets' object names ("lm": lmLayer, lmNextToken, lmReading).
  explicit WalkControls(const QString& name, QWidget* parent = nullptr);

  // The words every kind shares ("Layer", "Next token"); call from the kind's own translated texts.
  void setSharedTexts(const QString& layerTip, const QString& nextTip);
  void setModelText(const QString& text);
  // `count` layers, `start` (0-based) shown first; the walk is not redone here (the caller emits changed).
  void setLayers(int count, int start);
  // Before a walk: nothing to append, nothing said. After: what Next token appends (empty: nothing), and the line.
  void forgetWalk();
  void offerNextText(const QString& text);
  void say(const QString& reading);
  const QString& nextText() const { return nextText_; }
  QPushButton* nextTokenButton() const { return nextTokenButton_; }

 private:
  QString nextText_;
  QLabel* modelName_;
  QLabel* layerLabel_;
  QSpinBox* layerBox_;
  QPushButton* nextTokenButton_;
  QLabel* reading_;
};

}  // namespace al::ui
