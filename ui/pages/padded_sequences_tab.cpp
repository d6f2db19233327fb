#include "ui/pages/padded_sequences_tab.h"  // first: it brings the core headers before any Qt header

#include <algorithm>

#include <QButtonGroup>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QRadioButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "ui/widgets/matrix_view.h"
#include "ui/widgets/matrix_tab_parts.h"
#include "ui/widgets/palette.h"
#include "ui/widgets/retranslate.h"

namespace al::ui {

using teaching::Normalized;
using teaching::PaddedBatch;
using teaching::Padding;

namespace {
constexpr int kMaxSequences = 4;
constexpr int kMaxFeatures = 8;
constexpr int kMaxLength = 5;
}  // namespace

PaddedSequencesTab::PaddedSequencesTab(QWidget* parent) : QWidget(parent) {
  sequences_.sequences = {Matrix(3, 3), Matrix(1, 3)};
  sequences_.sequences[0] << 1, 2, 3, 4, 5, 6, 7, 8, 9;
  sequences_.sequences[1] << 2, 4, 9;

  sequenceCount_ = spinBox(1, kMaxSequences, static_cast<int>(sequences_.sequences.size()));
  sequenceFeatures_ = spinBox(1, kMaxFeatures, static_cast<int>(sequences_.features()));
  sequenceCount_->setObjectName("sequenceCount");
  sequenceFeatures_->setObjectName("sequenceFeatures");
  lengthLayout_ = new QHBoxLayout;
  paddingCounted_ = new QRadioButton;
  paddingMasked_ = new QRadioButton;
  paddingCounted_->setObjectName("paddingCounted");
  paddingMasked_->setObjectName("paddingMasked");
  paddingCounted_->setChecked(true);
  auto* policies = new QButtonGroup(this);
  policies->addButton(paddingCounted_);
  policies->addButton(paddingMasked_);
  sequenceCaption_ = explanation({});

  sequenceInput_ = new MatrixView;
  sequenceInput_->setObjectName("sequenceInput");
  sequenceInput_->setEditable(true);
  sequenceLayerOutput_ = new MatrixView;
  sequenceLayerOutput_->setObjectName("sequenceLayerOutput");
  sequenceLayerStatistics_ = new MatrixView;
  sequenceLayerStatistics_->setRowLabelsVisible(false);
  sequenceLayerStatistics_->setObjectName("sequenceLayerStatistics");
  sequenceBatchOutput_ = new MatrixView;
  sequenceBatchOutput_->setObjectName("sequenceBatchOutput");
  sequenceBatchStatistics_ = new MatrixView;
  sequenceBatchStatistics_->setObjectName("sequenceBatchStatistics");
  for (MatrixView* v : {sequenceLayerOutput_, sequenceBatchOutput_})
    v->setColouring(MatrixView::Colouring::Diverging, 2.0);

  auto* shape = new QHBoxLayout;
  QLabel* labels[3] = {new QLabel, new QLabel, new QLabel};  // sequences, features, lengths
  shape->addWidget(labels[0]);
  shape->addWidget(sequenceCount_);
  shape->addWidget(labels[1]);
  shape->addWidget(sequenceFeatures_);
  shape->addStretch(1);
  auto* lengthRow = new QHBoxLayout;
  lengthRow->addWidget(labels[2]);
  lengthRow->addLayout(lengthLayout_);
  lengthRow->addStretch(1);

  auto* inputBox = new QGroupBox;
  auto* inputLayout = new QVBoxLayout(inputBox);
  inputLayout->addLayout(shape);
  inputLayout->addLayout(lengthRow);
  inputLayout->addWidget(sequenceInput_);
  QLabel* inputHint = explanation({});
  inputLayout->addWidget(inputHint);
  inputLayout->addStretch(1);

  QLabel* layerHint = explanation({});
  QGroupBox* layerBox = layerNormColumn({}, sequenceLayerOutput_, sequenceLayerStatistics_, layerHint);

  auto* batchBox = headedColumn({}, palette::kBatchNorm);
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

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(twoRows(inputBox, layerBox, batchBox), 1);
  layout->addWidget(matrixExportBar(this, "normalization_sequences",
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
    connect(v, &MatrixView::currentCellChanged, this, &PaddedSequencesTab::highlightSequenceAxes);
  rebuildLengthControls();
  setTranslatedTexts(this, [=, this] {
    paddingCounted_->setText(tr("Padding counted"));
    paddingMasked_->setText(tr("Padding masked"));
    paddingCounted_->setToolTip(tr("The zero rows enter the statistics as if they were tokens"));
    paddingMasked_->setToolTip(tr("Only real tokens enter the statistics"));
    sequenceInput_->setTitle(tr("Input: tokens × features, padded (editable)"));
    sequenceLayerOutput_->setTitle(tr("Output"));
    sequenceLayerStatistics_->setTitle(tr("Statistics of each token"));
    sequenceBatchOutput_->setTitle(tr("Output (training)"));
    sequenceBatchStatistics_->setTitle(tr("Statistics of each feature"));
    labels[0]->setText(tr("Sequences"));
    labels[1]->setText(tr("Features"));
    labels[2]->setText(tr("Lengths"));
    inputHint->setText(tr("Sequences of different lengths are padded with zeros (grey rows) to the longest one, so "
                          "that the batch is one block of numbers."));
    columnHeading(layerBox)->setText(
        tr("<b style='color:%1'>Layer normalization</b>: along each token").arg(palette::kLayerNorm.name()));
    layerHint->setText(tr("Every token is normalized over its own features: padding elsewhere in the batch changes "
                          "nothing, whether it is counted or not."));
    columnHeading(batchBox)->setText(
        tr("<b style='color:%1'>Batch normalization</b>: along each feature").arg(palette::kBatchNorm.name()));
    updateSequences();  // the grids' row and column names, the caption
  });
}

void PaddedSequencesTab::setEpsilon(float epsilon) {
  epsilon_ = epsilon;
  updateSequences();
}

// One spin box per sequence for its length; rebuilt when the number of sequences changes.
void PaddedSequencesTab::rebuildLengthControls() {
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

void PaddedSequencesTab::resizeSequences() {
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

void PaddedSequencesTab::setSequences(const PaddedBatch& batch) {
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

void PaddedSequencesTab::setPadding(Padding padding) {
  padding_ = padding;
  const QSignalBlocker blocker(paddingCounted_);
  paddingCounted_->setChecked(padding == Padding::Counted);
  paddingMasked_->setChecked(padding == Padding::Masked);
  updateSequences();
}

void PaddedSequencesTab::updateSequences() {
  const float epsilon = epsilon_;
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
  const QStringList features = numberedLabels(tr("feature %1"), padded.cols());
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
  sequenceBatchStatistics_->highlightRows(counted ? QList<int>{0, 1} : QList<int>{2, 3}, palette::kStatisticsInUse);

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

void PaddedSequencesTab::highlightSequenceAxes(int row, int column) {
  const Index rows = sequences_.length() * static_cast<Index>(sequences_.sequences.size());
  if (row < 0 || column < 0 || row >= rows || column >= sequences_.features()) return;
  sequenceRow_ = row;
  sequenceColumn_ = column;
  sequenceInput_->highlightRows({row}, palette::kLayerNorm);
  sequenceInput_->highlightColumns({column}, palette::kBatchNorm);
  sequenceLayerOutput_->highlightRows({row}, palette::kLayerNorm);
  sequenceLayerStatistics_->highlightRows({row}, palette::kLayerNorm);
  sequenceBatchOutput_->highlightColumns({column}, palette::kBatchNorm);
  sequenceBatchStatistics_->highlightColumns({column}, palette::kBatchNorm);
}

}  // namespace al::ui
