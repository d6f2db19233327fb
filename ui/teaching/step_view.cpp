// Core headers first: they must not see Qt's `emit` macro.
#include "core/teaching/attention_steps.h"

#include "ui/teaching/step_view.h"

#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QVariantAnimation>
#include <QTableView>
#include <QVBoxLayout>
#include <algorithm>
#include <numeric>

#include "ui/widgets/export.h"
#include "ui/text/strings.h"
#include "ui/teaching/attention_lines.h"
#include "ui/teaching/step_code.h"
#include "ui/teaching/step_texts.h"
#include "ui/widgets/appearance.h"
#include "ui/widgets/bare_layout.h"
#include "ui/widgets/error_banner.h"
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
  auto* layout = bareLayout<QVBoxLayout>(this);
  error_ = new ErrorBanner;
  layout->addWidget(error_);
  title_ = new QLabel;
  title_->setObjectName("stepTitle");
  title_->setWordWrap(true);
  formula_ = new QLabel;
  formula_->setObjectName("formula");
  formula_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  formula_->setWordWrap(true);
  explanation_ = new QLabel;
  explanation_->setObjectName("explanation");
  explanation_->setWordWrap(true);
  // The title on a line of its own, the buttons under it: beside the buttons a long title in large type had
  // room for a word a line.
  layout->addWidget(title_);
  auto* titleRow = new QHBoxLayout;
  titleRow->addStretch(1);
  auto* savePicture = new QPushButton;
  connect(savePicture, &QPushButton::clicked, this, &StepView::exportFigure);
  auto* saveNumbers = new QPushButton;
  connect(saveNumbers, &QPushButton::clicked, this, &StepView::exportNumbers);
  codeButton_ = new QPushButton;
  codeButton_->setObjectName("codeButton");
  codeButton_->setCheckable(true);
  titleRow->addWidget(codeButton_);
  titleRow->addWidget(savePicture);
  titleRow->addWidget(saveNumbers);
  layout->addLayout(titleRow);
  layout->addWidget(formula_);
  layout->addWidget(explanation_);
  // Code beside the math: Keras (the book's, Keras's own or the chatbot tutorial's) and PyTorch for this step, side
  // by side, each under a caption saying where it comes from.
  codePanel_ = new QWidget;
  auto* codeRow = bareLayout<QHBoxLayout>(codePanel_);
  kerasTitle_ = new QLabel;
  pytorchTitle_ = new QLabel;
  keras_ = new QLabel;
  pytorch_ = new QLabel;
  for (auto [title, code] : {std::pair{kerasTitle_, keras_}, std::pair{pytorchTitle_, pytorch_}}) {
    title->setObjectName("heatmapTitle");
    title->setWordWrap(true);
    code->setObjectName("code");
    code->setTextFormat(Qt::PlainText);
    code->setTextInteractionFlags(Qt::TextSelectableByMouse);
    code->setWordWrap(true);
    auto* column = new QWidget;
    auto* columnLayout = bareLayout<QVBoxLayout>(column);
    columnLayout->addWidget(title);
    columnLayout->addWidget(code, 1);
    codeRow->addWidget(column, 1);
    if (title == kerasTitle_) kerasColumn_ = column;
  }
  codePanel_->hide();
  connect(codeButton_, &QPushButton::toggled, this, &StepView::setCodeShown);
  layout->addWidget(codePanel_);
  auto* gridHost = new QWidget;
  gridLayout_ = new QGridLayout(gridHost);
  gridLayout_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  auto* scroll = gridScroll_ = new QScrollArea;
  scroll->setWidget(gridHost);
  scroll->setWidgetResizable(true);
  // The grids take the height left under the texts and scroll in it: their own height must not make the page
  // taller than the window (the page would scroll, taking the grids' scroll area half out of view).
  scroll->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Ignored);
  scroll->setMinimumHeight(160);
  scroll->viewport()->installEventFilter(this);  // a new width places the grids again
  // Beside the grids: the weights as lines, with the head they come from.
  linesPanel_ = new QWidget;
  auto* linesLayout = bareLayout<QVBoxLayout>(linesPanel_);
  auto* headRow = new QHBoxLayout;
  auto* headLabel = new QLabel;
  head_ = new QSpinBox;
  head_->setObjectName("linesHead");
  head_->setMinimum(1);
  headRow->addWidget(headLabel);
  headRow->addWidget(head_);
  headRow->addStretch(1);
  linesLayout->addLayout(headRow);
  lines_ = new AttentionLines;
  linesLayout->addWidget(lines_, 1);
  linesPanel_->hide();
  connect(head_, &QSpinBox::valueChanged, this, [this] { showLines(); });
  connect(lines_, &AttentionLines::querySelected, this, [this](int row) {
    finishAnimation();
    chosenQuery_ = row;
    showLines();
  });
  sweep_ = new QVariantAnimation(this);
  connect(sweep_, &QVariantAnimation::valueChanged, this, [this](const QVariant& v) { sweepTo(v.toDouble()); });
  connect(sweep_, &QVariantAnimation::finished, this, &StepView::showLines);
  auto* body = new QHBoxLayout;
  body->addWidget(scroll, 5);  // the grids first: a step's widest table (the sharpness) fits beside the lines
  body->addWidget(linesPanel_, 3);
  layout->addLayout(body, 1);
  setTranslatedTexts(this, [=, this] {
    headLabel->setText(tr("Lines of head"));
    lines_->setToolTip(tr("Where the outlined token looks: the wider the line, the larger its attention weight. "
                          "Click a token on the left."));
    codeButton_->setText(tr("Code"));
    codeButton_->setToolTip(tr("The line or two of code that computes this step: Keras on the left (the book's, "
                               "Keras's own or the chatbot tutorial's, as its caption says), PyTorch on the right "
                               "(written for this app, or Hugging Face's own for a pretrained model)"));
    showCodeCaptions();
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
  const StepCode code = stepCode(step);
  keras_->setText(code.keras);
  pytorch_->setText(code.pytorch);
  // A pretrained model's steps have Hugging Face's PyTorch only: its column then takes the panel's width.
  kerasColumn_->setVisible(!code.keras.isEmpty());
  kerasSource_ = code.kerasSource;
  pytorchSource_ = code.pytorchSource;
  showCodeCaptions();
  setCodeShown(codeShown());

  // The grids of the last step are reused (a new table costs more than refilling one); extra ones are dropped.
  while (gridViews_.size() > static_cast<qsizetype>(step.grids.size())) delete gridViews_.takeLast();
  // Q, K and V of a head side by side; otherwise two grids a row (the heads of one quantity next to each other).
  stepColumns_ = step.key == "projections" ? 3 : 2;
  for (size_t g = 0; g < step.grids.size(); ++g) {
    const teaching::StepGrid& grid = step.grids[g];
    const bool reused = static_cast<qsizetype>(g) < gridViews_.size();
    MatrixView* view = reused ? gridViews_[static_cast<qsizetype>(g)] : new MatrixView;
    if (reused) view->setMatrix(Matrix());  // empty first: the settings below then refill nothing
    view->setTitle(StepTexts::gridTitle(grid, step.variant));
    view->table()->horizontalHeader()->setMinimumSectionSize(46);
    // Weights and tables of statistics (the sharpness) to the decimals of the step's text; other numbers to 2.
    view->setDecimals(grid.probabilities || !grid.coloured ? StepTexts::kDecimals : 2);
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
    if (!reused) gridViews_ << view;
  }
  placedColumns_ = 0;
  fittedWidth_ = -1;
  placeGrids();
  // The attention weights of the step, one grid per head, for the lines.
  sweep_->stop();
  weightGrids_.clear();
  weightGridViews_.clear();
  for (size_t g = 0; g < step.grids.size(); ++g)
    if (step.grids[g].probabilities && step.grids[g].values.size() > 0) {
      weightGrids_.push_back(step.grids[g]);
      weightGridViews_ << static_cast<int>(g);
    }
  queryWord_ = step.words.empty() ? QString() : QString::fromStdString(step.words.front());
  linesPanel_->setVisible(!weightGrids_.empty());
  if (weightGrids_.empty()) return;
  {
    const QSignalBlocker blocker(head_);
    head_->setMaximum(static_cast<int>(weightGrids_.size()));
  }
  showLines();
  if (animated_ && step.key == "softmax") startSweep();
}

// The widest number of columns, up to the step's own, whose grids side by side fit the viewport's width. When
// even one grid a row is too wide (a presentation's large type), the grids' numbers get smaller, never below the
// app's type at 100 %.
void StepView::placeGrids() {
  const int available = gridScroll_->viewport()->width();
  const QMargins margins = gridLayout_->contentsMargins();
  const int spacing = gridLayout_->horizontalSpacing();
  fitGrids(available - margins.left() - margins.right());
  int columns = std::max(1, stepColumns_);
  for (; columns > 1; --columns) {
    std::vector<int> widths(static_cast<size_t>(columns), 0);  // the widest grid of each column
    for (qsizetype g = 0; g < gridViews_.size(); ++g) {
      int& w = widths[static_cast<size_t>(g % columns)];
      w = std::max(w, gridViews_[g]->sizeHint().width());
    }
    const int needed = std::accumulate(widths.begin(), widths.end(), 0) + spacing * (columns - 1) +
                       margins.left() + margins.right();
    if (needed <= available) break;
  }
  if (columns == placedColumns_) return;
  placedColumns_ = columns;
  for (MatrixView* view : gridViews_) gridLayout_->removeWidget(view);
  for (qsizetype g = 0; g < gridViews_.size(); ++g)
    gridLayout_->addWidget(gridViews_[g], static_cast<int>(g / columns), static_cast<int>(g % columns),
                           Qt::AlignTop | Qt::AlignLeft);
}

void StepView::fitGrids(int width) {
  if (width == fittedWidth_) return;  // refitting changes the grids' size, which may bring the same width again
  fittedWidth_ = width;
  auto widest = [this] {
    int w = 0;
    for (MatrixView* view : gridViews_) w = std::max(w, view->sizeHint().width());
    return w;
  };
  const double smallest = std::min(1.0, 1.0 / Appearance::instance()->scale());
  double factor = 1.0;
  for (MatrixView* view : gridViews_) view->setFontFactor(factor);
  while (widest() > width && factor > smallest + 1e-9) {
    factor = std::max(smallest, factor - 0.05);
    for (MatrixView* view : gridViews_) view->setFontFactor(factor);
  }
}

bool StepView::eventFilter(QObject* watched, QEvent* event) {
  if (watched == gridScroll_->viewport() && event->type() == QEvent::Resize) placeGrids();
  return QWidget::eventFilter(watched, event);
}

// ---------------------------------------------------------------------------------------------------------
// The lines and the softmax animation

void StepView::setCodeShown(bool shown) {
  {
    const QSignalBlocker blocker(codeButton_);
    codeButton_->setChecked(shown);
  }
  codePanel_->setVisible(shown && !(keras_->text().isEmpty() && pytorch_->text().isEmpty()));
}

// A caption per source of step_code.json; an unknown source names only the language.
void StepView::showCodeCaptions() {
  auto caption = [](const QString& source, const QString& language) {
    if (source == QLatin1String("book")) return tr("Keras, from the book (Deep Learning with Python, ch. 11)");
    if (source == QLatin1String("keras"))
      return tr("Keras: inside layers.MultiHeadAttention (the library's own code, which the book's layer runs)");
    if (source == QLatin1String("keras_hub")) return tr("Keras: a KerasHub layer (the book mentions the paper's sine and cosine positions but codes learned ones)");
    if (source == QLatin1String("tutorial")) return tr("TensorFlow/Keras, from the chatbot tutorial");
    if (source == QLatin1String("app")) return tr("PyTorch, written for this app: this step's computation and shapes");
    if (source == QLatin1String("hugging_face"))
      return tr("PyTorch, from Hugging Face Transformers (modeling_bert.py, modeling_gpt2.py): the code the model "
                "was published with");
    return language;
  };
  kerasTitle_->setText(caption(kerasSource_, QStringLiteral("Keras")));
  pytorchTitle_->setText(caption(pytorchSource_, QStringLiteral("PyTorch")));
}

bool StepView::codeShown() const { return codeButton_->isChecked(); }
QString StepView::kerasCode() const { return keras_->text(); }
QString StepView::pytorchCode() const { return pytorch_->text(); }
QString StepView::kerasCaption() const { return kerasTitle_->text(); }
QString StepView::pytorchCaption() const { return pytorchTitle_->text(); }

bool StepView::linesShown() const { return !linesPanel_->isHidden(); }
void StepView::showHead(int head) { head_->setValue(head + 1); }
int StepView::shownHead() const { return head_->value() - 1; }
void StepView::setSpeed(double speed) { speed_ = std::max(0.05, speed); }
void StepView::setAnimated(bool animated) {
  animated_ = animated;
  if (!animated) finishAnimation();
}
bool StepView::isAnimating() const { return sweep_->state() == QAbstractAnimation::Running; }
void StepView::finishAnimation() {
  if (!isAnimating()) return;
  sweep_->stop();
  showLines();
}

// The shown head's weights; a one-column grid (the chatbot's additive weights, one per source word) is the answer
// word looking at every source word: one query row.
void StepView::showLines() {
  const int head = std::clamp(shownHead(), 0, static_cast<int>(weightGrids_.size()) - 1);
  if (head < 0) return;
  const teaching::StepGrid& grid = weightGrids_[size_t(head)];
  const bool column = grid.values.cols() == 1 && grid.values.rows() > 1;
  const Matrix weights = column ? Matrix(grid.values.transpose()) : grid.values;
  const QStringList rows = toQStrings(grid.rowLabels);
  const QStringList columns = StepTexts::columnLabels(grid);
  if (column) lines_->setAttention(weights, {queryWord_.isEmpty() ? QStringLiteral("?") : queryWord_}, rows);
  else lines_->setAttention(weights, rows, columns.size() == weights.cols() ? columns : rows);
  lines_->selectQuery(chosenQuery_);
  lines_->setProgress(1);
  MatrixView* view = gridViews_.value(weightGridViews_.value(head, -1));
  if (view && !column) view->highlightRows({lines_->selectedQuery()}, Appearance::instance()->highlight());
}

void StepView::startSweep() {
  const int rows = lines_->queryCount();
  if (rows == 0) return;
  sweep_->setStartValue(0.0);
  sweep_->setEndValue(static_cast<double>(rows));
  sweep_->setDuration(static_cast<int>(rows * 400 / speed_));
  sweep_->start();
}

// position = row + how far its softmax has filled in: the row is outlined in its grid, its lines grow.
void StepView::sweepTo(double position) {
  const int row = std::min(static_cast<int>(position), lines_->queryCount() - 1);
  lines_->selectQuery(row);
  lines_->setProgress(position - row);
  MatrixView* view = gridViews_.value(weightGridViews_.value(shownHead(), -1));
  if (view && lines_->queryCount() > 1) view->highlightRows({row}, Appearance::instance()->highlight());
}

void StepView::setError(const QString& message) { error_->showError(message); }

void StepView::clear() {
  sweep_->stop();
  qDeleteAll(gridViews_);
  gridViews_.clear();
  placedColumns_ = 0;
  weightGrids_.clear();
  weightGridViews_.clear();
  linesPanel_->setVisible(false);
  title_->clear();
  formula_->clear();
  explanation_->clear();
}

QString StepView::title() const { return title_->text(); }
QString StepView::formula() const { return formula_->text(); }
QString StepView::explanation() const { return explanation_->text(); }
QString StepView::error() const { return error_->text(); }

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
