// The Attention page's timeline leaving the app: a frame sequence for an animation (one PNG per snapshot and an
// index of their steps) and a sheet of chosen moments side by side (PNG, SVG or PDF). Both are the page's own
// figure (ui/widgets/export.h draws it, as File › Export figure does) at each moment, under a title in the language of the
// interface: what a teacher puts in slides is what the class saw on the page.
//
// Core headers first: Qt's `emit` macro must not reach them.
#include "core/error.h"
#include "core/inference/training_timeline.h"

#include "ui/pages/attention_page.h"

#include <QDir>
#include <QEventLoop>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QImage>
#include <QInputDialog>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPixmap>
#include <QProgressDialog>
#include <QPushButton>
#include <QSaveFile>
#include <QTabWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <memory>

#include "ui/widgets/export.h"
#include "ui/text/error_texts.h"
#include "ui/widgets/picture_format.h"
#include "ui/widgets/retranslate.h"
#include "ui/widgets/timeline_bar.h"

namespace al::ui {

namespace {

// A picture of twice its pixels (renderPicture) under a title, as a widget the figure exporter can draw again.
QWidget* titledPanel(const QString& title, const QImage& picture) {
  auto* panel = new QWidget;
  auto* column = new QVBoxLayout(panel);
  column->setContentsMargins(0, 0, 0, 0);
  auto* heading = new QLabel(title);
  QFont font = heading->font();
  font.setBold(true);
  font.setPointSizeF(font.pointSizeF() * 1.3);  // read from the back of a room
  heading->setFont(font);
  heading->setAlignment(Qt::AlignCenter);
  column->addWidget(heading);
  auto* image = new QLabel;
  QPixmap pixmap = QPixmap::fromImage(picture);
  pixmap.setDevicePixelRatio(2);  // the picture's logical size is the page's figure; its pixels stay sharp
  image->setPixmap(pixmap);
  column->addWidget(image);
  return panel;
}

// Lays `figure` out at its natural size without showing it on screen, writes it, and discards it.
void exportComposed(QWidget* figure, const QString& path) {
  std::unique_ptr<QWidget> owner(figure);
  figure->ensurePolished();
  figure->layout()->activate();  // never shown: its size is the layout's
  figure->adjustSize();
  exportWidget(figure, path);
}

void writeIndex(const QString& path, const QJsonObject& index) {
  QSaveFile file(path);  // all or nothing
  if (!file.open(QIODevice::WriteOnly)) failPictureNotWritten(path);
  file.write(QJsonDocument(index).toJson(QJsonDocument::Indented));
  if (!file.commit()) failPictureNotWritten(path);
}

}  // namespace

QWidget* AttentionPage::createTimelineExportButton() {
  timelineExport_ = new QPushButton;
  timelineExport_->setObjectName("exportTimeline");
  auto* menu = new QMenu(timelineExport_);
  QAction* frames = menu->addAction(QString(), this, &AttentionPage::exportTimelineFramesAsked);
  QAction* sheet = menu->addAction(QString(), this, &AttentionPage::exportTimelineSheetAsked);
  timelineExport_->setMenu(menu);
  setTranslatedTexts(timelineExport_, [=, this] {
    timelineExport_->setText(tr("Export timeline…"));
    timelineExport_->setToolTip(tr("The watched sentence's maps at the moments of training, for slides"));
    frames->setText(tr("Frames for an animation (one PNG per moment)…"));
    sheet->setText(tr("Sheet of moments side by side (PNG, SVG or PDF)…"));
  });
  return timelineExport_;
}

QString AttentionPage::momentTitle(int position) const {
  const TrainingTimeline& timeline = *timeline_->timeline();
  if (position >= int(timeline.snapshots.size())) return tr("The model the run kept");
  return tr("Step %1").arg(timeline.snapshots[size_t(position)].step);
}

// The bar moves there and the page draws the maps over turns of the event loop (as when a class scrubs); the
// picture is taken once the last map is drawn.
QImage AttentionPage::pictureAtMoment(int position) {
  timeline_->setPosition(position);
  if (isComputingAttention()) {
    QEventLoop loop;
    QTimer poll;  // attentionShown is not sent for a reading that failed: the state says when it is over
    connect(&poll, &QTimer::timeout, &loop, [&] {
      if (!isComputingAttention()) loop.quit();
    });
    poll.start(10);
    loop.exec();
  }
  return renderPicture(heatmapHost_);
}

int AttentionPage::exportTimelineFrames(const QString& folder, const ExportProgress& progress) {
  const TrainingTimeline* timeline = timeline_->timeline();
  if (!timeline || timeline->snapshots.empty())
    throw InputError(ErrorKind::FileMissing, {.file = std::string(kTimelineFile)}, "this model has no training timeline");
  if (!QDir().mkpath(folder)) failPictureNotWritten(folder);
  const int total = int(timeline->snapshots.size()), start = timeline_->position(), tab = tabs_->currentIndex();
  tabs_->setCurrentIndex(0);  // the Heatmaps tab: the maps are its figure
  if (timeline_->probeOf(text()) < 0) showTimelineSentence(timeline_->probe());
  QJsonArray frames;
  int written = 0;
  for (; written < total; ++written) {
    if (progress && !progress(written, total)) break;
    const TimelineSnapshot& snapshot = timeline->snapshots[size_t(written)];
    const QString file = QStringLiteral("frame-%1.png").arg(written + 1, 4, 10, QLatin1Char('0'));
    const QImage maps = pictureAtMoment(written);
    exportComposed(titledPanel(momentTitle(written), maps), QDir(folder).filePath(file));
    frames.append(QJsonObject{{"file", file}, {"step", qint64(snapshot.step)}, {"epoch", snapshot.epoch}});
  }
  const QString sentence = QString::fromStdString(timeline->probes[size_t(timeline_->probe())].text);
  writeIndex(QDir(folder).filePath("index.json"), QJsonObject{{"sentence", sentence}, {"frames", frames}});
  timeline_->setPosition(start);
  tabs_->setCurrentIndex(tab);
  return written;
}

std::vector<int> AttentionPage::sheetPositions(int panels) const {
  const int last = timeline_->snapshotCount();  // the kept model
  panels = std::clamp(panels, 2, last + 1);
  std::vector<int> positions;
  for (int i = 0; i < panels; ++i) positions.push_back(int(std::lround(double(i) * last / (panels - 1))));
  return positions;
}

bool AttentionPage::exportTimelineSheet(const QString& path, const std::vector<int>& positions,
                                        const ExportProgress& progress) {
  const TrainingTimeline* timeline = timeline_->timeline();
  if (!timeline || timeline->snapshots.empty())
    throw InputError(ErrorKind::FileMissing, {.file = std::string(kTimelineFile)}, "this model has no training timeline");
  pictureFormatOf(path);  // a wrong suffix is refused before any moment is drawn
  const int start = timeline_->position(), tab = tabs_->currentIndex();
  tabs_->setCurrentIndex(0);
  if (timeline_->probeOf(text()) < 0) showTimelineSentence(timeline_->probe());
  auto* sheet = new QWidget;
  std::unique_ptr<QWidget> owner(sheet);
  auto* column = new QVBoxLayout(sheet);
  const QString sentence = QString::fromStdString(timeline->probes[size_t(timeline_->probe())].text);
  column->addWidget(new QLabel(tr("Attention in “%1” as the model trained").arg(sentence)));
  auto* row = new QHBoxLayout;
  column->addLayout(row);
  for (size_t i = 0; i < positions.size(); ++i) {
    if (progress && !progress(int(i), int(positions.size()))) {
      timeline_->setPosition(start);
      tabs_->setCurrentIndex(tab);
      return false;
    }
    const int position = std::clamp(positions[i], 0, timeline_->snapshotCount());
    row->addWidget(titledPanel(momentTitle(position), pictureAtMoment(position)));
  }
  exportComposed(owner.release(), path);
  timeline_->setPosition(start);
  tabs_->setCurrentIndex(tab);
  return true;
}

void AttentionPage::exportTimelineFramesAsked() {
  const QString folder = QFileDialog::getExistingDirectory(this, tr("Folder for the frames"));
  if (folder.isEmpty()) return;
  QProgressDialog dialog(tr("Drawing the moments of training…"), tr("Cancel"), 0, timeline_->snapshotCount(), this);
  dialog.setWindowModality(Qt::WindowModal);
  dialog.setMinimumDuration(0);
  try {
    const int written = exportTimelineFrames(folder, [&](int done, int) {
      dialog.setValue(done);
      return !dialog.wasCanceled();
    });
    dialog.reset();
    QMessageBox::information(this, tr("Export timeline"),
                             tr("%n frame(s) and index.json written to %1.", "", written).arg(folder));
  } catch (const std::exception& e) {
    QMessageBox::warning(this, tr("Export timeline"), errorMessage(e));
  }
}

void AttentionPage::exportTimelineSheetAsked() {
  bool ok = false;
  const int most = std::min(8, timeline_->snapshotCount() + 1);
  const int panels = QInputDialog::getInt(this, tr("Sheet of moments"),
                                          tr("Moments on the sheet (step 0 and the kept model among them):"),
                                          std::min(4, most), 2, most, 1, &ok);
  if (!ok) return;
  const QString path = askPicturePath(this, tr("Save sheet"), QStringLiteral("attention_timeline"));
  if (path.isEmpty()) return;
  QProgressDialog dialog(tr("Drawing the moments of training…"), tr("Cancel"), 0, panels, this);
  dialog.setWindowModality(Qt::WindowModal);
  dialog.setMinimumDuration(0);
  try {
    exportTimelineSheet(path, sheetPositions(panels), [&](int done, int) {
      dialog.setValue(done);
      return !dialog.wasCanceled();
    });
  } catch (const std::exception& e) {
    QMessageBox::warning(this, tr("Export timeline"), errorMessage(e));
  }
}

}  // namespace al::ui
