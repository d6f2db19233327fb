#include "ui/widgets/model_bar.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QVBoxLayout>

#include "ui/widgets/retranslate.h"

namespace al::ui {

ModelBar::ModelBar(QWidget* parent)
    : QWidget(parent), row_(new QHBoxLayout), box_(new QComboBox), open_(new QPushButton), toy_(new QPushButton),
      info_(new QLabel) {
  // Two rows: the model and its description, then the toy and its options. On one row, with a page's toy options,
  // the bar is wider than a projector's 1280 px.
  auto* rows = new QVBoxLayout(this);
  rows->setContentsMargins(0, 0, 0, 0);
  auto* modelRow = new QHBoxLayout;
  auto* label = new QLabel;
  modelRow->addWidget(label);
  box_->setObjectName("modelBox");
  box_->setMinimumWidth(220);
  modelRow->addWidget(box_);
  modelRow->addWidget(open_);
  modelRow->addSpacing(12);
  info_->setObjectName("modelInfo");
  info_->setWordWrap(true);  // a long description wraps rather than widen the page
  modelRow->addWidget(info_, 1);
  rows->addLayout(modelRow);
  toy_->setObjectName("trainToyButton");
  row_->addWidget(toy_);
  row_->addStretch(1);
  rows->addLayout(row_);
  setTranslatedTexts(this, [=, this] {
    label->setText(tr("Model:"));
    open_->setText(tr("Open model…"));
  });
}

void ModelBar::addToyOption(QWidget* option) { row_->insertWidget(row_->count() - 1, option); }  // before the stretch

void ModelBar::setTexts(const QString& placeholder, const QString& openToolTip, const QString& toyText,
                        const QString& toyToolTip) {
  box_->setPlaceholderText(placeholder);
  open_->setToolTip(openToolTip);
  toyText_ = toyText;
  toy_->setToolTip(toyToolTip);
  setToyTraining(toyTraining_);
}

void ModelBar::setToyTraining(bool training) {
  toyTraining_ = training;
  toy_->setEnabled(!training);
  toy_->setText(training ? tr("Training…") : toyText_);
}

QString ModelBar::askDirectory(const QString& title) { return QFileDialog::getExistingDirectory(this, title); }

}  // namespace al::ui
