// Core headers first (through the page's header): Qt's `emit` macro must not reach them.
#include "ui/pages/model_page.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

#include "ui/session/model_files.h"
#include "ui/text/kind_texts.h"
#include "ui/widgets/cached_models_button.h"
#include "ui/widgets/error_banner.h"
#include "ui/widgets/file_job_bar.h"
#include "ui/widgets/model_bar.h"
#include "ui/widgets/retranslate.h"
#include "ui/widgets/switched_heads_note.h"

namespace al::ui {

namespace {

// A toy model training: a bar of its progress and Cancel, shown only meanwhile.
QWidget* createToyBar(ToyTrainer* toy) {
  auto* bar = new QWidget;
  bar->setObjectName("toyTraining");
  auto* label = new QLabel;
  auto* progress = new QProgressBar;
  progress->setRange(0, 1000);
  progress->setMaximumHeight(12);
  progress->setTextVisible(false);
  auto* cancel = new QPushButton;
  cancel->setObjectName("cancelToyTraining");
  auto* row = new QHBoxLayout(bar);
  row->setContentsMargins(0, 0, 0, 0);
  row->addWidget(label);
  row->addWidget(progress, 1);
  row->addWidget(cancel);
  setTranslatedTexts(bar, [=] {
    label->setText(ModelPage::tr("Training a toy model…"));
    cancel->setText(ModelPage::tr("Cancel"));
    cancel->setToolTip(ModelPage::tr("Stop the training; no model is added"));
  });
  QObject::connect(cancel, &QPushButton::clicked, toy, &ToyTrainer::cancel);
  QObject::connect(toy, &ToyTrainer::started, bar, [=] {
    progress->setValue(0);
    bar->show();
  });
  QObject::connect(toy, &ToyTrainer::progressed, progress,
                   [progress](double fraction) { progress->setValue(static_cast<int>(fraction * 1000)); });
  QObject::connect(toy, &ToyTrainer::finished, bar, &QWidget::hide);
  bar->hide();
  return bar;
}

}  // namespace

ModelPage::ModelPage(ModelLibrary* library, QWidget* parent)
    : QWidget(parent),
      library_(library ? library : new ModelLibrary(this)),
      area_(new QWidget),
      modelBar_(new ModelBar),
      files_(new ModelFileJob(this)),
      toy_(new ToyTrainer(this)),
      error_(new ErrorBanner) {
  auto* layout = new QVBoxLayout(area_);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(modelBar_);
  layout->addWidget(new FileJobBar(files_));
  layout->addWidget(createToyBar(toy_));
  layout->addWidget(error_);
  connect(modelBar_->box(), &QComboBox::currentIndexChanged, this, [this] {
    if (switchedNote_) switchedNote_->setSwitches(headSwitches());
    modelChanged();
    if (const SessionModel* model = currentSessionModel()) library_->noteShown(model->id, shownTexts());
    emit currentModelChanged();
  });
  connect(modelBar_->openButton(), &QPushButton::clicked, this, &ModelPage::openModelDialog);
  connect(modelBar_->cachedModelsButton(), &CachedModelsButton::folderChosen, this, &ModelPage::openModelDirectory);
  connect(toy_, &ToyTrainer::started, this, [this] { modelBar_->setToyTraining(true); });
  connect(toy_, &ToyTrainer::finished, this, [this] { modelBar_->setToyTraining(false); });
  connect(library_, &ModelLibrary::modelAdded, this, &ModelPage::libraryAdded);
  connect(library_, &ModelLibrary::modelRemoved, this, &ModelPage::libraryRemoved);
  connect(library_, &ModelLibrary::switchedOffChanged, this, &ModelPage::librarySwitchesChanged);
  connect(library_, &ModelLibrary::modelRenamed, this, [this](int id) {
    if (const int index = indexOf(id); index >= 0) modelBar_->box()->setItemText(index, library_->model(id)->name);
  });
}

ModelPage::~ModelPage() {
  toy_->cancel();
  toy_->waitForFinished();
  files_->waitForFinished();
}

void ModelPage::showLibraryModels() {
  for (const SessionModel& model : library_->models()) libraryAdded(model.id);
}

// ---------------------------------------------------------------------------------------------------------
// The model box

void ModelPage::libraryAdded(int id) {
  const SessionModel* model = library_->model(id);
  if (!model || !shows(*model)) return;
  ids_.push_back(id);
  QComboBox* box = modelBar_->box();
  box->addItem(model->name);
  if (adding_ || box->currentIndex() < 0) box->setCurrentIndex(box->count() - 1);  // else it waits its turn
  else emit statusMessage(arrivalMessage(model->name));
}

QString ModelPage::refusal(const SessionModel& model) const {
  return tr("“%1” is a model of the kind “%2”; %3").arg(model.name, kindTitle(model.model.task), pageWords().modelsShown);
}

QString ModelPage::arrivalMessage(const QString& name) const {
  return tr("“%1” is ready on the %2 page").arg(name, pageWords().title);
}

void ModelPage::libraryRemoved(int id) {
  const int index = indexOf(id);
  if (index < 0) return;
  ids_.erase(ids_.begin() + index);
  modelBar_->box()->removeItem(index);  // the box shows another model, or none
}

int ModelPage::indexOf(int libraryId) const {
  for (int i = 0; i < modelCount(); ++i)
    if (ids_[size_t(i)] == libraryId) return i;
  return -1;
}

void ModelPage::addModel(SessionModel model) {
  adding_ = true;
  library_->add(std::move(model));
  adding_ = false;
}

void ModelPage::selectModel(int index) { modelBar_->box()->setCurrentIndex(index); }
int ModelPage::currentModelIndex() const { return modelBar_->box()->currentIndex(); }

const SessionModel* ModelPage::modelAt(int index) const {
  return index >= 0 && index < modelCount() ? library_->model(ids_[size_t(index)]) : nullptr;
}

const SessionModel* ModelPage::currentSessionModel() const { return modelAt(currentModelIndex()); }

QString ModelPage::currentModelName() const {
  const SessionModel* model = currentSessionModel();
  return model ? model->name : QString();
}

// ---------------------------------------------------------------------------------------------------------
// Heads switched off

HeadSwitches ModelPage::headSwitches() const {
  const SessionModel* model = currentSessionModel();
  return model ? model->switchedOff : HeadSwitches{};
}

void ModelPage::setHeadSwitches(HeadSwitches switches) {
  if (const SessionModel* model = currentSessionModel()) library_->setSwitchedOff(model->id, std::move(switches));
}

void ModelPage::addSwitchedHeadsNote() {
  switchedNote_ = new SwitchedHeadsNote;
  area_->layout()->addWidget(switchedNote_);
  connect(switchedNote_, &SwitchedHeadsNote::allOnRequested, this, [this] { setHeadSwitches({}); });
  switchedNote_->setSwitches(headSwitches());
}

void ModelPage::librarySwitchesChanged(int id) {
  const SessionModel* model = currentSessionModel();
  if (!model || model->id != id) return;  // another model's heads: nothing this page shows changes
  if (switchedNote_) switchedNote_->setSwitches(model->switchedOff);
  headSwitchesChanged();
}

// ---------------------------------------------------------------------------------------------------------
// Opening

void ModelPage::openModelDirectory(const QString& dir) {
  files_->open(
      dir,
      [this](SessionModel model) {
        if (!shows(model)) return showError(refusal(model));
        showError({});
        addModel(std::move(model));
      },
      [this](const QString& message) { showError(message); });
}

bool ModelPage::isOpeningModel() const { return files_->busy(); }

void ModelPage::offerPretrainedModels(const QStringList& types) { modelBar_->cachedModelsButton()->setModelTypes(types); }

void ModelPage::openModelDialog() {
  const QString dir = modelBar_->askDirectory(openDialogTitle());
  if (!dir.isEmpty()) openModelDirectory(dir);
}

// ---------------------------------------------------------------------------------------------------------
// Toy models

bool ModelPage::trainToy(const QString& startMessage, ToyTrainer::Prepare prepare, ToyTrainer::Name name,
                         const QString& failedText, std::function<void(int)> done) {
  const bool started =
      toy_->start(std::move(prepare), std::move(name), [this, failedText, done = std::move(done)](ToyTrainer::Outcome outcome) {
        if (outcome.cancelled) return emit statusMessage(tr("Toy model training cancelled"));
        if (!outcome.model) return showError(failedText.arg(outcome.error));
        showError({});
        adding_ = true;
        const int id = library_->add(std::move(*outcome.model));
        adding_ = false;
        if (done) done(id);
      });
  if (started) emit statusMessage(startMessage);
  return started;
}

bool ModelPage::isTrainingToyModel() const { return toy_->busy(); }
void ModelPage::cancelToyTraining() { toy_->cancel(); }

// ---------------------------------------------------------------------------------------------------------

void ModelPage::showError(const QString& message) { error_->showError(message); }
QString ModelPage::errorText() const { return error_->text(); }

}  // namespace al::ui
