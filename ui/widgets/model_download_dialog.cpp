// Core headers first: Qt's `emit` macro must not reach them.
#include "core/inference/pretrained_inference.h"

#include "ui/widgets/model_download_dialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <QtConcurrent>

#include "ui/download/hub_model.h"
#include "ui/download/imdb_archive.h"
#include "ui/session/background_jobs.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace {
// The offered models' weights (model.safetensors) as the hub lists them, rounded.
QString offeredDescription(int index) {
  switch (index) {
    case 0: return ModelDownloadDialog::tr("English BERT base (12 layers, 110M parameters), about 440 MB");
    case 1: return ModelDownloadDialog::tr("Chinese BERT base (12 layers), about 410 MB");
    case 2: return ModelDownloadDialog::tr("GPT-2 small (12 layers, 124M parameters), about 550 MB");
    case 3: return ModelDownloadDialog::tr("DistilGPT-2 (6 layers), about 350 MB");
    default: return ModelDownloadDialog::tr("Chinese GPT-2 (12 layers), about 420 MB");
  }
}

QString megabytes(qint64 bytes) { return QString::number(static_cast<double>(bytes) / 1e6, 'f', 1); }
}  // namespace

ModelDownloadDialog::ModelDownloadDialog(QWidget* parent)
    : QDialog(parent), target_(QDir(download::appDataFolder()).filePath(QStringLiteral("models"))) {
  auto* layout = new QVBoxLayout(this);
  auto* intro = new QLabel;
  intro->setWordWrap(true);
  layout->addWidget(intro);
  list_ = new QListWidget;
  list_->setObjectName("offeredModels");
  for (int i = 0; i < download::offeredModels().size(); ++i) list_->addItem(QString());
  connect(list_, &QListWidget::currentRowChanged, this, [this](int row) {
    if (row >= 0) name_->setText(download::offeredModels()[row]);
  });
  layout->addWidget(list_);
  auto* nameRow = new QHBoxLayout;
  auto* nameLabel = new QLabel;
  nameRow->addWidget(nameLabel);
  name_ = new QLineEdit;
  name_->setObjectName("repositoryEdit");
  connect(name_, &QLineEdit::textChanged, this, &ModelDownloadDialog::updateButtons);
  nameRow->addWidget(name_, 1);
  layout->addLayout(nameRow);
  bar_ = new QProgressBar;
  bar_->setRange(0, 1000);
  bar_->setValue(0);
  layout->addWidget(bar_);
  status_ = new QLabel;
  status_->setObjectName("downloadStatus");
  status_->setWordWrap(true);
  layout->addWidget(status_);
  auto* buttons = new QDialogButtonBox;
  startButton_ = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
  cancelButton_ = buttons->addButton(QString(), QDialogButtonBox::ActionRole);
  QPushButton* close = buttons->addButton(QDialogButtonBox::Close);
  connect(startButton_, &QPushButton::clicked, this, &ModelDownloadDialog::start);
  connect(cancelButton_, &QPushButton::clicked, this, &ModelDownloadDialog::cancel);
  connect(close, &QPushButton::clicked, this, &QDialog::reject);
  layout->addWidget(buttons);
  connect(&watcher_, &QFutureWatcher<Outcome>::finished, this, &ModelDownloadDialog::finished);
  setTranslatedTexts(this, [=, this] {
    setWindowTitle(tr("Download a pretrained model"));
    intro->setText(tr("A model from the Hugging Face hub (or the mirror $HF_ENDPOINT names), read once downloaded, "
                      "offline. Pick one or type OWNER/NAME; a cut or cancelled download resumes."));
    for (int i = 0; i < list_->count(); ++i)
      list_->item(i)->setText(download::offeredModels()[i] + QStringLiteral("  —  ") + offeredDescription(i));
    nameLabel->setText(tr("Model:"));
    name_->setPlaceholderText(tr("OWNER/NAME, e.g. bert-base-chinese"));
    startButton_->setText(tr("Download"));
    cancelButton_->setText(tr("Cancel"));
  });
  list_->setCurrentRow(0);
  resize(620, 420);
  updateButtons();
}

ModelDownloadDialog::~ModelDownloadDialog() {
  cancel();
  watcher_.waitForFinished();
}

bool ModelDownloadDialog::isGpt2Folder(const QString& folder) {
  try {
    return pretrainedTaskOf(folder.toStdString()) == PretrainedGpt2::kTask;
  } catch (const std::exception&) {
    return false;  // the page it opens on says what is wrong with it
  }
}

void ModelDownloadDialog::setRepository(const QString& repository) { name_->setText(repository); }
QString ModelDownloadDialog::statusText() const { return status_->text(); }

void ModelDownloadDialog::start() {
  const QString repository = name_->text().trimmed();
  if (isRunning() || repository.isEmpty()) return;
  download::HubModelRequest request;
  request.repository = repository;
  request.folder = QDir(target_).filePath(download::modelFolderName(repository));
  cancelled_ = std::make_shared<std::atomic<bool>>(false);
  status_->setText(tr("Downloading %1…").arg(repository));
  status_->setStyleSheet({});
  bar_->setValue(0);
  // The hub's files are fetched synchronously (its own event loop) on a worker; progress comes back queued.
  watcher_.setFuture(QtConcurrent::run(backgroundJobs(), [this, request, cancelled = cancelled_] {
    Outcome outcome;
    try {
      outcome.folder = download::downloadHubModel(
          request,
          [this](const QString&, const download::DownloadProgress& p) {
            QMetaObject::invokeMethod(this, [this, p] { showProgress(p); }, Qt::QueuedConnection);
          },
          [cancelled] { return cancelled->load(); });
    } catch (const std::exception& e) {
      outcome.error = QString::fromStdString(e.what());
    }
    return outcome;
  }));
  updateButtons();
}

void ModelDownloadDialog::cancel() {
  if (cancelled_) cancelled_->store(true);
}

void ModelDownloadDialog::showProgress(const download::DownloadProgress& p) {
  if (!isRunning()) return;
  bar_->setValue(p.total > 0 ? static_cast<int>(p.received * 1000 / p.total) : 0);
  QString text = p.total > 0 ? tr("%1 of %2 MB").arg(megabytes(p.received), megabytes(p.total))
                             : tr("%1 MB").arg(megabytes(p.received));
  if (p.bytesPerSecond > 0) text += tr(", %1 MB/s").arg(p.bytesPerSecond / 1e6, 0, 'f', 1);
  if (p.secondsLeft >= 0) {
    const int s = static_cast<int>(p.secondsLeft);
    text += tr(", %1:%2 left").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
  }
  status_->setText(text);
}

void ModelDownloadDialog::finished() {
  const Outcome outcome = watcher_.result();
  const bool wasCancelled = cancelled_ && cancelled_->load();
  updateButtons();
  if (!outcome.error.isEmpty()) {
    const QString message = wasCancelled ? tr("Cancelled. Download again to go on from where it stopped.")
                                         : tr("The download failed: %1").arg(outcome.error);
    status_->setText(message);
    status_->setStyleSheet(QStringLiteral("color: #b00020"));
    if (!wasCancelled) emit failed(message);
    return;
  }
  bar_->setValue(bar_->maximum());
  status_->setText(tr("Downloaded to %1; opening it.").arg(QDir::toNativeSeparators(outcome.folder)));
  emit downloaded(outcome.folder);
}

void ModelDownloadDialog::updateButtons() {
  startButton_->setEnabled(!isRunning() && !name_->text().trimmed().isEmpty());
  cancelButton_->setEnabled(isRunning());
}

}  // namespace al::ui
