#include "ui/widgets/runs_list.h"

#include <cmath>

#include <QHeaderView>
#include <QPainter>
#include <QPixmap>

#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace {

constexpr int kRunIdRole = Qt::UserRole + 1;

// A small square of the run's colour, so a row and its curves are matched at a glance.
QIcon colorSwatch(const QColor& color) {
  QPixmap pixmap(14, 14);
  pixmap.fill(Qt::transparent);
  QPainter painter(&pixmap);
  painter.setPen(color.darker(140));
  painter.setBrush(color);
  painter.drawRect(0, 0, 13, 13);
  return QIcon(pixmap);
}

QString formatSeconds(double seconds) {
  const int s = static_cast<int>(std::lround(seconds));
  if (s < 60) return RunsList::tr("%1 s").arg(s);
  return RunsList::tr("%1 min %2 s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

}  // namespace

RunsList::RunsList(QWidget* parent) : QTreeWidget(parent) {
  setObjectName("runs");
  setColumnCount(ColumnCount);
  setTranslatedTexts(this, [this] {
    setHeaderLabels({tr("Run"), tr("Settings"), tr("Best val. accuracy"), tr("Test accuracy"), tr("Time"), tr("State")});
    headerItem()->setToolTip(NameColumn, tr("Tick a run to show its curves; double-click its name to rename it"));
    headerItem()->setToolTip(AccuracyColumn, tr("Accuracy on the held-out validation data, at the best epoch"));
    headerItem()->setToolTip(TestColumn, tr("Accuracy of the kept model on test data it never saw, measured when a "
                                            "run trains to its end"));
  });
  setRootIsDecorated(false);
  setUniformRowHeights(true);
  setSelectionMode(QAbstractItemView::SingleSelection);
  setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
  header()->setSectionResizeMode(SettingsColumn, QHeaderView::Stretch);
  header()->setStretchLastSection(false);
  setColumnWidth(NameColumn, 170);
  for (Column c : {AccuracyColumn, TestColumn, TimeColumn})
    header()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
  setColumnWidth(StateColumn, 170);

  connect(this, &QTreeWidget::itemChanged, this, [this](QTreeWidgetItem* changed, int column) {
    const int id = changed->data(NameColumn, kRunIdRole).toInt();
    if (column == NameColumn) {
      emit runToggled(id, changed->checkState(NameColumn) == Qt::Checked);
      emit runRenamed(id, changed->text(NameColumn));
    }
  });
  connect(this, &QTreeWidget::itemSelectionChanged, this, [this] { emit selectedRunChanged(selectedRun()); });
}

void RunsList::addRun(int runId, const QString& name, const QString& settings, const QString& details,
                      const QColor& color, bool checked) {
  const QSignalBlocker blocker(this);  // adding is not a user's tick
  auto* row = new QTreeWidgetItem(this);
  row->setFlags(row->flags() | Qt::ItemIsUserCheckable | Qt::ItemIsEditable);
  row->setData(NameColumn, kRunIdRole, runId);
  row->setText(NameColumn, name);
  row->setIcon(NameColumn, colorSwatch(color));
  row->setCheckState(NameColumn, checked ? Qt::Checked : Qt::Unchecked);
  row->setText(SettingsColumn, settings);
  for (int c = 0; c < ColumnCount; ++c) row->setToolTip(c, details);
  for (Column c : {AccuracyColumn, TestColumn}) {
    row->setText(c, QStringLiteral("–"));
    row->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
  }
  row->setTextAlignment(TimeColumn, Qt::AlignRight | Qt::AlignVCenter);
}

void RunsList::setResult(int runId, double bestValAccuracy, double seconds, const QString& state) {
  QTreeWidgetItem* row = item(runId);
  if (!row) return;
  const QSignalBlocker blocker(this);
  row->setText(AccuracyColumn, std::isfinite(bestValAccuracy) ? QString::number(100 * bestValAccuracy, 'f', 1) + " %"
                                                              : QStringLiteral("–"));
  row->setText(TimeColumn, formatSeconds(seconds));
  row->setText(StateColumn, state);
}

void RunsList::setState(int runId, const QString& state) {
  QTreeWidgetItem* row = item(runId);
  if (!row) return;
  const QSignalBlocker blocker(this);
  row->setText(StateColumn, state);
}

void RunsList::setTestAccuracy(int runId, double accuracy, bool heldOut) {
  QTreeWidgetItem* row = item(runId);
  if (!row) return;
  const QSignalBlocker blocker(this);
  const QString percent = QString::number(100 * accuracy, 'f', 1) + " %";
  row->setText(TestColumn, heldOut ? percent : tr("%1 (training)").arg(percent));
  if (!heldOut)
    row->setToolTip(TestColumn, tr("This data has no test part: the kept model was measured on all of it, the "
                                   "training samples included. A training score, not a test score."));
}

void RunsList::setSettings(int runId, const QString& settings, const QString& details) {
  QTreeWidgetItem* row = item(runId);
  if (!row) return;
  const QSignalBlocker blocker(this);
  row->setText(SettingsColumn, settings);
  for (int c = 0; c < ColumnCount; ++c) row->setToolTip(c, details);
}

void RunsList::setSummary(int runId, const QString& settings) {
  QTreeWidgetItem* row = item(runId);
  if (!row) return;
  const QSignalBlocker blocker(this);
  row->setText(SettingsColumn, settings);
}

void RunsList::removeRun(int runId) { delete item(runId); }

std::vector<int> RunsList::runIds() const {
  std::vector<int> ids;
  for (int i = 0; i < topLevelItemCount(); ++i) ids.push_back(topLevelItem(i)->data(NameColumn, kRunIdRole).toInt());
  return ids;
}

bool RunsList::isChecked(int runId) const {
  QTreeWidgetItem* row = item(runId);
  return row && row->checkState(NameColumn) == Qt::Checked;
}

void RunsList::setChecked(int runId, bool checked) {
  if (QTreeWidgetItem* row = item(runId)) row->setCheckState(NameColumn, checked ? Qt::Checked : Qt::Unchecked);
}

QString RunsList::runName(int runId) const { return text(runId, NameColumn); }

void RunsList::setRunName(int runId, const QString& name) {
  QTreeWidgetItem* row = item(runId);
  if (!row) return;
  const QSignalBlocker blocker(this);
  row->setText(NameColumn, name);
}

QString RunsList::text(int runId, Column column) const {
  QTreeWidgetItem* row = item(runId);
  return row ? row->text(column) : QString();
}

int RunsList::selectedRun() const {
  const QList<QTreeWidgetItem*> selected = selectedItems();
  return selected.isEmpty() ? -1 : selected.first()->data(NameColumn, kRunIdRole).toInt();
}

void RunsList::selectRun(int runId) {
  if (QTreeWidgetItem* row = item(runId)) setCurrentItem(row);
}

QTreeWidgetItem* RunsList::item(int runId) const {
  for (int i = 0; i < topLevelItemCount(); ++i)
    if (topLevelItem(i)->data(NameColumn, kRunIdRole).toInt() == runId) return topLevelItem(i);
  return nullptr;
}

}  // namespace al::ui
