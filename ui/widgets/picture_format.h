#pragma once
// The picture formats a figure is saved in, chosen by the file's suffix, and the two ways saving one fails. Shared
// by ui/widgets/export.cpp (any widget) and the curve plot (drawn through QCustomPlot's own savers), so that both refuse
// the same names with the same error, which the app words in the reader's language (ui/text/error_texts.cpp).
#include <QString>

namespace al::ui {

enum class PictureFormat { Png, Svg, Pdf };

// The format of `path` by its suffix (in any case); al::InputError of kind UnknownFileFormat for another suffix.
PictureFormat pictureFormatOf(const QString& path);

// al::RunError of kind CannotWrite: the picture at `path` could not be drawn or written.
[[noreturn]] void failPictureNotWritten(const QString& path);

}  // namespace al::ui
