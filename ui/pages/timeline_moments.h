#pragma once
// A page that shows a moment of its model's training timeline (the Attention, Fill in the blank, Generate, Chatbot,
// Memory and Step-through pages): what each of them did alike, in one place.
//
//   the bar        under the page's figure (ui/widgets/timeline_bar.h), of the model the page shows (follow);
//                  hidden for a model without a timeline
//   the sentence   choosing a watched sentence in the bar puts it on the page (the page reads it); a page that
//                  draws the moment's maps also takes the watched sentence when the slider reaches a moment while it
//                  shows another (a sentence the run did not watch has no moments)
//   the moment     readingOf(text): what the timeline stored of that sentence at the moment shown (maps, prediction),
//                  null at the model the run kept and for a sentence it did not watch; the page draws it in place of
//                  its live reading (redraw)
//   sessions       moment() / setMoment(): the snapshot shown, -1 at the kept model (a session keeps it)
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <functional>

#include "core/inference/training_timeline.h"

#include <QObject>
#include <QString>

class QWidget;

namespace al::ui {

struct SessionModel;
class TimelineBar;

class TimelineMoments : public QObject {
  Q_OBJECT
 public:
  struct Page {
    std::function<QString()> sentence;                // the text the page reads now
    std::function<void(const QString&)> setSentence;  // puts a watched sentence on the page, which reads it
    // Draws the sentence in hand at the bar's moment (readingOf) or as the kept model reads it. Empty for a page
    // whose figure is always the kept model's (Fill in the blank, Generate): the bar's line says what the moment
    // predicted (TimelineBar::setShowsPrediction) and the page's sentence stays.
    std::function<void()> redraw;
  };

  // The bar is a child of `page`'s choosing (added to a layout by the page); `showsPrediction`: the bar says what
  // the watched sentence's prediction was at the moment (TimelineBar::setShowsPrediction).
  TimelineMoments(QWidget* page, Page callbacks, bool showsPrediction = false);

  TimelineBar* bar() const { return bar_; }
  // The bar shows `model`'s timeline (or why its timeline.json could not be read); none hides it.
  void follow(const SessionModel* model);

  // The watched sentence `text` is (spaces around ignored), or -1. Selects it in the bar when there is one.
  int notePageSentence(const QString& text);
  // The moment's stored reading of `text`; null at the kept model or for a sentence the run did not watch.
  const ProbeReading* readingOf(const QString& text) const;
  const TimelineSnapshot* snapshot() const;  // the moment shown; null at the kept model
  bool atKeptModel() const;

  // For sessions: the snapshot shown (an index into the timeline's snapshots), or -1 at the kept model or without a
  // timeline; setMoment(-1) goes to the kept model, an index past the last one too.
  int moment() const;
  void setMoment(int moment);

 private:
  void moved();

  TimelineBar* bar_;
  Page page_;
};

}  // namespace al::ui
