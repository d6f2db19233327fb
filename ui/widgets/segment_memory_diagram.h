#pragma once
// Transformer-XL's segment-level recurrence as an animated picture (no model, no training).
//
// A long text is read in segments of L tokens. A vanilla Transformer sees one segment at a time: the first word
// of a segment sees nothing before it (context fragmentation). Transformer-XL keeps the hidden states the
// previous segment computed, layer by layer, as a read-only memory of M tokens (no gradient flows into it), and
// each layer's queries attend to the memory as well as to the segment's own earlier tokens. Positions are
// relative (query minus key, written under the keys), so the cached states keep their meaning when the segment
// moves on. Because layer n reads layer n-1's memory, the reach grows with depth: about layers x M tokens.
//
// The picture: one row of circles per layer (the bottom row the embeddings), one column per token of the text.
// Done segments are grey, the cached memory is hatched, the current segment blue, later ones empty; the query
// being computed (one column, every layer) is outlined, with a line to each key it attends to.
#include <QList>
#include <QWidget>

namespace al::ui {

class SegmentMemoryDiagram : public QWidget {
  Q_OBJECT
 public:
  explicit SegmentMemoryDiagram(QWidget* parent = nullptr);

  void setSegmentLength(int tokens);  // L, 2..8
  int segmentLength() const { return segmentLength_; }
  void setMemoryLength(int tokens);   // M, 0..16
  int memoryLength() const { return memoryLength_; }
  void setLayers(int layers);         // 1..4 above the embeddings
  int layers() const { return layers_; }
  void setRecurrence(bool on);        // off: a vanilla Transformer on segments, no memory
  bool recurrence() const { return recurrence_; }

  // The animation walks the queries of a segment one token at a time, then moves to the next segment.
  int stepCount() const { return kSegments * segmentLength_; }
  int currentStep() const { return step_; }
  void setStep(int step);  // wraps around
  int currentSegment() const { return step_ / segmentLength_; }
  int currentToken() const { return step_ % segmentLength_; }   // within its segment
  int queryPosition() const { return step_; }                    // in the whole text

  // The positions (in the whole text) the query at `position` attends to in the layer below: its segment's
  // tokens up to itself, and with recurrence the M tokens before the segment (the cached memory).
  QList<int> keysOf(int position) const;
  // The positions of the cached memory while the current segment is computed (empty without recurrence).
  QList<int> memoryPositions() const;

  // A tab's height for its width is what its page would like (QStackedLayout), and it is also the least the page
  // it is on gives it: a modest preferred height keeps the Memory page within 1280 x 720 presented, and the
  // diagram still takes every pixel a larger window has (it expands).
  QSize sizeHint() const override { return {900, 300}; }
  QSize minimumSizeHint() const override { return {360, 240}; }

 signals:
  void changed();

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  static constexpr int kSegments = 3;
  int segmentLength_ = 4;
  int memoryLength_ = 4;
  int layers_ = 3;
  bool recurrence_ = true;
  int step_ = 0;
};

}  // namespace al::ui
