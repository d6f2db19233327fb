#include "ui/pages/memory_page.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QIcon>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>

#include "ui/widgets/play_button.h"
#include "ui/widgets/retranslate.h"
#include "ui/widgets/segment_memory_diagram.h"

namespace al::ui {

MemoryPage::MemoryPage(QWidget* parent)
    : QWidget(parent), diagram_(new SegmentMemoryDiagram), segmentBox_(new QSpinBox), memoryBox_(new QSpinBox),
      layersBox_(new QSpinBox), recurrenceBox_(new QCheckBox), backButton_(new QPushButton),
      playButton_(new QPushButton), nextButton_(new QPushButton), playTimer_(new QTimer(this)), caption_(new QLabel) {
  auto* layout = new QVBoxLayout(this);
  auto* controls = new QHBoxLayout;
  auto* form = new QFormLayout;
  segmentBox_->setRange(2, 8);
  segmentBox_->setValue(diagram_->segmentLength());
  memoryBox_->setRange(0, 16);
  memoryBox_->setValue(diagram_->memoryLength());
  layersBox_->setRange(1, 4);
  layersBox_->setValue(diagram_->layers());
  recurrenceBox_->setChecked(diagram_->recurrence());
  auto* sizes = new QHBoxLayout;
  auto* segmentLabel = new QLabel, *memoryLabel = new QLabel, *layersLabel = new QLabel;
  for (auto [label, box] : {std::pair{segmentLabel, segmentBox_}, {memoryLabel, memoryBox_}, {layersLabel, layersBox_}}) {
    sizes->addWidget(label);
    sizes->addWidget(box);
  }
  sizes->addStretch();
  form->addRow(sizes);
  controls->addLayout(form, 1);
  auto* walk = new QHBoxLayout;  // a second row: the page fits a projector's width even with large fonts
  walk->addWidget(recurrenceBox_);
  walk->addStretch();
  backButton_->setIcon(QIcon(QStringLiteral(":/icons/back.svg")));
  playButton_->setIcon(QIcon(QStringLiteral(":/icons/play.svg")));
  playButton_->setCheckable(true);
  nextButton_->setIcon(QIcon(QStringLiteral(":/icons/forward.svg")));
  for (QPushButton* button : {backButton_, playButton_, nextButton_}) walk->addWidget(button);
  layout->addLayout(controls);
  layout->addLayout(walk);
  layout->addWidget(diagram_, 1);
  caption_->setObjectName("explanation");
  caption_->setWordWrap(true);
  caption_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(caption_);

  playTimer_->setInterval(900);
  connect(playTimer_, &QTimer::timeout, this, &MemoryPage::nextStep);
  connect(segmentBox_, &QSpinBox::valueChanged, diagram_, &SegmentMemoryDiagram::setSegmentLength);
  connect(memoryBox_, &QSpinBox::valueChanged, diagram_, &SegmentMemoryDiagram::setMemoryLength);
  connect(layersBox_, &QSpinBox::valueChanged, diagram_, &SegmentMemoryDiagram::setLayers);
  connect(recurrenceBox_, &QCheckBox::toggled, diagram_, &SegmentMemoryDiagram::setRecurrence);
  connect(backButton_, &QPushButton::clicked, this, &MemoryPage::previousStep);
  connect(nextButton_, &QPushButton::clicked, this, &MemoryPage::nextStep);
  connect(playButton_, &QPushButton::toggled, this, &MemoryPage::setPlaying);
  connect(diagram_, &SegmentMemoryDiagram::changed, this, &MemoryPage::updateCaption);
  setTranslatedTexts(this, [=, this] {
    segmentLabel->setText(tr("Segment length"));
    memoryLabel->setText(tr("Memory"));
    layersLabel->setText(tr("Layers"));
    recurrenceBox_->setText(tr("Recurrence (cache earlier segments' hidden states)"));
    backButton_->setText(tr("Back"));
    nextButton_->setText(tr("Next"));
    playButton_->setText(isPlaying() ? tr("Pause") : tr("Play"));
    updateCaption();
  });
}

void MemoryPage::setSegmentLength(int tokens) { segmentBox_->setValue(tokens); }
void MemoryPage::setMemoryLength(int tokens) { memoryBox_->setValue(tokens); }
void MemoryPage::setLayers(int layers) { layersBox_->setValue(layers); }
void MemoryPage::setRecurrence(bool on) { recurrenceBox_->setChecked(on); }
void MemoryPage::showStep(int step) { diagram_->setStep(step); }
void MemoryPage::nextStep() { diagram_->setStep(diagram_->currentStep() + 1); }
void MemoryPage::previousStep() { diagram_->setStep(diagram_->currentStep() - 1); }

void MemoryPage::setPlaying(bool playing) {
  if (playing) playTimer_->start();
  else playTimer_->stop();
  showPlayState(playButton_, playing);
}

bool MemoryPage::isPlaying() const { return playTimer_->isActive(); }
QString MemoryPage::captionText() const { return caption_->text(); }

void MemoryPage::updateCaption() {
  const SegmentMemoryDiagram& d = *diagram_;
  const int keys = static_cast<int>(d.keysOf(d.queryPosition()).size());
  const int cached = static_cast<int>(d.memoryPositions().size());
  // Layer n reads layer n-1's memory, which itself read further back: the top layer's reach.
  const int reach = d.recurrence() ? d.layers() * d.memoryLength() + d.segmentLength() : d.segmentLength();
  // The memory holds the last M hidden states before the segment: with M longer than a segment, from several.
  const int segmentsBack = (cached + d.segmentLength() - 1) / d.segmentLength();
  caption_->setText(
      tr("Segment %1, word %2: its query reads %3 of its own segment's words and the cached hidden states of the %4 "
         "words before the segment (the memory keeps the last %5, here from %6 earlier segment(s)). Stacked over %7 "
         "layers, the top layer can draw on up to %8 words.")
          .arg(d.currentSegment() + 1).arg(d.currentToken() + 1).arg(keys - cached).arg(cached)
          .arg(d.memoryLength()).arg(segmentsBack).arg(d.layers()).arg(reach));
  if (!d.recurrence())
    caption_->setText(tr("Segment %1, word %2: its query reads %3 of its own segment's words and nothing before. "
                         "Without the memory no layer sees past the segment's start, however many layers there are.")
                          .arg(d.currentSegment() + 1).arg(d.currentToken() + 1).arg(keys));
}

}  // namespace al::ui
