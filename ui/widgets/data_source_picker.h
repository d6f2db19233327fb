#pragma once
// Where the training data comes from: a box with the task's built-in data and the sources chosen before, buttons
// to open a file or a folder, and a card that describes the chosen data by the book's rule of thumb (samples ÷
// mean words per sample, against 1500). The data is read on a worker thread for the card; an unreadable source
// shows an error and the previous source stays chosen. The chosen source and the recent ones are remembered per
// task (QSettings) for the next launch.
//
// The picker's widgets are rows of the caller's form (addRows), so that they line up with its other rows.
#include "ui/session/run_factory.h"

#include <QFutureWatcher>
#include <QObject>

class QComboBox;
class QFormLayout;
class QLabel;
class QWidget;

namespace al::ui {

class DataSourcePicker : public QObject {
  Q_OBJECT
 public:
  explicit DataSourcePicker(QWidget* owner);  // owner: the parent of the file dialogs
  ~DataSourcePicker() override;               // waits for a reading in flight

  void addRows(QFormLayout* form);  // "Data", the open buttons, the data card

  // The task's built-in data and recent sources; chooses the one remembered for it (if it still exists) or the
  // built-in data, so that the first launch works offline.
  void setTask(TaskKind kind);
  // "builtin" or a path (folder, archive, CSV, TSV, dialogs file). Reads it in the background for the card.
  void setSource(const QString& source);
  QString source() const { return source_; }
  bool ready() const { return ready_; }  // false while the data is being read
  QString cardText() const;

 public slots:
  void chooseFile();
  void chooseFolder();

 signals:
  void sourceChosen();            // a new source: an older error no longer applies
  void readyChanged(bool ready);  // reading began (false) or the card is up to date (true)
  void error(const QString& message);

 private:
  struct Reading {
    TaskKind task;
    QString source;
    DataCard card;
    QString error;  // empty when the data was read
  };
  void readInBackground();
  void readingDone();
  void remember(const QString& source);
  void forget(const QString& source);
  void showCard(const DataCard& card, const QString& source);

  QWidget* owner_;
  TaskKind task_ = TaskKind::ImdbTransformer;
  QComboBox* box_;
  QLabel* card_;
  QWidget* openButtons_;
  QString source_ = QStringLiteral("builtin");
  QString previousSource_ = QStringLiteral("builtin");
  QFutureWatcher<Reading>* reader_;
  bool ready_ = false;
  bool readAgain_ = false;  // the source changed while it was being read
  DataCard shownCard_;  // the card on show and its source, worded again when the language changes
  QString shownSource_;
};

}  // namespace al::ui
