#pragma once
// File › Download a pretrained model…: the models the app offers (contracts: pretrained models) with their sizes,
// or any OWNER/NAME of the hub, fetched by downloadHubModel (ui/download/hub_model.h) on a worker thread into the
// app's data folder (models/OWNER--NAME), with progress, Cancel, and a second Download that resumes.
//
//   bert-base-uncased      English BERT base, about 440 MB
//   ...
//   Model: [bert-base-uncased        ]
//   [##########..........]  41.0 of 440.0 MB, 2.3 MB/s, 3:10 left   (or what went wrong and what to do)
//                                                 [Download] [Cancel] [Close]
//
// When the files are there, downloaded(folder) is sent: the main window opens it on the page in view.
#include <atomic>
#include <memory>

#include <QDialog>
#include <QFutureWatcher>
#include <QString>

#include "ui/download/downloader.h"

class QLabel;
class QLineEdit;
class QListWidget;
class QProgressBar;
class QPushButton;

namespace al::ui {

class ModelDownloadDialog : public QDialog {
  Q_OBJECT
 public:
  explicit ModelDownloadDialog(QWidget* parent = nullptr);
  ~ModelDownloadDialog() override;  // cancels a running download (its .part stays) and waits for it

  // Where the models' folders go (default: the app's data folder's models/).
  void setTargetFolder(const QString& folder) { target_ = folder; }
  void setRepository(const QString& repository);
  // True for a downloaded folder of a GPT-2 (its page is Generate; a BERT's, Fill in the blank).
  static bool isGpt2Folder(const QString& folder);
  bool isRunning() const { return watcher_.isRunning(); }
  QString statusText() const;

 public slots:
  void start();  // or resume a cancelled or cut download
  void cancel();

 signals:
  void downloaded(const QString& folder);
  void failed(const QString& message);

 private:
  struct Outcome {
    QString folder;
    QString error;
  };
  void finished();
  void showProgress(const download::DownloadProgress& progress);
  void updateButtons();

  QString target_;
  QFutureWatcher<Outcome> watcher_;
  std::shared_ptr<std::atomic<bool>> cancelled_;
  QListWidget* list_;
  QLineEdit* name_;
  QProgressBar* bar_;
  QLabel* status_;
  QPushButton* startButton_;
  QPushButton* cancelButton_;
};

}  // namespace al::ui
