#include "ui/widgets/matrix_tab_parts.h"

#include <algorithm>

#include <QCoreApplication>
#include <QEvent>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QGroupBox>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include "ui/widgets/export.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/bare_layout.h"
#include "ui/widgets/matrix_view.h"
#include "ui/widgets/figure_export_bar.h"
#include "ui/widgets/palette.h"

namespace al::ui {

namespace {
// Keeps the grids of a scroll area's content as large as the area's size allows (fitGridsToWidth).
class GridFitter : public QObject {
 public:
  GridFitter(QScrollArea* area, const QList<MatrixView*>& views) : QObject(area), area_(area), views_(views) {
    area->viewport()->installEventFilter(this);
    area->window()->installEventFilter(this);
    connect(Appearance::instance(), &Appearance::changed, this, [this] { fit(true); });
  }

  bool eventFilter(QObject* watched, QEvent* event) override {
    if (watched == area_->viewport() && event->type() == QEvent::Resize) fit(false);
    // The window's size moves what of the area is in view (a page taller than the window scrolls): fitted when
    // the window's layouts have followed.
    if (watched == area_->window() && event->type() == QEvent::Resize)
      QTimer::singleShot(0, this, [this] { fit(false); });
    return QObject::eventFilter(watched, event);
  }

 private:
  // Smaller steps of type until the content fits the width and its grids the height. Refitting changes the
  // content's size, which may show or hide the area's vertical scroll bar and so bring the same size again: a size
  // is fitted once.
  void fit(bool again) {
    const QSize room(area_->maximumViewportSize().width() - area_->verticalScrollBar()->sizeHint().width(),
                     shownHeight());
    if (room == fittedSize_ && !again) return;
    fittedSize_ = room;
    const double smallest = std::min(1.0, 1.0 / Appearance::instance()->scale());
    double factor = 1.0;
    setFactor(factor);
    while (!fits(room) && factor > smallest + 1e-9) setFactor(factor = std::max(smallest, factor - 0.05));
  }

  // The height of the area's viewport that the window shows (the page around it may be taller than the window).
  int shownHeight() const {
    const QWidget* viewport = area_->viewport();
    QRect shown(viewport->mapTo(viewport->window(), QPoint(0, 0)), viewport->size());
    for (const QWidget* p = viewport->parentWidget(); p; p = p->parentWidget())
      shown &= QRect(p->mapTo(p->window(), QPoint(0, 0)), p->size());
    return shown.height();
  }

  void setFactor(double factor) {
    for (MatrixView* view : views_) view->setFontFactor(factor);
  }

  // Whether the content needs no more than room's width and its lowest grid ends within room's height (the text
  // under the grids may scroll). The layouts from each grid up to the content are measured and placed again now
  // (they would keep what they measured before until the event loop's next turn).
  bool fits(const QSize& room) const {
    QWidget* content = area_->widget();
    for (MatrixView* view : views_)
      for (QWidget* w = view; w && w != content->parentWidget(); w = w->parentWidget())
        if (w->layout()) {
          w->layout()->invalidate();
          w->layout()->activate();
        }
    if (content->minimumSizeHint().width() > room.width()) return false;
    int lowest = 0;
    for (MatrixView* view : views_)
      if (!view->isHidden()) lowest = std::max(lowest, view->mapTo(content, QPoint(0, view->sizeHint().height())).y());
    return lowest <= room.height();
  }

