#include "ui/widgets/model_bar.h"

#include <QComboBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

#include "ui/widgets/retranslate.h"

namespace al::ui {

ModelBar::ModelBar(QWidget* parent)
    : QWidget(parent), row_(new QHBoxLayout(this)), box_(new QComboBox), open_(new QPushButton),
      toy_(new QPushButton), info_(new QLabel) {
  row_->setContentsMargins(0, 0, 0, 0);
  auto* label = new QLabel;
  row_->addWidget(label);
  box_->setObjectName("modelBox");
  box_->setMinimumWidth(220);
  row_->addWidget(box_);
  row_->addWidget(open_);
  row_->addSpacing(12);
  toy_->setObjectName("trainToyButton");
  row_->addWidget(toy_);
  info_->setObjectName("modelInfo");
  info_->setWordWrap(true);  // a long description wraps rather than widen the page
  row_->addWidget(info_, 1);
  setTranslatedTexts(this, [=, this] {
    label->setText(tr("Model:"));
    open_->setText(tr("Open model…"));
  });
}

void ModelBar::addToyOption(QWidget* option) { row_->insertWidget(row_->indexOf(info_), option); }

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
