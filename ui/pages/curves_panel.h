#pragma once
// The Train page's curves with the row that lets them leave the app: "Save picture…" (the plot's own PNG, SVG or
// PDF export) and "Save numbers…" (every point shown, as a CSV table).
#include <QWidget>

namespace al::ui {

class CurvePlot;

class CurvesPanel : public QWidget {
  Q_OBJECT
 public:
  explicit CurvesPanel(CurvePlot* curves, QWidget* parent = nullptr);

 public slots:
  void exportFigure();   // asks where, then saves the curves as a picture
  void exportNumbers();  // asks where, then saves their numbers

 signals:
  void saved(const QString& message);  // where it went, for the status line
  void failed(const QString& message);

 private:
  CurvePlot* curves_;
};

}  // namespace al::ui
