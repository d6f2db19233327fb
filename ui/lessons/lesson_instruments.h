#pragma once
// The instruments a lesson can open, the settings each takes in a lesson file, and setting them up: every
// setting goes through the page's public API (the same calls its own controls make).
//
//   page           settings (value: a choice, a whole number in a range, or text)
//   train          task (a task of the Train page, as the model format names it), data, preset, epochs, watch
//                  (the sentence the run's training timeline watches; without it, the corpus's own)
//   attention      toy-model (learned, sinusoidal, none: trained here when the page has no model), sentence,
//                  tab (heatmaps, word-order, position, head-roles: "Which head does this?")
//   step           kind (self-attention, additive, decoder), sentence, width, heads, position (sinusoidal,
//                  learned, none), mask (none, padding, causal), scaling (on, off), step (1-based)
//   normalization  tab (samples, sequences, race), padding (counted, masked), race-preset, race-epochs,
//                  race-padding (masked, counted: the race's batch norm counts padding, as Keras's does),
//                  momentum (0.5, 0.9, 0.99: batch norm's moving averages, which start again from 0 and 1)
//   chatbot        data (builtin, builtin:translate or a dialogs file), architecture (gru, transformer),
//                  epochs, toy-model (yes, no), question
//   compare        data, preset, epochs, sentence
//   fill           toy-model (yes, no), text
//   memory         segment, memory, layers, recurrence (on, off), step (1-based)
#include <QList>
#include <QPair>
#include <QString>
#include <QStringList>

class QWidget;

namespace al::ui {

class LessonWindow;
struct Lesson;

// The page names a lesson file may use (also the app's --page names, with "lessons").
QStringList instrumentNames();
// Empty when `key: value` is a valid setting of that page, given the lesson's settings before it, else what was
// expected (for the file's message). A Train page's preset must be one of its task's presets.
QString checkSetting(const QString& page, const QString& key, const QString& value,
                     const QList<QPair<QString, QString>>& earlier = {});
// The page of that name in the window (null for an unknown name).
QWidget* instrumentPage(LessonWindow& window, const QString& name);
// Shows the lesson's page and sets it up with the lesson's settings, in the file's order.
void openLessonInstrument(LessonWindow& window, const Lesson& lesson);

}  // namespace al::ui
