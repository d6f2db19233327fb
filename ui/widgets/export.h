#pragma once
// Saving what a page shows: a picture of any widget (PNG, SVG or PDF, chosen by the file's suffix) and the
// numbers behind it as CSV. Every page uses these, so that every figure of the app can leave it.
#include <QString>
#include <QStringList>
#include <vector>

class QImage;
class QWidget;

namespace al::ui {

// Writes a picture of `widget` to `path`; the suffix chooses the format:
//   .png  at twice the widget's pixels (plots drawn again at that resolution)
//   .svg  vector drawing (QSvgGenerator): text stays text, plots are lines and rectangles (heatmap cells too)
//   .pdf  one page the size of the widget (QPdfWriter), vectors as in the SVG
// Throws al::InputError for another suffix and al::RunError when the file cannot be written.
void exportWidget(QWidget* widget, const QString& path);

// The widget as exportWidget writes it to a .png: at twice its pixels (device pixel ratio 2), plots drawn again at
// that resolution. For a figure made of figures (ui/pages/attention_page_timeline_export.cpp). Throws al::RunError
// when it cannot be drawn.
QImage renderPicture(QWidget* widget);

// Writes a CSV file (RFC 4180: comma separated, a field with a comma, quote or line break is quoted, quotes
// doubled; UTF-8; LF line ends). Returns false when the file cannot be written.
bool writeCsv(const QString& path, const QStringList& header, const std::vector<std::vector<QString>>& rows);

// The file-dialog filter for exportWidget: "PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)".
QString pictureFileFilter();

// Asks where to save a picture (starting from `suggestedName`, without a suffix); a name typed without a suffix
// gets the one of the chosen filter. Empty when cancelled.
QString askPicturePath(QWidget* parent, const QString& title, const QString& suggestedName);

// Interactive versions for menus and buttons: ask for a file name (starting from `suggestedName`, without a
// suffix), write it, and show a message box if that fails. Return false when cancelled or failed.
bool askAndExportWidget(QWidget* widget, const QString& suggestedName);
bool askAndWriteCsv(QWidget* parent, const QString& suggestedName, const QStringList& header,
                    const std::vector<std::vector<QString>>& rows);

}  // namespace al::ui
