// Core headers first (through the widget's header): Qt's `emit` macro must not reach them.
#include "ui/widgets/switched_heads_note.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QStringList>

#include "ui/widgets/retranslate.h"

namespace al::ui {

SwitchedHeadsNote::SwitchedHeadsNote(QWidget* parent) : QFrame(parent), label_(new QLabel), allOn_(new QPushButton) {
  setObjectName("switchedHeadsNote");
  label_->setObjectName("switchedHeads");
  label_->setWordWrap(true);
  allOn_->setObjectName("switchEveryHeadOn");
  connect(allOn_, &QPushButton::clicked, this, &SwitchedHeadsNote::allOnRequested);
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(6, 3, 6, 3);
  layout->addWidget(label_, 1);
  layout->addWidget(allOn_, 0, Qt::AlignVCenter);
  setTranslatedTexts(this, [this] {
    allOn_->setText(tr("Switch every head on"));
    allOn_->setToolTip(tr("Every head of this model on again, here and on the Attention page"));
    updateText();
  });
  hide();
}

void SwitchedHeadsNote::setSwitches(const HeadSwitches& switches) {
  switches_ = switches;
  updateText();
  setVisible(!switches_.empty());
}

// Layers and heads counted from 1, as the Attention page names them.
void SwitchedHeadsNote::updateText() {
  QStringList heads;
  for (const auto& [layer, head] : switches_.off()) heads << tr("L%1 H%2").arg(layer + 1).arg(head + 1);
  label_->setText(tr("Heads switched off on the Attention page: %1. The results below are the model's without them.")
                      .arg(heads.join(QStringLiteral(", "))));
}

QString SwitchedHeadsNote::text() const { return isHidden() ? QString() : label_->text(); }

}  // namespace al::ui
