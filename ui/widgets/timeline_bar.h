#pragma once
// A training run's timeline (core/inference/training_timeline.h) as a bar a class scrubs through:
//
//   [sentence ▾]  |====o==================|  [Play] [1×]   step 120 · epoch 2 · loss 0.412 · accuracy 81.3 %
//   distance from uniform of every head over the steps, one line per layer x head, a marker at the snapshot shown
//   (none for a model without self-attention: the GRU chatbot's timeline holds answers and alignments only)
//
// The slider's positions are the snapshots, 0 .. snapshotCount() - 1, and after them the final model (the default):
// where a page shows the model as it is. The slider takes the keyboard (arrows, Home/End, PageUp/PageDown); Play
// walks the snapshots at the chosen speed and stops at the final model. Bigger type (zoom, presentation) makes the
// slider, its handle and the plot bigger too, for a projector.
//
// The bar only shows where the class is: the page that holds it draws that snapshot's maps (positionChanged).
// A model whose timeline.json could not be read shows the bar as a banner saying why (the model itself opened).
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <memory>

#include "core/inference/training_timeline.h"

#include <QString>
#include <QWidget>

namespace al {
class Error;  // core/error.h
}

class QComboBox;
class QHBoxLayout;
class QCPItemStraightLine;
class QCustomPlot;
class QLabel;
class QPushButton;
class QSlider;
class QTimer;

namespace al::ui {

class ErrorBanner;

class TimelineBar : public QWidget {
  Q_OBJECT
 public:
  explicit TimelineBar(QWidget* parent = nullptr);

  // Shows this timeline at the final model, its first sentence chosen; null hides the bar. readError: why the
  // model's timeline could not be read, said in the banner (in the language of now) instead of the bar.
  void setTimeline(std::shared_ptr<const TrainingTimeline> timeline, std::shared_ptr<const Error> readError = nullptr);
  const TrainingTimeline* timeline() const { return timeline_.get(); }

  int snapshotCount() const;
  int position() const;  // a snapshot's index, or snapshotCount() for the final model
  void setPosition(int position);  // clamped; positionChanged follows when it moved
  bool atFinalModel() const { return position() >= snapshotCount(); }
  const TimelineSnapshot* snapshot() const;  // the snapshot shown; null at the final model

  int probe() const { return probe_; }  // the sentence whose heads the plot shows
  void setProbe(int probe);             // out of range: ignored
  int probeOf(const QString& text) const;  // the sentence `text` is (spaces around ignored); -1: none

  void setPlaying(bool playing);
  bool isPlaying() const;
  double speed() const;  // 0.5 .. 4: snapshots a second

  QSlider* slider() const { return slider_; }
  QCustomPlot* distancePlot() const { return plot_; }
  QString stateText() const;  // the label: the step, epoch, loss and accuracy shown
  QString errorText() const;  // the banner's: why the timeline could not be read; empty when it was
  // A page that shows no maps (Generate, Fill in the blank) lets the bar say what the model predicted of the chosen
  // sentence at the moment shown: the next token's 5 best, each blank's 5 best words, the verdict or the answer.
  void setShowsPrediction(bool shown);
  QString predictionText() const;  // that line; empty at the final model or when not shown
  // Off: no plot of the heads' distances (a page whose figure needs the height, Step through); on by default.
  void setShowsDistances(bool shown);
  // A page's own button after the state line (the Attention page's "Export timeline…"): shown with the bar.
  void addControl(QWidget* control);

 signals:
  void positionChanged(int position);
  void timelineChanged();  // setTimeline: another timeline (or none), at its final model
  void probeChosen(int probe);  // the user chose a sentence in the box

 private:
  void playNext();
  void showState();
  void plotDistances();  // the lines of the chosen sentence's heads
  void placeMarker();
  void fitToScale();     // slider and plot sizes for the type's size
  void showReadError();
  void showPrediction();

  std::shared_ptr<const TrainingTimeline> timeline_;
  int probe_ = 0;
  QComboBox* probeBox_;
  QSlider* slider_;
  QPushButton* playButton_;
  QComboBox* speedBox_;
  QHBoxLayout* stateRow_;  // the state, then a page's own buttons
  QLabel* state_;
  QTimer* playTimer_;
  QCustomPlot* plot_;
  QCPItemStraightLine* marker_;
  QLabel* plotTitle_;
  std::shared_ptr<const Error> readError_;
  ErrorBanner* error_;
  QWidget* body_;  // all but the banner
  QLabel* prediction_;
  bool showsPrediction_ = false;
  bool showsDistances_ = true;
};

}  // namespace al::ui
