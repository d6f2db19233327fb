#include "ui/normalization_page.h"

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

#include "ui/export.h"
#include "ui/norm_race.h"

namespace al::ui {

using teaching::Normalized;
using teaching::PaddedBatch;
using teaching::Padding;

namespace {

// One colour per normalization, used for its group title and for the outline of the axis it averages over.
const QColor kLayerColour(222, 110, 0);   // orange: along a row
const QColor kBatchColour(0, 128, 110);   // teal: along a column
const QColor kPolicyColour(120, 60, 160);  // purple: the statistics in use

constexpr int kMaxSamples = 8;
constexpr int kMaxFeatures = 8;
constexpr int kMaxSequences = 4;
constexpr int kMaxLength = 5;
constexpr float kNoise = 0.5f;  // standard deviation of the noise of "Next batch"

// The value a new cell starts with: counting 1, 2, 3, ... along the rows, as in the source text's example.
float startValue(Index row, Index column, Index features) { return static_cast<float>(row * features + column + 1); }

// x resized to rows x columns, keeping what fits and counting on in the new cells.
Matrix resized(const Matrix& x, Index rows, Index columns) {
  Matrix out(rows, columns);
  for (Index r = 0; r < rows; ++r)
    for (Index c = 0; c < columns; ++c) out(r, c) = r < x.rows() && c < x.cols() ? x(r, c) : startValue(r, c, columns);
  return out;
}

QStringList labels(const QString& pattern, Index count) {
  QStringList out;
  for (Index i = 1; i <= count; ++i) out << pattern.arg(i);
  return out;
}

QLabel* explanation(const QString& text) {
  auto* label = new QLabel(text);
  label->setWordWrap(true);
  label->setTextFormat(Qt::RichText);
  return label;
}

// A column of the page: a heading in the normalization's colour, then its grids.
QGroupBox* column(const QString& heading, const QColor& colour) {
  auto* box = new QGroupBox;
  auto* layout = new QVBoxLayout(box);
  auto* title = new QLabel(heading.arg(colour.name()));
  title->setTextFormat(Qt::RichText);
  layout->addWidget(title);
  return box;
}

// Two statistics side by side as one rows x 2 matrix (mean, variance of every row).
Matrix besideEachOther(const Matrix& mean, const Matrix& variance) {
  Matrix out(mean.rows(), 2);
  out << mean, variance;
  return out;
}

// Statistics stacked as rows of one matrix (mean, variance of every feature, ...).
Matrix stacked(std::initializer_list<const Matrix*> parts) {
  Index rows = 0;
  for (const Matrix* part : parts) rows += part->rows();
  Matrix out(rows, (*parts.begin())->cols());
  Index row = 0;
  for (const Matrix* part : parts) {
    out.middleRows(row, part->rows()) = *part;
    row += part->rows();
  }
  return out;
}

// The input and layer normalization side by side, batch normalization under both (it needs the width).
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

QSpinBox* spinBox(int minimum, int maximum, int value) {
  auto* box = new QSpinBox;
  box->setRange(minimum, maximum);
  box->setValue(value);
  return box;
}

}  // namespace

NormalizationPage::NormalizationPage(QWidget* parent) : QWidget(parent), tabs_(new QTabWidget) {
  setObjectName("normalizationPage");
  QFont larger = font();  // a classroom projector: nothing smaller than 12 points
  larger.setPointSizeF(std::max(larger.pointSizeF(), 12.0));
  setFont(larger);

  x_ = defaultSamples();
  epsilon_ = new QDoubleSpinBox;
  epsilon_->setObjectName("epsilon");
  epsilon_->setDecimals(4);
  epsilon_->setRange(0.0, 1.0);
  epsilon_->setSingleStep(0.001);
  epsilon_->setValue(0.001);  // Keras's default for both layers, and the model files' norm_epsilon
  batchNorm_ = std::make_unique<teaching::BatchNormDemo>(x_.cols(), static_cast<float>(epsilon_->value()), 0.99f);

  sequences_.sequences = {Matrix(3, 3), Matrix(1, 3)};
  sequences_.sequences[0] << 1, 2, 3, 4, 5, 6, 7, 8, 9;
  sequences_.sequences[1] << 2, 4, 9;

  auto* top = new QHBoxLayout;
  top->addWidget(explanation(
      tr("Both compute <i>(x − mean) / √(variance + ε)</i>, over different numbers: <b style='color:%1'>layer "
         "normalization</b> along each row (one sample or token), <b style='color:%2'>batch normalization</b> along "
         "each column (one feature, over the batch). Click a cell to outline both.")
          .arg(kLayerColour.name(), kBatchColour.name())),
             1);
  top->addWidget(new QLabel(tr("ε")));
  top->addWidget(epsilon_);

  tabs_->addTab(buildSamplesTab(), tr("Samples × features"));
  tabs_->addTab(buildSequencesTab(), tr("Sequences, padded"));
  tabs_->addTab(buildRaceTab(), tr("Race"));

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(top);
  layout->addWidget(tabs_, 1);

  connect(epsilon_, &QDoubleSpinBox::valueChanged, this, [this](double e) {
    batchNorm_->setEpsilon(static_cast<float>(e));
    updateSamples();
    updateSequences();
  });
  updateSamples();
  updateSequences();
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
  auto* example = new QPushButton(tr("Example"));
  example->setToolTip(tr("Back to the source text's tensor, [[1, 2, 3], [4, 5, 6]]"));

  samples_ = new MatrixView(tr("Input: samples × features (editable)"));
  samples_->setObjectName("samples");
  samples_->setEditable(true);
  layerOutput_ = new MatrixView(tr("Output"));
  layerOutput_->setObjectName("layerOutput");
  layerStatistics_ = new MatrixView(tr("Statistics of each row"));
  layerStatistics_->setRowLabelsVisible(false);  // beside the output, its rows are the output's rows
  layerStatistics_->setObjectName("layerStatistics");
  batchOutput_ = new MatrixView(tr("Output"));
  batchOutput_->setObjectName("batchOutput");
  batchStatistics_ = new MatrixView(tr("Statistics of each column"));
  batchStatistics_->setObjectName("batchStatistics");
  movingStatistics_ = new MatrixView(tr("Moving averages"));
  movingStatistics_->setObjectName("movingStatistics");
  lastBatch_ = new MatrixView(tr("Last batch fed"));
  lastBatch_->setObjectName("lastBatch");
  for (MatrixView* v : {layerOutput_, batchOutput_}) v->setColouring(MatrixView::Colouring::Diverging, 2.0);

  // Input column.
  auto* inputBox = new QGroupBox;
  auto* shape = new QHBoxLayout;
  shape->addWidget(new QLabel(tr("Samples")));
  shape->addWidget(sampleCount_);
  shape->addWidget(new QLabel(tr("Features")));
  shape->addWidget(featureCount_);
  shape->addWidget(example);
  shape->addStretch(1);
  auto* inputLayout = new QVBoxLayout(inputBox);
  inputLayout->addLayout(shape);
  inputLayout->addWidget(samples_);
  inputLayout->addWidget(explanation(tr("Double-click a cell to type a number.")));
  inputLayout->addStretch(1);

  // Layer normalization column: the statistics sit beside the rows they belong to.
  auto* layerBox = column(tr("<b style='color:%1'>Layer normalization</b>: along each row"), kLayerColour);
  auto* layerGrids = new QHBoxLayout;
  layerGrids->addWidget(layerOutput_, 0, Qt::AlignTop);
  layerGrids->addWidget(layerStatistics_, 0, Qt::AlignTop);
  layerGrids->addStretch(1);
  auto* layerLayout = static_cast<QVBoxLayout*>(layerBox->layout());
  layerLayout->addLayout(layerGrids);
  layerLayout->addWidget(explanation(
      tr("Each sample is normalized on its own, over its features. No other sample is involved, so training and "
         "inference compute the same thing, and a batch of one works.")));
  layerLayout->addStretch(1);

  // Batch normalization column: the statistics sit under the columns they belong to.
  auto* batchBox = column(tr("<b style='color:%1'>Batch normalization</b>: along each column"), kBatchColour);
  trainMode_ = new QRadioButton(tr("Training"));
  inferMode_ = new QRadioButton(tr("Inference"));
  trainMode_->setToolTip(tr("Statistics of this batch"));
  inferMode_->setToolTip(tr("The moving averages learned from earlier batches"));
  trainMode_->setObjectName("trainMode");
  inferMode_->setObjectName("inferMode");
  trainMode_->setChecked(true);
  auto* modes = new QButtonGroup(this);
  modes->addButton(trainMode_);
  modes->addButton(inferMode_);
  momentum_ = new QDoubleSpinBox;
  momentum_->setObjectName("momentum");
  momentum_->setDecimals(3);
  momentum_->setRange(0.0, 0.999);
  momentum_->setSingleStep(0.05);
  momentum_->setValue(0.99);  // Keras's default, and the model files' batch_norm_momentum
  auto* next = new QPushButton(tr("Next batch"));
  next->setObjectName("nextBatch");
  next->setToolTip(tr("Feed a training batch (this tensor plus noise): the moving averages take one step"));
  auto* reset = new QPushButton(tr("Reset"));
  reset->setToolTip(tr("Moving mean 0, moving variance 1, as before training"));
  batchCaption_ = explanation({});
  movingCaption_ = explanation({});

  auto* stepRow = new QHBoxLayout;
  stepRow->addWidget(new QLabel(tr("Momentum")));
  stepRow->addWidget(momentum_);
  stepRow->addWidget(next);
  stepRow->addWidget(reset);
  stepRow->addStretch(1);
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
  layout->addWidget(exportButtons(content, "normalization_samples",
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
  return scrollable(content);
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
  lastBatch_->setMatrix(batch, labels(tr("sample %1"), batch.rows()), labels(tr("feature %1"), batch.cols()));
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
  const QStringList rows = labels(tr("sample %1"), x_.rows());
  const QStringList features = labels(tr("feature %1"), x_.cols());
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

// ---- Sequences, padded --------------------------------------------------------------------------------------

QWidget* NormalizationPage::buildSequencesTab() {
  sequenceCount_ = spinBox(1, kMaxSequences, static_cast<int>(sequences_.sequences.size()));
  sequenceFeatures_ = spinBox(1, kMaxFeatures, static_cast<int>(sequences_.features()));
  sequenceCount_->setObjectName("sequenceCount");
  sequenceFeatures_->setObjectName("sequenceFeatures");
  lengthLayout_ = new QHBoxLayout;
  paddingCounted_ = new QRadioButton(tr("Padding counted"));
  paddingMasked_ = new QRadioButton(tr("Padding masked"));
  paddingCounted_->setToolTip(tr("The zero rows enter the statistics as if they were tokens"));
  paddingMasked_->setToolTip(tr("Only real tokens enter the statistics"));
  paddingCounted_->setObjectName("paddingCounted");
  paddingMasked_->setObjectName("paddingMasked");
  paddingCounted_->setChecked(true);
  auto* policies = new QButtonGroup(this);
  policies->addButton(paddingCounted_);
  policies->addButton(paddingMasked_);
  sequenceCaption_ = explanation({});

  sequenceInput_ = new MatrixView(tr("Input: tokens × features, padded (editable)"));
  sequenceInput_->setObjectName("sequenceInput");
  sequenceInput_->setEditable(true);
  sequenceLayerOutput_ = new MatrixView(tr("Output"));
  sequenceLayerOutput_->setObjectName("sequenceLayerOutput");
  sequenceLayerStatistics_ = new MatrixView(tr("Statistics of each token"));
  sequenceLayerStatistics_->setRowLabelsVisible(false);
  sequenceLayerStatistics_->setObjectName("sequenceLayerStatistics");
  sequenceBatchOutput_ = new MatrixView(tr("Output (training)"));
  sequenceBatchOutput_->setObjectName("sequenceBatchOutput");
  sequenceBatchStatistics_ = new MatrixView(tr("Statistics of each feature"));
  sequenceBatchStatistics_->setObjectName("sequenceBatchStatistics");
  for (MatrixView* v : {sequenceLayerOutput_, sequenceBatchOutput_})
    v->setColouring(MatrixView::Colouring::Diverging, 2.0);

  auto* shape = new QHBoxLayout;
  shape->addWidget(new QLabel(tr("Sequences")));
  shape->addWidget(sequenceCount_);
  shape->addWidget(new QLabel(tr("Features")));
  shape->addWidget(sequenceFeatures_);
  shape->addStretch(1);
  auto* lengthRow = new QHBoxLayout;
  lengthRow->addWidget(new QLabel(tr("Lengths")));
  lengthRow->addLayout(lengthLayout_);
  lengthRow->addStretch(1);

  auto* inputBox = new QGroupBox;
  auto* inputLayout = new QVBoxLayout(inputBox);
  inputLayout->addLayout(shape);
  inputLayout->addLayout(lengthRow);
  inputLayout->addWidget(sequenceInput_);
  inputLayout->addWidget(explanation(
      tr("Sequences of different lengths are padded with zeros (grey rows) to the longest one, so that the batch "
         "is one block of numbers.")));
  inputLayout->addStretch(1);

  auto* layerBox = column(tr("<b style='color:%1'>Layer normalization</b>: along each token"), kLayerColour);
  auto* layerGrids = new QHBoxLayout;
  layerGrids->addWidget(sequenceLayerOutput_, 0, Qt::AlignTop);
  layerGrids->addWidget(sequenceLayerStatistics_, 0, Qt::AlignTop);
  layerGrids->addStretch(1);
  auto* layerLayout = static_cast<QVBoxLayout*>(layerBox->layout());
  layerLayout->addLayout(layerGrids);
  layerLayout->addWidget(explanation(
      tr("Every token is normalized over its own features: padding elsewhere in the batch changes nothing, "
         "whether it is counted or not.")));
  layerLayout->addStretch(1);

  auto* batchBox = column(tr("<b style='color:%1'>Batch normalization</b>: along each feature"), kBatchColour);
  auto* policy = new QHBoxLayout;
  policy->addWidget(paddingCounted_);
  policy->addWidget(paddingMasked_);
  policy->addStretch(1);
  auto* statistics = new QVBoxLayout;
  statistics->addWidget(sequenceBatchStatistics_);
  statistics->addWidget(sequenceCaption_);
  statistics->addStretch(1);
  auto* batchGrids = new QHBoxLayout;
  batchGrids->addWidget(sequenceBatchOutput_, 0, Qt::AlignTop);
  batchGrids->addLayout(statistics);
  auto* batchLayout = static_cast<QVBoxLayout*>(batchBox->layout());
  batchLayout->addLayout(policy);
  batchLayout->addLayout(batchGrids);

  auto* content = new QWidget;
  auto* layout = new QVBoxLayout(content);
  layout->addLayout(twoRows(inputBox, layerBox, batchBox), 1);
  layout->addWidget(exportButtons(content, "normalization_sequences",
                                  {sequenceInput_, sequenceLayerOutput_, sequenceLayerStatistics_,
                                   sequenceBatchOutput_, sequenceBatchStatistics_}));

  connect(sequenceCount_, &QSpinBox::valueChanged, this, [this] { resizeSequences(); });
  connect(sequenceFeatures_, &QSpinBox::valueChanged, this, [this] { resizeSequences(); });
  connect(paddingCounted_, &QRadioButton::toggled, this,
          [this](bool on) { setPadding(on ? Padding::Counted : Padding::Masked); });
  connect(sequenceInput_, &MatrixView::cellEdited, this, [this](int row, int column, double v) {
    const Index T = sequences_.length();
    sequences_.sequences[static_cast<size_t>(row / T)](row % T, column) = static_cast<float>(v);
    updateSequences();
  });
  for (MatrixView* v : {sequenceInput_, sequenceLayerOutput_, sequenceBatchOutput_})
    connect(v, &MatrixView::currentCellChanged, this, &NormalizationPage::highlightSequenceAxes);
  rebuildLengthControls();
  return scrollable(content);
}

// One spin box per sequence for its length; rebuilt when the number of sequences changes.
void NormalizationPage::rebuildLengthControls() {
  for (QSpinBox* box : lengths_) delete box;
  lengths_.clear();
  for (const Matrix& x : sequences_.sequences) {
    QSpinBox* box = spinBox(1, kMaxLength, static_cast<int>(x.rows()));
    box->setObjectName(QStringLiteral("length%1").arg(lengths_.size() + 1));
    connect(box, &QSpinBox::valueChanged, this, [this] { resizeSequences(); });
    lengthLayout_->addWidget(box);
    lengths_ << box;
  }
}

void NormalizationPage::resizeSequences() {
  const auto count = static_cast<size_t>(sequenceCount_->value());
  const Index features = sequenceFeatures_->value();
  PaddedBatch batch;
  for (size_t b = 0; b < count; ++b) {
    const Matrix old = b < sequences_.sequences.size() ? sequences_.sequences[b] : Matrix(0, 0);
    const Index length = b < static_cast<size_t>(lengths_.size()) ? lengths_[static_cast<int>(b)]->value() : 2;
    batch.sequences.push_back(resized(old, length, features));
  }
  setSequences(batch);
}

void NormalizationPage::setSequences(const PaddedBatch& batch) {
  const bool newCount = batch.sequences.size() != sequences_.sequences.size();
  sequences_ = batch;
  const QSignalBlocker countBlocker(sequenceCount_), featuresBlocker(sequenceFeatures_);
  sequenceCount_->setValue(static_cast<int>(batch.sequences.size()));
  sequenceFeatures_->setValue(static_cast<int>(batch.features()));
  if (newCount) {
    rebuildLengthControls();
  } else {
    for (int b = 0; b < lengths_.size(); ++b) {
      const QSignalBlocker blocker(lengths_[b]);
      lengths_[b]->setValue(static_cast<int>(batch.sequences[static_cast<size_t>(b)].rows()));
    }
  }
  updateSequences();
}

void NormalizationPage::setPadding(Padding padding) {
  padding_ = padding;
  const QSignalBlocker blocker(paddingCounted_);
  paddingCounted_->setChecked(padding == Padding::Counted);
  paddingMasked_->setChecked(padding == Padding::Masked);
  updateSequences();
}

void NormalizationPage::updateSequences() {
  const float epsilon = static_cast<float>(epsilon_->value());
  const Index T = sequences_.length();
  const Matrix padded = sequences_.padded();  // (B·T) x F
  const std::vector<bool> real = sequences_.realRows();
  QStringList rows;
  QList<int> paddingRows;
  for (Index r = 0; r < padded.rows(); ++r) {
    const bool isReal = real[static_cast<size_t>(r)];
    rows << (isReal ? tr("s%1 t%2") : tr("s%1 t%2 pad")).arg(r / T + 1).arg(r % T + 1);
    if (!isReal) paddingRows << static_cast<int>(r);
  }
  const QStringList features = labels(tr("feature %1"), padded.cols());
  const bool counted = padding_ == Padding::Counted;

  const Normalized layer = teaching::layerNormalize(padded, epsilon);
  const Normalized countedBatch = teaching::batchNormalizePadded(sequences_, Padding::Counted, epsilon);
  const Normalized maskedBatch = teaching::batchNormalizePadded(sequences_, Padding::Masked, epsilon);
  const Normalized& batch = counted ? countedBatch : maskedBatch;

  sequenceInput_->setMatrix(padded, rows, features);
  sequenceInput_->setMutedRows(paddingRows);
  sequenceLayerOutput_->setMatrix(layer.output, rows, features);
  sequenceLayerOutput_->setMutedRows(paddingRows);
  sequenceLayerStatistics_->setMatrix(besideEachOther(layer.mean, layer.variance), rows, {tr("mean"), tr("variance")});
  sequenceLayerStatistics_->setMutedRows(paddingRows);
  sequenceBatchOutput_->setMatrix(batch.output, rows, features);
  // Counted padding was computed (and is thrown away later); masked padding was never computed at all.
  sequenceBatchOutput_->setMutedRows(paddingRows, counted ? QString() : tr("—"));
  sequenceBatchStatistics_->setMatrix(
      stacked({&countedBatch.mean, &countedBatch.variance, &maskedBatch.mean, &maskedBatch.variance}),
      {tr("mean, padding counted"), tr("variance, padding counted"), tr("mean, padding masked"),
       tr("variance, padding masked")},
      features);
  sequenceBatchStatistics_->highlightRows(counted ? QList<int>{0, 1} : QList<int>{2, 3}, kPolicyColour);

  const int padding = static_cast<int>(paddingRows.size());
  sequenceCaption_->setText(
      counted ? tr("Each feature's statistics average %1 numbers, %2 of them padding zeros: they pull the mean "
                   "toward 0 and change the variance, so a real token's output depends on how much padding "
                   "its batch happens to have.")
                    .arg(countedBatch.count)
                    .arg(padding)
              : tr("Each feature's statistics average the %1 real tokens only; the %2 padding rows are left out. "
                   "A model must carry a mask to every batch normalization to do this.")
                    .arg(maskedBatch.count)
                    .arg(padding));
  sequenceRow_ = std::min(sequenceRow_, static_cast<int>(padded.rows()) - 1);
  sequenceColumn_ = std::min(sequenceColumn_, static_cast<int>(padded.cols()) - 1);
  highlightSequenceAxes(sequenceRow_, sequenceColumn_);
}

void NormalizationPage::highlightSequenceAxes(int row, int column) {
  const Index rows = sequences_.length() * static_cast<Index>(sequences_.sequences.size());
  if (row < 0 || column < 0 || row >= rows || column >= sequences_.features()) return;
  sequenceRow_ = row;
  sequenceColumn_ = column;
  sequenceInput_->highlightRows({row}, kLayerColour);
  sequenceInput_->highlightColumns({column}, kBatchColour);
  sequenceLayerOutput_->highlightRows({row}, kLayerColour);
  sequenceLayerStatistics_->highlightRows({row}, kLayerColour);
  sequenceBatchOutput_->highlightColumns({column}, kBatchColour);
  sequenceBatchStatistics_->highlightColumns({column}, kBatchColour);
}

// ---- Race ---------------------------------------------------------------------------------------------------

QWidget* NormalizationPage::buildRaceTab() {
  race_ = new NormRace;
  return race_;
}

// ---- Export -------------------------------------------------------------------------------------------------

void NormalizationPage::exportFigure() {
  QWidget* tab = tabs_->currentWidget();
  if (auto* scroll = qobject_cast<QScrollArea*>(tab)) tab = scroll->widget();
  static const char* const names[] = {"normalization_samples", "normalization_sequences", "normalization_race"};
  askAndExportWidget(tab, names[std::clamp(tabs_->currentIndex(), 0, 2)]);
}

// "Save picture..." for the whole tab and "Save numbers..." for every grid in it, one CSV in long form
// (view, row, column, value), since the grids have different shapes.
QWidget* NormalizationPage::exportButtons(QWidget* tab, const QString& name, const QList<MatrixView*>& views) {
  auto* picture = new QPushButton(tr("Save picture..."));
  auto* numbers = new QPushButton(tr("Save numbers..."));
  connect(picture, &QPushButton::clicked, this, [tab, name] { askAndExportWidget(tab, name); });
  connect(numbers, &QPushButton::clicked, this, [this, name, views] {
    std::vector<std::vector<QString>> rows;
    for (const MatrixView* view : views)
      for (int r = 0; r < view->rows(); ++r)
        for (int c = 0; c < view->columns(); ++c)
          rows.push_back({view->objectName(), view->rowLabels().value(r), view->columnLabels().value(c),
                          QString::number(view->value(r, c), 'g', 9)});
    askAndWriteCsv(this, name, {tr("view"), tr("row"), tr("column"), tr("value")}, rows);
  });
  auto* bar = new QWidget;
  auto* layout = new QHBoxLayout(bar);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addStretch(1);
  layout->addWidget(picture);
  layout->addWidget(numbers);
  return bar;
}

}  // namespace al::ui
