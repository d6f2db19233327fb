#pragma once
// The Normalization page's "Sequences, padded" tab: a 3-D batch of sequences of different lengths, padded with
// zeros to the longest one. It shows what padding does to batch normalization's statistics when it is counted,
// and when it is masked; layer normalization, token by token, does not care. The numbers come from the core
// (core/teaching/normalization_demo.h); this tab only shows them.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include "core/teaching/normalization_demo.h"

#include <QList>
#include <QWidget>

class QHBoxLayout;
class QLabel;
class QRadioButton;
class QSpinBox;

namespace al::ui {

class MatrixView;

class PaddedSequencesTab : public QWidget {
  Q_OBJECT
 public:
  explicit PaddedSequencesTab(QWidget* parent = nullptr);

  void setEpsilon(float epsilon);
  void setSequences(const al::teaching::PaddedBatch& batch);
  void setPadding(al::teaching::Padding padding);
  const al::teaching::PaddedBatch& sequences() const { return sequences_; }

  MatrixView* inputView() const { return sequenceInput_; }
  MatrixView* layerOutputView() const { return sequenceLayerOutput_; }
  MatrixView* layerStatisticsView() const { return sequenceLayerStatistics_; }
  MatrixView* batchOutputView() const { return sequenceBatchOutput_; }
  MatrixView* batchStatisticsView() const { return sequenceBatchStatistics_; }

 private:
  void updateSequences();  // recompute and show every view
  void highlightSequenceAxes(int row, int column);
  void resizeSequences();
  void rebuildLengthControls();

  float epsilon_ = 0.001f;  // Keras's default, and the model files' norm_epsilon
  al::teaching::PaddedBatch sequences_;
  al::teaching::Padding padding_ = al::teaching::Padding::Counted;
  QSpinBox* sequenceCount_;
  QSpinBox* sequenceFeatures_;
  QHBoxLayout* lengthLayout_;
  QList<QSpinBox*> lengths_;
  QRadioButton* paddingCounted_;
  QRadioButton* paddingMasked_;
  QLabel* sequenceCaption_;
  MatrixView* sequenceInput_;
  MatrixView* sequenceLayerOutput_;
  MatrixView* sequenceLayerStatistics_;
  MatrixView* sequenceBatchOutput_;
  MatrixView* sequenceBatchStatistics_;
  int sequenceRow_ = 0, sequenceColumn_ = 0;  // the cell whose statistics are outlined
};

}  // namespace al::ui
