#pragma once
// The runs of this session (and models opened from disk), one row each: name, settings, best validation
// accuracy, training time, how it ended. Tick a row to overlay its curves, e.g. "with position" against
// "without position"; double-click the name to rename it.
#include <vector>

#include <QColor>
#include <QString>
#include <QTreeWidget>

namespace al::ui {

class RunsList : public QTreeWidget {
  Q_OBJECT
 public:
  enum Column { NameColumn, SettingsColumn, AccuracyColumn, TestColumn, TimeColumn, StateColumn, ColumnCount };

  explicit RunsList(QWidget* parent = nullptr);

  // settings: a one-line summary; details: the full settings, shown as the row's tooltip.
  void addRun(int runId, const QString& name, const QString& settings, const QString& details, const QColor& color,
              bool checked);
  // bestValAccuracy: NaN when the run has no validation split (or no finished epoch).
  void setResult(int runId, double bestValAccuracy, double seconds, const QString& state);
  void setState(int runId, const QString& state);
  // heldOut false: measured on data without a test part, the training samples included: shown as a training
  // score ("81.0 % (training)"), never as a test score.
  void setTestAccuracy(int runId, double accuracy, bool heldOut = true);
  void setSettings(int runId, const QString& settings, const QString& details);
  void setSummary(int runId, const QString& settings);  // the summary said again (a new language), the tooltip kept
  void removeRun(int runId);

  int runCount() const { return topLevelItemCount(); }
  std::vector<int> runIds() const;
  bool isChecked(int runId) const;
  void setChecked(int runId, bool checked);
  QString runName(int runId) const;
  void setRunName(int runId, const QString& name);  // as the app says it (runRenamed is for the user's edits)
  QString text(int runId, Column column) const;
  int selectedRun() const;  // -1 when none
  void selectRun(int runId);

 signals:
  void runToggled(int runId, bool checked);
  void runRenamed(int runId, const QString& name);
  void selectedRunChanged(int runId);

 private:
  QTreeWidgetItem* item(int runId) const;
};

}  // namespace al::ui
