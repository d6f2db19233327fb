// Core headers first: they must not see Qt's `emit` macro.
#include "core/teaching/attention_steps.h"

#include "ui/teaching/step_view.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QTableWidget>
#include <QVBoxLayout>

#include "ui/export.h"
#include "ui/text/strings.h"
#include "ui/teaching/step_texts.h"
#include "ui/widgets/matrix_view.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

namespace {

// The largest finite |value|: masked scores hold -∞, which must not wash out every other colour.
double finiteLimit(const Matrix& m) {
  const auto finite = m.array().isFinite();
  return std::max(1e-9, static_cast<double>(finite.select(m.array().abs(), 0.0f).maxCoeff()));
}

}  // namespace

StepView::StepView(QWidget* parent) : QWidget(parent) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  error_ = new QLabel;
  error_->setWordWrap(true);
  error_->setObjectName("stepperError");
  error_->hide();
  layout->addWidget(error_);
  title_ = new QLabel;
  title_->setObjectName("stepTitle");
  formula_ = new QLabel;
  formula_->setObjectName("formula");
  formula_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  formula_->setWordWrap(true);
  explanation_ = new QLabel;
  explanation_->setObjectName("explanation");
  explanation_->setWordWrap(true);
  auto* titleRow = new QHBoxLayout;
  titleRow->addWidget(title_, 1);
  auto* savePicture = new QPushButton;
  connect(savePicture, &QPushButton::clicked, this, &StepView::exportFigure);
  auto* saveNumbers = new QPushButton;
  connect(saveNumbers, &QPushButton::clicked, this, &StepView::exportNumbers);
  titleRow->addWidget(savePicture);
  titleRow->addWidget(saveNumbers);
  layout->addLayout(titleRow);
  layout->addWidget(formula_);
  layout->addWidget(explanation_);
  auto* gridHost = new QWidget;
  gridLayout_ = new QGridLayout(gridHost);
  gridLayout_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  auto* scroll = new QScrollArea;
  scroll->setWidget(gridHost);
  scroll->setWidgetResizable(true);
  layout->addWidget(scroll, 1);
  setTranslatedTexts(this, [=] {
    savePicture->setText(tr("Save picture…"));
    savePicture->setToolTip(tr("The current step as PNG, SVG or PDF"));
    saveNumbers->setText(tr("Save numbers…"));
    saveNumbers->setToolTip(tr("Every grid of the current step in one CSV file"));
  });
}

void StepView::showStep(const teaching::AttentionStep& step, int number, int count, Index realTokens, Index tokenRows) {
  number_ = number;
  const StepText text = StepTexts::forStep(step);
  title_->setText(tr("Step %1 of %2: %3").arg(number).arg(count).arg(text.title));
  formula_->setText(text.formula);
  explanation_->setText(text.explanation);

  // The grids of the last step are reused (a new table costs more than refilling one); extra ones are dropped.
  while (gridViews_.size() > static_cast<qsizetype>(step.grids.size())) delete gridViews_.takeLast();
  // Q, K and V of a head side by side; otherwise two grids a row (the heads of one quantity next to each other).
  const int columns = step.key == "projections" ? 3 : 2;
  for (size_t g = 0; g < step.grids.size(); ++g) {
    const teaching::StepGrid& grid = step.grids[g];
    const bool reused = static_cast<qsizetype>(g) < gridViews_.size();
    MatrixView* view = reused ? gridViews_[static_cast<qsizetype>(g)] : new MatrixView;
    if (reused) view->setMatrix(Matrix());  // empty first: the settings below then refill nothing
    view->setTitle(StepTexts::gridTitle(grid));
    view->table()->horizontalHeader()->setMinimumSectionSize(46);
    view->setDecimals(grid.probabilities ? 3 : 2);
    view->setColouring(!grid.coloured          ? MatrixView::Colouring::None
                       : grid.probabilities ? MatrixView::Colouring::Sequential
                                            : MatrixView::Colouring::Diverging,
                       grid.probabilities || !grid.coloured ? 0 : finiteLimit(grid.values));
    view->setMatrix(grid.values, toQStrings(grid.rowLabels), StepTexts::columnLabels(grid));
    if (realTokens >= 0 && realTokens < grid.values.rows() && grid.values.rows() == tokenRows) {
      QList<int> padding;
      for (int r = static_cast<int>(realTokens); r < grid.values.rows(); ++r) padding << r;
      view->setMutedRows(padding);
    }
    gridLayout_->addWidget(view, static_cast<int>(g) / columns, static_cast<int>(g) % columns, Qt::AlignTop | Qt::AlignLeft);
    if (!reused) gridViews_ << view;
  }
}

void StepView::setError(const QString& message) {
  error_->setText(message);
  error_->setVisible(!message.isEmpty());
}

QString StepView::title() const { return title_->text(); }
QString StepView::formula() const { return formula_->text(); }
QString StepView::explanation() const { return explanation_->text(); }
QString StepView::error() const { return error_->isHidden() ? QString() : error_->text(); }

void StepView::exportFigure() { askAndExportWidget(this, QStringLiteral("step_%1").arg(number_)); }

void StepView::exportNumbers() {
  // One file: each grid as a block, introduced by its title.
  std::vector<std::vector<QString>> rows;
  for (MatrixView* view : gridViews_) {
    rows.push_back({view->title()});
    const QStringList header = view->csvHeader();
    rows.push_back(std::vector<QString>(header.begin(), header.end()));
    for (auto& row : view->csvRows()) rows.push_back(row);
    rows.push_back({});
  }
  askAndWriteCsv(this, QStringLiteral("step_%1").arg(number_), {}, rows);
}

}  // namespace al::ui
