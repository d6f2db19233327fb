#pragma once
// The Race tab of the Normalization page: layer normalization against batch normalization, trained live.
//
// The source text claims that batch normalization works poorly on sequence data and that layer normalization,
// which normalizes each word's vector on its own, works well. The race puts that to the test: two IMDB
// Transformer encoders, identical but for their normalization, train side by side on the same data with the
// same seed (so the same split, the same first weights for every shared tensor and the same batch order),
// one thread each, and the one ahead waits for the other on its worker thread (ui/session/race_pacer.h), so that they
// keep pace. Their curves are overlaid
// live; at the end both are tested on the test split and a summary says which won, by how much, and what that
// means for the claim.
//
//   settings (top): data (built-in, or a file chosen by the user), preset, epochs, Start/Pause/Stop
//   curves (middle): loss and accuracy of both runs (the Train page's CurvePlot)
//   summary (bottom): progress during the race, the verdict after it
//
// The training itself is the Train page's: a run queue (ui/session/run_queue.h) runs both side by side, each
// prepared, trained and tested on its own worker thread, paced by the pacer. This widget only starts them and
// draws the events the queue hands on at about 30 Hz.
#include <array>
#include <functional>
#include <cstddef>
#include <limits>
#include <memory>
#include <vector>

#include "ui/session/race_pacer.h"
#include "ui/session/run_factory.h"
#include "ui/session/run_queue.h"
#include "ui/session/training_controller.h"

#include <QString>
#include <QWidget>

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace al::ui {

class CurvePlot;
class LiveCurveFeed;

class NormRace : public QWidget {
  Q_OBJECT
 public:
  enum class Side { Layer = 0, Batch = 1 };
  static constexpr std::array<Side, 2> kSides = {Side::Layer, Side::Batch};
  enum class State { Ready, Racing, Finished, Stopped, Failed };

  explicit NormRace(QWidget* parent = nullptr);
  ~NormRace() override;  // the queue stops and joins both workers, before the pacer they use goes

  // --- What a user sets (the widgets call these; tests call them directly) ---
  void setDataSource(const QString& source);  // "builtin" or a path (aclImdb folder, archive, CSV, TSV)
  QString dataSource() const { return dataSource_; }
  void setPreset(const QString& preset);  // also sets the epochs to the preset's
  QString preset() const;
  void setEpochs(int epochs);
  int epochs() const;
  void setSeed(int seed);
  int seed() const;
  // The batch-norm runner's statistics: over the real tokens only (false, the default), or over every position of
  // the batch padded to the preset's sequence length, as a Keras BatchNormalization layer computes them (true).
  void setBatchNormCountsPadding(bool counts);
  bool batchNormCountsPadding() const;

  // --- The race ---
  void start();  // only when not racing
  void setPaused(bool paused);
  void stop();   // both runs stop between batches; no verdict follows
  // The run ahead waits (paused between batches) while it leads by more than this many batches.
  int maxLead() const;
  bool isRacing() const { return state_ == State::Racing; }
  State state() const { return state_; }

  // --- What it shows, for tests and the Train page ---
  QString name(Side side) const;  // "layer norm", "batch norm" (or "batch norm, padding counted")
  static QString sideName(Side side, bool paddingCounted);  // name(side) for either choice of padding
  QString runName(Side side) const;  // "race 2 layer norm": the race's number, then name(side)
  // runName(side) as a function that says it again in the language of the moment (SessionModel::liveName).
  std::function<QString()> liveRunName(Side side) const;
  const std::vector<EpochEvent>& history(Side side) const { return runs_[index(side)].history; }
  int batchesSeen(Side side) const;
  // The settings the run was prepared with (RunRequest values applied to the preset), empty before start.
  const nlohmann::json& settings(Side side) const { return runs_[index(side)].settings; }
  // Test split accuracy of the best epoch's weights; NaN until the race is Finished.
  double testAccuracy(Side side) const { return runs_[index(side)].testAccuracy; }
  size_t testSamples(Side side) const { return runs_[index(side)].testSamples; }
  QString summaryText() const;
  QString errorText() const { return error_; }
  CurvePlot* curves() const { return curves_; }
  // After Finished: the run itself, for the session's model library and the Train page's runs list (which take
  // snapshots of it; nothing is written to disk). Null before, and after a race that did not finish.
  const TrainingRun* finishedRun(Side side) const;

 public slots:
  void chooseDataFile();

 signals:
  void raceFinished();  // Finished, Stopped or Failed: the race is over and a new one can start
  void statusMessage(const QString& message);

 private:
  struct Racer {
    std::unique_ptr<TrainingRun> run;
    nlohmann::json settings;
    std::vector<EpochEvent> history;
    int batchesPerEpoch = 0;
    double lastFraction = 0;  // of the whole run
    bool done = false;
    QString error;
    double testAccuracy = std::numeric_limits<double>::quiet_NaN();
    size_t testSamples = 0;
    QString line;  // what the summary says about this run while racing
  };
  static size_t index(Side side) { return static_cast<size_t>(side); }

  QWidget* createSettingsBar();
  RunRequest request(Side side) const;
  QString runLabel(Side side) const;
  void takeUpdate(Side side, const TrainingController::Update& update);  // the queue's 30 Hz tick
  void updateLine(Side side, const TrainingController::Update& update);
  void racerFinished(Side side);
  void bothFinished();
  void finishRace();
  void setState(State state);
  void showSummary(const QString& html);
  QString verdict() const;  // the summary after a finished race, built from the four parts below
  QString resultText() const;
  QString carryOverText() const;
  QString winnerText(Side winner, bool clear, double difference, double wobble, double reviews) const;
  QString claimText(Side winner, bool clear) const;

  QComboBox* dataBox_;
  QComboBox* presetBox_;
  QSpinBox* epochs_;
  QSpinBox* seed_;
  QComboBox* paddingBox_;
  QPushButton* startButton_;
  QPushButton* pauseButton_;
  QPushButton* stopButton_;
  QProgressBar* progress_;
  QLabel* summary_;
  CurvePlot* curves_;
  LiveCurveFeed* feed_;

  QString dataSource_ = QStringLiteral("builtin");
  State state_ = State::Ready;
  QString error_;
  std::array<Racer, 2> runs_;
  RacePacer pacer_{kSides.size()};
  RunQueue* queue_;  // after pacer_: its workers use the pacer
  int raceNumber_ = 0;  // names the kept runs: "race 2 layer norm"
};

}  // namespace al::ui
