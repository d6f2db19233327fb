#include "ui/teaching/walk_controls.h"

#include <QFormLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace al::ui {

WalkControls::WalkControls(const QString& name, QWidget* parent) : QGroupBox(parent) {
  auto* layout = new QVBoxLayout(this);
  modelName_ = new QLabel;
  modelName_->setWordWrap(true);
  layout->addWidget(modelName_);
  auto* form = new QFormLayout;
  layerBox_ = new QSpinBox;
  layerBox_->setObjectName(name + QStringLiteral("Layer"));
  layerBox_->setRange(1, 1);
  connect(layerBox_, &QSpinBox::valueChanged, this, &WalkControls::changed);
  layerLabel_ = new QLabel;
  form->addRow(layerLabel_, layerBox_);
  layout->addLayout(form);
  nextTokenButton_ = new QPushButton;
  nextTokenButton_->setObjectName(name + QStringLiteral("NextToken"));
  nextTokenButton_->setEnabled(false);
  connect(nextTokenButton_, &QPushButton::clicked, this, [this] {
    if (!nextText_.isEmpty()) emit appendText(nextText_);
  });
  layout->addWidget(nextTokenButton_);
  reading_ = new QLabel;
  reading_->setObjectName(name + QStringLiteral("Reading"));
  reading_->setWordWrap(true);
  layout->addWidget(reading_);
}

void WalkControls::setSharedTexts(const QString& layerTip, const QString& nextTip) {
  layerLabel_->setText(tr("Layer"));
  layerBox_->setToolTip(layerTip);
  nextTokenButton_->setText(tr("Next token"));
  nextTokenButton_->setToolTip(nextTip);
}

void WalkControls::setModelText(const QString& text) { modelName_->setText(text); }

void WalkControls::setLayers(int count, int start) {
  const QSignalBlocker blocker(layerBox_);
  layerBox_->setMaximum(std::max(1, count));
  layerBox_->setValue(start + 1);
}

void WalkControls::setLayer(int layer) { layerBox_->setValue(layer + 1); }
int WalkControls::layer() const { return layerBox_->value() - 1; }
int WalkControls::layerCount() const { return layerBox_->maximum(); }

void WalkControls::forgetWalk() {
  nextText_.clear();
  nextTokenButton_->setEnabled(false);
  reading_->clear();
}

void WalkControls::offerNextText(const QString& text) {
  nextText_ = text;
  nextTokenButton_->setEnabled(!nextText_.isEmpty());
}

void WalkControls::say(const QString& reading) { reading_->setText(reading); }

}  // namespace al::ui
