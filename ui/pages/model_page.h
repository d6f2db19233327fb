#pragma once
// What every page that shows the session's models has in common (the Attention page: IMDB encoders; the Chatbot
// page: encoder-decoders; Fill in the blank: masked language models). The session's model library
// (ui/session/model_library.h) owns the models; a page observes it and shows the ones it can:
//
//   model bar      the model box (the library's models this page can show, in the order they came), Open model…,
//                  the pretrained models already on this computer (offerPretrainedModels),
//                  the toy model's button and options (ui/widgets/model_bar.h)
//   job bars       a model directory being read (with Cancel), a toy model training (with its progress and Cancel)
//   error banner   why the last thing asked for did not work
//
// A model opened or trained on the page joins the library and is shown; one that arrives by itself (a run of the
// Train page, the normalization race's) joins the box and is shown only when the page had none: the model the user
// chose stays until the user changes it. A model the library drops leaves the box, and its weights are freed.
// A page says what it shows (shows), how it names itself and those models (pageWords: the sentences about a model
// it cannot show and one that arrived are built here from them) and what a new model means for its figures
// (modelChanged); everything else about models happens here.
//
// Heads switched off (on the Attention page) belong to the model, in the library: every page that shows the model
// reads them (headSwitches) and reads again when they change (headSwitchesChanged), so that its answers agree with
// the Attention page's. A page that does not switch heads itself says so in a note at its top
// (addSwitchedHeadsNote), with a button that switches every head on again.
//
// Core headers come first (through the model library): a core header must never see Qt's `emit` macro.
#include <functional>
#include <memory>
#include <vector>

#include "ui/session/model_library.h"
#include "ui/session/page_state.h"
#include "ui/session/toy_trainer.h"

#include <QString>
#include <QStringList>
#include <QWidget>

namespace al::ui {

class ErrorBanner;
class ModelBar;
class ModelFileJob;
class SwitchedHeadsNote;

class ModelPage : public QWidget, public PageState, public PageModels {
  Q_OBJECT
 public:
  // library: the session's models (it outlives the page); null: a library of the page's own (a page on its own, as
  // a test shows it).
  explicit ModelPage(ModelLibrary* library, QWidget* parent = nullptr);
  ~ModelPage() override;  // waits for a reading or a toy training in flight
  ModelLibrary* library() const { return library_; }

  // --- The model box ---
  int modelCount() const override { return static_cast<int>(ids_.size()); }
  void selectModel(int index);
  int currentModelIndex() const override;
  const SessionModel* modelAt(int index) const override;       // null when out of range
  const SessionModel* currentSessionModel() const;    // null without a model
  QString currentModelName() const;                   // empty without a model
  // Adds a loaded model to the library and shows it (what opening a directory or training a toy does).
  void addModel(SessionModel model);

  // --- Heads switched off ---
  HeadSwitches headSwitches() const;  // of the model shown; none without a model
  void setHeadSwitches(HeadSwitches switches);  // for the model shown, in the library (every page follows)
  SwitchedHeadsNote* switchedHeadsNote() const { return switchedNote_; }  // null without addSwitchedHeadsNote

  // --- Opening a model directory ---
  // Reads the directory on a worker thread, after the ones asked for before; the model joins the library and is
  // shown when it arrives, or the banner says why not (also for a model of a kind this page cannot show).
  void openModelDirectory(const QString& dir) override;
  bool isOpeningModel() const;

  // --- Toy models ---
  bool isTrainingToyModel() const;
  void cancelToyTraining();  // nothing joins the library
  ToyTrainer* toyTrainer() const { return toy_; }

  QString errorText() const;  // the banner's text, empty when nothing went wrong

 public slots:
  void openModelDialog();              // asks for a model directory, then openModelDirectory
  virtual void exportFigure() = 0;     // File › Export figure: the figure of the tab in view

 signals:
  void currentModelChanged();
  void statusMessage(const QString& message);

 protected:
  // True for a model of a kind this page shows.
  virtual bool shows(const SessionModel& model) const = 0;
  // The page in the language of now, for the two sentences below.
  struct PageWords {
    QString title;        // as the window lists the page: "Chatbot"
    QString modelsShown;  // a sentence about "this page": "this page shows chatbots (the GRU and the Transformer)."
  };
  virtual PageWords pageWords() const { return {}; }  // a page that words both sentences itself need not say
  // Why a model opened here is not shown: "“name” is a model of the kind …; " and the page's modelsShown.
  virtual QString refusal(const SessionModel& model) const;
  virtual QString openDialogTitle() const = 0;
  // The status bar's words for a model that arrived by itself: "“name” is ready on the <title> page".
  virtual QString arrivalMessage(const QString& name) const;
  // The model in the box changed (or there is none any more): the page shows what belongs to it.
  virtual void modelChanged() = 0;
  // The switched-off heads of the model shown changed (here or on another page): the page reads again.
  virtual void headSwitchesChanged() {}
  // The texts the page reads its model on, for the Step-through page (ModelLibrary::noteShown): none by default.
  virtual QStringList shownTexts() const { return {}; }

  // The model bar, the job bars and the banner, one under the other: the top of the page.
  QWidget* modelArea() const { return area_; }
  ModelBar* modelBar() const { return modelBar_; }
  void showError(const QString& message);
  // Offers the pretrained folders of these model types ("bert", "gpt2") found in the Hugging Face cache and
  // AttentionLab's downloads beside Open model… (ui/widgets/cached_models_button.h); one chosen opens here.
  void offerPretrainedModels(const QStringList& types);
  // Lists the models the library holds already: call it at the end of the page's constructor (modelChanged may
  // run, and needs the page built).
  void showLibraryModels();
  // A note under the model bar while heads of the model shown are off (ui/widgets/switched_heads_note.h).
  void addSwitchedHeadsNote();
  // Trains a toy model (ui/session/toy_trainer.h) and shows it; then done(its library id), on the GUI thread.
  // A failure is shown in the banner, worded by failedText (%1: what went wrong). False: one trains already.
  bool trainToy(const QString& startMessage, ToyTrainer::Prepare prepare, ToyTrainer::Name name,
                const QString& failedText, std::function<void(int libraryId)> done = {});

 private:
  void libraryAdded(int id);
  void libraryRemoved(int id);
  int indexOf(int libraryId) const;
  void librarySwitchesChanged(int id);

  ModelLibrary* library_;
  std::vector<int> ids_;  // library ids, in the model box's order
  bool adding_ = false;   // the model the library is adding came from this page: show it at once
  QWidget* area_;
  ModelBar* modelBar_;
  ModelFileJob* files_;
  ToyTrainer* toy_;
  ErrorBanner* error_;
  SwitchedHeadsNote* switchedNote_ = nullptr;
};

}  // namespace al::ui
