#include "ui/widgets/imdb_data_choice.h"

#include <QComboBox>
#include <QFileInfo>
#include <QPointer>

#include "ui/download/imdb_archive.h"
#include "ui/widgets/download_panel.h"

namespace al::ui {

namespace {

const QString kDownloadEntry = QStringLiteral("download:imdb");  // item data of the download entry

QString archiveTitle(const QString& path) { return QObject::tr("IMDB reviews  (%1)").arg(path); }

}  // namespace

void addImdbChoice(QComboBox* picker) {
  const QString archive = download::imdbArchivePath();
  if (picker->findData(archive) >= 0 || picker->findData(kDownloadEntry) >= 0) return;
  if (QFileInfo::exists(archive))
    picker->addItem(archiveTitle(archive), archive);
  else
    picker->addItem(QObject::tr("Download IMDB (84 MB)…"), kDownloadEntry);
}

void retitleImdbChoice(QComboBox* picker) {
  const int entry = picker->findData(kDownloadEntry);
  if (entry >= 0) picker->setItemText(entry, QObject::tr("Download IMDB (84 MB)…"));
  const QString archive = download::imdbArchivePath();
  const int found = picker->findData(archive);
  if (found >= 0) picker->setItemText(found, archiveTitle(archive));
}

bool isImdbDownloadChoice(const QVariant& itemData) { return itemData.toString() == kDownloadEntry; }

void downloadImdb(QComboBox* picker, QWidget* parent, const std::function<void(const QString&)>& chosen) {
  auto* dialog = new DownloadDialog(download::imdbRequestFromSettings(),
                                    QObject::tr("IMDB movie reviews (the Large Movie Review Dataset, Maas et al. "
                                                "2011): 50,000 reviews, 84 MB"),
                                    parent);
  dialog->setObjectName("imdbDownload");
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  QPointer<QComboBox> box(picker);
  QObject::connect(dialog, &QDialog::accepted, picker, [box, dialog, chosen] {
    const QString path = dialog->path();
    const int entry = box->findData(kDownloadEntry);
    if (entry >= 0) {
      box->setItemText(entry, archiveTitle(path));
      box->setItemData(entry, path);
    }
    chosen(path);
  });
  dialog->open();
}

}  // namespace al::ui
