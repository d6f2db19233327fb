#pragma once
// What a page keeps in a session file (ui/session/session_file.h), without the session knowing the page: each page
// that keeps something implements PageState, and the window names it (ui/session/session_window.h).
//
// A page's state is a JSON object of its own keys, for instance
//   {"sentence": "the acting was good", "tab": 2, "layer": 1, "head": 0, "moment": 12}
// Three keys have their old places in the file, so that older sessions open and older versions read newer ones:
// "sentence" is the file's sentences.<page>, "moment" (the training timeline's moment, from 0) its timeline.<page>,
// and the Step-through page's "step" the file's step. The others go under pages.<page>.
#include <QJsonObject>
#include <QString>

namespace al::ui {

struct SessionModel;

class PageState {
 public:
  virtual ~PageState() = default;
  // What the page shows now that a session keeps (keys it has nothing for are left out).
  virtual QJsonObject saveState() const = 0;
  // Sets the page as `state` says; a key that is absent (an older file) or out of range leaves that part as it is. A
  // part that needs the page's model (a layer, a timeline moment) waits for the first model shown there.
  virtual void restoreState(const QJsonObject& state) = 0;
};

// A page that opens models from directories (the model pages): the models a session reopens there.
class PageModels {
 public:
  virtual ~PageModels() = default;
  virtual int modelCount() const = 0;
  virtual const SessionModel* modelAt(int index) const = 0;  // null when out of range
  virtual int currentModelIndex() const = 0;
  virtual void openModelDirectory(const QString& dir) = 0;  // read on a worker thread; arrives later
};

}  // namespace al::ui
