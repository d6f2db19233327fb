#pragma once
// The IMDB archive of the app's data folder as an entry of a data picker (a QComboBox whose item data are
// sources): the archive itself once it is there, so the app finds it again at every launch, and
// "Download IMDB (84 MB)…" while it is missing. Choosing that entry opens a DownloadDialog; when the archive
// has arrived, the entry becomes the archive.
#include <functional>

#include <QString>
#include <QVariant>

class QComboBox;
class QWidget;

namespace al::ui {

// Adds the archive, or the download entry, unless the picker holds the archive already.
void addImdbChoice(QComboBox* picker);
// The entry's title again, in the interface's language (after a language change).
void retitleImdbChoice(QComboBox* picker);
bool isImdbDownloadChoice(const QVariant& itemData);
// Opens the download dialog (window-modal over parent, not blocking); once the archive is there, the picker's
// download entry turns into the archive and chosen(path) is called.
void downloadImdb(QComboBox* picker, QWidget* parent, const std::function<void(const QString& path)>& chosen);

}  // namespace al::ui
