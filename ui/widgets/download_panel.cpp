#include "ui/widgets/download_panel.h"

#include <QDialogButtonBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace al::ui {

using download::Downloader;
using download::DownloadProgress;

DownloadPanel::DownloadPanel(QWidget* parent)
    : QWidget(parent),
      title_(new QLabel),
      bar_(new QProgressBar),
      status_(new QLabel),
      startButton_(new QPushButton(tr("Download"))),
      cancelButton_(new QPushButton(tr("Cancel"))),
      downloader_(new Downloader) {
  qRegisterMetaType<DownloadProgress>();
  title_->setWordWrap(true);
  bar_->setObjectName("progress");
  bar_->setRange(0, 1000);
  bar_->setValue(0);
  bar_->setTextVisible(true);
  status_->setObjectName("status");
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  startButton_->setObjectName("start");
  cancelButton_->setObjectName("cancel");
  cancelButton_->setToolTip(tr("Stop the download; what came so far is kept, and the next download continues "
                               "from there"));
  connect(startButton_, &QPushButton::clicked, this, &DownloadPanel::start);
  connect(cancelButton_, &QPushButton::clicked, this, &DownloadPanel::cancel);

  auto* buttons = new QHBoxLayout;
  buttons->addStretch(1);
  buttons->addWidget(startButton_);
  buttons->addWidget(cancelButton_);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(title_);
  layout->addWidget(bar_);
  layout->addWidget(status_);
  layout->addLayout(buttons);

  downloader_->moveToThread(&worker_);
  connect(&worker_, &QThread::finished, downloader_, &QObject::deleteLater);
  connect(downloader_, &Downloader::progress, this, &DownloadPanel::showProgress);
  connect(downloader_, &Downloader::finished, this, [this](const QString& path) {
    bar_->setValue(bar_->maximum());
    stopped(tr("Downloaded and checked: %1").arg(path), false);
    emit finished(path);
  });
  connect(downloader_, &Downloader::failed, this, [this](const QString& message) {
    stopped(message, true);
    emit failed(message);
  });
  connect(downloader_, &Downloader::cancelled, this, [this](const QString& message) {
    stopped(message, false);
    emit cancelled();
  });
  worker_.start();
  updateButtons();
}

DownloadPanel::~DownloadPanel() {
  if (running_) QMetaObject::invokeMethod(downloader_, &Downloader::cancel, Qt::BlockingQueuedConnection);
  worker_.quit();
  worker_.wait();
}

void DownloadPanel::setRequest(const download::DownloadRequest& request, const QString& title) {
  request_ = request;
  title_->setText(title);
  title_->setToolTip(tr("From %1\nto %2").arg(request.url.toString(), request.destination));
  status_->setText(tr("Will be saved as %1").arg(request.destination));
}

QString DownloadPanel::statusText() const { return status_->text(); }

void DownloadPanel::start() {
  if (running_) return;
  running_ = true;
  status_->setStyleSheet(QString());
  status_->setText(tr("Connecting to %1…").arg(request_.url.host()));
  bar_->setRange(0, 0);  // busy until the size is known
  updateButtons();
  const download::DownloadRequest request = request_;
  QMetaObject::invokeMethod(downloader_, [downloader = downloader_, request] { downloader->start(request); },
                            Qt::QueuedConnection);
}

void DownloadPanel::cancel() {
  if (!running_) return;
  QMetaObject::invokeMethod(downloader_, &Downloader::cancel, Qt::QueuedConnection);
}

void DownloadPanel::showProgress(const DownloadProgress& p) {
  if (!running_) return;
  if (p.total > 0) {
    bar_->setRange(0, 1000);
    bar_->setValue(static_cast<int>(1000.0 * static_cast<double>(p.received) / static_cast<double>(p.total)));
  }
  status_->setText(download::describeProgress(p));
}

void DownloadPanel::stopped(const QString& message, bool error) {
  running_ = false;
  if (bar_->maximum() == 0) bar_->setRange(0, 1000);
  status_->setStyleSheet(error ? QStringLiteral("color: #a12622;") : QString());
  status_->setText(message);
  startButton_->setText(tr("Try again"));
  updateButtons();
}

void DownloadPanel::updateButtons() {
  startButton_->setEnabled(!running_);
  cancelButton_->setEnabled(running_);
}

// ---------------------------------------------------------------------------------------------------------------

DownloadDialog::DownloadDialog(const download::DownloadRequest& request, const QString& title, QWidget* parent)
    : QDialog(parent), panel_(new DownloadPanel) {
  setWindowTitle(tr("Download"));
  setMinimumWidth(520);
  panel_->setRequest(request, title);
  auto* close = new QDialogButtonBox(QDialogButtonBox::Close);
  connect(close, &QDialogButtonBox::rejected, this, &DownloadDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(panel_);
  layout->addWidget(close);
  connect(panel_, &DownloadPanel::finished, this, [this](const QString& path) {
    path_ = path;
    accept();
  });
}

void DownloadDialog::showEvent(QShowEvent* event) {
  QDialog::showEvent(event);
  if (started_) return;
  started_ = true;
  panel_->start();
}

void DownloadDialog::reject() {
  if (panel_->isRunning()) {
    // Close while downloading: cancel, and close once the part is safely on disk.
    connect(panel_, &DownloadPanel::cancelled, this, &QDialog::reject, Qt::SingleShotConnection);
    panel_->cancel();
    return;
  }
  QDialog::reject();
}

}  // namespace al::ui
