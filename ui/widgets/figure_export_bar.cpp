#include "ui/widgets/figure_export_bar.h"

#include <QHBoxLayout>
#include <QPushButton>

namespace al::ui {

FigureExportBar::FigureExportBar(const QString& pictureToolTip, const QString& numbersToolTip, QWidget* parent)
    : QWidget(parent) {
  auto* picture = new QPushButton(tr("Save picture…"));
  picture->setObjectName("savePicture");
  picture->setToolTip(pictureToolTip);
  connect(picture, &QPushButton::clicked, this, [this] {
    if (onPicture) onPicture();
  });
  auto* numbers = new QPushButton(tr("Save numbers…"));
  numbers->setObjectName("saveNumbers");
  numbers->setToolTip(numbersToolTip);
  connect(numbers, &QPushButton::clicked, this, [this] {
    if (onNumbers) onNumbers();
  });
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addStretch(1);
  layout->addWidget(picture);
  layout->addWidget(numbers);
}

}  // namespace al::ui