  QScrollArea* area_;
  QList<MatrixView*> views_;
  QSize fittedSize_;
};

// The value a new cell starts with: counting 1, 2, 3, ... along the rows, as in the source text's example.
float startValue(Index row, Index column, Index features) { return static_cast<float>(row * features + column + 1); }
}  // namespace

Matrix resized(const Matrix& x, Index rows, Index columns) {
  Matrix out(rows, columns);  // rows x columns
  for (Index r = 0; r < rows; ++r)
    for (Index c = 0; c < columns; ++c) out(r, c) = r < x.rows() && c < x.cols() ? x(r, c) : startValue(r, c, columns);
  return out;
}

QStringList numberedLabels(const QString& pattern, Index count) {
  QStringList out;
  for (Index i = 1; i <= count; ++i) out << pattern.arg(i);
  return out;
}

Matrix besideEachOther(const Matrix& mean, const Matrix& variance) {
  Matrix out(mean.rows(), 2);  // rows x 2
  out << mean, variance;
  return out;
}

Matrix stacked(std::initializer_list<const Matrix*> parts) {
  Index rows = 0;
  for (const Matrix* part : parts) rows += part->rows();
  Matrix out(rows, (*parts.begin())->cols());  // (sum of rows) x columns
  Index row = 0;
  for (const Matrix* part : parts) {
    out.middleRows(row, part->rows()) = *part;
    row += part->rows();
  }
  return out;
}

QLabel* explanation(const QString& text) {
  auto* label = new QLabel(text);
  label->setWordWrap(true);
  label->setTextFormat(Qt::RichText);
  return label;
}

QGroupBox* headedColumn(const QString& heading, const QColor& colour) {
  auto* box = new QGroupBox;
  auto* layout = new QVBoxLayout(box);
  // An empty heading is worded later (on a language change too), with the colour filled in there.
  auto* title = new QLabel(heading.isEmpty() ? heading : heading.arg(colour.name()));
  title->setTextFormat(Qt::RichText);
  layout->addWidget(title);
  return box;
}

QGroupBox* layerNormColumn(const QString& heading, MatrixView* output, MatrixView* statistics, QLabel* text) {
  QGroupBox* box = headedColumn(heading, palette::kLayerNorm);
  auto* grids = new QHBoxLayout;
  grids->addWidget(output, 0, Qt::AlignTop);
  grids->addWidget(statistics, 0, Qt::AlignTop);
  grids->addStretch(1);
  auto* layout = static_cast<QVBoxLayout*>(box->layout());
  layout->addLayout(grids);
  layout->addWidget(text);
  layout->addStretch(1);
  return box;
}

QLabel* columnHeading(QGroupBox* column) { return qobject_cast<QLabel*>(column->layout()->itemAt(0)->widget()); }

QGridLayout* twoRows(QWidget* input, QWidget* layer, QWidget* batch) {
  auto* grid = new QGridLayout;
  grid->addWidget(input, 0, 0);
  grid->addWidget(layer, 0, 1);
  grid->addWidget(batch, 1, 0, 1, 2);
  grid->setColumnStretch(2, 1);
  grid->setRowStretch(2, 1);
  return grid;
}

QWidget* scrollable(QWidget* content) {
  auto* scroll = new QScrollArea;
  scroll->setWidget(content);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  return scroll;
}

void fitGridsToWidth(QWidget* area, const QList<MatrixView*>& views) {
  if (auto* scroll = qobject_cast<QScrollArea*>(area)) new GridFitter(scroll, views);
}

QWidget* labelled(QLabel* label, QWidget* box) {
  auto* pair = new QWidget;
  auto* row = bareLayout<QHBoxLayout>(pair);
  row->addWidget(label);
  row->addWidget(box);
  return pair;
}

QSpinBox* spinBox(int minimum, int maximum, int value) {
  auto* box = new QSpinBox;
  box->setRange(minimum, maximum);
  box->setValue(value);
  return box;
}

QDoubleSpinBox* doubleSpinBox(int decimals, double minimum, double maximum, double step, double value) {
  auto* box = new QDoubleSpinBox;
  box->setDecimals(decimals);
  box->setRange(minimum, maximum);
  box->setSingleStep(step);
  box->setValue(value);
  return box;
}

QWidget* matrixExportBar(QWidget* tab, const QString& name, const QList<MatrixView*>& views) {
  auto* bar = new FigureExportBar(FigureExportBar::tr("The whole tab as PNG, SVG or PDF"),
                                  FigureExportBar::tr("Every number of the grids, as a CSV table"));
  bar->onPicture = [tab, name] { askAndExportWidget(tab, name); };
  bar->onNumbers = [tab, name, views] {
    std::vector<std::vector<QString>> rows;
    for (const MatrixView* view : views)
      for (int r = 0; r < view->rows(); ++r)
        for (int c = 0; c < view->columns(); ++c)
          rows.push_back({view->objectName(), view->rowLabels().value(r), view->columnLabels().value(c),
                          QString::number(view->value(r, c), 'g', 9)});
    askAndWriteCsv(tab, name, {FigureExportBar::tr("view"), FigureExportBar::tr("row"), FigureExportBar::tr("column"),
                               FigureExportBar::tr("value")}, rows);
  };
  return bar;
}

}  // namespace al::ui
