// The Step-through page's side of the session's library (ui/session/model_library.h): which model it walks.
//
// Every model page tells the library which model it shows (ModelLibrary::noteShown); this page listens and keeps,
// for each kind it can walk, the one shown last. A model of a kind it cannot walk (a masked LM, a bigram model)
// changes nothing here; a model the library drops is let go, so its weights can be freed.
#include <utility>

#include "ui/pages/stepper_page.h"
#include "ui/session/model_library.h"

namespace al::ui {

void StepperPage::walkShownModel(const SessionModel& shown, const QStringList& texts) {
  // Which walk reads it is the core's to say (core/inference/model_walk.h): the page names no kind.
  const std::optional<ModelWalk> walk = modelWalkOf(shown.model);
  if (!walk) return;
  walkedIds_[int(walk->kind)] = shown.id;
  walkModel(walk->kind, shown.name, walk->model, trainingSeed(shown), texts);
  followTimeline();  // the model's timeline, when its walk is the one shown
}

void StepperPage::forgetModel(int libraryId) {
  // The walk that reads model `libraryId` then reads none (0: the library never gives it out).
  for (int k = 0; k < kWalkKinds; ++k)
    if (walkedIds_[k] == libraryId && std::exchange(walkedIds_[k], 0) != 0) dropModel(Kind(k));
  followTimeline();
}

}  // namespace al::ui
