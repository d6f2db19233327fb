#pragma once
// "Does pre-training help?": the same few-label fine-tuning of the IMDB Transformer twice, once from scratch
// and once starting from a masked-LM's vocabulary, embeddings and encoder (a new head), with the same
// preset, seeds, epochs and number of labelled reviews. Their validation accuracy per epoch is overlaid on one
// plot; the verdict gives the mean test accuracy of each side with the numbers. A pretrained BERT of the session
// may join as a third side: a sentiment head on its [CLS] state (core/train/bert_sentiment_run.h), with BERT frozen
// or its top layers fine-tuned with the head, on the same labelled reviews.
//
//   masked-LM (the session's model library) ──> IMDB run, init encoder  ─┐
//                                                IMDB run, from scratch   ─┼─> curves and verdict
//   BERT (optional, the library)            ──> head on BERT (frozen,   ─┘
//                                                or top N layers tuned)
//
// The runs train one after the other through a run queue (ui/session/run_queue.h), so that both sides get the
// same cores. The first seed's model of each side joins the session's library ("Pre-training: from scratch, seed
// 1", ...), so the Attention page can show it and quitting offers to save it; the other seeds' models only measure.
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <memory>
#include <vector>

#include "core/inference/masked_lm_inference.h"
#include "core/inference/pretrained_inference.h"

#include <QString>
#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace al::ui {

class CurvePlot;
class DataSourcePicker;
class FineTuneLayersBox;
class ModelLibrary;
class RunQueue;

// What the runs can say about pre-training. The two sides' runs are paired by seed (run i of each side has seed
// i + 1, the same reviews and epochs), and the gain of a seed is its test accuracy with pre-training minus from
// scratch, in points. An effect is claimed only when the runs support it: every seed better (or every seed worse),
// or a mean gain beyond twice its standard error; one seed, or gains within the noise, cannot tell.
struct PretrainingGain {
  enum class Verdict { Helps, Hurts, CannotTell };
  Verdict verdict = Verdict::CannotTell;
  int seeds = 0;              // seeds with a run on both sides
  int better = 0;             // of them, seeds where pre-training did better
  double mean = 0;            // mean gain, points
  double standardError = 0;   // of the mean gain (sample standard deviation / √seeds); 0 for one seed
};
// accuracies as fractions (0.712), in seed order.
PretrainingGain judgePretraining(const std::vector<double>& pretrained, const std::vector<double>& fromScratch);

class PretrainingComparison : public QWidget {
  Q_OBJECT
 public:
  explicit PretrainingComparison(QWidget* parent = nullptr);
  ~PretrainingComparison() override;

  // The masked-LM the fine-tuning starts from; null: nothing to compare (Start is disabled).
  void setModel(std::shared_ptr<const MaskedLmModel> model, const QString& name);
  // The library's BERT models are offered as the optional third side ("Also a head on"); none by default.
  void setLibrary(ModelLibrary* library);
  void setBertSide(int libraryId);  // -1: no third side
  void setBertFineTuneLayers(int layers);  // BERT's top layers that learn with the head; 0 (the default): frozen
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
  const std::vector<double>& bertAccuracies() const { return bert_; }
  // BERT's fine-tuned top layers in the last comparison, as its finished runs recorded them (0: BERT frozen).
  int bertFineTunedLayers() const { return bertLayers_; }
  QString verdictText() const;
  // The verdict's sentence on pre-training for `gain` (judgePretraining), in the current language.
  static QString gainSentence(const PretrainingGain& gain);
  CurvePlot* curves() const { return curves_; }

 signals:
  void finished();
  void statusMessage(const QString& message);

 private:
  enum class Side { MaskedLm, Scratch, Bert };
  struct Job {
    int seed = 1;
    Side side = Side::Scratch;
    int curveId = 0;
  };
  std::shared_ptr<const PretrainedBert> chosenBert() const;  // the third side's BERT, or null
  // "from scratch, seed 2"; `bertLayers`: the top layers of BERT fine-tuned with the head (0: frozen).
  static QString jobName(const Job& job, int bertLayers);
  std::vector<double>& accuraciesOf(Side side);  // the finished runs' test accuracies of a side
  void jobStarted(size_t index);
  void jobFinished(size_t index);
  void allFinished();
  void showVerdict();
  QString bertVerdict() const;
  void showIntro();

  std::shared_ptr<const MaskedLmModel> model_;
  QString modelName_;
  std::vector<Job> jobs_;  // the queue's runs, in its order
  QString lastError_;      // of the last run that finished: no verdict after an error
  std::vector<double> scratch_, pretrained_, bert_;
  ModelLibrary* library_ = nullptr;
  QString bertName_;  // of the BERT the last comparison trained a head on
  int bertLayers_ = 0;  // the top layers of that BERT fine-tuned with the head (0: frozen)

  DataSourcePicker* data_;
  QSpinBox* labels_;
  QSpinBox* epochs_;
  QSpinBox* seeds_;
  QComboBox* bertBox_;  // none, or a BERT of the library
  FineTuneLayersBox* bertFineTune_;  // shown while a BERT is chosen
  QPushButton* startButton_;
  QPushButton* stopButton_;
  QLabel* intro_;
  QLabel* verdict_;
  bool verdictShown_ = false;  // the verdict on show: worded again when the language changes
  CurvePlot* curves_;
  RunQueue* queue_;
};

}  // namespace al::ui
