#pragma once
// A toy model trained on a page in a few seconds (the Attention page's encoder, the Chatbot page's tiny chatbot, the
// Fill page's masked-LM), the one way: on a worker thread, one core (the other stays with the interface), with its
// progress and a Cancel, into the session's library as a snapshot (status "toy", no file). The pages say only what
// to train (a prepared run) and how to name the model it gives.
//
// Core headers come first (through the model library): a core header must never see Qt's `emit` macro.
#include <atomic>
#include <functional>
#include <memory>

#include "core/train/run.h"
#include "ui/session/model_library.h"

#include <QFutureWatcher>
#include <QObject>
#include <QString>

class QTimer;

namespace al::ui {

class ToyTrainer : public QObject {
  Q_OBJECT
 public:
  // Prepares the run (on the worker thread: reading a corpus takes a moment). Throws what a run's prepare throws.
  using Prepare = std::function<std::unique_ptr<TrainingRun>()>;
  // Names the trained model (on the worker thread), from the run and what its training kept: gives the function that
  // says the name in the language of the moment (SessionModel::liveName), called again when the language changes.
  using Name = std::function<std::function<QString()>(const TrainingRun& run, const TrainingResult& result)>;
  // On the GUI thread: the model (nothing when cancelled or failed) or the error; message names what went wrong.
  struct Outcome {
    std::shared_ptr<SessionModel> model;  // status "toy", with its record (settings and kept epoch)
    QString error;
    bool cancelled = false;
  };

  explicit ToyTrainer(QObject* parent = nullptr);
  ~ToyTrainer() override;  // cancels a training in flight and waits for it

  // False: a toy is training already (the page's button is disabled meanwhile).
  bool start(Prepare prepare, Name name, std::function<void(Outcome)> done);
  bool busy() const;
  double fraction() const { return fraction_.load(); }  // of the training, 0..1
  // The training stops after its batch in flight; nothing joins the library.
  void cancel();
  void waitForFinished();  // blocks: only for a page that is being destroyed

 signals:
  void started();
  void progressed(double fraction);
  void finished();  // after the callback

 private:
  class Events;
  QFutureWatcher<Outcome>* watcher_;
  QTimer* poll_;  // reads the fraction the worker writes: a batch event must not wait for the GUI thread
  std::atomic<double> fraction_{0};
  std::shared_ptr<TrainingControl> control_;
  std::function<void(Outcome)> done_;
};

}  // namespace al::ui
