#pragma once
// The Memory page: Transformer-XL's segment-level recurrence and relative positions, in two tabs.
//
//   Diagram        an animated picture (ui/widgets/segment_memory_diagram.h). Settings: segment length, memory
//                  length, layers, recurrence on or off; Back, Play and Next walk the queries one token at a time.
//                  A caption says, in numbers, what the current query reads and how far back the top layer can see.
//   Trained model  a language model of the session (the model bar: trained on the Train page or opened, with or
//                  without a memory) reads a text segment after segment; its real attention over [memory ; segment]
//                  for one query of the last segment, on the text itself (ui/pages/memory_attention_view.h):
//                  one layer, one head or their average; a caption gives the share of the weight on the memory.
//                  The text is read on a worker thread, again when it or the model changes.
//
// Core headers come first (through the model page): a core header must never see Qt's `emit` macro.
#include <exception>
#include <optional>

#include "core/inference/causal_lm_generation.h"
#include "core/inference/training_timeline.h"
#include "ui/pages/model_page.h"

#include <QFutureWatcher>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTimer;

namespace al::ui {

class MemoryAttentionView;
class SegmentMemoryDiagram;
class TimelineBar;
class TimelineMoments;

// How many words the top layer's output for the last word of a segment can draw on, by the diagram's own rule of
// which keys a query reads (SegmentMemoryDiagram::keysOf), in a text long enough: the segment itself without
// recurrence.
int topLayerReach(const SegmentMemoryDiagram& diagram);

class MemoryPage : public ModelPage {
  Q_OBJECT
 public:
  // What a session keeps of the page (ui/session/page_state.h; the keys are in ui/pages/page_states.cpp).
  QJsonObject saveState() const override;
  void restoreState(const QJsonObject& state) override;
  // library: the session's models (null: a library of the page's own).
  explicit MemoryPage(ModelLibrary* library = nullptr, QWidget* parent = nullptr);
  ~MemoryPage() override;  // waits for a reading in flight

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

  // --- The trained model's tab ---
  QTabWidget* tabs() const { return tabs_; }  // Diagram, Trained model
  void setText(const QString& text);          // and reads it
  QString text() const;
  bool isReading() const;                     // a reading in flight
  MemoryAttentionView* attentionView() const { return view_; }
  QString modelCaptionText() const;
  void setLayer(int layer);                   // 0-based
  void setHead(int head);                     // -1: the heads' average

  // --- The timeline of a language model that recorded one while it trained (hidden otherwise) ---
  // Under the trained model's text. At a moment of training the tab shows the maps the timeline stored for the text
  // (when it is one the run watched: another one gives way to the bar's), over the same memory and segment, and the
  // bar says what the model predicted next then. The last position is the kept model, as read live.
  TimelineBar* timelineBar() const { return timeline_; }
  // The moment shown (sessions): TimelineMoments::moment / setMoment, -1 at the kept model.
  TimelineMoments* timelineMoments() const { return moments_; }
  // The moment whose maps the tab shows (an index into the timeline's snapshots), or -1: the kept model's.
  int shownMoment() const { return shownMoment_; }

 public slots:
  void exportFigure() override;  // File › Export figure: the tab in view

 signals:
  void readingFinished();

 private:
  struct Reading {
    CausalLmAttention attention;
    std::exception_ptr error;
  };

  QWidget* createDiagramTab();
  QWidget* createModelTab();
  void updateCaption();
  bool shows(const SessionModel& model) const override;
  PageWords pageWords() const override;
  QString openDialogTitle() const override;
  void modelChanged() override;
  QString modelInfoText() const;  // the model bar's line about the model shown, in the language of now
  void read();  // the text, on the worker thread
  void readFinished();
  void updateModelCaption();
  void updateHeadBox();
  void showKeptReading();  // the kept model's reading of the text, or the bar's moment of it
  void timelineMoved();

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

  QTabWidget* tabs_;
  QLineEdit* textEdit_;
  QComboBox* layerBox_;
  QComboBox* headBox_;
  MemoryAttentionView* view_;
  QLabel* modelCaption_;
  QFutureWatcher<Reading> reading_;
  bool readAgain_ = false;  // the text or the model changed while a reading was in flight
  QString lastReadText_;
  std::optional<CausalLmAttention> kept_;  // the kept model's reading of lastReadText_
  TimelineMoments* moments_;
  TimelineBar* timeline_;
  int shownMoment_ = -1;
};

}  // namespace al::ui
