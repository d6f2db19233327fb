#pragma once
// The Normalization page: layer normalization versus batch normalization on a small tensor a class can edit.
//
//   "Samples x features"  a 2-D batch; layer norm takes statistics along each row, batch norm along each
//                         column (both outlined); batch norm's training and inference modes, and its moving
//                         averages learning batch by batch.
//   "Sequences, padded"   a 3-D batch of sequences of different lengths, padded with zeros: what padding does
//                         to batch statistics when it is counted, and when it is masked; layer norm does not care
//                         (PaddedSequencesTab).
//   "Race"                two IMDB encoders, one with each normalization, training side by side (NormRace).
//
// The numbers come from the core (core/teaching/normalization_demo.h, built on the model's own layers); this
// page only shows them.
#include <QWidget>
#include <memory>

#include "core/teaching/normalization_demo.h"
#include "ui/widgets/matrix_view.h"
#include "ui/session/page_state.h"

class QButtonGroup;
class QDoubleSpinBox;
class QHBoxLayout;
class QLabel;
class QPushButton;
class QRadioButton;
class QSpinBox;
class QTabWidget;

namespace al::ui {

class NormRace;
class PaddedSequencesTab;

class NormalizationPage : public QWidget, public PageState {
  Q_OBJECT
 public:
  // What a session keeps of the page (ui/session/page_state.h; the keys are in ui/pages/page_states.cpp).
  QJsonObject saveState() const override;
  void restoreState(const QJsonObject& state) override;
  explicit NormalizationPage(QWidget* parent = nullptr);
  ~NormalizationPage() override;

  // Lesson 5's example, [[1, 2, 3], [4, 5, 6]].
  static al::Matrix defaultSamples();

  // Samples x features tab.
  void setSamples(const al::Matrix& x);  // B x F
  void setBatchNormMode(al::Mode mode);  // Train: batch statistics; Eval: moving statistics
  void nextBatch();                      // feeds the tensor plus noise; the moving averages take one step
  void resetMovingStatistics();
  void setEpsilon(double epsilon);
  void setMomentum(double momentum);
  const al::teaching::BatchNormDemo& batchNorm() const { return *batchNorm_; }

  MatrixView* samplesView() const { return samples_; }
  MatrixView* layerOutputView() const { return layerOutput_; }
  MatrixView* layerStatisticsView() const { return layerStatistics_; }
  MatrixView* batchOutputView() const { return batchOutput_; }
  MatrixView* batchStatisticsView() const { return batchStatistics_; }
  MatrixView* movingStatisticsView() const { return movingStatistics_; }
  MatrixView* lastBatchView() const { return lastBatch_; }

  // Sequences tab.
  void setSequences(const al::teaching::PaddedBatch& batch);
  void setPadding(al::teaching::Padding padding);
  const al::teaching::PaddedBatch& sequences() const;

  MatrixView* sequenceInputView() const;
  MatrixView* sequenceLayerOutputView() const;
  MatrixView* sequenceLayerStatisticsView() const;
  MatrixView* sequenceBatchOutputView() const;
  MatrixView* sequenceBatchStatisticsView() const;

  QTabWidget* tabs() const { return tabs_; }
  NormRace* race() const { return race_; }  // the Race tab

 public slots:
  // File > Export figure: a picture of the current tab, all of it (not only what the scroll area shows).
  void exportFigure();

 private:
  QWidget* buildSamplesTab();

  void updateSamples();    // recompute and show every view of the samples tab
  void highlightSampleAxes(int row, int column);
  void resizeSamples();

  QTabWidget* tabs_;
  QDoubleSpinBox* epsilon_;

  // Samples x features.
  al::Matrix x_;  // B x F
  std::unique_ptr<al::teaching::BatchNormDemo> batchNorm_;
  al::Rng noise_{1};
  al::Mode mode_ = al::Mode::Train;
  QSpinBox* sampleCount_;
  QSpinBox* featureCount_;
  QDoubleSpinBox* momentum_;
  QRadioButton* trainMode_;
  QRadioButton* inferMode_;
  QLabel* batchCaption_;
  QLabel* movingCaption_;
  MatrixView* samples_;
  MatrixView* layerOutput_;
  MatrixView* layerStatistics_;
  MatrixView* batchOutput_;
  MatrixView* batchStatistics_;
  MatrixView* movingStatistics_;
  MatrixView* lastBatch_;
  int sampleRow_ = 0, sampleColumn_ = 0;  // the cell whose statistics are outlined

  // Sequences, padded (its own tab class).
  PaddedSequencesTab* sequencesTab_;

  // Race.
  NormRace* race_ = nullptr;
};

}  // namespace al::ui
