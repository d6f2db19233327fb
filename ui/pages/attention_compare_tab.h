#pragma once
// The Attention page's "Two models" tab: the page's sentence read by the model the page shows and by a second
// model of the session's library (any model the page can show: position or none, layer or batch norm, trained or
// untrained, the app's classifier or a pretrained BERT), side by side. Each side: one map (a layer's heads'
// average, the first or the last layer of each model) and the model's prediction. The two maps share one colour
// scale (HeatmapView::shareOneScale, the range that fits both), so that a darker cell is a larger weight whichever
// side it is on.
//
// The first model's heads switched off on the page are off here too (what they give, zeros or their means, as the
// page reads them); the second model has every head on.
//
// Both readings run on worker threads (AttentionReader); nothing is read until a second model is chosen.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <functional>
#include <string>

#include "ui/pages/attention_reader.h"
#include "ui/session/model_library.h"

#include <QWidget>

class QComboBox;
class QLabel;

namespace al::ui {

class HeatmapView;

class AttentionCompareTab : public QWidget {
  Q_OBJECT
 public:
  // library: where the second model is chosen from; shows: which of its models a map can be drawn of.
  AttentionCompareTab(ModelLibrary* library, std::function<bool(const SessionModel&)> shows, QWidget* parent = nullptr);

  // The page's model, sentence and switched-off heads (the left side). Read again only when one of them changed.
  void setFirst(const SessionModel* model, const QString& text, const HeadSwitches& switches = {});
  void setSecondModel(int libraryId);  // 0: none
  int secondModel() const;             // its library id, 0 for none
  bool busy() const;                   // a reading of either side is still out
  const AttentionReading& reading(int side) const { return *readings_[side]; }  // 0 left, 1 right
  HeatmapView* map(int side) const { return maps_[side]; }
  QString predictionText(int side) const;
  QComboBox* secondBox() const { return secondBox_; }
  QComboBox* layerBox() const { return layerBox_; }

 signals:
  void shown();  // both sides drawn for the sentence and models asked for last

 private:
  void read();
  void readingDone(int side, SharedReading reading);
  void draw();
  void setTexts();

  ModelLibrary* library_;
  AnyModel models_[2];
  QString names_[2];
  QString text_;
  HeadSwitches switches_;  // the first model's
  std::string switchesKey_;  // which heads, and whether they give their means: a change reads again
  SharedReading readings_[2] = {noReading(), noReading()};
  bool waiting_[2] = {false, false};
  AttentionReader* readers_[2];
  QLabel* intro_;
  QLabel* secondLabel_;
  QComboBox* secondBox_;
  QLabel* layerLabel_;
  QComboBox* layerBox_;
  QLabel* predictions_[2];
  HeatmapView* maps_[2];
};

}  // namespace al::ui
