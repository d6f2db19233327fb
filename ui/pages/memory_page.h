#pragma once
// The Memory page: Transformer-XL's segment-level recurrence and relative positions, as an animated diagram
// (ui/widgets/segment_memory_diagram.h). Settings: segment length, memory length, layers, recurrence on or off;
// Back, Play and Next walk the queries one token at a time. A caption says, in numbers, what the current query
// reads and how far back the top layer can see.
#include <QWidget>

class QCheckBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTimer;

namespace al::ui {

class SegmentMemoryDiagram;

class MemoryPage : public QWidget {
  Q_OBJECT
 public:
  explicit MemoryPage(QWidget* parent = nullptr);

  void setSegmentLength(int tokens);
  void setMemoryLength(int tokens);
  void setLayers(int layers);
  void setRecurrence(bool on);
  void showStep(int step);  // 0-based: which query of which segment
  void nextStep();
  void previousStep();
  void setPlaying(bool playing);
  bool isPlaying() const;

  SegmentMemoryDiagram* diagram() const { return diagram_; }
  QString captionText() const;

 private:
  void updateCaption();

  SegmentMemoryDiagram* diagram_;
  QSpinBox* segmentBox_;
  QSpinBox* memoryBox_;
  QSpinBox* layersBox_;
  QCheckBox* recurrenceBox_;
  QPushButton* backButton_;
  QPushButton* playButton_;
  QPushButton* nextButton_;
  QTimer* playTimer_;
  QLabel* caption_;
};

}  // namespace al::ui
