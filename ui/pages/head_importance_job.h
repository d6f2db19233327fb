#pragma once
// "Which heads matter?" (core/teaching/head_importance.h) and the heads' mean outputs, computed on a worker thread
// for the Attention page. Over 500 reviews a model of 2 layers x 4 heads is evaluated 9 times: seconds to
// minutes, too long for the GUI thread.
//
// The bridge is TrainingController's (ui/session/training_controller.h), for the same reasons: the worker only writes its
// progress under a mutex and goes on, so it never waits for drawing; the tab reads the progress on a timer; Cancel
// sets a flag the core hears between blocks of reviews. When the worker ends (done, cancelled or failed) it emits
// workerEnding(), queued to the GUI thread, which joins it and emits finished().
//
// Core headers come first: a core header must never see Qt's `emit` macro.
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/inference/bert_sentiment.h"
#include "core/teaching/head_importance.h"
#include "ui/session/model_library.h"

#include <QObject>
#include <QString>

namespace al::ui {

// The data source the model was trained on, as its settings name it (a run's, or a directory's training.json):
// "builtin", "builtin:zh", a folder or a file; "" when they do not say.
std::string dataSourceOf(const SessionModel& model);
// The seed of its data (the generated corpora's split depends on it); the presets' 1337 when not known.
uint64_t dataSeedOf(const SessionModel& model);

class HeadImportanceJob : public QObject {
  Q_OBJECT
 public:
  enum class Task {
    Importance,  // the accuracy with each head alone switched off
    Means,       // only every head's mean output (what a switched-off head's "mean" replacement is)
  };
  struct Request {
    std::shared_ptr<const ImdbTransformerModel> model;  // kept alive while the worker reads it
    // Or a sentiment head on BERT: the heads of its BERT, switched off with zeros (Task::Importance only).
    std::shared_ptr<const BertSentimentModel> bertModel;
    std::string source = "builtin";  // a data source (core/data/imdb_sources.h); its test split is read
    uint64_t seed = 1337;            // the generated corpus's
    size_t limit = 500;              // at most this many reviews (0: all), teaching::chooseReviews
    teaching::HeadReplacement replacement = teaching::HeadReplacement::Zero;
    Task task = Task::Importance;
  };
  struct Progress {
    bool reading = true;  // still reading the reviews; then measuring
    double fraction = 0;  // of that stage, 0..1
  };
  struct Outcome {
    std::optional<teaching::HeadImportance> importance;  // Task::Importance, when it ended well
    std::vector<Matrix> means;  // Task::Means: [layer], H x K
    size_t reviews = 0;         // how many reviews were measured
    QString error;              // the core's message, worded (empty when it ended well or was cancelled)
    bool cancelled = false;
  };

  explicit HeadImportanceJob(QObject* parent = nullptr);
  ~HeadImportanceJob() override;  // cancels and joins a running worker

  void start(Request request);  // only when !busy()
  void cancel();                // the worker stops at the next block of reviews; finished() follows
  bool busy() const { return worker_.joinable(); }
  Progress progress() const;
  Outcome takeOutcome();  // after finished()

 signals:
  void finished();
  void workerEnding();  // the worker's last act, queued to the GUI thread (see TrainingController)

 private:
  void work(Request request);
  void workerDone();

  std::thread worker_;
  std::atomic<bool> cancel_{false};
  mutable std::mutex mutex_;  // guards everything below
  Progress progress_;
  Outcome outcome_;
};

}  // namespace al::ui
