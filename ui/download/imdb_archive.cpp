#include "ui/download/imdb_archive.h"

#include <QDir>
#include <QSettings>
#include <QStandardPaths>

namespace al::download {

QString appDataFolder() { return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation); }

QString imdbArchivePath(const QString& folder) { return QDir(folder).filePath(QString::fromLatin1(kImdbFileName)); }

DownloadRequest imdbRequestFromSettings() {
  const QSettings settings;
  DownloadRequest request;
  request.url = QUrl(settings.value("download/imdbUrl", QString::fromLatin1(kImdbUrl)).toString());
  request.sha256 = settings.value("download/imdbSha256", QString::fromLatin1(kImdbSha256)).toString().toLatin1();
  request.destination = imdbArchivePath();
  return request;
}

}  // namespace al::download
