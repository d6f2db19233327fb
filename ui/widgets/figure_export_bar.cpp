#include "ui/widgets/figure_export_bar.h"

#include <QHBoxLayout>
#include <QPushButton>

#include "ui/widgets/bare_layout.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

FigureExportBar::FigureExportBar(const QString& pictureToolTip, const QString& numbersToolTip, QWidget* parent)
    : QWidget(parent) {
  auto* picture = new QPushButton;
  picture->setObjectName("savePicture");
  picture->setToolTip(pictureToolTip);
  connect(picture, &QPushButton::clicked, this, [this] {
    if (onPicture) onPicture();
  });
  auto* numbers = new QPushButton;
  numbers->setObjectName("saveNumbers");
  numbers->setToolTip(numbersToolTip);
  connect(numbers, &QPushButton::clicked, this, [this] {
    if (onNumbers) onNumbers();
  });
  auto* layout = bareLayout<QHBoxLayout>(this);
  layout->addStretch(1);
  layout->addWidget(picture);
  layout->addWidget(numbers);
  setTranslatedTexts(this, [=] {
    picture->setText(tr("Save picture…"));
    numbers->setText(tr("Save numbers…"));
  });
}

void FigureExportBar::setToolTips(const QString& picture, const QString& numbers) {
  findChild<QPushButton*>("savePicture")->setToolTip(picture);
  findChild<QPushButton*>("saveNumbers")->setToolTip(numbers);
}

}  // namespace al::ui
