#pragma once
// A download with a progress bar (bytes, speed, time left), Download / Cancel, and a status line that says
// what went wrong and what to do. The network and disk work run on a worker thread (a Downloader moved there);
// the panel only shows what it reports.
//
//   IMDB reviews (Large Movie Review Dataset), 84 MB
//   [##########..........]
//   41.0 of 84.1 MB, 2.3 MB/s, 0:19 left        (or what went wrong and what to do)
//                                                   [Download] [Cancel]
#include <QDialog>
#include <QThread>
#include <QWidget>

#include "ui/download/downloader.h"

class QLabel;
class QProgressBar;
class QPushButton;

namespace al::ui {

class DownloadPanel : public QWidget {
  Q_OBJECT
 public:
  explicit DownloadPanel(QWidget* parent = nullptr);
  ~DownloadPanel() override;  // cancels a running download (its .part stays) and joins the worker

  void setRequest(const download::DownloadRequest& request, const QString& title);
  bool isRunning() const { return running_; }
  QString statusText() const;

 public slots:
  void start();   // or continue a cancelled or cut download
  void cancel();

 signals:
  void finished(const QString& path);
  void failed(const QString& message);
  void cancelled();

 private:
  void showProgress(const download::DownloadProgress& progress);
  void stopped(const QString& message, bool error);
  void updateButtons();

  QLabel* title_;
  QProgressBar* bar_;
  QLabel* status_;
  QPushButton* startButton_;
  QPushButton* cancelButton_;
  QThread worker_;
  download::Downloader* downloader_;  // lives on worker_
  download::DownloadRequest request_;
  bool running_ = false;
};

// The panel in a window of its own: it starts at once and closes itself once the file is there.
class DownloadDialog : public QDialog {
  Q_OBJECT
 public:
  DownloadDialog(const download::DownloadRequest& request, const QString& title, QWidget* parent = nullptr);
  DownloadPanel* panel() const { return panel_; }
  QString path() const { return path_; }  // the downloaded file, once there

 protected:
  void showEvent(QShowEvent* event) override;
  void reject() override;  // Escape or the close button: cancel first

 private:
  DownloadPanel* panel_;
  QString path_;
  bool started_ = false;
};

}  // namespace al::ui
