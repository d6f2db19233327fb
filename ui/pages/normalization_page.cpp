#include "ui/pages/normalization_page.h"

#include <algorithm>

#include <QButtonGroup>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

#include "ui/widgets/export.h"
#include "ui/widgets/hidden_while_presenting.h"
#include "ui/pages/norm_race.h"
#include "ui/widgets/flow_layout.h"
#include "ui/widgets/matrix_tab_parts.h"
#include "ui/widgets/retranslate.h"
#include "ui/pages/padded_sequences_tab.h"
#include "ui/widgets/palette.h"

namespace al::ui {

using teaching::Normalized;
using teaching::PaddedBatch;
using teaching::Padding;

namespace {

const QColor kLayerColour = palette::kLayerNorm;  // along a row
const QColor kBatchColour = palette::kBatchNorm;  // along a column

constexpr int kMaxSamples = 8;
constexpr int kMaxFeatures = 8;
constexpr float kNoise = 0.5f;  // standard deviation of the noise of "Next batch"

}  // namespace

NormalizationPage::NormalizationPage(QWidget* parent) : QWidget(parent), tabs_(new QTabWidget) {
  setObjectName("normalizationPage");
  QFont larger = font();  // a classroom projector: nothing smaller than 12 points
  larger.setPointSizeF(std::max(larger.pointSizeF(), 12.0));
  setFont(larger);

  x_ = defaultSamples();
  epsilon_ = doubleSpinBox(4, 0.0, 1.0, 0.001, 0.001);  // Keras's default for both layers: norm_epsilon
  epsilon_->setObjectName("epsilon");
  batchNorm_ = std::make_unique<teaching::BatchNormDemo>(x_.cols(), static_cast<float>(epsilon_->value()), 0.99f);

  auto* top = new QHBoxLayout;
  QLabel* intro = explanation({});
  top->addWidget(intro, 1);
  top->addWidget(new QLabel(QStringLiteral("ε")));
  top->addWidget(epsilon_);

  tabs_->addTab(buildSamplesTab(), QString());
  sequencesTab_ = new PaddedSequencesTab;
  tabs_->addTab(scrollable(sequencesTab_), QString());
  race_ = new NormRace;
  tabs_->addTab(race_, QString());
  setTranslatedTexts(this, [this, intro] {
    intro->setText(tr("Both compute <i>(x − mean) / √(variance + ε)</i>, over different numbers: <b style='color:%1'>"
                      "layer normalization</b> along each row (one sample or token), <b style='color:%2'>batch "
                      "normalization</b> along each column (one feature, over the batch). Click a cell to outline both.")
                       .arg(kLayerColour.name(), kBatchColour.name()));
    const QStringList tabs{tr("Samples × features"), tr("Sequences, padded"), tr("Race")};
    for (int i = 0; i < tabs.size(); ++i) tabs_->setTabText(i, tabs[i]);
  });

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(top);
  layout->addWidget(tabs_, 1);

  connect(epsilon_, &QDoubleSpinBox::valueChanged, this, [this](double e) {
    batchNorm_->setEpsilon(static_cast<float>(e));
    updateSamples();
    sequencesTab_->setEpsilon(static_cast<float>(e));
  });
  updateSamples();
}

NormalizationPage::~NormalizationPage() = default;

Matrix NormalizationPage::defaultSamples() {
  Matrix x(2, 3);  // B x F
  x << 1, 2, 3, 4, 5, 6;
  return x;
}

// ---- Samples x features -------------------------------------------------------------------------------------

QWidget* NormalizationPage::buildSamplesTab() {
  sampleCount_ = spinBox(1, kMaxSamples, static_cast<int>(x_.rows()));
  featureCount_ = spinBox(1, kMaxFeatures, static_cast<int>(x_.cols()));
  sampleCount_->setObjectName("sampleCount");
  featureCount_->setObjectName("featureCount");
  auto* example = new QPushButton;
  samples_ = new MatrixView;
  samples_->setObjectName("samples");
  samples_->setEditable(true);
  layerOutput_ = new MatrixView;
  layerOutput_->setObjectName("layerOutput");
  layerStatistics_ = new MatrixView;
  layerStatistics_->setRowLabelsVisible(false);  // beside the output, its rows are the output's rows
  layerStatistics_->setObjectName("layerStatistics");
  batchOutput_ = new MatrixView;
  batchOutput_->setObjectName("batchOutput");
  batchStatistics_ = new MatrixView;
  batchStatistics_->setObjectName("batchStatistics");
  movingStatistics_ = new MatrixView;
  movingStatistics_->setObjectName("movingStatistics");
  lastBatch_ = new MatrixView;
  lastBatch_->setObjectName("lastBatch");
  for (MatrixView* v : {layerOutput_, batchOutput_}) v->setColouring(MatrixView::Colouring::Diverging, 2.0);

  // Input column.
  auto* inputBox = new QGroupBox;
  // The controls' rows wrap where the page is narrow (presentation type): the grids keep the width.
  auto* shape = new FlowLayout;
  QLabel* labels[3] = {new QLabel, new QLabel, new QLabel};  // samples, features, momentum
  shape->addWidget(labelled(labels[0], sampleCount_));
  shape->addWidget(labelled(labels[1], featureCount_));
  shape->addWidget(example);
  auto* inputLayout = new QVBoxLayout(inputBox);
  inputLayout->addLayout(shape);
  inputLayout->addWidget(samples_);
  QLabel* inputHint = explanation({});
  inputLayout->addWidget(inputHint);
  inputLayout->addStretch(1);

  // Layer normalization column: the statistics sit beside the rows they belong to.
  QLabel* layerHint = explanation({});
  QGroupBox* layerBox = layerNormColumn({}, layerOutput_, layerStatistics_, layerHint);
  // Presenting, the lesson's text says what these say, and the grids under them need the height.
  for (QLabel* hint : {inputHint, layerHint}) hint->setProperty(kHiddenWhilePresenting, true);

  // Batch normalization column: the statistics sit under the columns they belong to.
  auto* batchBox = headedColumn({}, kBatchColour);
  trainMode_ = new QRadioButton;
  inferMode_ = new QRadioButton;
  trainMode_->setObjectName("trainMode");
  inferMode_->setObjectName("inferMode");
  trainMode_->setChecked(true);
  auto* modes = new QButtonGroup(this);
  modes->addButton(trainMode_);
  modes->addButton(inferMode_);
  momentum_ = doubleSpinBox(3, 0.0, 0.999, 0.05, 0.99);  // Keras's default, and the batch_norm_momentum
  momentum_->setObjectName("momentum");
  auto* next = new QPushButton;
  next->setObjectName("nextBatch");
  auto* reset = new QPushButton;
  batchCaption_ = explanation({});
  movingCaption_ = explanation({});

  auto* stepRow = new FlowLayout;
  stepRow->addWidget(labelled(labels[2], momentum_));
  stepRow->addWidget(next);
  stepRow->addWidget(reset);
  // Left: this batch's output with its statistics under the columns; right: the moving averages learning.
  auto* modeRow = new QHBoxLayout;
  modeRow->addWidget(trainMode_);
  modeRow->addWidget(inferMode_);
  modeRow->addStretch(1);
  auto* now = new QVBoxLayout;
  now->addLayout(modeRow);
  now->addWidget(batchOutput_);
  now->addWidget(batchStatistics_);
  now->addWidget(batchCaption_);
  now->addStretch(1);
  auto* learning = new QVBoxLayout;
  learning->addLayout(stepRow);
  learning->addWidget(movingStatistics_);
  learning->addWidget(movingCaption_);
  learning->addWidget(lastBatch_);
  learning->addStretch(1);
  auto* batchColumns = new QHBoxLayout;
  batchColumns->addLayout(now);
  batchColumns->addSpacing(24);
  batchColumns->addLayout(learning);
  batchColumns->addStretch(1);
  static_cast<QVBoxLayout*>(batchBox->layout())->addLayout(batchColumns);

  auto* content = new QWidget;
  auto* layout = new QVBoxLayout(content);
  layout->addLayout(twoRows(inputBox, layerBox, batchBox), 1);
  layout->addWidget(matrixExportBar(content, "normalization_samples",
                                  {samples_, layerOutput_, layerStatistics_, batchOutput_, batchStatistics_,
                                   movingStatistics_, lastBatch_}));

  connect(sampleCount_, &QSpinBox::valueChanged, this, [this] { resizeSamples(); });
  connect(featureCount_, &QSpinBox::valueChanged, this, [this] { resizeSamples(); });
  connect(example, &QPushButton::clicked, this, [this] { setSamples(defaultSamples()); });
  connect(samples_, &MatrixView::cellEdited, this, [this](int r, int c, double v) {
    x_(r, c) = static_cast<float>(v);
    updateSamples();
  });
  for (MatrixView* v : {samples_, layerOutput_, batchOutput_})
    connect(v, &MatrixView::currentCellChanged, this, &NormalizationPage::highlightSampleAxes);
  connect(trainMode_, &QRadioButton::toggled, this,
          [this](bool on) { setBatchNormMode(on ? al::Mode::Train : al::Mode::Eval); });
  connect(momentum_, &QDoubleSpinBox::valueChanged, this, [this](double m) { setMomentum(m); });
  connect(next, &QPushButton::clicked, this, &NormalizationPage::nextBatch);
  connect(reset, &QPushButton::clicked, this, &NormalizationPage::resetMovingStatistics);
  setTranslatedTexts(this, [=, this] {
    example->setText(tr("Example"));
    example->setToolTip(tr("Back to lesson 5's tensor, [[1, 2, 3], [4, 5, 6]]"));
    samples_->setTitle(tr("Input: samples × features (editable)"));
    for (MatrixView* v : {layerOutput_, batchOutput_}) v->setTitle(tr("Output"));
    layerStatistics_->setTitle(tr("Statistics of each row"));
    batchStatistics_->setTitle(tr("Statistics of each column"));
    movingStatistics_->setTitle(tr("Moving averages"));
    lastBatch_->setTitle(tr("Last batch fed"));
    labels[0]->setText(tr("Samples"));
    labels[1]->setText(tr("Features"));
    labels[2]->setText(tr("Momentum"));
    inputHint->setText(tr("Double-click a cell to type a number."));
    columnHeading(layerBox)->setText(tr("<b style='color:%1'>Layer normalization</b>: along each row").arg(kLayerColour.name()));
    layerHint->setText(tr("Each sample is normalized on its own, over its features. No other sample is involved, so "
                          "training and inference compute the same thing, and a batch of one works."));
    columnHeading(batchBox)->setText(tr("<b style='color:%1'>Batch normalization</b>: along each column").arg(kBatchColour.name()));
    trainMode_->setText(tr("Training"));
    inferMode_->setText(tr("Inference"));
    trainMode_->setToolTip(tr("Statistics of this batch"));
    inferMode_->setToolTip(tr("The moving averages gathered from earlier training batches"));
    next->setText(tr("Next batch"));
    next->setToolTip(tr("Feed a training batch (this tensor plus noise): the moving averages take one step"));
    reset->setText(tr("Reset"));
    reset->setToolTip(tr("Moving mean 0, moving variance 1, as before training"));
  });
  onLanguageChange(this, [this] { updateSamples(); });  // the grids' row and column names, the captions
  QWidget* area = scrollable(content);
  fitGridsToWidth(area, {samples_, layerOutput_, layerStatistics_, batchOutput_, batchStatistics_, movingStatistics_,
                         lastBatch_});
  return area;
}

void NormalizationPage::setSamples(const Matrix& x) {
  x_ = x;
  if (batchNorm_->features() != x_.cols()) {  // a new width: a new layer, its moving averages start again
    batchNorm_ = std::make_unique<teaching::BatchNormDemo>(x_.cols(), static_cast<float>(epsilon_->value()),
                                                           static_cast<float>(momentum_->value()));
    lastBatch_->setMatrix(Matrix(0, x_.cols()));
  }
  const QSignalBlocker rowsBlocker(sampleCount_), featuresBlocker(featureCount_);
  sampleCount_->setValue(static_cast<int>(x_.rows()));
  featureCount_->setValue(static_cast<int>(x_.cols()));
  sampleRow_ = std::min(sampleRow_, static_cast<int>(x_.rows()) - 1);
  sampleColumn_ = std::min(sampleColumn_, static_cast<int>(x_.cols()) - 1);
  updateSamples();
}

void NormalizationPage::resizeSamples() { setSamples(resized(x_, sampleCount_->value(), featureCount_->value())); }

void NormalizationPage::setBatchNormMode(al::Mode mode) {
  mode_ = mode;
  const QSignalBlocker blocker(trainMode_);
  trainMode_->setChecked(mode == al::Mode::Train);
  inferMode_->setChecked(mode == al::Mode::Eval);
  updateSamples();
}

void NormalizationPage::nextBatch() {
  const Matrix batch = teaching::withNoise(x_, kNoise, noise_);  // B x F
  batchNorm_->learnFrom({batch});
  lastBatch_->setMatrix(batch, numberedLabels(tr("sample %1"), batch.rows()), numberedLabels(tr("feature %1"), batch.cols()));
  updateSamples();
}

void NormalizationPage::resetMovingStatistics() {
  batchNorm_->reset();
  lastBatch_->setMatrix(Matrix(0, x_.cols()));
  updateSamples();
}

void NormalizationPage::setEpsilon(double epsilon) { epsilon_->setValue(epsilon); }

void NormalizationPage::setMomentum(double momentum) {
  const QSignalBlocker blocker(momentum_);
  momentum_->setValue(momentum);
  batchNorm_->setMomentum(static_cast<float>(momentum));
  updateSamples();
}

void NormalizationPage::updateSamples() {
  const float epsilon = static_cast<float>(epsilon_->value());
  const QStringList rows = numberedLabels(tr("sample %1"), x_.rows());
  const QStringList features = numberedLabels(tr("feature %1"), x_.cols());
  const bool training = mode_ == al::Mode::Train;

  const Normalized layer = teaching::layerNormalize(x_, epsilon);
  const Normalized batch = training ? batchNorm_->train({x_}) : batchNorm_->infer({x_});

  samples_->setMatrix(x_, rows, features);
  layerOutput_->setMatrix(layer.output, rows, features);
  layerStatistics_->setMatrix(besideEachOther(layer.mean, layer.variance), rows, {tr("mean"), tr("variance")});
  batchOutput_->setMatrix(batch.output, rows, features);
  batchStatistics_->setMatrix(stacked({&batch.mean, &batch.variance}),
                              training ? QStringList{tr("batch mean"), tr("batch variance")}
                                       : QStringList{tr("moving mean"), tr("moving variance")},
                              features);
  const Matrix movingMean = batchNorm_->movingMean(), movingVariance = batchNorm_->movingVariance();
  movingStatistics_->setMatrix(stacked({&movingMean, &movingVariance}), {tr("mean"), tr("variance")}, features);
  lastBatch_->setVisible(lastBatch_->rows() > 0);

  batchCaption_->setText(training ? tr("Each column's mean and variance over the %n sample(s) of this batch.", "",
                                       static_cast<int>(batch.count))
                                  : tr("The moving averages, whatever this batch holds: what a trained model uses "
                                       "when it predicts one sample at a time."));
  const double m = momentum_->value();
  movingCaption_->setText(tr("After %n batch(es). Each training batch moves them: "
                             "<i>m ← %1·m + %2·(batch statistic)</i>.", "", batchNorm_->batchesSeen())
                              .arg(m, 0, 'g', 3)
                              .arg(1.0 - m, 0, 'g', 3));
  highlightSampleAxes(sampleRow_, sampleColumn_);
}

void NormalizationPage::highlightSampleAxes(int row, int column) {
  if (row < 0 || column < 0 || row >= x_.rows() || column >= x_.cols()) return;
  sampleRow_ = row;
  sampleColumn_ = column;
  samples_->highlightRows({row}, kLayerColour);
  samples_->highlightColumns({column}, kBatchColour);
  layerOutput_->highlightRows({row}, kLayerColour);
  layerStatistics_->highlightRows({row}, kLayerColour);
  batchOutput_->highlightColumns({column}, kBatchColour);
  batchStatistics_->highlightColumns({column}, kBatchColour);
  movingStatistics_->highlightColumns({column}, kBatchColour);
}

// ---- Export -------------------------------------------------------------------------------------------------

void NormalizationPage::exportFigure() {
  QWidget* tab = tabs_->currentWidget();
  if (auto* scroll = qobject_cast<QScrollArea*>(tab)) tab = scroll->widget();
  static const char* const names[] = {"normalization_samples", "normalization_sequences", "normalization_race"};
  askAndExportWidget(tab, names[std::clamp(tabs_->currentIndex(), 0, 2)]);
}

// ---- Sequences, padded: its own tab ---------------------------------------------------------------------------

void NormalizationPage::setSequences(const PaddedBatch& batch) { sequencesTab_->setSequences(batch); }
void NormalizationPage::setPadding(Padding padding) { sequencesTab_->setPadding(padding); }
const PaddedBatch& NormalizationPage::sequences() const { return sequencesTab_->sequences(); }
MatrixView* NormalizationPage::sequenceInputView() const { return sequencesTab_->inputView(); }
MatrixView* NormalizationPage::sequenceLayerOutputView() const { return sequencesTab_->layerOutputView(); }
MatrixView* NormalizationPage::sequenceLayerStatisticsView() const { return sequencesTab_->layerStatisticsView(); }
MatrixView* NormalizationPage::sequenceBatchOutputView() const { return sequencesTab_->batchOutputView(); }
MatrixView* NormalizationPage::sequenceBatchStatisticsView() const { return sequencesTab_->batchStatisticsView(); }

}  // namespace al::ui
