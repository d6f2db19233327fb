#pragma once
// The Attention page's "Which head does this?" tab: the texts' claim (它 looks at 书包 rather than 教室; Apple at
// phone rather than fruit) as a measurement. Pick a query word and two candidates from the sentence; every layer
// and head is scored by the query's weight on the first minus on the second (core/teaching/head_finder.h), drawn as
// a layers x heads table (red: more on the first, blue: more on the second), the best head named with its numbers;
// a click on a cell shows that head's map. A model that is not pretrained (the app's classifier of reviews) or no
// model gets the advice to open one that is (bert-base-chinese, bert-base-uncased). Words are the reading's words when it has them (a pretrained model's
// pieces grouped, a candidate's pieces summed), its tokens otherwise.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <vector>

#include "core/teaching/head_finder.h"
#include "ui/pages/attention_reader.h"

#include <QWidget>

class QComboBox;
class QLabel;

namespace al::ui {

class HeatmapView;

class AttentionHeadsTab : public QWidget {
  Q_OBJECT
 public:
  explicit AttentionHeadsTab(QWidget* parent = nullptr);

  void setReading(SharedReading reading);  // the choosers refilled, sensible picks where it knows them; null: none
  void choose(int query, int first, int second);     // indices into the choosers' words
  QStringList words() const { return labels_; }
  const teaching::HeadRanking& ranking() const { return ranking_; }
  HeatmapView* table() const { return table_; }
  HeatmapView* headMap() const { return headMap_; }
  QString verdict() const;
  // Which model to open for the texts' examples, when the reading is not a pretrained model's (or there is none);
  // empty for a pretrained model, whose numbers the verdict gives.
  QString advice() const;
  void showHead(int layer, int head);

 private:
  void defaultPicks();
  void rank();
  void setTexts();

  SharedReading reading_ = noReading();
  std::vector<std::vector<size_t>> units_;  // [word]: its tokens
  QStringList labels_;
  teaching::HeadRanking ranking_;
  QLabel* intro_;
  QLabel* queryLabel_;
  QLabel* firstLabel_;
  QLabel* secondLabel_;
  QComboBox* query_;
  QComboBox* first_;
  QComboBox* second_;
  QLabel* verdict_;
  QLabel* advice_;
  HeatmapView* table_;
  HeatmapView* headMap_;
};

}  // namespace al::ui
