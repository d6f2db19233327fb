#include "ui/widgets/export.h"
#include "ui/text/error_texts.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QImage>
#include <QMessageBox>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QPixmap>
#include <QSaveFile>
#include <QSvgGenerator>
#include <QWidget>
#include <qcustomplot.h>

#include "core/error.h"
#include "ui/widgets/picture_format.h"

namespace al::ui {

// The translation context of this file's texts (its functions belong to no widget).
class FigureExport {
  Q_DECLARE_TR_FUNCTIONS(FigureExport)
};

namespace {

// The widget as it looks, except that each plot in it paints itself again through QCustomPlot's own painting
// instead of its screen buffer: sharp at any resolution, and in an SVG or a PDF lines, rectangles and text rather
// than a picture (a heatmap's cells are a rectangle each there, ui/widgets/heatmap_view.cpp).
void renderFigure(QWidget* widget, QCPPainter& painter, bool vectorized) {
  QList<QCustomPlot*> plots;
  QRegion rest(widget->rect());
  for (QCustomPlot* plot : widget->findChildren<QCustomPlot*>()) {
    if (!plot->isVisibleTo(widget)) continue;
    plots << plot;
    rest -= QRect(plot->mapTo(widget, QPoint(0, 0)), plot->size());
  }
  widget->render(&painter, QPoint(), rest);
  painter.setMode(QCPPainter::pmVectorized, vectorized);
  for (QCustomPlot* plot : plots) {
    painter.save();
    painter.translate(plot->mapTo(widget, QPoint(0, 0)));
    plot->toPainter(&painter, plot->width(), plot->height());
    painter.restore();
  }
}

void exportPng(QWidget* widget, const QString& path) {
  QImage picture = renderPicture(widget);
  picture.setDevicePixelRatio(1);
  if (!picture.save(path, "PNG")) failPictureNotWritten(path);
}

void exportSvg(QWidget* widget, const QString& path) {
  QSvgGenerator svg;
  svg.setFileName(path);
  svg.setSize(widget->size());
  svg.setViewBox(widget->rect());
  svg.setTitle(widget->windowTitle());
  svg.setDescription(QStringLiteral("AttentionLab"));
  QCPPainter painter;
  if (!painter.begin(&svg)) failPictureNotWritten(path);
  renderFigure(widget, painter, true);
  painter.end();
}

void exportPdf(QWidget* widget, const QString& path) {
  QPdfWriter pdf(path);
  pdf.setCreator(QStringLiteral("AttentionLab"));
  // One widget pixel = one PDF point, on a page exactly the size of the widget: no margins, no scaling.
  pdf.setResolution(72);
  pdf.setPageSize(QPageSize(QSizeF(widget->size()), QPageSize::Point));
  pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
  QCPPainter painter;
  if (!painter.begin(&pdf)) failPictureNotWritten(path);
  renderFigure(widget, painter, true);
  painter.end();
}

// A CSV field: quoted only when it must be (RFC 4180).
QString csvField(const QString& field) {
  if (!field.contains(QLatin1Char(',')) && !field.contains(QLatin1Char('"')) && !field.contains(QLatin1Char('\n')) &&
      !field.contains(QLatin1Char('\r')))
    return field;
  QString quoted = field;
  quoted.replace(QLatin1String("\""), QLatin1String("\"\""));
  return QLatin1Char('"') + quoted + QLatin1Char('"');
}

QString csvLine(const QStringList& fields) {
  QStringList escaped;
  for (const QString& f : fields) escaped << csvField(f);
  return escaped.join(QLatin1Char(',')) + QLatin1Char('\n');
}

}  // namespace

// Twice the pixels of the screen picture: sharp on slides and paper.
QImage renderPicture(QWidget* widget) {
  QImage picture(widget->size() * 2, QImage::Format_ARGB32_Premultiplied);
  picture.setDevicePixelRatio(2);
  picture.fill(Qt::white);
  QCPPainter painter;
  if (!painter.begin(&picture)) failPictureNotWritten(widget->windowTitle());
  renderFigure(widget, painter, false);
  painter.end();
  return picture;
}

void exportWidget(QWidget* widget, const QString& path) {
  switch (pictureFormatOf(path)) {
    case PictureFormat::Png: return exportPng(widget, path);
    case PictureFormat::Svg: return exportSvg(widget, path);
    case PictureFormat::Pdf: return exportPdf(widget, path);
  }
}

bool writeCsv(const QString& path, const QStringList& header, const std::vector<std::vector<QString>>& rows) {
  QSaveFile file(path);  // all or nothing: a failed write leaves no half file behind
  if (!file.open(QIODevice::WriteOnly)) return false;
  QString text;
  if (!header.isEmpty()) text += csvLine(header);
  for (const auto& row : rows) text += csvLine(QStringList(row.begin(), row.end()));
  file.write(text.toUtf8());
  return file.commit();
}

QString pictureFileFilter() {
  return FigureExport::tr("PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)");
}

QString askPicturePath(QWidget* parent, const QString& title, const QString& suggestedName) {
  QString selectedFilter;
  QString path = QFileDialog::getSaveFileName(parent, title, suggestedName + ".png", pictureFileFilter(), &selectedFilter);
  if (!path.isEmpty() && QFileInfo(path).suffix().isEmpty()) {
    // Take the suffix from the chosen filter: "SVG drawing (*.svg)" -> ".svg".
    const qsizetype star = selectedFilter.indexOf(QLatin1String("*."));
    path += star >= 0 ? selectedFilter.mid(star + 1).chopped(1) : QStringLiteral(".png");
  }
  return path;
}

bool askAndExportWidget(QWidget* widget, const QString& suggestedName) {
  const QString path = askPicturePath(widget, FigureExport::tr("Save picture"), suggestedName);
  if (path.isEmpty()) return false;
  try {
    exportWidget(widget, path);
    return true;
  } catch (const std::exception& e) {
    QMessageBox::warning(widget, FigureExport::tr("Save picture"), errorMessage(e));
    return false;
  }
}

bool askAndWriteCsv(QWidget* parent, const QString& suggestedName, const QStringList& header,
                    const std::vector<std::vector<QString>>& rows) {
  QString path = QFileDialog::getSaveFileName(parent, FigureExport::tr("Save numbers"), suggestedName + ".csv",
                                              FigureExport::tr("CSV table (*.csv)"));
  if (path.isEmpty()) return false;
  if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".csv");
  if (writeCsv(path, header, rows)) return true;
  QMessageBox::warning(parent, FigureExport::tr("Save numbers"), FigureExport::tr("Could not write %1.").arg(path));
  return false;
}

}  // namespace al::ui
