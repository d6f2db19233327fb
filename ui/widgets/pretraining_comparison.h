#pragma once
// "Does pre-training help?": the same few-label fine-tuning of the IMDB Transformer twice, once from scratch
// and once starting from a masked-LM's vocabulary, embeddings and encoder (a new head), with the same
// preset, seeds, epochs and number of labelled reviews. Their validation accuracy per epoch is overlaid on one
// plot; the verdict gives the mean test accuracy of each side with the numbers.
//
//   masked-LM (the session's model library) ──> IMDB run, init encoder  ─┐
//                                                IMDB run, from scratch   ─┴─> curves and verdict
//
// The runs train one after the other through a run queue (ui/session/run_queue.h), so that both sides get the
// same cores.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <memory>
#include <vector>

#include "core/inference/masked_lm_inference.h"

#include <QString>
#include <QWidget>

class QLabel;
class QPushButton;
class QSpinBox;

namespace al::ui {

class CurvePlot;
class DataSourcePicker;
class RunQueue;

class PretrainingComparison : public QWidget {
  Q_OBJECT
 public:
  explicit PretrainingComparison(QWidget* parent = nullptr);
  ~PretrainingComparison() override;

  // The masked-LM the fine-tuning starts from; null: nothing to compare (Start is disabled).
  void setModel(std::shared_ptr<const MaskedLmModel> model, const QString& name);
  void setDataSource(const QString& source);
  void setLabels(int count);   // labelled reviews each side trains on (train_limit)
  void setEpochs(int epochs);
  void setSeeds(int seeds);    // runs per side, seeds 1..n
  void start();
  void stop();
  bool isRunning() const;

  // Test accuracies of the finished runs of each side, in seed order.
  const std::vector<double>& scratchAccuracies() const { return scratch_; }
  const std::vector<double>& pretrainedAccuracies() const { return pretrained_; }
  QString verdictText() const;
  CurvePlot* curves() const { return curves_; }

 signals:
  void finished();
  void statusMessage(const QString& message);

 private:
  struct Job {
    int seed = 1;
    bool pretrained = false;
    int curveId = 0;
  };
  void jobStarted(size_t index);
  void jobFinished(size_t index);
  void allFinished();
  void showVerdict();
  void showIntro();

  std::shared_ptr<const MaskedLmModel> model_;
  QString modelName_;
  std::vector<Job> jobs_;  // the queue's runs, in its order
  QString lastError_;      // of the last run that finished: no verdict after an error
  std::vector<double> scratch_, pretrained_;

  DataSourcePicker* data_;
  QSpinBox* labels_;
  QSpinBox* epochs_;
  QSpinBox* seeds_;
  QPushButton* startButton_;
  QPushButton* stopButton_;
  QLabel* intro_;
  QLabel* verdict_;
  bool verdictShown_ = false;  // the verdict on show: worded again when the language changes
  CurvePlot* curves_;
  RunQueue* queue_;
};

}  // namespace al::ui
