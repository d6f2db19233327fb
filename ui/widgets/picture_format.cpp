#include "ui/widgets/picture_format.h"

#include <QFileInfo>

#include "core/error.h"

namespace al::ui {

PictureFormat pictureFormatOf(const QString& path) {
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix == QLatin1String("png")) return PictureFormat::Png;
  if (suffix == QLatin1String("svg")) return PictureFormat::Svg;
  if (suffix == QLatin1String("pdf")) return PictureFormat::Pdf;
  throw InputError(ErrorKind::UnknownFileFormat,
                   {.file = path.toStdString(), .expected = ".png, .svg, .pdf", .found = suffix.toStdString()},
                   path.toStdString() + ": unknown picture format '" + suffix.toStdString() +
                       "', expected .png, .svg or .pdf");
}

void failPictureNotWritten(const QString& path) {
  throw RunError(ErrorKind::CannotWrite, {.file = path.toStdString()}, "could not write " + path.toStdString());
}

}  // namespace al::ui
