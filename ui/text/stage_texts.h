#pragma once
// What a person reads about a stage of preparing a run (the keys of core/train/run.h, stage::), translated.
#include <QString>

namespace al::ui {

// An unknown key is shown as it is (a new task's stage shows up before its text is written).
QString stageText(const QString& stageKey);

}  // namespace al::ui
