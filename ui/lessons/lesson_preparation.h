#pragma once
// Preparing a class: every model the lessons train on the fly (the Attention page's toy encoders, the Chatbot
// page's tiny chatbot, the Fill page's toy masked-LM) trained before the class, in the background, and kept as
// model directories in the lessons folder (the app's data folder, "lessons"). A lesson then opens its prepared
// model at once; without one it trains the toy on the fly as before.
//
//   lessonModelsNeeded   what the lessons' settings ask for (toy-model: of attention, chatbot and fill), each a
//                        Train page request (the same preset and settings the page's toy trains with)
//   LessonPreparation    trains the ones not prepared yet, one after another on the run queue
//                        (ui/session/run_queue.h), and writes each with the atomic model writer
//                        (ui/session/model_files.h): a cancelled or failed model leaves no directory behind
//   usePreparedModels    what a lesson does before its settings apply: the prepared model joins the page
//
// A model is prepared and up to date when its directory holds a model trained with the request's settings
// (its training.json; the number of threads and the settings left to "auto" aside).
//
// Core headers come first (through the run queue): a core header must never see Qt's `emit` macro.
#include <functional>
#include <vector>

#include "ui/session/run_queue.h"

#include <QObject>
#include <QString>

namespace al::ui {

class LessonWindow;
class ModelFileJob;
struct Lesson;

struct LessonModel {
  QString folder;  // its directory's name in the lessons folder: "attention-learned"
  QString page;    // the page that shows it: attention, chatbot or fill
  std::function<QString()> title;  // what the preparation calls it, in the language of the moment; the page's model
                                   // box adds "(prepared)"
  RunRequest request;
  int epochs = 0;  // of the request's settings
};

// The app's lessons folder: <app data folder>/lessons.
QString preparedLessonsFolder();
// The models the lessons' settings ask for, each once, in the lessons' order.
std::vector<LessonModel> lessonModelsNeeded(const std::vector<Lesson>& lessons);
// Quick preparation, one epoch each (for a test or a rehearsal): a lesson then asks for the quick models too.
void setQuickLessonPreparation(bool quick);
QString preparedDirectory(const LessonModel& model);
bool isPrepared(const LessonModel& model);  // its directory holds it, trained with the request's settings

// Before a lesson's settings apply: each model it needs that is prepared (and not on its page yet) is read and
// joins its page as that page's toy, so the lesson's "toy-model" finds it instead of training one. A prepared
// model that cannot be read is passed over (the lesson trains it on the fly).
void usePreparedModels(LessonWindow& window, const Lesson& lesson);

class LessonPreparation : public QObject {
  Q_OBJECT
 public:
  enum class State { Waiting, UpToDate, Training, Saving, Ready, Failed, Cancelled };

  explicit LessonPreparation(QObject* parent = nullptr);
  ~LessonPreparation() override;  // stops a training in flight and waits for a model being written

  // Trains the models of `lessons` that are not prepared and up to date. Only when !isRunning().
  void start(const std::vector<Lesson>& lessons);
  // The model in training stops between batches and is not written; the ones waiting are not trained.
  void cancel();
  bool isRunning() const { return running_; }

  const std::vector<LessonModel>& models() const { return models_; }
  State state(int index) const { return states_[static_cast<size_t>(index)]; }
  QString error(int index) const { return errors_[static_cast<size_t>(index)]; }
  int current() const { return current_; }  // the model in training, -1 when none
  int epoch() const { return epoch_; }      // of the current model, from 1 (0 while it is prepared)
  double overall() const;                   // of the models to train, 0..1
  int toTrain() const { return static_cast<int>(queued_.size()); }
  bool wasCancelled() const { return cancelled_; }

 signals:
  void progressed();
  void stateChanged(int index);
  void finished();  // every model trained and written, failed or cancelled

 private:
  void setState(int index, State state);
  void runFinished(int run);
  void finishIfDone();

  RunQueue* queue_;
  ModelFileJob* files_;
  std::vector<LessonModel> models_;
  std::vector<State> states_;
  std::vector<QString> errors_;
  std::vector<int> queued_;  // run -> model index
  int current_ = -1, epoch_ = 0;
  double fraction_ = 0;  // of the current model's training
  int runsDone_ = 0, savesPending_ = 0;
  bool running_ = false, cancelled_ = false;
};

}  // namespace al::ui
