#pragma once
// The runs list of the Train page with what acts on it: "Open model…", "Save model…" and "Remove" above it
// (Remove also on the Delete key and the list's menu), and the bar of a model directory being read or written.
// What each request does is the page's business; this panel only offers them.
#include <QWidget>

namespace al::ui {

class ModelFileJob;
class RunsList;

class RunsPanel : public QWidget {
  Q_OBJECT
 public:
  explicit RunsPanel(ModelFileJob* files, QWidget* parent = nullptr);

  RunsList* list() const { return list_; }

 signals:
  void openRequested();
  void saveRequested();
  void removeRequested();

 private:
  RunsList* list_;
};

}  // namespace al::ui
