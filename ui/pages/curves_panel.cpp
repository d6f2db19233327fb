#include "ui/pages/curves_panel.h"

#include <QDir>
#include <QVBoxLayout>

#include "ui/widgets/export.h"
#include "ui/widgets/bare_layout.h"
#include "ui/widgets/curve_plot.h"
#include "ui/widgets/figure_export_bar.h"
#include "ui/widgets/retranslate.h"
#include "ui/text/error_texts.h"

namespace al::ui {

CurvesPanel::CurvesPanel(CurvePlot* curves, QWidget* parent) : QWidget(parent), curves_(curves) {
  auto* layout = bareLayout<QVBoxLayout>(this);
  curves_->setObjectName("figure");
  curves_->setMinimumHeight(260);
  layout->addWidget(curves_, 1);
  auto* exportBar = new FigureExportBar({}, {});
  setTranslatedTexts(this, [exportBar] {
    exportBar->setToolTips(tr("The curves as PNG, SVG or PDF"), tr("Every point of the curves shown, as a CSV table"));
  });
  exportBar->onPicture = [this] { exportFigure(); };
  exportBar->onNumbers = [this] { exportNumbers(); };
  layout->addWidget(exportBar);
}

void CurvesPanel::exportFigure() {
  const QString path = askPicturePath(this, tr("Save the curves"), QDir::home().filePath("training-curves"));
  if (path.isEmpty()) return;
  try {
    curves_->savePicture(path);
    emit saved(tr("Saved %1").arg(path));
  } catch (const std::exception& e) {
    emit failed(errorMessage(e));
  }
}

void CurvesPanel::exportNumbers() {
  if (askAndWriteCsv(this, QStringLiteral("training-curves"), curves_->csvHeader(), curves_->csvRows()))
    emit saved(tr("Saved the numbers of the curves."));
}

}  // namespace al::ui
